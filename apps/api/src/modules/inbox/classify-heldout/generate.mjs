// Generator for the held-out reply corpus. Node 20, no dependencies.
// Usage: node generate.mjs   (writes *.eml + labels.csv next to this file)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const OUT = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------- charsets
const sbCache = {};
// Node 20's TextDecoder('windows-1252') drops bytes 0x80-0x9F, so that table is spelled out here.
const W1252 = { 0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8A: 'Š', 0x8B: '‹', 0x8C: 'Œ', 0x8E: 'Ž',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9A: 'š', 0x9B: '›', 0x9C: 'œ', 0x9E: 'ž', 0x9F: 'Ÿ' };
function singleByteMap(cs) {
  if (sbCache[cs]) return sbCache[cs];
  if (cs === 'windows-1252') { const m = new Map(); for (let b = 0; b < 256; b++) { if (b >= 0x80 && b < 0xa0) { if (W1252[b]) m.set(W1252[b], b); } else m.set(String.fromCharCode(b), b); } return (sbCache[cs] = m); }
  const dec = new TextDecoder(cs); const m = new Map();
  for (let b = 0; b < 256; b++) { const c = dec.decode(Uint8Array.of(b)); if (c !== '\uFFFD' && !m.has(c)) m.set(c, b); }
  return (sbCache[cs] = m);
}
let sjisMap, jisMap;
function buildSjis() {
  if (sjisMap) return; sjisMap = new Map(); const dec = new TextDecoder('shift_jis');
  const leads = []; for (let i = 0x81; i <= 0x9f; i++) leads.push(i); for (let i = 0xe0; i <= 0xef; i++) leads.push(i);
  for (const a of leads) for (let b = 0x40; b <= 0xfc; b++) { if (b === 0x7f) continue;
    const c = dec.decode(Uint8Array.of(a, b)); if ([...c].length === 1 && c !== '\uFFFD' && !sjisMap.has(c)) sjisMap.set(c, [a, b]); }
}
function buildJis() {
  if (jisMap) return; jisMap = new Map(); const dec = new TextDecoder('euc-jp');
  for (let a = 0xa1; a <= 0xfe; a++) for (let b = 0xa1; b <= 0xfe; b++) {
    const c = dec.decode(Uint8Array.of(a, b)); if ([...c].length === 1 && c !== '\uFFFD' && !jisMap.has(c)) jisMap.set(c, [a & 0x7f, b & 0x7f]); }
}
function encode(str, cs) {
  cs = cs.toLowerCase();
  if (cs === 'utf-8') return Buffer.from(str, 'utf8');
  if (cs === 'us-ascii') { if (/[^\x00-\x7f]/.test(str)) throw new Error('non-ascii in us-ascii: ' + str.slice(0, 60)); return Buffer.from(str, 'latin1'); }
  if (cs === 'iso-8859-1') {
    for (const ch of str) { const c = ch.codePointAt(0); if (c > 0xff || (c >= 0x80 && c < 0xa0)) throw new Error(`char ${ch} not in iso-8859-1`); }
    return Buffer.from(str, 'latin1');
  }
  if (cs === 'shift_jis') { buildSjis(); const out = [];
    for (const ch of str) { const c = ch.codePointAt(0); if (c < 0x80) { out.push(c); continue; } const m = sjisMap.get(ch); if (!m) throw new Error(`char ${ch} not in shift_jis`); out.push(...m); }
    return Buffer.from(out);
  }
  if (cs === 'iso-2022-jp') { buildJis(); const out = []; let jis = false;
    for (const ch of str) { const c = ch.codePointAt(0);
      if (c < 0x80) { if (jis) { out.push(0x1b, 0x28, 0x42); jis = false; } out.push(c); continue; }
      const m = jisMap.get(ch); if (!m) throw new Error(`char ${ch} not in JIS X 0208`);
      if (!jis) { out.push(0x1b, 0x24, 0x42); jis = true; } out.push(...m); }
    if (jis) out.push(0x1b, 0x28, 0x42);
    return Buffer.from(out);
  }
  const m = singleByteMap(cs); const out = [];
  for (const ch of str) { const b = m.get(ch); if (b === undefined) throw new Error(`char ${ch} (U+${ch.codePointAt(0).toString(16)}) not in ${cs}`); out.push(b); }
  return Buffer.from(out);
}
function decodeBack(buf, cs) { cs = cs.toLowerCase(); if (cs === 'iso-8859-1' || cs === 'us-ascii') return buf.toString('latin1');
  if (cs === 'windows-1252') return [...buf].map(b => (b >= 0x80 && b < 0xa0) ? (W1252[b] || '\uFFFD') : String.fromCharCode(b)).join(''); return new TextDecoder(cs).decode(buf); }

// ---------------------------------------------------------------- MIME helpers
const CRLF = '\r\n';
function qpLine(bytes) { // bytes of one logical line (no CRLF)
  const toks = [];
  for (let i = 0; i < bytes.length; i++) { const b = bytes[i]; const last = i === bytes.length - 1;
    if ((b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last)) toks.push(String.fromCharCode(b));
    else toks.push('=' + b.toString(16).toUpperCase().padStart(2, '0')); }
  const lines = []; let cur = '';
  for (const t of toks) { if (cur.length + t.length > 75) { lines.push(cur + '='); cur = ''; } cur += t; }
  lines.push(cur); return lines.join(CRLF);
}
function encodeBody(text, cs, cte) {
  const lines = text.split('\n');
  if (cte === 'quoted-printable') return Buffer.from(lines.map(l => qpLine(encode(l, cs))).join(CRLF) + CRLF, 'latin1');
  if (cte === 'base64') { const b64 = encode(lines.join(CRLF) + CRLF, cs).toString('base64'); return Buffer.from(b64.match(/.{1,76}/g).join(CRLF) + CRLF, 'latin1'); }
  return Buffer.concat([encode(lines.join(CRLF), cs), Buffer.from(CRLF)]);
}
function encWord(str, cs = 'utf-8', mode = 'B') {
  if (!/[^\x20-\x7e]/.test(str)) return str;
  const chars = [...str]; const words = []; let chunk = '';
  const flush = () => { if (!chunk) return; const bytes = encode(chunk, cs);
    if (mode === 'Q') { let q = ''; for (const b of bytes) q += (b > 32 && b < 127 && !'=?_"'.includes(String.fromCharCode(b))) ? String.fromCharCode(b) : b === 32 ? '_' : '=' + b.toString(16).toUpperCase().padStart(2, '0');
      words.push(`=?${cs}?Q?${q}?=`); } else words.push(`=?${cs}?B?${bytes.toString('base64')}?=`); chunk = ''; };
  for (const ch of chars) { if (encode(chunk + ch, cs).length > (mode === 'Q' ? 20 : 42)) flush(); chunk += ch; }
  flush(); return words.join(CRLF + ' ');
}
function fmtAddr(s, cs) { // "Name <a@b>" or bare address
  const m = s.match(/^(.*?)\s*<([^>]+)>$/); if (!m) return s;
  let name = m[1].replace(/^"|"$/g, '');
  if (/[^\x20-\x7e]/.test(name)) name = encWord(name, cs === 'iso-2022-jp' || cs === 'shift_jis' ? cs : 'utf-8', 'B');
  else if (/[,.;:@()]/.test(name)) name = `"${name}"`;
  return name ? `${name} <${m[2]}>` : `<${m[2]}>`;
}
const addrOf = s => (s.match(/<([^>]+)>/) || [, s])[1];
const nameOf = s => (s.match(/^"?(.*?)"?\s*<[^>]+>$/) || [, ''])[1];
function boundary(seed) { let h = 2166136261; for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0; return '_=_' + h.toString(16) + '_' + (h * 7 % 99991).toString(36); }
function hash(s) { let h = 5381; for (const c of s) h = (Math.imul(h, 33) ^ c.charCodeAt(0)) >>> 0; return h; }
function escHtml(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }

// ---------------------------------------------------------------- dates
const WD = { en: ['Sun','Mon','Tue','Wed','Thu','Fri','Sat'] };
const MON = ['Jan','Feb','Mar','Apr','May','Jun','Jul','Aug','Sep','Oct','Nov','Dec'];
const L = {
  en: { wdl: ['Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday'], ml: ['January','February','March','April','May','June','July','August','September','October','November','December'] },
  de: { wd: ['So.','Mo.','Di.','Mi.','Do.','Fr.','Sa.'], wdl: ['Sonntag','Montag','Dienstag','Mittwoch','Donnerstag','Freitag','Samstag'], ml: ['Januar','Februar','März','April','Mai','Juni','Juli','August','September','Oktober','November','Dezember'] },
  fr: { wd: ['dim.','lun.','mar.','mer.','jeu.','ven.','sam.'], wdl: ['dimanche','lundi','mardi','mercredi','jeudi','vendredi','samedi'], ml: ['janvier','février','mars','avril','mai','juin','juillet','août','septembre','octobre','novembre','décembre'], ms: ['janv.','févr.','mars','avr.','mai','juin','juil.','août','sept.','oct.','nov.','déc.'] },
  es: { wd: ['dom','lun','mar','mié','jue','vie','sáb'], wdl: ['domingo','lunes','martes','miércoles','jueves','viernes','sábado'], ml: ['enero','febrero','marzo','abril','mayo','junio','julio','agosto','septiembre','octubre','noviembre','diciembre'], ms: ['ene','feb','mar','abr','may','jun','jul','ago','sept','oct','nov','dic'] },
  it: { wd: ['dom','lun','mar','mer','gio','ven','sab'], wdl: ['domenica','lunedì','martedì','mercoledì','giovedì','venerdì','sabato'], ml: ['gennaio','febbraio','marzo','aprile','maggio','giugno','luglio','agosto','settembre','ottobre','novembre','dicembre'], ms: ['gen','feb','mar','apr','mag','giu','lug','ago','set','ott','nov','dic'] },
  pt: { wd: ['dom.','seg.','ter.','qua.','qui.','sex.','sáb.'], wdl: ['domingo','segunda-feira','terça-feira','quarta-feira','quinta-feira','sexta-feira','sábado'], ml: ['janeiro','fevereiro','março','abril','maio','junho','julho','agosto','setembro','outubro','novembro','dezembro'], ms: ['jan.','fev.','mar.','abr.','mai.','jun.','jul.','ago.','set.','out.','nov.','dez.'] },
  nl: { wd: ['zo','ma','di','wo','do','vr','za'], wdl: ['zondag','maandag','dinsdag','woensdag','donderdag','vrijdag','zaterdag'], ml: ['januari','februari','maart','april','mei','juni','juli','augustus','september','oktober','november','december'], ms: ['jan','feb','mrt','apr','mei','jun','jul','aug','sep','okt','nov','dec'] },
  pl: { wd: ['niedz.','pon.','wt.','śr.','czw.','pt.','sob.'], wdl: ['niedziela','poniedziałek','wtorek','środa','czwartek','piątek','sobota'], mg: ['stycznia','lutego','marca','kwietnia','maja','czerwca','lipca','sierpnia','września','października','listopada','grudnia'] },
  sv: { wd: ['sön','mån','tis','ons','tors','fre','lör'], ml: ['januari','februari','mars','april','maj','juni','juli','augusti','september','oktober','november','december'] },
  da: { wd: ['søn.','man.','tir.','ons.','tor.','fre.','lør.'], ms: ['jan.','feb.','mar.','apr.','maj','jun.','jul.','aug.','sep.','okt.','nov.','dec.'] },
  ru: { wd: ['вс','пн','вт','ср','чт','пт','сб'], ms: ['янв.','февр.','мар.','апр.','мая','июн.','июл.','авг.','сент.','окт.','нояб.','дек.'] },
  ja: { wd: ['日','月','火','水','木','金','土'] },
};
const TZ = { en: '+0000', de: '+0100', fr: '+0100', es: '+0100', it: '+0100', pt: '+0000', nl: '+0100', pl: '+0100', sv: '+0100', da: '+0100', ru: '+0300', ja: '+0900' };
const p2 = n => String(n).padStart(2, '0');
function rfcDate(d, tz) { return `${WD.en[d.getUTCDay()]}, ${d.getUTCDate()} ${MON[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} ${tz}`; }
function hm(d) { return `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`; }
function h12(d) { let h = d.getUTCHours(); const ap = h >= 12 ? 'PM' : 'AM'; h = h % 12 || 12; return `${h}:${p2(d.getUTCMinutes())} ${ap}`; }

// ---------------------------------------------------------------- quote headers
function quoteIntro(style, d, rep, dn) {
  const wd = d.getUTCDay(), day = d.getUTCDate(), mo = d.getUTCMonth(), y = d.getUTCFullYear(), R = `${rep.name} <${rep.email}>`;
  switch (style) {
    case 'gmail': return `On ${WD.en[wd]}, ${MON[mo]} ${day}, ${y} at ${h12(d)} ${R} wrote:`;
    case 'gmail-uk': return `On ${WD.en[wd]}, ${day} ${MON[mo]} ${y} at ${hm(d)}, ${R} wrote:`;
    case 'apple': return `On ${MON[mo]} ${day}, ${y}, at ${h12(d)}, ${R} wrote:`;
    case 'tbird': return `On ${mo + 1}/${day}/${String(y).slice(2)} ${hm(d)}, ${rep.name} wrote:`;
    case 'de': return `Am ${L.de.wd[wd]}, ${day}. ${L.de.ml[mo]} ${y} um ${hm(d)} Uhr schrieb ${R}:`;
    case 'de-tb': return `Am ${p2(day)}.${p2(mo + 1)}.${y} um ${hm(d)} schrieb ${rep.name}:`;
    case 'de-apple': return `Am ${day}.${p2(mo + 1)}.${y} um ${hm(d)} schrieb ${R}:`;
    case 'fr': return `Le ${L.fr.wd[wd]} ${day} ${L.fr.ms[mo]} ${y} à ${hm(d)}, ${R} a écrit :`;
    case 'fr-apple': return `Le ${day} ${L.fr.ml[mo]} ${y} à ${hm(d)}, ${R} a écrit :`;
    case 'es': return `El ${L.es.wd[wd]}, ${day} ${L.es.ms[mo]} ${y} a las ${hm(d)}, ${rep.name} (<${rep.email}>) escribió:`;
    case 'es-apple': return `El ${day} ${L.es.ms[mo]} ${y}, a las ${hm(d)}, ${R} escribió:`;
    case 'it': return `Il giorno ${L.it.wd[wd]} ${day} ${L.it.ms[mo]} ${y} alle ore ${hm(d)} ${R} ha scritto:`;
    case 'pt': return `Em ${L.pt.wd[wd]}, ${day} de ${L.pt.ms[mo]} de ${y} às ${hm(d)}, ${R} escreveu:`;
    case 'nl': return `Op ${L.nl.wd[wd]} ${day} ${L.nl.ms[mo]} ${y} om ${hm(d)} schreef ${R}:`;
    case 'pl': return `W dniu ${L.pl.wd[wd]}, ${p2(day)}.${p2(mo + 1)}.${y} o ${hm(d)} ${R} napisał(a):`;
    case 'sv': return `Den ${L.sv.wd[wd]} ${day} ${L.sv.ml[mo]} ${y} kl ${hm(d)} skrev ${R}:`;
    case 'da': return `Den ${L.da.wd[wd]} ${day}. ${L.da.ms[mo]} ${y} kl. ${hm(d).replace(':', '.')} skrev ${R}:`;
    case 'ru': return `${L.ru.wd[wd]}, ${day} ${L.ru.ms[mo]} ${y} г. в ${hm(d)}, ${R}:`;
    case 'ja': return `${y}年${mo + 1}月${day}日(${L.ja.wd[wd]}) ${d.getUTCHours()}:${p2(d.getUTCMinutes())} ${R}:`;
  }
  return null;
}
function outlookBlock(style, d, rep, replier, subject) {
  const wd = d.getUTCDay(), day = d.getUTCDate(), mo = d.getUTCMonth(), y = d.getUTCFullYear(), R = `${rep.name} <${rep.email}>`, T = replier;
  switch (style) {
    case 'outlook': return `-----Original Message-----\nFrom: ${R}\nSent: ${L.en.wdl[wd]}, ${L.en.ml[mo]} ${day}, ${y} ${h12(d)}\nTo: ${T}\nSubject: ${subject}`;
    case 'outlook-new': return `________________________________\nFrom: ${rep.name} <${rep.email}>\nSent: ${L.en.wdl[wd]}, ${day} ${L.en.ml[mo]} ${y} ${hm(d)}\nTo: ${T}\nSubject: ${subject}`;
    case 'outlook-de': return `-----Ursprüngliche Nachricht-----\nVon: ${R}\nGesendet: ${L.de.wdl[wd]}, ${day}. ${L.de.ml[mo]} ${y} ${hm(d)}\nAn: ${T}\nBetreff: ${subject}`;
    case 'outlook-fr': return `De : ${R}\nEnvoyé : ${L.fr.wdl[wd]} ${day} ${L.fr.ml[mo]} ${y} ${hm(d)}\nÀ : ${T}\nObjet : ${subject}`;
    case 'outlook-es': return `De: ${R}\nEnviado el: ${L.es.wdl[wd]}, ${day} de ${L.es.ml[mo]} de ${y} ${hm(d)}\nPara: ${T}\nAsunto: ${subject}`;
    case 'outlook-it': return `Da: ${R}\nInviato: ${L.it.wdl[wd]} ${day} ${L.it.ml[mo]} ${y} ${hm(d)}\nA: ${T}\nOggetto: ${subject}`;
    case 'outlook-pt': return `De: ${R}\nEnviado: ${L.pt.wdl[wd]}, ${day} de ${L.pt.ml[mo]} de ${y} ${hm(d)}\nPara: ${T}\nAssunto: ${subject}`;
    case 'outlook-nl': return `Van: ${R}\nVerzonden: ${L.nl.wdl[wd]} ${day} ${L.nl.ml[mo]} ${y} ${hm(d)}\nAan: ${T}\nOnderwerp: ${subject}`;
    case 'outlook-pl': return `Od: ${R}\nWysłano: ${L.pl.wdl[wd]}, ${day} ${L.pl.mg[mo]} ${y} ${hm(d)}\nDo: ${T}\nTemat: ${subject}`;
    case 'outlook-sv': return `Från: ${R}\nSkickat: den ${day} ${L.sv.ml[mo]} ${y} ${hm(d)}\nTill: ${T}\nÄmne: ${subject}`;
  }
  return null;
}
const DEFAULT_Q = { en: 'gmail', de: 'de', fr: 'fr', es: 'es', it: 'it', pt: 'pt', nl: 'nl', pl: 'pl', sv: 'sv', da: 'da', ru: 'ru', ja: 'ja' };

// ---------------------------------------------------------------- our reps and their outreach
const REPS = {
  anna: { name: 'Anna Keller', email: 'anna@northwind-sales.io', subj: 'Quick question about your outbound pipeline', lang: 'en',
    body: (f, c) => `Hi ${f},\n\nI noticed ${c} is growing its sales team - congrats. Northwind helps SDR teams book ~30% more meetings by automating follow-ups that don't sound like robots.\n\nWould you be open to a 20-minute demo next week? You can grab a slot here: https://cal.northwind-sales.io/anna\n\nBest,\nAnna Keller\nAccount Executive | Northwind Sales\n\nReply STOP to unsubscribe.` },
  marcus: { name: 'Marcus Lee', email: 'marcus.lee@brightpath-freight.com', subj: 'Cutting your LTL spend before peak season', lang: 'en',
    body: (f, c) => `Hey ${f},\n\nShippers like ${c} usually overpay 12-18% on LTL because rates never get re-bid. BrightPath benchmarks your lanes for free and only charges when we save you money.\n\nWorth a quick call on Thursday or Friday?\n\nMarcus Lee\nBrightPath Freight | (312) 555-0148\n\nIf this isn't relevant, reply "remove" and I won't follow up.` },
  priya: { name: 'Priya Raman', email: 'priya@corvidsec.com', subj: 'Pen test before your SOC 2 audit?', lang: 'en',
    body: (f, c) => `Hi ${f},\n\nMost teams heading into SOC 2 Type II find out about their gaps from the auditor. Corvid runs a two-week pen test plus remediation report so ${c} finds them first.\n\nHappy to send a sample report or set up a 15-min call - here's my calendar: https://corvidsec.com/meet/priya\n\nPriya Raman\nCorvid Security\n\nTo stop receiving these emails: https://corvidsec.com/unsubscribe?u=8812` },
  tom: { name: 'Tom Hadley', email: 'tom@leadforge.agency', subj: 'LinkedIn ads that actually fill your pipeline', lang: 'en',
    body: (f, c) => `Hi ${f},\n\nWe run paid LinkedIn + retargeting for B2B companies like ${c} and typically cut cost per SQL by a third in 90 days.\n\nCould I send over two short case studies? Or if it's easier, book 20 mins: https://leadforge.agency/book\n\nCheers,\nTom\n\nLeadforge Marketing, 14 Shoreditch High St, London\nNot interested? Reply "no thanks" or unsubscribe here: https://leadforge.agency/u/9a7f` },
  sarah: { name: 'Sarah Okafor', email: 'sarah.okafor@hireloop.io', subj: 'Senior engineers for 2025 - without agency fees', lang: 'en',
    body: (f, c) => `Hi ${f},\n\nHireLoop gives ${c} a vetted shortlist of senior engineers in 10 days, flat fee, no 20% agency cut.\n\nAre you hiring this quarter? If so, I'd love to show you how it works on a short call.\n\nSarah Okafor\nPartnerships, HireLoop\n\nYou're receiving this because of your role at ${c}. Unsubscribe: https://hireloop.io/optout` },
  dan: { name: 'Daniel Brooks', email: 'dbrooks@ledgerly.com', subj: 'Month-end close in 3 days instead of 10', lang: 'en',
    body: (f, c) => `${f},\n\nFinance teams at companies like ${c} use Ledgerly to automate reconciliations and close the books in three days.\n\nOpen to a demo? Pick any time: https://ledgerly.com/demo/dbrooks\n\nDaniel Brooks | Ledgerly\n\nP.S. If you'd prefer not to hear from me again, just reply STOP.` },
  jonas: { name: 'Jonas Weber', email: 'jonas.weber@datenwerk.de', subj: 'ERP-Anbindung für Ihren Onlineshop', lang: 'de',
    body: (f, c) => `Guten Tag ${f},\n\nviele Händler wie ${c} pflegen Bestände und Aufträge noch doppelt in Shop und ERP. Datenwerk verbindet beides in wenigen Wochen – ohne Individualprogrammierung.\n\nHätten Sie nächste Woche 20 Minuten für eine kurze Demo? Termin buchen: https://datenwerk.de/termin/jweber\n\nBeste Grüße\nJonas Weber\nDatenwerk GmbH · Hafenstraße 12 · 20457 Hamburg\n\nSie möchten keine weiteren Nachrichten? Antworten Sie einfach mit „Abmelden“.` },
  lena: { name: 'Lena Vogt', email: 'l.vogt@kraftlog.de', subj: 'Ihre Lagerlogistik 2025', lang: 'de',
    body: (f, c) => `Hallo ${f},\n\nKraftlog übernimmt Lagerung, Kommissionierung und Versand für mittelständische Hersteller – flexibel nach Palettenplätzen abgerechnet.\n\nWäre ein kurzes Telefonat diese oder nächste Woche möglich?\n\nViele Grüße\nLena Vogt\nKraftlog Fulfillment GmbH\nTel. +49 221 555 7730\n\nAbmelden: https://kraftlog.de/abmelden` },
  camille: { name: 'Camille Durand', email: 'camille.durand@optimia.fr', subj: 'Simplifier la gestion des congés', lang: 'fr',
    body: (f, c) => `Bonjour ${f},\n\nChez ${c}, combien de temps passez-vous chaque mois à valider les congés et absences ? Optimia automatise tout cela et s'intègre à votre logiciel de paie.\n\nSeriez-vous disponible pour une démo de 20 minutes ? Voici mon agenda : https://optimia.fr/rdv/camille\n\nBien cordialement,\nCamille Durand\nOptimia – Logiciel RH\n\nPour ne plus recevoir nos messages : https://optimia.fr/desabonnement` },
  julien: { name: 'Julien Mercier', email: 'j.mercier@flotteplus.fr', subj: 'Réduire le coût de votre flotte de véhicules', lang: 'fr',
    body: (f, c) => `Bonjour ${f},\n\nFlotte+ aide les entreprises comme ${c} à réduire de 15 % le coût total de leur parc automobile (carburant, entretien, sinistres).\n\nPuis-je vous appeler quelques minutes cette semaine ?\n\nJulien Mercier\nFlotte+ · 06 12 34 56 78\n\nSi vous ne souhaitez plus être contacté, répondez simplement STOP.` },
  lucia: { name: 'Lucía Fernández', email: 'lucia.fernandez@nexocloud.es', subj: 'Migración a la nube sin paradas', lang: 'es',
    body: (f, c) => `Hola ${f}:\n\nEn Nexo Cloud ayudamos a empresas como ${c} a migrar sus servidores a la nube sin interrumpir la operación, con un coste fijo cerrado.\n\n¿Te vendría bien una llamada de 20 minutos la semana que viene? Puedes reservar aquí: https://nexocloud.es/agenda/lucia\n\nUn saludo,\nLucía Fernández\nNexo Cloud · Madrid\n\nSi no deseas recibir más correos, responde BAJA.` },
  diego: { name: 'Diego Ruiz', email: 'diego@talentoya.com', subj: 'Perfiles tecnológicos en 15 días', lang: 'es',
    body: (f, c) => `Hola ${f},\n\nSoy Diego, de TalentoYa. Seleccionamos desarrolladores y perfiles de datos para empresas como ${c} en un plazo de 15 días, y solo cobramos si la contratación sale bien.\n\n¿Tenéis alguna posición abierta ahora mismo?\n\nSaludos,\nDiego Ruiz\nTalentoYa Selección\n\nPara darte de baja de estas comunicaciones haz clic aquí: https://talentoya.com/baja` },
  giulia: { name: 'Giulia Conti', email: 'giulia.conti@fatturapro.it', subj: 'Fatturazione elettronica senza pensieri', lang: 'it',
    body: (f, c) => `Buongiorno ${f},\n\ncon FatturaPro aziende come ${c} inviano e archiviano le fatture elettroniche allo SDI in automatico, direttamente dal gestionale.\n\nLe andrebbe una breve demo online la prossima settimana? Può prenotare qui: https://fatturapro.it/demo/giulia\n\nCordiali saluti,\nGiulia Conti\nFatturaPro S.r.l. – Milano\n\nPer non ricevere più comunicazioni risponda CANCELLAMI.` },
  marco: { name: 'Marco Bellini', email: 'm.bellini@spediscipro.it', subj: 'Spedizioni B2B: tariffe 2025', lang: 'it',
    body: (f, c) => `Ciao ${f},\n\nsono Marco di SpedisciPro. Gestiamo spedizioni pallet e colli in Italia e in Europa per aziende come ${c}, con tariffe bloccate per 12 mesi.\n\nPossiamo sentirci 10 minuti giovedì?\n\nMarco Bellini\nSpedisciPro · +39 02 5550 1942\n\nSe non vuoi più ricevere queste email, clicca qui: https://spediscipro.it/disiscriviti` },
  bea: { name: 'Beatriz Santos', email: 'beatriz.santos@rotacerta.com.br', subj: 'Reduzir custos de frete em 2025', lang: 'pt',
    body: (f, c) => `Olá ${f}, tudo bem?\n\nA Rota Certa ajuda empresas como a ${c} a reduzir até 20% do custo de frete com cotação automática entre mais de 60 transportadoras.\n\nTopa uma conversa rápida de 15 minutos esta semana? Agenda: https://rotacerta.com.br/agenda/beatriz\n\nAbraço,\nBeatriz Santos\nRota Certa Logística\n\nPara não receber mais nossos e-mails, responda SAIR.` },
  rui: { name: 'Rui Almeida', email: 'rui.almeida@vendamais.pt', subj: 'Mais reuniões comerciais para a sua equipa', lang: 'pt',
    body: (f, c) => `Bom dia ${f},\n\na VendaMais prospeta e agenda reuniões qualificadas para equipas comerciais como a da ${c}. Só paga pelas reuniões que acontecem.\n\nPodemos falar 15 minutos na próxima semana?\n\nCumprimentos,\nRui Almeida\nVendaMais · Lisboa\n\nSe não pretender receber mais mensagens, basta responder a este e-mail.` },
  sanne: { name: 'Sanne de Vries', email: 'sanne@klantwijs.nl', subj: 'Meer uit je CRM halen', lang: 'nl',
    body: (f, c) => `Hoi ${f},\n\nVeel teams zoals dat van ${c} gebruiken maar een fractie van hun CRM. Klantwijs richt het in, traint je team en koppelt je tools - vaste prijs.\n\nZin in een korte demo volgende week? Plan hier direct in: https://klantwijs.nl/plannen/sanne\n\nGroet,\nSanne de Vries\nKlantwijs B.V. | Utrecht\n\nGeen interesse? Laat het me weten, dan haal ik je van de lijst.` },
  bram: { name: 'Bram Jansen', email: 'bram@wervingdirect.nl', subj: 'Technisch personeel nodig?', lang: 'nl',
    body: (f, c) => `Goedemiddag ${f},\n\nWerving Direct vindt monteurs, engineers en werkvoorbereiders voor bedrijven als ${c}. Geen cure, no pay.\n\nMag ik u deze week even bellen?\n\nMet vriendelijke groet,\nBram Jansen\nWerving Direct | 030 555 2210\n\nAfmelden voor deze berichten: https://wervingdirect.nl/afmelden` },
  kasia: { name: 'Katarzyna Nowak', email: 'k.nowak@rekrutio.pl', subj: 'Rekrutacja specjalistów IT', lang: 'pl',
    body: (f, c) => `Dzień dobry ${f},\n\nRekrutio pomaga firmom takim jak ${c} zatrudniać programistów i testerów w ciągu 3 tygodni. Płacą Państwo dopiero po zatrudnieniu kandydata.\n\nCzy znajdzie Pan/Pani 15 minut na krótką rozmowę w przyszłym tygodniu?\n\nPozdrawiam,\nKatarzyna Nowak\nRekrutio Sp. z o.o. · Warszawa\n\nAby zrezygnować z otrzymywania wiadomości, odpisz STOP.` },
  piotr: { name: 'Piotr Zieliński', email: 'piotr.zielinski@magazynpro.pl', subj: 'System WMS dla Państwa magazynu', lang: 'pl',
    body: (f, c) => `Dzień dobry,\n\nMagazynPro to system WMS, który skraca czas kompletacji zamówień nawet o 30%. Wdrożenie w ${c} zajęłoby około 6 tygodni.\n\nCzy mogę zaprosić na 20-minutowe demo online?\n\nZ poważaniem,\nPiotr Zieliński\nMagazynPro\n\nJeśli nie chcesz otrzymywać od nas wiadomości, kliknij: https://magazynpro.pl/wypisz` },
  erik: { name: 'Erik Lindqvist', email: 'erik.lindqvist@molnkraft.se', subj: 'Snabbare fakturering för ert team', lang: 'sv',
    body: (f, c) => `Hej ${f}!\n\nMolnkraft hjälper bolag som ${c} att automatisera fakturering och påminnelser direkt från affärssystemet.\n\nHar du 20 minuter för en demo nästa vecka? Boka här: https://molnkraft.se/boka/erik\n\nMvh\nErik Lindqvist\nMolnkraft AB, Stockholm\n\nVill du inte få fler mejl från oss? Svara AVREGISTRERA.` },
  mette: { name: 'Mette Jensen', email: 'mette@lagerloeft.dk', subj: 'Lagerstyring uden regneark', lang: 'da',
    body: (f, c) => `Hej ${f},\n\nLagerløft giver virksomheder som ${c} fuldt overblik over lageret i realtid - slut med regneark.\n\nHar du tid til en kort demo i næste uge?\n\nVenlig hilsen\nMette Jensen\nLagerløft ApS\n\nØnsker du ikke flere mails, så svar blot "afmeld".` },
  dmitry: { name: 'Дмитрий Орлов', email: 'd.orlov@sklad-online.ru', subj: 'Автоматизация склада за 30 дней', lang: 'ru',
    body: (f, c) => `Здравствуйте, ${f}!\n\nМы помогаем компаниям вроде ${c} автоматизировать учёт на складе за 30 дней.\n\nУдобно ли вам созвониться на 15 минут на этой неделе?\n\nС уважением,\nДмитрий Орлов\nСклад Онлайн\n\nЧтобы отписаться от рассылки, ответьте «Отписаться».` },
  tanaka: { name: '田中 健一', email: 'k.tanaka@northwind-sales.jp', subj: '営業活動の効率化について', lang: 'ja',
    body: (f, c) => `${c}\n${f}様\n\n突然のご連絡失礼いたします。ノースウィンド・セールスの田中と申します。\n弊社のツールは、営業メールのフォローアップを自動化し、商談数を平均30%増やします。\n\n来週、20分ほどオンラインでご説明の機会をいただけないでしょうか。\n\n田中 健一\nノースウィンド・セールス株式会社\n\n配信停止をご希望の場合は、本メールにご返信ください。` },
};
const REP_ROT = { en: ['anna', 'marcus', 'priya', 'tom', 'sarah', 'dan'], de: ['jonas', 'lena'], fr: ['camille', 'julien'], es: ['lucia', 'diego'], it: ['giulia', 'marco'],
  pt: ['bea', 'rui'], nl: ['sanne', 'bram'], pl: ['kasia', 'piotr'], sv: ['erik'], da: ['mette'], ru: ['dmitry'], ja: ['tanaka'] };

// ---------------------------------------------------------------- header presets for automatic mail
const HDR = {
  exch: a => [['Auto-Submitted', 'auto-replied'], ['X-Auto-Response-Suppress', 'All'], ['X-MS-Exchange-Inbox-Rules-Loop', a], ['Thread-Topic', null]],
  exch2: a => [['X-Auto-Response-Suppress', 'DL, OOF, AutoReply'], ['X-MS-Exchange-Inbox-Rules-Loop', a], ['X-MS-Has-Attach', '']],
  gmail: () => [['Auto-Submitted', 'auto-replied']],
  xauto: () => [['X-Autoreply', 'yes'], ['Precedence', 'auto_reply']],
  xautor: () => [['X-Autorespond', 'yes'], ['Auto-Submitted', 'auto-replied (vacation)'], ['Precedence', 'bulk']],
  zimbra: () => [['Auto-Submitted', 'auto-replied (zimbra; vacation)'], ['Precedence', 'bulk']],
  helpdesk: () => [['Auto-Submitted', 'auto-generated'], ['X-Auto-Response-Suppress', 'All'], ['Precedence', 'bulk'], ['X-Mailer', 'Zendesk Mailer']],
  list: () => [['Precedence', 'list'], ['X-Autoreply', 'yes']],
  none: () => [],
};
const MAILER = { outlook: ['X-Mailer', 'Microsoft Outlook 16.0'], 'outlook-new': ['X-Mailer', 'Microsoft Outlook 16.0'], apple: ['X-Mailer', 'Apple Mail (2.3774.600.62)'],
  'fr-apple': ['X-Mailer', 'iPhone Mail (21F90)'], 'es-apple': ['X-Mailer', 'iPhone Mail (22B83)'], 'de-apple': ['X-Mailer', 'iPhone Mail (20H240)'], tbird: ['User-Agent', 'Mozilla Thunderbird'], 'de-tb': ['User-Agent', 'Mozilla Thunderbird'] };

function titleCo(domain) {
  const base = domain.split('.').slice(0, -1).filter(x => !['co', 'com'].includes(x)).pop() || domain;
  return base.split(/[-_]/).map(w => w[0].toUpperCase() + w.slice(1)).join(' ');
}
function mulberry(a) { return () => { a |= 0; a = a + 0x6D2B79F5 | 0; let t = Math.imul(a ^ a >>> 15, 1 | a); t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t; return ((t ^ t >>> 14) >>> 0) / 4294967296; }; }

function quoteParts(e, rep, replyDate, replier, subjLine) {
  if (e.q === 'none') return null;
  const style = e.q || DEFAULT_Q[e.g];
  let od = new Date(replyDate.getTime() - (1 + hash(e.h) % 5) * 86400000 - (hash(e.h + 'x') % 7) * 3600000);
  { const wd = od.getUTCDay(); if (wd === 6) od = new Date(+od - 86400000); if (wd === 0) od = new Date(+od - 2 * 86400000); }
  const first = e.on || (nameOf(e.f).split(/\s+/).filter(t => !/\.$/.test(t))[0] || 'there');
  const co = e.co || titleCo(addrOf(e.f).split('@')[1]);
  let qtext = e.qt || rep.body(first, co);
  if (e.qprev) qtext = e.qprev + '\n\n' + quoteIntro('gmail', new Date(od.getTime() - 5 * 86400000), rep) + '\n' + rep.body(first, co).split('\n').map(l => '> ' + l).join('\n');
  const ob = outlookBlock(style, od, rep, replier, rep.subj);
  if (ob) return { kind: 'outlook', style, head: ob, text: qtext };
  return { kind: 'prefix', style, head: quoteIntro(style, od, rep), text: qtext };
}
function canEnc(ch, cs) { try { encode(ch, cs); return true; } catch { return false; } }
const FALLBACK = { '–': '-', '—': '-', '„': '"', '“': '"', '”': '"', '‘': "'", '’': "'", '…': '...', '€': 'EUR', '«': '"', '»': '"', '·': '|' };
function fitQuote(qp, cs) { // a client re-encoding the quoted history into a legacy charset degrades what it cannot represent
  if (!qp || cs === 'utf-8') return qp;
  const fix = s => [...s].map(ch => canEnc(ch, cs) ? ch : (FALLBACK[ch] ?? '?')).join('');
  return { ...qp, head: fix(qp.head), text: fix(qp.text) };
}
function textWithQuote(answer, qp, pos) {
  if (!qp) return answer;
  let q;
  if (qp.kind === 'outlook') q = qp.head + '\n\n' + qp.text;
  else q = qp.head + '\n' + qp.text.split('\n').map(l => l ? '> ' + l : '>').join('\n');
  if (pos === 'bottom') return q + '\n\n' + answer;
  return answer + '\n\n' + q;
}
function htmlWithQuote(answer, qp, pos, e) {
  const divs = s => s.split('\n').map(l => l.trim() === '' ? '<div><br></div>' : `<div>${escHtml(l).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</div>`).join('\n');
  let a = divs(answer);
  if (e.banner) a += `\n<div><img src="${e.banner}" alt="" width="560" height="90" style="display:block"></div>`;
  let q = '';
  if (qp) {
    if (qp.kind === 'outlook') {
      const hl = qp.head.split('\n').filter(l => !/^-----|^_{5,}/.test(l)).map(l => { const k = l.indexOf(':'); return `<b>${escHtml(l.slice(0, k + 1))}</b>${escHtml(l.slice(k + 1))}`; }).join('<br>\n');
      q = `<div id="divRplyFwdMsg" dir="ltr"><hr style="display:inline-block;width:98%" tabindex="-1">\n<font face="Calibri, sans-serif" style="font-size:11pt" color="#000000">${hl}</font>\n<div>&nbsp;</div></div>\n<div>${divs(qp.text)}</div>`;
    } else {
      q = `<div class="gmail_quote"><div dir="ltr" class="gmail_attr">${escHtml(qp.head)}<br></div>\n<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">\n${divs(qp.text)}\n</blockquote></div>`;
    }
  }
  const inner = pos === 'bottom' ? q + '\n<br>\n' + a : a + '\n<br>\n' + q;
  return `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=${e.cs || 'utf-8'}">\n</head>\n<body>\n<div dir="ltr" style="font-family:Arial,Helvetica,sans-serif;font-size:13px">\n${inner}\n</div>\n</body>\n</html>`;
}
function pickTE(e, s, cs) { if (e.te) return e.te; if (!/[^\x00-\x7f]/.test(s)) return '7bit'; return 'quoted-printable'; }
function part(ct, s, cs, te) {
  const head = `Content-Type: ${ct}; charset="${cs}"${CRLF}Content-Transfer-Encoding: ${te}${CRLF}${CRLF}`;
  return Buffer.concat([Buffer.from(head, 'latin1'), encodeBody(s, cs, te)]);
}
function checkRound(s, cs) { for (const l of s.split('\n')) { const back = decodeBack(encode(l, cs), cs); if (back !== l) throw new Error(`roundtrip failed in ${cs}: ${l}`); } }

function build(e, idx, rng) {
  const rep = REPS[e.r || REP_ROT[e.g][hash(e.h) % REP_ROT[e.g].length]];
  if (!rep) throw new Error('no rep for ' + e.h);
  const fromAddr = addrOf(e.f), fromDom = fromAddr.split('@')[1], repDom = rep.email.split('@')[1];
  const base = Date.UTC(2025, 0, 7, 7, 0, 0);
  let date = e.d ? new Date(e.d) : new Date(base + Math.floor(rng() * 300) * 86400000 + Math.floor(rng() * 11 * 3600 + 3600) * 1000);
  if (!e.d && !e.auto) { const wd = date.getUTCDay(); if (wd === 6) date = new Date(+date + 2 * 86400000); if (wd === 0) date = new Date(+date + 86400000); }
  const cs = e.cs || 'utf-8';
  const subject = e.s || (e.sp ?? 'Re: ') + rep.subj;
  const replier = e.to0 || e.f;
  const qp = fitQuote(quoteParts(e, rep, date, replier, subject), cs);
  const answer = e.b.replace(/^\n/, '').replace(/\s+$/, '');
  const text = e.textOverride || textWithQuote(answer, qp, e.pos);
  const repMsgId = `<${(hash(e.h + rep.email) % 1e9).toString(36)}.${idx}.${hash(e.h).toString(16)}@${repDom}>`;
  const msgId = e.mid || `<${(hash(e.h + 'm') * 31 % 1e10).toString(36)}${idx}.${(hash(e.f)).toString(36)}@${e.midDom || fromDom}>`;
  const H = [];
  H.push(['X-Expected-Status', e.l]);
  if (e.rp) H.push(['Return-Path', e.rp]);
  H.push(['From', fmtAddr(e.f, cs)]);
  H.push(['To', e.toHdr || fmtAddr(`${rep.name} <${rep.email}>`, cs)]);
  if (e.cc) H.push(['Cc', e.cc]);
  H.push(['Subject', encWord(subject, /^(iso-2022-jp|shift_jis|koi8-r|iso-8859-2|iso-8859-1|windows-1252)$/.test(cs) && !e.subjUtf8 ? cs : 'utf-8', e.subjQ ? 'Q' : 'B')]);
  H.push(['Date', rfcDate(date, e.tz || TZ[e.g])]);
  H.push(['Message-ID', msgId]);
  if (!e.noirt) { H.push(['In-Reply-To', repMsgId]); H.push(['References', repMsgId]); }
  if (e.auto) for (const [k, v] of HDR[e.auto](fromAddr)) H.push([k, v === null ? encWord(rep.subj) : v]);
  if (e.hdr) for (const [k, v] of e.hdr) H.push([k, v]);
  const style = qp && qp.style; if (style && MAILER[style] && !e.auto) H.push(MAILER[style]);
  H.push(['MIME-Version', '1.0']);
  let body;
  if (e.raw) {
    const r = e.raw({ rep, repMsgId, fromAddr, date, subject });
    H.push(['Content-Type', r.ct]); if (r.te) H.push(['Content-Transfer-Encoding', r.te]);
    body = Buffer.from(r.body.replace(/\r?\n/g, CRLF), 'utf8');
  } else {
    const fmt = e.fmt || 'text';
    checkRound(text, cs);
    if (fmt === 'text') {
      const te = pickTE(e, text, cs);
      H.push(['Content-Type', `text/plain; charset="${cs}"${e.flowed ? '; format=flowed' : ''}`]); H.push(['Content-Transfer-Encoding', te]);
      body = encodeBody(text, cs, te);
    } else {
      const html = e.html || htmlWithQuote(answer, qp, e.pos, e);
      checkRound(html, cs);
      if (fmt === 'html') {
        const te = pickTE(e, html, cs);
        H.push(['Content-Type', `text/html; charset="${cs}"`]); H.push(['Content-Transfer-Encoding', te]);
        body = encodeBody(html, cs, te);
      } else {
        const b = boundary(e.h + idx);
        H.push(['Content-Type', `multipart/alternative;${CRLF}\tboundary="${b}"`]);
        body = Buffer.concat([Buffer.from(`${e.preamble ? 'This is a multi-part message in MIME format.' + CRLF : ''}${CRLF}--${b}${CRLF}`, 'latin1'), part('text/plain', text, cs, pickTE(e, text, cs)),
          Buffer.from(`${CRLF}--${b}${CRLF}`, 'latin1'), part('text/html', html, cs, e.hte || pickTE(e, html, cs)), Buffer.from(`${CRLF}--${b}--${CRLF}`, 'latin1')]);
      }
    }
  }
  const head = H.map(([k, v]) => `${k}: ${v}`).join(CRLF) + CRLF + CRLF;
  if (/[^\x00-\x7f]/.test(head)) throw new Error('non-ascii header in ' + e.h);
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

// ---------------------------------------------------------------- data table
const D = [];
const add = (...xs) => D.push(...xs);
const U = 'unsubscribe', I = 'interested', M = 'meeting_request', N = 'not_interested', W = 'not_now', P = 'wrong_person', O = 'out_of_office', A = 'auto_reply', X = 'other';
const IPH = '\n\nSent from my iPhone';

// ================================================================ ENGLISH
add(
{ l: U, g: 'en', h: 'one-word', f: 'Greg Tillman <gtillman@tillman-hvac.com>', b: `Unsubscribe`, n: 'single word, quoted outreach has booking link' },
{ l: U, g: 'en', h: 'stop-caps-iphone', f: 'Rhonda Pierce <rpierce@coastalmedsupply.com>', r: 'anna', b: `STOP` + IPH, q: 'apple', n: 'one word STOP from iPhone' },
{ l: U, g: 'en', h: 'angry-spam', f: 'Kevin Marsh <kevin@marshbuilt.co>', r: 'tom', b: `This is the fourth email from you people this month. I never signed up for anything. Stop spamming me.

Kevin`, n: 'angry' },
{ l: U, g: 'en', h: 'polite-indirect', f: 'Elaine Wu <elaine.wu@pinecrestlabs.com>', r: 'marcus', b: `Hi Marcus,

I appreciate the persistence, genuinely. That said, I'd be grateful if this was the last email I received from BrightPath - I'm sure you'd rather spend the effort on people who need freight help.

All the best,
Elaine`, n: 'indirect polite removal, no keyword' },
{ l: U, g: 'en', h: 'gdpr-art21', f: 'Oliver Bennett <o.bennett@harrowgate-consulting.co.uk>', r: 'priya', q: 'gmail-uk', b: `Dear Ms Raman,

I did not consent to receive marketing from Corvid Security. Under Article 21(2) UK GDPR I object to the processing of my personal data for direct marketing purposes. Please erase my details under Article 17 and confirm in writing once done.

Regards,
Oliver Bennett
Director, Harrowgate Consulting Ltd
Registered in England & Wales No. 09981234`, n: 'legal GDPR objection' },
{ l: U, g: 'en', h: 'ccpa', f: 'Maria Delgado <mdelgado@sunrise-realty.com>', r: 'dan', b: `Pursuant to the California Consumer Privacy Act, I am requesting that Ledgerly delete any personal information you hold about me and refrain from sending further communications to this address.

Maria Delgado`, n: 'legal CCPA' },
{ l: U, g: 'en', h: 'after-paragraph', f: 'Sam Okonkwo <sam@fieldnote.app>', r: 'anna', b: `Hey Anna - thanks for reaching out. We actually evaluated Northwind alongside a couple of others last spring and went with Apollo, which is working fine for our size (we're only 4 SDRs). I don't see that changing any time soon.

Also, this is a shared inbox the whole team can see, so please don't email this address again.

Sam`, n: 'removal request after a decline paragraph' },
{ l: U, g: 'en', h: 'opt-out-lowercase', f: 'jordan lee <jlee@brightwaterpools.com>', r: 'sarah', b: `how do i opt out of these?? please stop`, n: 'no capitals, question form' },
{ l: U, g: 'en', h: 'html-outlook-disclaimer', f: 'Patricia Nolan <pnolan@meridian-insurance.com>', r: 'marcus', fmt: 'html', q: 'outlook', b: `Please remove me from your mailing list.

Patricia Nolan | Senior Claims Manager
Meridian Mutual Insurance
T: 614-555-0133

CONFIDENTIALITY NOTICE: This e-mail and any attachments are intended solely for the addressee and may contain privileged information. If you are not the intended recipient, please notify the sender and delete this message immediately.`, n: 'HTML only, Outlook block, disclaimer mentions delete' },
{ l: U, g: 'en', h: 'decline-plus-dont-contact', f: 'Harold Fischer <hfischer@fischer-tool.com>', r: 'priya', b: `Not interested, and please don't contact me again.`, n: 'decline combined with no-contact' },
{ l: U, g: 'en', h: 'kindly-delete', f: 'Ravi Shankar <ravi.shankar@nexaprime.in>', r: 'sarah', tz: '+0530', b: `Dear Sarah,

Kindly delete my details from your database and do the needful so that I do not receive such mails in future.

Thanks & Regards,
Ravi Shankar
Manager - IT Infrastructure
NexaPrime Technologies Pvt. Ltd., Pune`, n: 'Indian English phrasing' },
{ l: U, g: 'en', h: 'typos', f: 'Dwayne Carter <dcarter@carterfamilyfarms.com>', r: 'dan', b: `pls unsubcribe me frm this, i dont even do the books here` + IPH, q: 'apple', n: 'typos' },
{ l: U, g: 'en', h: 'bottom-posted-remove', f: 'Nina Petrova <nina@atlasceramics.com>', r: 'marcus', pos: 'bottom', q: 'tbird', b: `remove.`, n: 'bottom-posted one word, quoted outreach says reply remove' },
{ l: U, g: 'en', h: 'colleague-do-not-contact', f: 'Carla Benitez <cbenitez@lumenrx.com>', r: 'tom', to0: 'Jessica Hale <jhale@lumenrx.com>', on: 'Jessica', b: `Hi Tom,

I manage Jessica's inbox. She's asked that LumenRx be marked as do-not-contact in your system - please make sure neither she nor anyone else here receives further outreach from Leadforge.

Thank you,
Carla Benitez
Executive Assistant to the CEO`, n: 'colleague asks do-not-contact for whole company' },
{ l: U, g: 'en', h: 'emoji-stop', f: 'Becca Tran <becca@loopcoffee.co>', r: 'anna', b: `🛑 please stop emailing me 🛑 we're a coffee shop lol`, n: 'utf-8 emoji', te: 'base64' },
);
add(
{ l: I, g: 'en', h: 'send-case-studies', f: 'Lauren Hughes <lhughes@orbitpay.com>', r: 'tom', b: `Sure, send the case studies over. Especially curious if you've done anything in fintech.

L`, n: 'short yes' },
{ l: I, g: 'en', h: 'back-from-vacation', d: '2025-07-28T08:55:00Z', f: 'Marcus Dunn <mdunn@keystone-bio.com>', r: 'priya', b: `Hi Priya, just back from vacation and catching up. Yes, please send the sample report - we have our Type II window opening in the fall.

Marcus`, n: 'human mentions vacation, interested' },
{ l: I, g: 'en', h: 'stopped-using-pricing', f: 'Tasha Greene <tasha.greene@verdantcloud.io>', r: 'anna', b: `Funny timing - we stopped using Outreach last month after the renewal quote came in. What does pricing look like for ~12 seats, and is there an annual discount?

Tasha Greene
Sales Development Manager, Verdant Cloud`, n: 'trigger: stopped using X, asks pricing' },
{ l: I, g: 'en', h: 'remove-old-integration', f: 'Brian Kowalski <bkowalski@hartwellsupply.com>', r: 'dan', q: 'outlook', b: `Daniel,

A couple of questions before I loop in our controller:
1) Does Ledgerly work with NetSuite OneWorld (we have 3 subsidiaries)?
2) Can your team remove the old BlackLine integration as part of onboarding or do we have to do that ourselves?
3) Ballpark price?

Thanks,
Brian Kowalski
Accounting Manager | Hartwell Supply Co.`, n: 'trigger: remove the old integration' },
{ l: I, g: 'en', h: 'no-post-email-fine', f: 'Gwen Morales <gmorales@sierra-outdoor.com>', r: 'marcus', b: `Hi Marcus - please don't send the rate deck by post like your colleague offered last time, email is fine. We ship about 40 pallets/week out of Reno, mostly to CA and AZ. Would love to see the benchmark.

Gwen`, n: "trigger: please don't send by post" },
{ l: I, g: 'en', h: 'never-stop-hiring', f: 'Andre Lawson <andre@quillstack.dev>', r: 'sarah', b: `ha, we never stop hiring. What's the flat fee for a senior backend role, and do you cover Canada too?

Andre Lawson | CTO, Quillstack`, n: 'trigger: never stop hiring' },
{ l: I, g: 'en', h: 'newsletter-footer-sig', f: 'Holly Brandt <holly.brandt@peakfitnessgroup.com>', r: 'anna', fmt: 'alt', b: `Does Northwind integrate with HubSpot sequences, or would we have to move everything over? That's the deal breaker for us.

Holly Brandt
VP Sales, Peak Fitness Group
www.peakfitnessgroup.com | linkedin.com/in/hollybrandt | IG @peakfitgroup

Get our monthly Peak Performance newsletter! To unsubscribe from this newsletter at any time, click the link at the bottom of any issue.`, n: 'trigger: newsletter unsubscribe footer in own signature; product question' },
{ l: I, g: 'en', h: 'inline-answers', f: 'Priyanka Desai <pdesai@cobaltmetrics.com>', r: 'sarah', q: 'none', b: `Hi Sarah, answers inline.

> HireLoop gives Cobalt Metrics a vetted shortlist of senior engineers in 10 days, flat fee, no 20% agency cut.

What does "vetted" mean exactly - do you run technical interviews yourselves?

> Are you hiring this quarter?

Yes, two staff data engineers, remote US.

> If so, I'd love to show you how it works on a short call.

Send me something written first please.

Priyanka`, n: 'inline answers to quoted lines' },
{ l: I, g: 'en', h: 'html-banner-sample', f: 'Derek Sloan <dsloan@tandemhealth.com>', r: 'priya', fmt: 'alt', banner: 'https://cdn.tandemhealth.com/email/hipaa-banner-2025.png', b: `Priya,

We're HIPAA-covered, so the scope would need to include our patient portal and two AWS accounts. Can you send a sample report and rough pricing for that scope?

Derek Sloan
Director of Security, Tandem Health
"Care, connected."`, n: 'multipart/alternative with marketing banner' },
{ l: I, g: 'en', h: 'small-team-trial', f: 'Kim Alvarez <kim@alvarezandco.com>', r: 'anna', b: `Interesting. does this work for a team of 3? and is there a free trial or do we need to commit up front`, n: 'lowercase questions' },
{ l: I, g: 'en', h: 'cfo-long-qp', f: 'Robert Engel <robert.engel@granitepeak.com>', r: 'dan', q: 'outlook-new', cs: 'windows-1252', te: 'quoted-printable', b: `Daniel,

Your timing isn’t bad. Our close currently takes 11–12 working days and the auditors flagged reconciliations as a weakness in the last management letter.

Before I commit my team’s time to a demo, can you send:
– a security overview (SOC 1/SOC 2 reports),
– a reference customer in manufacturing with >$200M revenue,
– and how you price (per entity? per user?).

Regards,
Robert Engel
CFO | Granite Peak Manufacturing

This message and any attachments are confidential. If you received it in error, please delete this message and notify the sender. Any unauthorised use, copying or distribution is prohibited.`, n: 'windows-1252 quoted-printable, disclaimer mentions delete' },
);
add(
{ l: M, g: 'en', h: 'thursday-2pm', fmt: 'alt', f: 'Jason Pryor <jpryor@ridgelinecapital.com>', r: 'anna', b: `Thursday at 2pm ET works. Send an invite to this address and add my colleague mark@ridgelinecapital.com.`, n: 'concrete time' },
{ l: M, g: 'en', h: 'booked-slot', f: 'Ellie Chambers <ellie@northhollow.io>', r: 'priya', b: `Booked a slot on your calendar for Tuesday 10:30 - see you then.

Ellie`, n: 'booked via link' },
{ l: M, g: 'en', h: 'call-me-number', f: 'Tony Russo <tony@russotrucking.net>', r: 'marcus', b: `call me tomorrow after 10, 973-555-0176. easier than email` + IPH, q: 'apple', n: 'call me at number' },
{ l: M, g: 'en', h: 'stop-by-booth', d: '2026-03-12T14:40:00Z', f: 'Alicia Monroe <amonroe@vectorship.com>', r: 'marcus', b: `Hi Marcus,

We'll be at MODEX in Atlanta next month. Stop by our booth (#B4211) on the Tuesday afternoon and we can talk lanes in person - ask for me or Dave.

Alicia Monroe
Transportation Manager, VectorShip`, n: 'trigger: stop by our booth' },
{ l: M, g: 'en', h: 'off-next-week-talk-after', d: '2025-03-06T14:22:00Z', f: 'Nate Holloway <nate.holloway@brixtonsoftware.com>', r: 'tom', b: `Hey Tom, I'm off next week but let's talk after - how about Monday the 17th at 11am GMT? 30 mins is plenty.

Nate`, n: 'human mentions being off; meeting' },
{ l: M, g: 'en', h: 'own-calendly', f: 'Sofia Ramirez <sofia@lumaforms.com>', r: 'sarah', b: `Hi Sarah - happy to hear more. Grab whatever works for you here: https://calendly.com/sofia-lumaforms/30min

Sofia Ramirez
Head of People, Lumaforms`, n: 'prospect sends own booking link' },
{ l: M, g: 'en', h: 'outlook-wed-930', f: 'Graham Whitaker <g.whitaker@albion-logistics.co.uk>', r: 'dan', q: 'outlook', b: `Daniel,

Let's do a 30-minute call. Are you free Wednesday at 9:30 GMT? I'll include our financial controller, Priya Shah.

Kind regards,

Graham Whitaker
Finance Director
Albion Logistics Ltd | Unit 4, Trafford Park, Manchester M17 1AB
Tel: +44 161 555 0190

Albion Logistics Ltd is a company registered in England. This email is confidential; if received in error please notify us and remove it from your system.`, n: 'trigger: disclaimer remove it from your system; Outlook quote' },
{ l: M, g: 'en', h: 'bottom-post-fri', f: 'Chris Yamada <cyamada@pacificrimfoods.com>', r: 'anna', pos: 'bottom', q: 'tbird', b: `Happy to chat. Fri 10am PT?

-- 
Chris Yamada
Sales Ops, Pacific Rim Foods`, n: 'bottom-posted' },
);
add(
{ l: N, g: 'en', h: 'happy-current', f: 'Janet Cole <jcole@colewellness.com>', r: 'tom', b: `Thanks Tom, we're happy with our current agency.`, n: 'already have vendor' },
{ l: N, g: 'en', h: 'no-budget', f: 'Peter Lindgren <plindgren@forgeworks.com>', r: 'anna', b: `No budget for this, sorry. Good luck.`, n: 'no budget' },
{ l: N, g: 'en', h: 'inhouse-pentest', f: 'Ahmed Karim <ahmed.karim@stratusbank.com>', r: 'priya', q: 'outlook', fmt: 'alt', b: `Hi Priya,

Thanks for the note. We run red team and pen testing in-house and use our audit firm for the independent piece, so we won't need outside help.

Regards,
Ahmed Karim
CISO, Stratus Bank

The information in this email is confidential and may be legally privileged. If you are not the intended recipient you must not use, copy or distribute it; please delete it and notify the sender.`, n: 'trigger-ish disclaimer; in-house' },
{ l: N, g: 'en', h: 'no-thanks-lower', f: 'mike d <mike@dellasandro.com>', r: 'marcus', b: `no thanks`, n: 'two words' },
{ l: N, g: 'en', h: 'stopped-paid-ads', f: 'Rachel Ng <rachel@openhearth.org>', r: 'tom', b: `We stopped doing paid LinkedIn altogether last year, it never moved the needle for a nonprofit our size. Not for us, but thanks.`, n: 'trigger: stopped doing X -> decline' },
{ l: N, g: 'en', h: 'signed-contract', f: 'Luis Ortega <lortega@granderiverproduce.com>', r: 'marcus', b: `Marcus,

Appreciate you thinking of us. We just signed a three-year agreement with our 3PL in January that covers all LTL and FTL, so there's nothing to re-bid on our end.

Best,
Luis Ortega
Logistics Director | Grande River Produce`, n: 'already have solution' },
{ l: N, g: 'en', h: 'pass', f: 'Stephanie Ross <sross@rossandpartners.law>', r: 'dan', b: `Pass.

Stephanie Ross
Managing Partner

This email may contain attorney-client privileged information. If you have received it in error, please delete it and notify the sender. To unsubscribe from Ross & Partners client alerts, reply to alerts@rossandpartners.law.`, n: 'trigger: own firm signature mentions unsubscribe from client alerts' },
{ l: N, g: 'en', h: 'internal-ta', f: 'Dana Kimura <dkimura@sprocketai.com>', r: 'sarah', b: `Hi Sarah - we have an internal talent team of six, we don't work with outside recruiters. Thanks though.

Dana Kimura
Sr. Director, Talent Acquisition, Sprocket AI
--
Sprocket AI Weekly: product news every Friday. Manage preferences or unsubscribe at sprocketai.com/email`, n: 'trigger: company newsletter unsubscribe in signature' },
{ l: N, g: 'en', h: 'layoffs', f: 'Ben Harper <ben.harper@nimbusretail.com>', r: 'sarah', b: `We're not hiring - we just went through a round of layoffs. Not a fit.`, n: 'not hiring' },
);
add(
{ l: W, g: 'en', h: 'q3-erp-migration', d: '2025-04-09T12:31:00Z', f: 'Monica Reyes <mreyes@baylinemfg.com>', r: 'dan', b: `Hi Daniel, we're in the middle of an ERP migration and nobody here has bandwidth. Reach out again in Q3 and I'll happily take a look.

Monica`, n: 'named period Q3' },
{ l: W, g: 'en', h: 'after-new-year', d: '2025-10-22T21:48:00Z', f: 'Tyler Brooks <tyler@hilltopsaas.com>', r: 'anna', b: `circle back after the new year, we're heads-down on Q4 targets`, n: 'after new year' },
{ l: W, g: 'en', h: 'hiring-freeze-april', d: '2025-02-11T15:30:00Z', f: 'Angela Foster <afoster@clearwatertech.com>', r: 'sarah', b: `Hi Sarah,

Timing is bad - we're in a hiring freeze until April. Ping me then and we can see where headcount lands.

Angela Foster
HR Business Partner`, n: 'freeze until April' },
{ l: W, g: 'en', h: 'parental-leave-human', d: '2025-05-20T17:10:00Z', f: 'Owen Gallagher <owen@gallagherbrewing.com>', r: 'marcus', b: `Hey Marcus - I'm going on parental leave from next week (first kid!) so not a good moment. Try me again in September?

Owen`, n: 'human mentions leave, asks for September' },
{ l: W, g: 'en', h: 'budget-october', d: '2025-06-03T13:05:00Z', f: 'Lisa Park <lisa.park@evergreenhomecare.com>', r: 'priya', q: 'outlook-new', b: `Hi Priya,

Our security budget for next year gets set in October. Email me again then and I'll consider it.

Thanks,
Lisa Park
IT Director, Evergreen Home Care`, n: 'contact in October' },
{ l: W, g: 'en', h: 'after-summer-new-vp', d: '2025-05-15T15:12:00Z', f: 'Carlos Mendes <cmendes@tidewaterhotels.com>', r: 'tom', b: `Not right now. Maybe after the summer once our new VP Marketing starts and sets the plan.`, n: 'after the summer' },
);
add(
{ l: P, g: 'en', h: 'try-revops', f: 'Jake Morrison <jmorrison@fulcrumhr.com>', r: 'anna', b: `I'm not the right person for this - try Dana Whitfield (dana.whitfield@fulcrumhr.com), she runs RevOps and owns our sales tooling.`, n: 'names contact' },
{ l: P, g: 'en', h: 'auto-left-company', d: '2025-05-27T13:01:00Z', f: 'Jamie Ortiz <jortiz@halvorsenfoods.com>', r: 'marcus', sp: 'Automatic reply: ', auto: 'exch', q: 'none', b: `Thank you for your email. Jamie Ortiz is no longer with Halvorsen Foods. Please direct logistics inquiries to procurement@halvorsenfoods.com or call our main line at 555-0100.

This mailbox will be deactivated on 30 June.`, n: 'automatic note: person left, names contact' },
{ l: P, g: 'en', h: 'unsub-colleague-new-contact', d: '2025-05-13T16:08:00Z', f: 'Vanessa Liu <vanessa.liu@crestviewanalytics.com>', r: 'anna', to0: 'Tom Becker <tom.becker@crestviewanalytics.com>', on: 'Tom', b: `Hi Anna,

Please unsubscribe my colleague Tom Becker - he left Crestview in March. I'm the new contact for sales tooling, so write to me instead. And yes, tell me more: how does Northwind handle follow-ups when a prospect replies on LinkedIn instead of email?

Vanessa Liu
Director of Sales Development, Crestview Analytics`, n: 'trigger: unsubscribe my colleague; chosen wrong_person by precedence (addressee left, names new contact) although writer is interested' },
{ l: P, g: 'en', h: 'left-company', d: '2025-04-15T18:30:00Z', f: 'Ian Forbes <ianforbes.mail@gmail.com>', r: 'priya', to0: 'Ian Forbes <ian.forbes@corbellabs.com>', b: `Hi - I left Corbel Labs back in January, this is forwarding to my personal address. Please update your records.

Ian`, n: 'no longer at company' },
{ l: P, g: 'en', h: 'coo-handles-shipping', f: 'Maya Collins <maya@bakeryforgood.org>', r: 'marcus', b: `Hi Marcus! I do fundraising here, not shipping. Our COO Raj handles all our deliveries - raj@bakeryforgood.org. Good luck!`, n: 'names who to write to' },
{ l: P, g: 'en', h: 'forward-cc-finance', f: 'Tom Reilly <treilly@hanoverparts.com>', r: 'dan', cc: 'Leah Grant <lgrant@hanoverparts.com>', q: 'outlook', b: `Daniel - not my area. Copying Leah Grant, our Head of Finance, who owns the close process. Leah, FYI.

Tom`, n: 'redirects to cc colleague' },
);
add(
{ l: O, g: 'en', h: 'exchange-urgent-contact', d: '2025-03-12T09:14:00Z', f: 'Diane Mercer <dmercer@alloyworks.com>', r: 'anna', sp: 'Automatic reply: ', auto: 'exch', q: 'none', b: `I am out of the office until Monday, March 17 with limited access to email. For urgent matters please contact Rob Tate at rtate@alloyworks.com or 555-0143.

Thank you,
Diane`, n: 'Exchange OOO, urgent contact' },
{ l: O, g: 'en', h: 'gmail-vacation-us-date', d: '2025-08-14T16:02:00Z', f: 'Kyle Sanders <kyle@sandersdesignbuild.com>', r: 'tom', sp: 'Re: ', auto: 'gmail', q: 'none', b: `Hi! I'm on vacation through 8/22 and checking email only occasionally. I'll get back to you when I return.

Kyle`, n: 'Gmail vacation responder, US date' },
{ l: O, g: 'en', h: 'conference-no-headers', d: '2025-09-10T13:40:00Z', f: 'Amara Osei <amara.osei@fintrellis.com>', r: 'sarah', q: 'none', b: `Thanks for your email. I'm attending SaaStr Annual this week (Sept 9-11) and will respond as soon as I'm back at my desk.

Amara Osei
Chief People Officer, Fintrellis`, n: 'conference, no auto headers' },
{ l: O, g: 'en', h: 'parental-leave-auto', d: '2025-06-18T10:05:00Z', f: 'Hannah Weiss <hweiss@blueharbor.io>', r: 'priya', sp: 'Auto: ', auto: 'xauto', q: 'none', b: `Hello,

I'm on parental leave until early January 2026 and won't be checking email. In my absence, please reach out to my colleague Marco Silva (msilva@blueharbor.io) for anything security-related.

Best,
Hannah`, n: 'parental leave with contact' },
{ l: O, g: 'en', h: 'sick-iso-date', d: '2025-03-31T08:20:00Z', f: 'Paul Brennan <pbrennan@westfieldsteel.com>', r: 'marcus', sp: 'Out of Office: ', auto: 'exch2', q: 'none', b: `I am currently out sick and expect to be back on 2025-04-03. Messages will not be forwarded.`, n: 'sick, ISO date' },
{ l: O, g: 'en', h: 'apac-travel', d: '2025-11-05T02:30:00Z', f: 'Grace Tan <grace.tan@orionmedical.sg>', r: 'dan', tz: '+0800', sp: 'Automatic reply: ', auto: 'exch', q: 'none', b: `Thank you for your message. I am travelling in APAC from 3-14 Nov with sporadic access to email. I will reply on my return.

Grace Tan | Regional Finance Lead, Orion Medical`, n: 'travel' },
{ l: O, g: 'en', h: 'holiday-closure-newsletter-footer', d: '2024-12-26T15:00:00Z', f: 'Info Desk <hello@maplegrovegifts.com>', r: 'anna', s: 'Our office is closed for the holidays', auto: 'xautor', q: 'none', fmt: 'alt', b: `Happy holidays from everyone at Maple Grove Gifts!

Our office is closed from December 24 through January 2. Orders placed online will ship when we reopen on Friday, January 3. We'll reply to your message then.

Maple Grove Gifts · 22 Elm St, Burlington VT
You are receiving this message because you emailed us. To unsubscribe from our newsletter, visit maplegrovegifts.com/prefs.`, n: 'trigger: holiday closure with unsubscribe footer; automatic' },
{ l: O, g: 'en', h: 'html-outlook-ooo', d: '2025-06-05T11:00:00Z', f: 'Victor Huang <victor.huang@sterlingpartners.com>', r: 'tom', sp: 'Automatic reply: ', auto: 'exch', q: 'none', fmt: 'html', b: `I'm out of the office Thursday 5 June through Monday 9 June, returning Tuesday 10 June.

If this is time-sensitive, contact marketing@sterlingpartners.com.

Victor Huang
Marketing Manager | Sterling Partners

This email, including attachments, may contain confidential information. If you are not the intended recipient, please delete it and notify the sender.`, n: 'HTML-only OOO with disclaimer' },
);
add(
{ l: A, g: 'en', h: 'zendesk-ticket', f: 'Brightline Support <support@brightlineapp.com>', r: 'anna', s: '[Brightline] Re: Quick question about your outbound pipeline', auto: 'helpdesk', q: 'none', b: `##- Please type your reply above this line -##

Your request (48213) has been received and is being reviewed by our support staff.

To add additional comments, reply to this email.

Brightline Support Team`, n: 'ticket received' },
{ l: A, g: 'en', h: 'not-monitored', f: 'noreply <noreply@cascadeutilities.com>', r: 'marcus', s: 'This mailbox is not monitored', auto: 'gmail', q: 'none', noirt: false, b: `This email address is not monitored. Your message has not been read.

For billing questions visit cascadeutilities.com/help. For vendor and supplier inquiries please use the form at cascadeutilities.com/suppliers.`, n: 'mailbox not monitored' },
{ l: A, g: 'en', h: 'read-receipt-mdn', f: 'Frank Olsen <folsen@olsenmarine.com>', r: 'dan', s: 'Read: Month-end close in 3 days instead of 10', q: 'none', b: '', n: 'multipart/report read receipt',
  raw: ({ rep, repMsgId, fromAddr, date, subject }) => { const b = '----=_NextPart_MDN_8812'; return { ct: `multipart/report; report-type=disposition-notification;\r\n\tboundary="${b}"`,
    body: `This is a multi-part message in MIME format.\n\n--${b}\nContent-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: 7bit\n\nYour message\n\n  To: ${fromAddr}\n  Subject: ${rep.subj}\n  Sent: ${rfcDate(new Date(date - 86400000), '-0500')}\n\nwas read on ${rfcDate(date, '-0500')}.\n\n--${b}\nContent-Type: message/disposition-notification\n\nReporting-UA: olsenmarine.com; Microsoft Outlook 16.0\nFinal-Recipient: rfc822;${fromAddr}\nOriginal-Message-ID: ${repMsgId}\nDisposition: manual-action/MDN-sent-manually; displayed\n\n--${b}--\n` }; } },
{ l: A, g: 'en', h: 'info-autoresponder', f: 'Greenleaf Dental <info@greenleafdental.com>', r: 'tom', sp: 'Re: ', auto: 'xauto', q: 'none', b: `Thanks for contacting Greenleaf Dental! We've received your message and a member of our front-desk team will get back to you within 1 business day.

If this is a dental emergency, please call (503) 555-0110.`, n: 'generic info@ autoresponder' },
{ l: A, g: 'en', h: 'case-number', f: 'Harbor Point Sales <sales@harborpointsystems.com>', r: 'sarah', s: 'Case 00234119: Senior engineers for 2025 - without agency fees [ ref:_00D5x8Kq._500Qa2ZtF:ref ]', auto: 'helpdesk', q: 'none', b: `Hello,

We've received your message. A member of our team will respond within 48 hours.

Your case number is 00234119. Please keep the reference in the subject line if you reply.

Harbor Point Systems Customer Care`, n: 'Salesforce-style case number' },
{ l: A, g: 'en', h: 'spam-challenge', f: 'Ron Whitley <ron@whitleyinsurance.net>', r: 'anna', s: 'Please verify your email (Re: Quick question about your outbound pipeline)', auto: 'list', q: 'none', b: `Hi,

I'm protecting my inbox from spam. Your message has been held. To have it delivered, please click the link below and confirm you are a human:

https://verify.boxguard.net/c/7QZ2-91KD

You only need to do this once. If you do not verify within 7 days your message will be discarded.

- Ron Whitley (automated message via BoxGuard)`, n: 'challenge-response autoresponder' },
);
add(
{ l: X, g: 'en', h: 'how-got-address', f: 'Laura Jennings <laura@jenningsstudio.com>', r: 'tom', b: `How did you get my email address?`, n: 'data source question, no removal' },
{ l: X, g: 'en', h: 'who-is-this', f: 'Dave K <dave@kinsellaplumbing.com>', r: 'dan', b: `who is this?` + IPH, q: 'apple', n: 'who are you' },
{ l: X, g: 'en', h: 'thanks-kind-words', f: 'Naomi Brooks <naomi@tidepoolsoftware.com>', r: 'anna', b: `Thanks Anna, appreciate the kind words about the team - they've worked hard this year!

Naomi`, n: 'thank-you, nothing else' },
{ l: X, g: 'en', h: 'already-replied-colleague', f: 'Greg Palmer <gpalmer@summitfreightlines.com>', r: 'marcus', b: `I already replied to your colleague Jake about this last week. Check with him.`, n: 'already replied to colleague' },
{ l: X, g: 'en', h: 'forward-no-comment', d: '2025-04-09T14:02:00Z', f: 'Heather Boyd <hboyd@boydvet.com>', r: 'priya', s: 'Fwd: Pen test before your SOC 2 audit?', q: 'none', noirt: true, b: `---------- Forwarded message ---------
From: Priya Raman <priya@corvidsec.com>
Date: Tue, Apr 8, 2025 at 9:14 AM
Subject: Pen test before your SOC 2 audit?
To: <hboyd@boydvet.com>


Hi Heather,

Most teams heading into SOC 2 Type II find out about their gaps from the auditor. Corvid runs a two-week pen test plus remediation report so Boyd Vet finds them first.

Happy to send a sample report or set up a 15-min call - here's my calendar: https://corvidsec.com/meet/priya

Priya Raman
Corvid Security

To stop receiving these emails: https://corvidsec.com/unsubscribe?u=8812`, n: 'forward without comment; quoted unsubscribe link' },
{ l: X, g: 'en', h: 'merge-tag-joke', f: 'Omar Haddad <omar@haddadlabs.com>', r: 'sarah', on: '{{first_name}}', b: `Dear Sarah,

Your email opened with "Hi {{first_name}}". 10/10, very personal, I felt seen.

Omar`, n: 'joke about broken merge tag' },
{ l: X, g: 'en', h: 'congrats-unrelated', f: 'Priya Menon <priya.menon@atlasworks.ai>', r: 'priya', b: `Ha, small world - I think we were in the same cohort at the Women in Security bootcamp in Austin. Congrats on joining Corvid! Are you still in touch with Jess from our group?

Priya M.`, n: 'personal, unrelated to the offer' },
{ l: X, g: 'en', h: 'job-seeker', f: 'Tiffany Moore <tiff.moore88@gmail.com>', r: 'anna', to0: 'Tiffany Moore <tmoore@rainierbrands.com>', b: `Hi Anna, unrelated but is Northwind hiring SDRs? I've been doing outbound for 3 years and love what your team posts on LinkedIn. Happy to send my resume.

Tiffany`, n: 'unrelated question (job)' },
);

// ================================================================ GERMAN
add(
{ l: U, g: 'de', h: 'verteiler-iphone', f: 'Stefan Krüger <s.krueger@krueger-metallbau.de>', r: 'jonas', q: 'de-apple', b: `Bitte nehmen Sie mich aus Ihrem Verteiler.

Von meinem iPhone gesendet`, n: 'polite removal from iPhone' },
{ l: U, g: 'de', h: 'dsgvo-art21', f: 'Dr. Monika Hartmann <m.hartmann@hartmann-steuerberatung.de>', r: 'lena', q: 'outlook-de', sp: 'AW: ', cs: 'iso-8859-1', te: 'quoted-printable', b: `Sehr geehrte Frau Vogt,

ich habe Ihnen zu keinem Zeitpunkt eine Einwilligung zur Zusendung von Werbung erteilt. Hiermit widerspreche ich gemäß Art. 21 DSGVO der Verarbeitung meiner personenbezogenen Daten zu Werbezwecken. Zugleich verlange ich Auskunft nach Art. 15 DSGVO über die Herkunft meiner Daten sowie deren Löschung nach Art. 17 DSGVO.

Bitte bestätigen Sie mir die Löschung schriftlich.

Mit freundlichen Grüßen
Dr. Monika Hartmann
Steuerberaterin

Hartmann Steuerberatung · Königsallee 61 · 40212 Düsseldorf`, n: 'DSGVO objection, iso-8859-1 QP, Outlook-de quote' },
{ l: U, g: 'de', h: 'uwg-angry', f: 'Thomas Becker <info@becker-elektro-bonn.de>', r: 'jonas', b: `Hören Sie endlich auf, mir ständig Mails zu schicken!!! Das ist das dritte Mal. Unerlaubte E-Mail-Werbung ist nach § 7 UWG unzulässig, beim nächsten Mal geht das an meinen Anwalt.`, n: 'angry, legal threat' },
{ l: U, g: 'de', h: 'abmelden-one-word', f: 'Sabine Roth <sabine.roth@roth-moebel.de>', r: 'jonas', sp: 'AW: ', q: 'outlook-de', b: `Abmelden`, n: 'one word as outreach footer suggests' },
{ l: U, g: 'de', h: 'after-paragraph-1252', f: 'Markus Lehmann <m.lehmann@lehmann-feinkost.de>', r: 'lena', cs: 'windows-1252', te: 'quoted-printable', sp: 'AW: ', q: 'outlook-de', b: `Hallo Frau Vogt,

danke für die Info. Wir arbeiten seit Jahren mit einem regionalen Dienstleister zusammen und planen keinen Wechsel – die „flexible Abrechnung“ haben wir dort auch.

Außerdem möchte ich Sie bitten, mich künftig nicht mehr anzuschreiben, weder per E-Mail noch telefonisch.

Gruß
Markus Lehmann
Lehmann Feinkost GmbH & Co. KG`, n: 'windows-1252 quotes, request after decline' },
);
add(
{ l: I, g: 'de', h: 'preis-shopware', f: 'Julia Neumann <julia.neumann@hautnah-kosmetik.de>', r: 'jonas', b: `Hallo Herr Weber,

klingt interessant. Was würde das bei uns ungefähr kosten? Wir haben ca. 5.000 Aufträge im Monat, Shopware 6 und JTL-Wawi. Gibt es Referenzen mit JTL?

Viele Grüße
Julia Neumann`, n: 'pricing + reference question' },
{ l: I, g: 'de', h: 'position-entfernen', f: 'Frank Schmitt <f.schmitt@schmitt-werkzeuge.de>', r: 'jonas', sp: 'AW: ', q: 'outlook-de', cs: 'iso-8859-1', te: 'quoted-printable', b: `Guten Tag Herr Weber,

bitte schicken Sie mir ein Angebot. Die Schnittstelle zu unserem alten Kassensystem können Sie dabei entfernen, das schalten wir zum Jahresende ab. Wichtig ist uns nur die Anbindung an Amazon und eBay.

Mit freundlichen Grüßen
Frank Schmitt
Einkauf / IT`, n: 'trigger: entfernen in harmless sense; asks for offer' },
{ l: I, g: 'de', h: 'zurueck-urlaub-unterlagen', f: 'Anja Kessler <anja.kessler@kessler-pharma.de>', r: 'lena', b: `Hallo Frau Vogt,

bin gerade aus dem Urlaub zurück – ja, schicken Sie mir gern Unterlagen und eine Preisliste pro Palettenplatz. Wir bräuchten ca. 400 Plätze, teilweise gekühlt (2-8 °C).

Anja Kessler`, n: 'human back from holiday, interested' },
{ l: I, g: 'de', h: 'html-newsletter-footer', f: 'Christian Wolf <christian.wolf@alpenrad.de>', r: 'lena', fmt: 'alt', te: 'quoted-printable', b: `Servus Frau Vogt,

wie schnell könnten Sie bei uns starten, und übernehmen Sie auch Retourenabwicklung? Das wäre für uns der wichtigste Punkt.

Beste Grüße
Christian Wolf
Leitung Operations · Alpenrad GmbH · Rosenheim

Abonnieren Sie unseren Newsletter! Abmelden jederzeit über den Link in jeder Ausgabe.`, n: 'trigger: Abmelden in own newsletter footer' },
);
add(
{ l: M, g: 'de', h: 'dienstag-14-uhr-teams', f: 'Michael Braun <m.braun@braun-logistik.de>', r: 'jonas', sp: 'AW: ', q: 'outlook-de', b: `Hallo Herr Weber,

Dienstag um 14 Uhr passt mir. Schicken Sie bitte eine Teams-Einladung, ich bringe unseren IT-Leiter mit.

Gruß
Michael Braun`, n: 'concrete time' },
{ l: M, g: 'de', h: 'rufen-sie-an', f: 'Heike Schröder <heike@schroeder-gartenbau.de>', r: 'lena', b: `Rufen Sie mich gerne an, 0171 5554321, am besten vormittags zwischen 9 und 11.

Von meinem iPhone gesendet`, q: 'de-apple', n: 'call me' },
{ l: M, g: 'de', h: 'logimat-stand', d: '2025-02-20T10:12:00Z', f: 'Ralf Zimmermann <r.zimmermann@zimmermann-verpackung.de>', r: 'lena', cs: 'iso-8859-1', te: '8bit', b: `Hallo Frau Vogt,

kommen Sie doch auf der LogiMAT in Stuttgart bei uns vorbei, Halle 3, Stand C41. Am Mittwoch gegen 11 Uhr hätte ich Zeit für ein Gespräch.

Freundliche Grüße
Ralf Zimmermann`, n: 'invitation to booth with time, iso-8859-1 8bit' },
);
add(
{ l: N, g: 'de', h: 'kein-bedarf', f: 'Jürgen Hofmann <j.hofmann@hofmann-bau.de>', r: 'jonas', b: `Kein Bedarf.`, n: 'two words' },
{ l: N, g: 'de', h: 'loesung-zufrieden', f: 'Katrin Fuchs <katrin.fuchs@fuchs-textil.de>', r: 'jonas', te: 'base64', b: `Hallo Herr Weber,

danke für Ihre Nachricht. Wir haben bereits eine Lösung im Einsatz und sind damit sehr zufrieden.

Viele Grüße
Katrin Fuchs`, n: 'already have solution, base64' },
{ l: N, g: 'de', h: 'selbst-disclaimer', f: 'Andreas Koch <a.koch@koch-maschinen.de>', r: 'lena', sp: 'AW: ', q: 'outlook-de', fmt: 'alt', b: `Sehr geehrte Frau Vogt,

wir machen unsere Lagerlogistik komplett selbst und haben daran kein Interesse.

Mit freundlichen Grüßen
Andreas Koch
Geschäftsführer

Koch Maschinenbau GmbH · Amtsgericht Stuttgart HRB 12345 · Geschäftsführer: Andreas Koch
Diese E-Mail enthält vertrauliche Informationen. Wenn Sie nicht der richtige Adressat sind, informieren Sie bitte sofort den Absender und löschen Sie diese E-Mail. Das unerlaubte Kopieren sowie die Weitergabe dieser Mail sind nicht gestattet.`, n: 'trigger: disclaimer löschen; decline' },
{ l: N, g: 'de', h: 'kein-budget', fmt: 'html', f: 'Petra Richter <petra.richter@richter-reisen.de>', r: 'jonas', b: `Hallo Herr Weber, dafür haben wir leider kein Budget. Trotzdem danke.`, n: 'no budget' },
);
add(
{ l: W, g: 'de', h: 'neues-jahr-sap', d: '2025-10-08T08:17:00Z', f: 'Oliver Schulz <o.schulz@schulz-gmbh.de>', r: 'jonas', sp: 'AW: ', q: 'outlook-de', b: `Hallo Herr Weber,

melden Sie sich bitte im neuen Jahr noch einmal. Aktuell läuft bei uns die Umstellung auf SAP S/4HANA, da ist kein Kopf frei.

Gruß O. Schulz`, n: 'new year' },
{ l: W, g: 'de', h: 'nach-sommerpause', d: '2025-06-25T12:44:00Z', f: 'Birgit Lange <birgit.lange@lange-druck.de>', r: 'lena', b: `Im Moment passt es nicht. Rufen Sie gern nach der Sommerpause an, also ab September.`, n: 'after summer break' },
);
add(
{ l: P, g: 'de', h: 'nicht-zustaendig-it', f: 'Gabriele Wagner <g.wagner@wagner-versand.de>', r: 'jonas', b: `Da bin ich leider nicht zuständig. Wenden Sie sich bitte an Herrn Brandt aus der IT: t.brandt@wagner-versand.de.`, n: 'names contact' },
{ l: P, g: 'de', h: 'auto-nicht-mehr-taetig', f: 'Claudia Schulze <c.schulze@nordlicht-foods.de>', r: 'lena', sp: 'Automatische Antwort: ', auto: 'exch', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Guten Tag,

Frau Schulze ist nicht mehr für die Nordlicht Foods GmbH tätig. Ihre E-Mail wird nicht weitergeleitet.

Bitte wenden Sie sich zukünftig an einkauf@nordlicht-foods.de.

Vielen Dank.`, n: 'automatic note: left company, names contact' },
{ l: P, g: 'de', h: 'ruhestand-kollegin', d: '2025-05-19T09:03:00Z', f: 'Ute Albers <u.albers@meier-armaturen.de>', r: 'jonas', to0: 'Werner Meier <w.meier@meier-armaturen.de>', on: 'Herr Meier', sp: 'AW: ', q: 'outlook-de', b: `Guten Tag Herr Weber,

Herr Meier ist seit dem 1. Mai im Ruhestand. Für den Onlineshop ist jetzt Herr Yilmaz zuständig (d.yilmaz@meier-armaturen.de), bitte schreiben Sie direkt ihm.

Freundliche Grüße
Ute Albers
Sekretariat`, n: 'colleague replies: addressee retired, names contact' },
);
add(
{ l: O, g: 'de', h: 'bilingual-exchange', d: '2025-07-28T06:30:00Z', f: 'Matthias Keller <matthias.keller@keller-antriebe.de>', r: 'jonas', sp: 'Automatische Antwort: ', auto: 'exch', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Vielen Dank für Ihre Nachricht. Ich bin bis einschließlich 12.08.2025 nicht im Büro und habe keinen Zugriff auf meine E-Mails. In dringenden Fällen wenden Sie sich bitte an Frau Demir (s.demir@keller-antriebe.de).

Thank you for your message. I am out of the office until 12 August 2025 inclusive. For urgent matters please contact Ms Demir (s.demir@keller-antriebe.de).

Matthias Keller`, n: 'DE/EN bilingual, iso-8859-1 QP' },
{ l: O, g: 'de', h: 'urlaub-zimbra', d: '2024-12-23T11:02:00Z', f: 'Nicole Baumann <nicole.baumann@baumann-immobilien.de>', r: 'lena', s: 'Abwesenheitsnotiz', auto: 'zimbra', q: 'none', b: `Vielen Dank für Ihre E-Mail. Ich befinde mich bis zum 3. Januar im Urlaub. Ihre Nachricht wird nicht weitergeleitet; ich melde mich nach meiner Rückkehr.

Frohe Feiertage!
Nicole Baumann`, n: 'vacation, new subject' },
{ l: O, g: 'de', h: 'elternzeit', d: '2025-09-15T09:41:00Z', f: 'Tobias Frank <tobias.frank@frank-it.de>', r: 'jonas', sp: 'Abwesend: ', auto: 'xauto', q: 'none', b: `Hallo,

ich bin in Elternzeit bis voraussichtlich Ende März 2026. Meine Vertretung ist Lisa Brenner (lisa.brenner@frank-it.de, Tel. 089 5557 210).

Viele Grüße
Tobias Frank`, n: 'parental leave' },
{ l: O, g: 'de', h: 'messe-no-headers', d: '2025-03-10T07:45:00Z', f: 'Sandra Vogel <s.vogel@vogel-gastro.de>', r: 'lena', q: 'none', b: `Vom 10.-14.03. bin ich auf einer Messe in Hamburg und nur eingeschränkt erreichbar. Ab dem 17.03. bin ich wieder im Büro.

Sandra Vogel
Vogel Gastro-Service`, n: 'trade fair, no auto headers' },
);
add(
{ l: A, g: 'de', h: 'ticketnummer', f: 'Kundenservice <service@elektrowelt24.de>', r: 'jonas', s: '[Ticket#DE-20931] Ihre Anfrage: ERP-Anbindung für Ihren Onlineshop', auto: 'helpdesk', q: 'none', b: `Sehr geehrte Damen und Herren,

vielen Dank für Ihre Anfrage. Wir haben Ihre Nachricht erhalten und melden uns schnellstmöglich bei Ihnen.

Ihre Ticketnummer lautet DE-20931. Bitte geben Sie diese bei Rückfragen an.

Ihr Kundenservice-Team
Elektrowelt24`, n: 'ticket number' },
{ l: A, g: 'de', h: 'postfach-nicht-betreut', f: 'bewerbung <bewerbung@stadtwerke-altenburg.de>', r: 'lena', sp: 'Automatische Antwort: ', auto: 'exch2', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Dieses Postfach wird nicht mehr betreut. Ihre Nachricht wurde nicht gelesen.

Bitte richten Sie Ihre Anfrage an info@stadtwerke-altenburg.de.`, n: 'mailbox not monitored' },
);
add(
{ l: X, g: 'de', h: 'woher-adresse', f: 'Renate Pohl <r.pohl@pohl-optik.de>', r: 'jonas', b: `Woher haben Sie eigentlich meine E-Mail-Adresse?`, n: 'data source question only' },
{ l: X, g: 'de', h: 'kennen-wir-uns', f: 'Dieter Franke <d.franke@franke-holz.de>', r: 'lena', sp: 'AW: ', q: 'outlook-de', b: `Kennen wir uns? Sie schreiben, als hätten wir schon gesprochen, aber ich kann mich an nichts erinnern.`, n: 'who are you' },
);

// ================================================================ FRENCH
add(
{ l: U, g: 'fr', h: 'retirer-liste-iphone', f: 'Nathalie Girard <n.girard@girard-immobilier.fr>', r: 'camille', q: 'fr-apple', b: `Merci de me retirer de votre liste de diffusion.

Envoyé de mon iPhone`, n: 'polite removal, iPhone' },
{ l: U, g: 'fr', h: 'rgpd-art21', f: 'Philippe Lambert <philippe.lambert@cabinet-lambert-avocats.fr>', r: 'julien', cs: 'iso-8859-1', te: 'quoted-printable', q: 'outlook-fr', sp: 'RE : ', b: `Monsieur,

Je n'ai jamais consenti à recevoir vos sollicitations commerciales. Conformément à l'article 21 du RGPD, je m'oppose au traitement de mes données à des fins de prospection et vous demande de supprimer sans délai l'ensemble de mes coordonnées de vos fichiers (article 17).

À défaut, je saisirai la CNIL.

Philippe Lambert
Avocat au Barreau de Lyon`, n: 'RGPD objection, iso-8859-1 QP' },
{ l: U, g: 'fr', h: 'stop-caps', f: 'Sébastien Morel <seb.morel@transports-morel.fr>', r: 'julien', b: `STOP`, n: 'one word as footer suggests' },
{ l: U, g: 'fr', h: 'arretez-angry', f: 'Valérie Fontaine <valerie@fontaine-fleurs.fr>', r: 'camille', b: `Ça fait trois fois cette semaine !! Arrêtez de m'envoyer vos mails, je n'ai jamais rien demandé. Désinscrivez-moi immédiatement.`, n: 'angry' },
{ l: U, g: 'fr', h: 'plus-solliciter-after-para', f: 'Jean-Marc Rousseau <jm.rousseau@rousseau-industrie.com>', r: 'camille', cs: 'windows-1252', te: 'quoted-printable', q: 'outlook-fr', sp: 'RE: ', b: `Bonjour Madame Durand,

Nous avons déployé l’an dernier un SIRH complet qui gère déjà les congés, les absences et les notes de frais ; nous n’envisageons pas de changement.

Par ailleurs, je vous serais reconnaissant de ne plus me solliciter à l’avenir, ni par e-mail ni par téléphone.

Cordialement,
Jean-Marc Rousseau
Directeur administratif et financier`, n: 'windows-1252 apostrophes, indirect removal after decline' },
);
add(
{ l: I, g: 'fr', h: 'tarif-silae', f: 'Émilie Bernard <emilie.bernard@atelier-bernard.fr>', r: 'camille', b: `Bonjour Camille,

Quel serait le tarif pour 80 salariés ? Et est-ce que c'est compatible avec Silae pour la paie ?

Merci,
Émilie`, n: 'pricing + compatibility' },
{ l: I, g: 'fr', h: 'arrete-ancien-logiciel', f: 'Thomas Petit <t.petit@petit-btp.fr>', r: 'camille', b: `Bonjour,
on a arrêté d'utiliser notre ancien logiciel de planning (trop lourd), donc pourquoi pas. Vous pouvez m'envoyer une plaquette et les prix ?
Thomas`, n: 'trigger: arrêté d utiliser X -> interested' },
{ l: I, g: 'fr', h: 'belge-offre-pas-appeler', f: 'Luc Dubois <luc.dubois@dubois-construct.be>', r: 'julien', b: `Bonjour Monsieur Mercier,

Pouvez-vous m'envoyer une offre pour 25 véhicules utilitaires ? Merci de ne pas m'appeler, je préfère tout recevoir par mail.

Bien à vous,
Luc Dubois
Dubois Construct SRL – Namur`, n: 'trigger-ish: ne pas m appeler but asks for offer' },
{ l: I, g: 'fr', h: 'html-newsletter-desinscrire', f: 'Claire Moreau <claire.moreau@maison-lumiere.fr>', r: 'camille', fmt: 'alt', banner: 'https://maison-lumiere.fr/img/signature-soldes.jpg', b: `Bonjour Camille,

Est-ce que votre outil gère aussi les plannings des boutiques (12 magasins) ou seulement les congés ? Si oui je veux bien une démo enregistrée.

Claire Moreau
Responsable RH – Maison Lumière

Vous recevez notre newsletter ? Pour vous désinscrire, cliquez sur le lien en bas de chaque envoi.`, n: 'trigger: désinscrire in own signature, banner' },
);
add(
{ l: M, g: 'fr', h: 'jeudi-15h-teams', f: 'Nicolas Laurent <nicolas.laurent@laurent-conseil.fr>', r: 'camille', b: `Jeudi 15h, ça me va. Envoyez-moi une invitation Teams.

Nicolas`, n: 'concrete time' },
{ l: M, g: 'fr', h: 'appelez-moi', f: 'Sandrine Michel <s.michel@michel-ambulances.fr>', r: 'julien', q: 'fr-apple', b: `Appelez-moi demain matin au 06 98 76 54 32, je suis joignable avant 10h.

Envoyé de mon iPhone`, n: 'call me at number' },
{ l: M, g: 'fr', h: 'salon-stand', d: '2025-03-04T16:20:00Z', f: 'Olivier Faure <o.faure@groupe-faure.fr>', r: 'camille', cs: 'iso-8859-1', te: 'quoted-printable', b: `Bonjour Camille,

Je serai au salon Solutions RH à Paris le 18 mars. Passez nous voir au stand B12 vers 14h, on pourra en discuter de vive voix.

Olivier Faure
DRH, Groupe Faure`, n: 'invitation to booth with time' },
);
add(
{ l: N, g: 'fr', h: 'deja-prestataire', f: 'Isabelle Roux <isabelle.roux@roux-location.fr>', r: 'julien', b: `Non merci, nous avons déjà un prestataire pour la gestion de flotte.`, n: 'already have vendor' },
{ l: N, g: 'fr', h: 'pas-interesse', f: 'Antoine Blanc <antoine@blanc-menuiserie.fr>', r: 'camille', b: `pas intéressé`, n: 'two words lowercase' },
{ l: N, g: 'fr', h: 'interne', f: 'Céline Garnier <c.garnier@garnier-distribution.fr>', r: 'camille', sp: 'RE : ', q: 'outlook-fr', b: `Bonjour,

Nous gérons tout en interne avec notre propre outil développé par notre DSI, et ça nous convient très bien.

Cordialement,
Céline Garnier`, n: 'in-house' },
{ l: N, g: 'fr', h: 'disclaimer-supprimer', f: 'François Lefèvre <francois.lefevre@lefevre-assurances.fr>', r: 'julien', fmt: 'alt', q: 'outlook-fr', sp: 'RE : ', b: `Bonjour,

Merci, mais ce n'est pas un sujet pour nous : nos commerciaux utilisent leurs véhicules personnels.

François Lefèvre

Ce message et toutes les pièces jointes sont confidentiels et établis à l'intention exclusive de ses destinataires. Si vous avez reçu ce message par erreur, merci de le supprimer et d'en avertir immédiatement l'expéditeur.`, n: 'trigger: disclaimer supprimer; decline' },
);
add(
{ l: W, g: 'fr', h: 'septembre-rentree', d: '2025-06-16T08:49:00Z', fmt: 'alt', f: 'Aurélie Chevalier <a.chevalier@chevalier-pharma.fr>', r: 'camille', b: `Bonjour Camille, recontactez-moi en septembre, après la rentrée. Là ce n'est vraiment pas le moment.`, n: 'september' },
{ l: W, g: 'fr', h: 'second-semestre-juillet', d: '2025-03-20T10:25:00Z', f: 'David Mercier <d.mercier@mercier-eaux.fr>', r: 'julien', b: `Pas avant le deuxième semestre, le renouvellement de nos contrats de leasing est prévu pour la fin d'année. Revenez vers moi en juillet.`, n: 'July' },
{ l: W, g: 'fr', h: 'debut-2026-demenagement', d: '2025-10-14T15:36:00Z', f: 'Marion Perrin <marion.perrin@perrin-editions.fr>', r: 'camille', b: `On en reparle début 2026 ? Là on est en plein déménagement de nos bureaux.

Marion`, n: 'early 2026' },
);
add(
{ l: P, g: 'fr', h: 'pas-bonne-personne-drh', f: 'Julie Simon <julie.simon@simon-transports.fr>', r: 'camille', b: `Bonjour,

Je ne suis pas la bonne personne, je m'occupe de la comptabilité. Voyez plutôt avec notre DRH, Mme Lefèvre : c.lefevre@simon-transports.fr

Bonne journée,
Julie Simon`, n: 'names contact' },
{ l: P, g: 'fr', h: 'auto-plus-partie', d: '2025-04-22T07:12:00Z', f: 'Pierre Garnier <p.garnier@bati-ouest.fr>', r: 'julien', sp: 'Réponse automatique : ', auto: 'exch', q: 'none', b: `Bonjour,

M. Pierre Garnier ne fait plus partie de nos effectifs depuis le 31 mars. Votre message n'a pas été transmis.

Pour toute demande concernant le parc automobile, merci d'écrire à services.generaux@bati-ouest.fr.

Bati Ouest`, n: 'automatic note: left, names contact' },
);
add(
{ l: O, g: 'fr', h: 'bilingue-juillet-aout', d: '2025-07-24T07:58:00Z', f: 'Hélène Robin <helene.robin@robin-cosmetiques.fr>', r: 'camille', sp: 'Réponse automatique : ', auto: 'exch', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Bonjour,

Je suis absente du 22/07 au 16/08 inclus. Pour toute urgence, vous pouvez contacter Karim Haddad au 01 45 55 12 90.

Hello,

I am out of the office from 22/07 to 16/08. For urgent matters please contact Karim Haddad.

Hélène Robin`, n: 'FR/EN bilingual, iso-8859-1' },
{ l: O, g: 'fr', h: 'conge-maternite', d: '2025-10-01T13:33:00Z', f: 'Laure Bonnet <laure.bonnet@bonnet-avocats.fr>', r: 'camille', sp: 'Absente : ', auto: 'xauto', q: 'none', b: `Bonjour,

Je suis actuellement en congé maternité jusqu'au 15 janvier 2026. Pour toute demande urgente, merci de contacter Maître Dupuis (a.dupuis@bonnet-avocats.fr).

Laure Bonnet`, n: 'maternity leave' },
{ l: O, g: 'fr', h: 'deplacement-zimbra', d: '2025-10-28T09:00:00Z', f: 'Gilles Marchand <g.marchand@marchand-agri.fr>', r: 'julien', s: "Message d'absence", auto: 'zimbra', q: 'none', b: `Je suis en déplacement jusqu'au lundi 3 novembre inclus, avec un accès limité à mes e-mails. Je vous répondrai dès mon retour.`, n: 'travel, new subject' },
{ l: O, g: 'fr', h: 'quebec-bilingue', d: '2024-12-27T14:00:00Z', f: 'Geneviève Tremblay <gtremblay@boreal-distribution.ca>', r: 'camille', tz: '-0500', sp: 'Réponse automatique : ', auto: 'exch', q: 'none', b: `Veuillez noter que nos bureaux sont fermés pour la période des Fêtes. De retour le 6 janvier.
Please note our offices are closed for the holidays. Back January 6.

Geneviève Tremblay | Conseillère RH / HR Advisor
Boréal Distribution inc.`, n: 'Quebec bilingual holiday OOO' },
);
add(
{ l: A, g: 'fr', h: 'accuse-reception', f: 'Service Client <service-client@mutuelle-horizon.fr>', r: 'camille', s: 'Accusé de réception - Demande n° 2025-118734', auto: 'helpdesk', q: 'none', b: `Madame, Monsieur,

Nous accusons bonne réception de votre demande n° 2025-118734. Un conseiller vous répondra dans les meilleurs délais.

Ceci est un message automatique, merci de ne pas y répondre.

Mutuelle Horizon`, n: 'ticket ack' },
{ l: A, g: 'fr', h: 'adresse-plus-consultee', f: 'contact <contact@hotel-lesdunes.fr>', r: 'julien', sp: 'Réponse automatique : ', auto: 'gmail', q: 'none', b: `Cette adresse n'est plus consultée. Pour toute réservation ou demande, merci d'utiliser le formulaire sur www.hotel-lesdunes.fr ou d'écrire à reception@hotel-lesdunes.fr.`, n: 'mailbox no longer read' },
);
add(
{ l: X, g: 'fr', h: 'comment-coordonnees', f: 'Bernard Colin <bernard.colin@colin-horlogerie.fr>', r: 'camille', b: `Comment avez-vous eu mes coordonnées ?`, n: 'data source question only' },
{ l: X, g: 'fr', h: 'merci-bonne-journee', f: 'Sophie Andre <sophie.andre@andre-traiteur.fr>', r: 'julien', b: `Merci pour votre message, bonne journée à vous !`, n: 'thank-you only' },
);

// ================================================================ SPANISH
add(
{ l: U, g: 'es', h: 'baja-one-word', f: 'Ramón Ortega <rortega@ortega-asesores.es>', r: 'lucia', b: `BAJA`, n: 'one word as footer suggests' },
{ l: U, g: 'es', h: 'mx-denme-de-baja', f: 'Alejandra Vázquez <avazquez@grupovazquez.com.mx>', r: 'diego', tz: '-0600', b: `Buenas tardes,

Por favor denme de baja de su lista de correos.

Saludos,
Alejandra Vázquez
Gerente de Recursos Humanos | Grupo Vázquez`, n: 'Mexico' },
{ l: U, g: 'es', h: 'rgpd-lopdgdd', f: 'Carmen Navarro <c.navarro@navarro-abogados.es>', r: 'lucia', cs: 'iso-8859-1', te: 'quoted-printable', q: 'outlook-es', sp: 'RE: ', b: `Estimada Sra. Fernández:

No he autorizado en ningún momento el envío de comunicaciones comerciales. En virtud del RGPD y de la LOPDGDD ejerzo mi derecho de oposición y de supresión: le ruego que eliminen mis datos de sus ficheros y que no vuelvan a contactarme.

Atentamente,
Carmen Navarro
Navarro Abogados - Valencia`, n: 'legal, iso-8859-1 QP' },
{ l: U, g: 'es', h: 'ar-dejen-de-mandar', f: 'Martín Sosa <martin@sosa-hnos.com.ar>', r: 'diego', tz: '-0300', b: `dejen de mandarme mails, ya les dije que no la otra vez. esto es spam`, n: 'Argentina, angry lowercase' },
{ l: U, g: 'es', h: 'after-para-no-escriban', f: 'Javier Molina <jmolina@molina-logistica.es>', r: 'lucia', q: 'outlook-es', sp: 'RE: ', fmt: 'alt', b: `Hola Lucía,

Gracias, pero ya migramos todo a Azure hace dos años con un partner y estamos contentos con el servicio.

Y por favor, no me escribáis más a esta dirección, es la del departamento y la leen varias personas.

Un saludo,
Javier Molina
Responsable de Sistemas`, n: 'removal after decline, multipart' },
);
add(
{ l: I, g: 'es', h: 'cuanto-servidores', f: 'Pilar Romero <pilar.romero@clinicasalud-norte.es>', r: 'lucia', b: `Hola Lucía:

¿Cuánto costaría migrar unos 15 servidores, la mayoría Windows? ¿Tenéis algún caso en el sector sanitario? Nos preocupa sobre todo el tema de protección de datos de pacientes.

Gracias,
Pilar Romero
Directora de Sistemas - Clínicas Salud Norte`, n: 'pricing + case study' },
{ l: I, g: 'es', h: 'dejamos-consultora', f: 'Andrés Castillo <andres.castillo@castillo-retail.co>', r: 'lucia', tz: '-0500', b: `Hola, dejamos de trabajar con nuestra consultora anterior el mes pasado, así que me interesa. Mándame info y precios por favor.`, n: 'trigger: dejamos de trabajar con X -> interested; Colombia' },
{ l: I, g: 'es', h: 'nunca-dejamos-contratar', f: 'Irene Prieto <irene@kuboapps.es>', r: 'diego', b: `Jaja, nosotros nunca dejamos de contratar. ¿Cuál es vuestra tarifa para un data engineer senior? ¿Y trabajáis con perfiles en remoto desde Latam?`, n: 'trigger: nunca dejamos (never stop hiring)' },
);
add(
{ l: M, g: 'es', h: 'martes-10-meet', f: 'Raúl Jiménez <raul.jimenez@jimenez-ingenieria.es>', r: 'lucia', b: `El martes a las 10:00 me viene bien. Mándame la invitación por Google Meet.

Raúl`, n: 'concrete time' },
{ l: M, g: 'es', h: 'co-llamame', f: 'Natalia Herrera <nherrera@herrera-textiles.com.co>', r: 'diego', tz: '-0500', q: 'es-apple', b: `Llámame mañana en la tarde al +57 310 555 4821 y lo hablamos.

Enviado desde mi iPhone`, n: 'call me, Colombia' },
{ l: M, g: 'es', h: 'reserve-hueco', fmt: 'html', f: 'Sergio Delgado <sdelgado@delgado-seguros.es>', r: 'lucia', b: `Hola Lucía, he reservado un hueco en tu agenda para el jueves a las 16:00. Si te cuadra mejor otro día, dime.`, n: 'booked via link' },
);
add(
{ l: N, g: 'es', h: 'no-nos-interesa', f: 'Teresa Gómez <teresa@gomez-panaderias.es>', r: 'diego', b: `No nos interesa, gracias.`, n: 'short decline' },
{ l: N, g: 'es', h: 'equipo-propio-aws', f: 'Fernando Ruiz <f.ruiz@ruiz-electronica.es>', r: 'lucia', b: `Ya trabajamos con AWS directamente y tenemos equipo propio de infraestructura. No necesitamos a nadie externo.`, n: 'in-house' },
{ l: N, g: 'es', h: 'disclaimer-elimine', f: 'Lorena Cabrera <lcabrera@cabrera-consultores.es>', r: 'diego', q: 'outlook-es', sp: 'RE: ', cs: 'windows-1252', te: 'quoted-printable', b: `Gracias Diego, pero no es algo que necesitemos: trabajamos siempre con nuestra red de freelancers.

Lorena Cabrera

AVISO LEGAL: Este mensaje y sus anexos son confidenciales. Si usted no es el destinatario, le rogamos que lo comunique al remitente y lo elimine de su sistema. Para ejercer sus derechos de acceso, rectificación, supresión u oposición escriba a lopd@cabrera-consultores.es.`, n: 'trigger: disclaimer elimine / supresión; decline' },
);
add(
{ l: W, g: 'es', h: 'despues-verano', d: '2025-07-02T10:15:00Z', f: 'Beatriz Lozano <blozano@lozano-vinos.es>', r: 'lucia', b: `Ahora estamos con la campaña de verano. Escríbeme después del verano, en septiembre retomamos los proyectos de sistemas.`, n: 'after summer' },
{ l: W, g: 'es', h: 'enero-presupuesto', d: '2025-11-04T17:42:00Z', f: 'Óscar Medina <omedina@medina-grupo.mx>', r: 'diego', tz: '-0600', b: `Ahora no. Contáctame en enero, cuando ya tengamos aprobado el presupuesto del año.`, n: 'January' },
);
add(
{ l: P, g: 'es', h: 'no-soy-persona-rrhh', f: 'Cristina Vidal <cvidal@vidal-editorial.es>', r: 'diego', b: `Hola Diego, no soy la persona indicada. Escríbele a Marta Gil, nuestra responsable de RRHH: marta.gil@vidal-editorial.es`, n: 'names contact' },
{ l: P, g: 'es', h: 'auto-ya-no-trabaja', f: 'Hugo Serrano <hserrano@serrano-distribuciones.es>', r: 'lucia', sp: 'Respuesta automática: ', auto: 'exch', q: 'none', b: `Hugo Serrano ya no forma parte de Serrano Distribuciones. Su correo no será reenviado.

Para temas de tecnología, por favor diríjase a it@serrano-distribuciones.es.`, n: 'automatic note: left, names contact' },
);
add(
{ l: O, g: 'es', h: 'fuera-hasta-septiembre', d: '2025-08-18T08:05:00Z', f: 'Marta Iglesias <marta.iglesias@iglesias-arquitectos.es>', r: 'lucia', sp: 'Respuesta automática: ', auto: 'exch', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Estaré fuera de la oficina hasta el 2 de septiembre, con acceso limitado al correo. Para asuntos urgentes, contacte con Pablo Rey (prey@iglesias-arquitectos.es).

Un saludo,
Marta Iglesias`, n: 'OOO with contact, iso-8859-1' },
{ l: O, g: 'es', h: 'mx-bilingue', d: '2025-01-03T18:20:00Z', f: 'Ricardo Flores <rflores@floresmanufactura.mx>', r: 'diego', tz: '-0600', s: 'Fuera de la oficina / Out of office', auto: 'gmail', q: 'none', b: `Gracias por tu correo. Estoy de vacaciones y regreso el lunes 13 de enero.
Thanks for your email. I am on vacation and will be back on Monday, January 13.

Ricardo Flores`, n: 'ES/EN bilingual, Mexico' },
{ l: O, g: 'es', h: 'baja-medica', d: '2025-04-14T09:30:00Z', f: 'Elena Pascual <epascual@pascual-fisioterapia.es>', r: 'lucia', sp: 'Respuesta automática: ', auto: 'xauto', q: 'none', b: `Hola, me encuentro de baja médica hasta el 28/04. Tu mensaje será atendido a mi vuelta.`, n: 'sick leave (note: baja = leave here)' },
);
add(
{ l: A, g: 'es', h: 'incidencia', f: 'Atención al Cliente <atencion@telefonia-levante.es>', r: 'lucia', s: '[INC-774120] Hemos recibido su consulta', auto: 'helpdesk', q: 'none', b: `Estimado/a cliente:

Hemos recibido su consulta y se ha registrado con el número de incidencia INC-774120. Le responderemos en un plazo máximo de 72 horas laborables.

Por favor, no responda a este mensaje.

Telefonía Levante`, n: 'ticket number' },
{ l: A, g: 'es', h: 'info-gracias', f: 'Info <info@hostal-laplaza.es>', r: 'diego', sp: 'Re: ', auto: 'xauto', q: 'none', b: `¡Gracias por escribirnos! Este es un mensaje automático: hemos recibido tu correo y te responderemos lo antes posible.

Hostal La Plaza · Salamanca`, n: 'generic info@' },
);
add(
{ l: X, g: 'es', h: 'quien-dio-correo', f: 'Jorge Aguilar <jorge@aguilar-carpinteria.es>', r: 'diego', b: `¿Quién te ha dado mi correo?`, n: 'data source question only' },
{ l: X, g: 'es', h: 'ya-conteste-companero', f: 'Lucía Marín <lmarin@marin-hoteles.es>', r: 'lucia', b: `Ya le contesté a tu compañero Javier la semana pasada, habla con él.`, n: 'already replied to colleague' },
);

// ================================================================ ITALIAN
add(
{ l: U, g: 'it', h: 'cancellami', f: 'Roberto Gallo <r.gallo@gallo-impianti.it>', r: 'giulia', b: `CANCELLAMI`, n: 'one word as footer suggests' },
{ l: U, g: 'it', h: 'cancellare-indirizzo', f: 'Paola Ricci <paola.ricci@studioricci.it>', r: 'marco', cs: 'iso-8859-1', te: 'quoted-printable', q: 'outlook-it', sp: 'R: ', b: `Buongiorno,

vi prego di cancellare il mio indirizzo dalla vostra mailing list e di non contattarmi più.

Grazie,
Paola Ricci
Studio Ricci Commercialisti`, n: 'R: prefix, iso-8859-1' },
{ l: U, g: 'it', h: 'gdpr-smettetela', f: 'Alessandro Moretti <a.moretti@moretti-vini.it>', r: 'giulia', b: `È la terza mail in due settimane. Ai sensi dell'art. 21 del GDPR mi oppongo al trattamento dei miei dati per finalità di marketing. Smettetela di scrivermi.`, n: 'legal + angry' },
);
add(
{ l: I, g: 'it', h: 'quanto-costa-teamsystem', f: 'Francesca Lombardi <f.lombardi@lombardi-ricambi.it>', r: 'giulia', b: `Buongiorno Giulia,

quanto costa per circa 300 fatture al mese? Funziona anche con TeamSystem?

Grazie,
Francesca Lombardi
Amministrazione`, n: 'pricing question' },
{ l: I, g: 'it', h: 'smesso-vecchio-gestionale', f: 'Davide Marino <davide.marino@marino-arredi.it>', r: 'giulia', cs: 'iso-8859-1', te: '8bit', b: `Salve, abbiamo smesso di usare il vecchio gestionale a gennaio, quindi il tempismo è buono. Mi può mandare una brochure e il listino?`, n: 'trigger: smesso di usare -> interested; iso-8859-1 8bit' },
);
add(
{ l: M, g: 'it', h: 'giovedi-11-chiami', f: 'Simone Rinaldi <simone@rinaldi-trasporti.it>', r: 'marco', b: `Giovedì alle 11 va bene, mi chiami pure al 347 555 1290.

Inviato da iPhone`, n: 'time + phone' },
{ l: M, g: 'it', h: 'martedi-15-teams', fmt: 'html', f: 'Chiara Costa <chiara.costa@costa-cosmetici.it>', r: 'giulia', q: 'outlook-it', sp: 'R: ', b: `Buongiorno Giulia,

ci vediamo martedì alle 15:00 su Teams? Mandi pure l'invito a me e alla collega dell'amministrazione (amministrazione@costa-cosmetici.it).

Cordiali saluti,
Chiara Costa`, n: 'concrete time' },
);
add(
{ l: N, g: 'it', h: 'corriere-fiducia', f: 'Matteo Fontana <matteo@fontana-ceramiche.it>', r: 'marco', b: `No grazie, abbiamo già un corriere di fiducia da anni.`, n: 'have vendor' },
{ l: N, g: 'it', h: 'disclaimer-cancellarlo', f: 'Giorgio Bruno <g.bruno@bruno-spa.it>', r: 'giulia', fmt: 'alt', q: 'outlook-it', sp: 'R: ', b: `Gentile Giulia,

non siamo interessati, utilizziamo già il modulo di fatturazione del nostro ERP.

Giorgio Bruno
Bruno S.p.A.

Questo messaggio e i suoi allegati sono riservati e destinati esclusivamente al destinatario. Se lo avete ricevuto per errore, vi preghiamo di cancellarlo e di avvisare il mittente.`, n: 'trigger: disclaimer cancellarlo; decline' },
);
add(
{ l: W, g: 'it', h: 'dopo-estate', d: '2025-06-30T11:24:00Z', f: 'Laura Greco <laura.greco@greco-alimentari.it>', r: 'marco', b: `Mi ricontatti dopo l'estate, a settembre valutiamo i contratti di trasporto.`, n: 'after summer' },
{ l: W, g: 'it', h: 'gennaio', d: '2025-12-03T14:05:00Z', f: 'Stefano Conti <s.conti@conti-edilizia.it>', r: 'giulia', b: `Adesso no, siamo sotto chiusura di fine anno. Risentiamoci a gennaio.`, n: 'January' },
);
add(
{ l: P, g: 'it', h: 'responsabile-logistica', f: 'Elena Mancini <e.mancini@mancini-tessuti.it>', r: 'marco', b: `Buongiorno, non me ne occupo io. Scriva al nostro responsabile logistica, Luca Ferri: l.ferri@mancini-tessuti.it`, n: 'names contact' },
{ l: P, g: 'it', h: 'collega-non-lavora-piu', f: 'Anna Villa <anna.villa@villa-consulting.it>', r: 'giulia', to0: 'Sara Greco <s.greco@villa-consulting.it>', on: 'Sara', b: `Buongiorno,

la dott.ssa Greco non lavora più con noi. Per l'amministrazione può scrivere a amministrazione@villa-consulting.it.

Saluti,
Anna Villa`, n: 'colleague: addressee left, names contact' },
);
add(
{ l: O, g: 'it', h: 'fuori-ufficio-bilingue', d: '2025-08-11T06:50:00Z', f: 'Federico Russo <federico.russo@russo-meccanica.it>', r: 'marco', sp: 'Risposta automatica: ', auto: 'exch', q: 'none', b: `Sarò fuori ufficio fino al 25 agosto compreso. Per urgenze contattare l'ufficio commerciale allo 0521 555 880.

I will be out of the office until 25 August. For urgent matters please call our sales office.

Federico Russo`, n: 'IT/EN bilingual' },
{ l: O, g: 'it', h: 'ferie-agosto', d: '2025-08-12T09:10:00Z', f: 'Valentina Ferrari <v.ferrari@ferrari-ottica.it>', r: 'giulia', s: 'In ferie', auto: 'xauto', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Buongiorno,
sono in ferie dal 9 al 23 agosto. Risponderò alla sua mail al mio rientro.
Buona estate!`, n: 'holiday' },
);
add(
{ l: A, g: 'it', h: 'ticket-ricevuto', f: 'Assistenza Clienti <assistenza@energiaverde-italia.it>', r: 'giulia', s: 'Richiesta ricevuta - Ticket n. 55812', auto: 'helpdesk', q: 'none', b: `Gentile Cliente,

abbiamo ricevuto la sua richiesta, registrata con il numero di ticket 55812. Un nostro operatore la contatterà al più presto.

Questa è una risposta automatica, si prega di non rispondere.`, n: 'ticket ack' },
);
add(
{ l: X, g: 'it', h: 'chi-siete', f: 'Massimo De Luca <m.deluca@deluca-gioielli.it>', r: 'marco', b: `Scusi, ma chi siete? Non ricordo di avervi mai contattato.`, n: 'who are you' },
);

// ================================================================ PORTUGUESE
add(
{ l: U, g: 'pt', h: 'sair-one-word', f: 'Gustavo Pereira <gustavo@pereira-alimentos.com.br>', r: 'bea', tz: '-0300', b: `SAIR`, n: 'one word as footer suggests, BR' },
{ l: U, g: 'pt', h: 'lgpd-exclusao', f: 'Fernanda Lima <fernanda.lima@limaecia.com.br>', r: 'bea', tz: '-0300', b: `Prezada Beatriz,

com base na LGPD (Lei 13.709/2018, art. 18), solicito a exclusão dos meus dados pessoais da base de vocês e que não me enviem mais e-mails.

Atenciosamente,
Fernanda Lima`, n: 'LGPD, BR' },
{ l: U, g: 'pt', h: 'pt-retirem-contacto', f: 'João Carvalho <joao.carvalho@carvalho-engenharia.pt>', r: 'rui', cs: 'iso-8859-1', te: 'quoted-printable', q: 'outlook-pt', sp: 'RE: ', b: `Bom dia,

Agradeço que retirem o meu contacto da vossa base de dados. Não autorizei o envio deste tipo de comunicações.

Cumprimentos,
João Carvalho`, n: 'Portugal, indirect, iso-8859-1' },
);
add(
{ l: I, g: 'pt', h: 'br-quanto-custa', f: 'Thiago Ribeiro <thiago@lojasribeiro.com.br>', r: 'bea', tz: '-0300', b: `Oi Beatriz, quanto custa? A gente despacha uns 800 pedidos por mês pra todo o Brasil, a maioria pelo Sudeste. Vocês integram com a Nuvemshop?`, n: 'BR pricing + integration' },
{ l: I, g: 'pt', h: 'pt-deixamos-agencia', d: '2025-05-06T10:48:00Z', f: 'Inês Marques <ines.marques@marques-turismo.pt>', r: 'rui', b: `Olá Rui,

Deixámos de trabalhar com a agência anterior em março, por isso o timing é bom. Pode enviar-me mais informação sobre preços e como medem as reuniões "qualificadas"?

Obrigada,
Inês Marques`, n: 'trigger: deixámos de trabalhar -> interested; PT' },
{ l: I, g: 'pt', h: 'br-voltei-ferias', d: '2025-01-27T12:22:00Z', f: 'Camila Rocha <camila.rocha@rochadistribuidora.com.br>', r: 'bea', tz: '-0300', q: 'none', b: `Oi! Voltei das férias agora e vi seu e-mail. Pode mandar a apresentação sim, e se tiver algum case de distribuidora, melhor ainda.

Camila`, n: 'human back from holiday, interested' },
);
add(
{ l: M, g: 'pt', h: 'br-quinta-15h', f: 'Rafael Souza <rafael.souza@souzaautopecas.com.br>', r: 'bea', tz: '-0300', b: `Pode ser quinta às 15h? Me manda o convite no Google Meet.

Enviado do meu iPhone`, n: 'concrete time' },
{ l: M, g: 'pt', h: 'pt-ligue-me', f: 'Miguel Ferreira <miguel.ferreira@ferreira-seguros.pt>', r: 'rui', b: `Ligue-me amanhã de manhã para o 912 555 334, falamos melhor por telefone.`, n: 'call me' },
);
add(
{ l: N, g: 'pt', h: 'nao-temos-interesse', f: 'Ana Costa <ana.costa@costa-textil.pt>', r: 'rui', b: `Não temos interesse, obrigada.`, n: 'short decline' },
{ l: N, g: 'pt', h: 'br-ja-temos-contrato', fmt: 'html', f: 'Marcelo Alves <marcelo.alves@alvesagro.com.br>', r: 'bea', tz: '-0300', q: 'outlook-pt', b: `Beatriz, já temos contrato fechado com transportadora até 2027, não precisamos.

Marcelo Alves
Gerente de Logística | Alves Agro

Esta mensagem pode conter informação confidencial. Se você a recebeu por engano, por favor apague-a e avise o remetente.`, n: 'has vendor; disclaimer apague' },
);
add(
{ l: W, g: 'pt', h: 'br-segundo-semestre', d: '2025-03-12T19:02:00Z', f: 'Patrícia Gomes <patricia@gomesmoveis.com.br>', r: 'bea', tz: '-0300', b: `Oi Beatriz, agora estamos sem verba pra isso. Me procura de novo no segundo semestre que a gente conversa.`, n: 'second half of the year (no budget now)' },
);
add(
{ l: P, g: 'pt', h: 'br-fale-com-rodrigo', f: 'Juliana Martins <juliana@martinsexpress.com.br>', r: 'bea', tz: '-0300', b: `Oi, não sou eu que cuido disso não. Fale com o Rodrigo, do comercial: rodrigo.santos@martinsexpress.com.br`, n: 'names contact' },
);
add(
{ l: O, g: 'pt', h: 'br-ferias-urgencia', d: '2025-01-08T13:00:00Z', f: 'Eduardo Barbosa <eduardo.barbosa@barbosaquimica.com.br>', r: 'bea', tz: '-0300', sp: 'Resposta automática: ', auto: 'exch', q: 'none', b: `Olá,

Estou em férias até 20/01, com acesso restrito ao e-mail. Em caso de urgência, falar com a Luana pelo luana.dias@barbosaquimica.com.br.

Abraços,
Eduardo`, n: 'BR holiday with contact' },
{ l: O, g: 'pt', h: 'pt-ausente-maio', d: '2025-04-28T08:40:00Z', f: 'Sofia Almeida <sofia.almeida@almeida-clinica.pt>', r: 'rui', s: 'Ausente do escritório', auto: 'xauto', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Estarei ausente do escritório até dia 5 de maio, inclusive. Responderei à sua mensagem assim que possível após o meu regresso.

Sofia Almeida`, n: 'PT OOO iso-8859-1' },
);
add(
{ l: A, g: 'pt', h: 'br-protocolo', f: 'Atendimento <atendimento@segurosprimavera.com.br>', r: 'bea', tz: '-0300', s: 'Recebemos sua mensagem - Protocolo nº 2025031845', auto: 'helpdesk', q: 'none', b: `Olá!

Recebemos sua mensagem e ela foi registrada com o protocolo nº 2025031845. Nosso time retornará em até 2 dias úteis.

Esta é uma mensagem automática, por favor não responda.

Seguros Primavera`, n: 'protocol number' },
);
add(
{ l: X, g: 'pt', h: 'pt-onde-email', f: 'Tiago Sousa <tiago.sousa@sousa-vinhos.pt>', r: 'rui', b: `Onde é que conseguiram o meu e-mail?`, n: 'data source question only' },
{ l: X, g: 'pt', h: 'br-empty-reply', f: 'Bruno Nunes <bruno.nunes@nunesembalagens.com.br>', r: 'bea', tz: '-0300', b: ``, n: 'empty reply, only quoted outreach (with SAIR instruction)' },
);

// ================================================================ DUTCH
add(
{ l: U, g: 'nl', h: 'graag-uitschrijven', f: 'Pieter de Boer <pieter@deboer-installatie.nl>', r: 'bram', b: `Graag uitschrijven.`, n: 'short' },
{ l: U, g: 'nl', h: 'haal-me-van-lijst', f: 'Lotte Visser <lotte.visser@vissermedia.nl>', r: 'sanne', b: `haal me maar van de lijst aub, we hebben hier echt geen behoefte aan`, n: 'lowercase, per footer' },
{ l: U, g: 'nl', h: 'be-avg-bezwaar', f: 'Koen Peeters <koen.peeters@peeters-bouw.be>', r: 'bram', cs: 'iso-8859-1', te: 'quoted-printable', q: 'outlook-nl', sp: 'Antw: ', b: `Geachte heer Jansen,

Op grond van de AVG maak ik bezwaar tegen het gebruik van mijn persoonsgegevens voor direct marketing. Gelieve mijn gegevens te verwijderen en mij geen e-mails meer te sturen.

Met vriendelijke groeten,
Koen Peeters
Zaakvoerder - Peeters Bouw BV`, n: 'Belgium AVG, Antw: prefix' },
);
add(
{ l: I, g: 'nl', h: 'wat-kost-hubspot', f: 'Daan Bakker <daan@bakker-software.nl>', r: 'sanne', b: `Hoi Sanne,

Quick question: wat kost dat ongeveer voor een team van 15 man? We zitten op HubSpot Sales Hub Pro, dus de integration is key voor ons.

Daan`, n: 'pricing, Dutch-English mix' },
{ l: I, g: 'nl', h: 'gestopt-salesforce', f: 'Eva Mulder <eva.mulder@mulderadvies.nl>', r: 'sanne', b: `We zijn vorige maand gestopt met Salesforce (te duur voor wat we ermee doen), dus goede timing. Stuur maar wat info over jullie inrichting en prijzen.`, n: 'trigger: gestopt met X -> interested' },
{ l: I, g: 'nl', h: 'altijd-monteurs', f: 'Ruud Smit <ruud@smit-techniek.nl>', r: 'bram', b: `Monteurs zoeken we altijd, daar stopt het nooit mee haha. Wat rekenen jullie per plaatsing? En werken jullie ook in Brabant?`, n: 'trigger: stopt nooit (never stops) -> interested' },
);
add(
{ l: M, g: 'nl', h: 'donderdag-10-teams', f: 'Femke Dekker <femke.dekker@dekker-zorg.nl>', r: 'sanne', q: 'outlook-nl', sp: 'RE: ', b: `Hoi Sanne,

Donderdag om 10:00 schikt. Stuur maar een Teams-uitnodiging.

Groet,
Femke`, n: 'concrete time' },
{ l: M, g: 'nl', h: 'bel-me-vandaag', f: 'Jeroen Hendriks <jeroen@hendriks-transport.nl>', r: 'bram', b: `Bel me maar even op 06-12345678, vandaag na 15u ben ik bereikbaar.

Verstuurd vanaf mijn iPhone`, n: 'call me' },
);
add(
{ l: N, g: 'nl', h: 'al-partner', fmt: 'html', f: 'Sanne Willems <s.willems@willems-retail.nl>', r: 'sanne', b: `Nee dank je, we hebben al een partner die ons CRM beheert.`, n: 'has vendor' },
{ l: N, g: 'nl', h: 'geen-interesse-disclaimer', f: 'Mark van Dijk <m.vandijk@vandijk-accountants.nl>', r: 'bram', fmt: 'alt', q: 'outlook-nl', sp: 'RE: ', b: `Geen interesse.

Mark van Dijk

Dit bericht is uitsluitend bestemd voor de geadresseerde. Indien u dit bericht onterecht ontvangt, wordt u verzocht de afzender te informeren en het bericht te verwijderen.`, n: 'trigger: disclaimer verwijderen; decline' },
);
add(
{ l: W, g: 'nl', h: 'na-de-zomer', d: '2025-06-10T12:12:00Z', f: 'Tim de Groot <tim@degroot-events.nl>', r: 'sanne', b: `Neem na de zomer maar contact op, dan kijken we verder. Nu draait alles om het festivalseizoen.`, n: 'after summer' },
{ l: W, g: 'nl', h: 'q1-volgend-jaar', d: '2025-09-23T14:50:00Z', f: 'Ilse Vermeulen <ilse.vermeulen@vermeulen-groep.nl>', r: 'bram', b: `Misschien in Q1 volgend jaar, dan hebben we budget voor nieuwe vacatures.`, n: 'Q1 next year' },
);
add(
{ l: P, g: 'nl', h: 'niet-juiste-persoon', f: 'Sophie Jansen <sophie@jansen-bakkerij.nl>', r: 'sanne', b: `Ik ben niet de juiste persoon hiervoor, probeer Joost van den Berg (joost@jansen-bakkerij.nl), hij doet onze verkoop.`, n: 'names contact' },
);
add(
{ l: O, g: 'nl', h: 'tm-30-8-bilingue', d: '2025-08-15T07:22:00Z', f: 'Wouter Kok <wouter.kok@kok-logistiek.nl>', r: 'bram', sp: 'Automatisch antwoord: ', auto: 'exch', q: 'none', b: `Ik ben afwezig t/m 30-8. Voor dringende zaken kunt u contact opnemen met planning@kok-logistiek.nl.

I am out of office until 30 August. For urgent matters please contact planning@kok-logistiek.nl.`, n: 'NL/EN bilingual, t/m date' },
{ l: O, g: 'nl', h: 'ziekte-geen-datum', f: 'Anouk Meijer <anouk@meijer-interieur.nl>', r: 'sanne', s: 'Afwezig', auto: 'xautor', q: 'none', b: `Wegens ziekte ben ik tot nader bericht afwezig. Uw e-mail wordt niet doorgestuurd. Voor vragen kunt u bellen met ons kantoor: 020 555 1122.`, n: 'sick, no return date' },
);
add(
{ l: A, g: 'nl', h: 'bedankt-2-werkdagen', f: 'Klantenservice <klantenservice@fietsplein.nl>', r: 'sanne', sp: 'Re: ', auto: 'xauto', q: 'none', b: `Bedankt voor je bericht! We hebben het goed ontvangen en reageren binnen 2 werkdagen.

Dit is een automatisch antwoord.

Team Fietsplein`, n: 'generic autoresponder' },
);
add(
{ l: X, g: 'nl', h: 'hoe-emailadres', f: 'Henk Bos <henk@bos-hoveniers.nl>', r: 'bram', b: `Hoe komen jullie eigenlijk aan mijn e-mailadres?`, n: 'data source question only' },
);

// ================================================================ POLISH
add(
{ l: U, g: 'pl', h: 'usuniecie-z-bazy', f: 'Agnieszka Kowalczyk <a.kowalczyk@kowalczyk-meble.pl>', r: 'piotr', cs: 'iso-8859-2', te: 'quoted-printable', sp: 'Odp: ', b: `Dzień dobry,

proszę o usunięcie mojego adresu z Państwa bazy mailingowej.

Pozdrawiam
Agnieszka Kowalczyk`, n: 'polite removal; iso-8859-2 QP' },
{ l: U, g: 'pl', h: 'rodo-sprzeciw', f: 'Marek Wiśniewski <marek.wisniewski@wisniewski-transport.pl>', r: 'kasia', q: 'outlook-pl', sp: 'RE: ', cs: 'iso-8859-2', te: 'quoted-printable', b: `Pani Katarzyno,

na podstawie art. 21 RODO wnoszę sprzeciw wobec przetwarzania moich danych osobowych w celach marketingowych. Proszę więcej do mnie nie pisać.

Marek Wiśniewski
Prezes Zarządu`, n: 'RODO objection, iso-8859-2' },
);
add(
{ l: I, g: 'pl', h: 'ile-kosztuje-java', f: 'Tomasz Lewandowski <tomasz@lewandowski-soft.pl>', r: 'kasia', b: `Dzień dobry,

ile to kosztuje przy 3 rekrutacjach w kwartale? Szukamy głównie seniorów Java i jednego DevOpsa.

Tomasz Lewandowski
CTO`, n: 'pricing' },
{ l: I, g: 'pl', h: 'przestalismy-wms', f: 'Joanna Kamińska <j.kaminska@kaminska-hurt.pl>', r: 'piotr', cs: 'iso-8859-2', te: '8bit', sp: 'Odp: ', b: `Dzień dobry Panie Piotrze,

przestaliśmy korzystać z poprzedniego systemu WMS, bo dostawca zakończył wsparcie. Proszę o ofertę i informację, czy system działa z czytnikami Zebra.

Pozdrawiam
Joanna Kamińska`, n: 'trigger: przestaliśmy korzystać -> interested; iso-8859-2 8bit' },
);
add(
{ l: M, g: 'pl', h: 'wtorek-11-teams', f: 'Paweł Zając <pawel.zajac@zajac-budownictwo.pl>', r: 'piotr', sp: 'Odp: ', b: `Pasuje mi wtorek o 11:00. Proszę przesłać zaproszenie na Teams.

Paweł Zając`, n: 'concrete time' },
);
add(
{ l: N, g: 'pl', h: 'nie-jestesmy-zainteresowani', f: 'Magdalena Szymańska <m.szymanska@szymanska-kosmetyki.pl>', r: 'kasia', sp: 'Odp: ', b: `Dziękuję, nie jesteśmy zainteresowani.`, n: 'short decline' },
{ l: N, g: 'pl', h: 'wlasny-dzial-hr', fmt: 'html', f: 'Krzysztof Dąbrowski <k.dabrowski@dabrowski-it.pl>', r: 'kasia', q: 'outlook-pl', sp: 'RE: ', b: `Dzień dobry,
mamy własny dział HR i nie korzystamy z usług agencji rekrutacyjnych.
Pozdrawiam,
Krzysztof Dąbrowski`, n: 'in-house' },
);
add(
{ l: W, g: 'pl', h: 'po-wakacjach', d: '2025-07-15T10:30:00Z', f: 'Ewa Wójcik <ewa.wojcik@wojcik-logistyka.pl>', r: 'piotr', sp: 'Odp: ', cs: 'iso-8859-2', te: 'quoted-printable', b: `Proszę odezwać się po wakacjach, we wrześniu. Teraz połowa zespołu jest na urlopach.`, n: 'September' },
);
add(
{ l: P, g: 'pl', h: 'nie-zajmuje-sie', f: 'Barbara Mazur <b.mazur@mazur-serwis.pl>', r: 'kasia', sp: 'Odp: ', b: `Nie zajmuję się rekrutacją. Proszę napisać do Pana Tomasza Wójcika: t.wojcik@mazur-serwis.pl`, n: 'names contact' },
);
add(
{ l: O, g: 'pl', h: 'urlop-15-09', d: '2025-09-02T06:15:00Z', f: 'Adam Krawczyk <adam.krawczyk@krawczyk-stal.pl>', r: 'piotr', sp: 'Automatyczna odpowiedź: ', auto: 'exch', q: 'none', cs: 'iso-8859-2', te: 'quoted-printable', b: `Dzień dobry,

jestem na urlopie do 15.09.2025 r. W pilnych sprawach proszę kontaktować się z biurem: biuro@krawczyk-stal.pl.

Adam Krawczyk`, n: 'holiday, iso-8859-2' },
{ l: O, g: 'pl', h: 'l4-bilingue', d: '2025-03-27T08:00:00Z', f: 'Natalia Piotrowska <natalia.piotrowska@piotrowska-design.pl>', r: 'kasia', s: 'Nieobecność / Out of office', auto: 'gmail', q: 'none', b: `Przebywam na zwolnieniu lekarskim do 04.04. Odpowiem po powrocie.
I am on sick leave until 4 April and will reply when I am back.`, n: 'PL/EN bilingual sick leave' },
);
add(
{ l: X, g: 'pl', h: 'czy-automatycznie', f: 'Grzegorz Pawlak <g.pawlak@pawlak-auto.pl>', r: 'kasia', sp: 'Odp: ', b: `Czy ta wiadomość jest wysyłana automatycznie? Bo dostaję już drugi raz to samo, słowo w słowo.`, n: 'question about the email itself' },
);

// ================================================================ SWEDISH
add(
{ l: U, g: 'sv', h: 'avregistrera', f: 'Lars Johansson <lars.johansson@johansson-bygg.se>', r: 'erik', sp: 'SV: ', q: 'outlook-sv', b: `AVREGISTRERA`, n: 'one word per footer' },
{ l: U, g: 'sv', h: 'sluta-skicka', f: 'Karin Andersson <karin@anderssons-blommor.se>', r: 'erik', b: `Sluta skicka mejl till mig, tack. Jag har aldrig bett om det här.`, n: 'stop emailing' },
);
add(
{ l: I, g: 'sv', h: 'fortnox-pris', fmt: 'alt', f: 'Johan Nilsson <johan.nilsson@nilsson-konsult.se>', r: 'erik', b: `Hej Erik,

Vad kostar det för ca 200 fakturor i månaden? Och funkar det med Fortnox?

/Johan`, n: 'pricing' },
{ l: I, g: 'sv', h: 'slutade-gamla-systemet', d: '2025-09-09T07:55:00Z', f: 'Maria Eriksson <maria.eriksson@eriksson-el.se>', r: 'erik', sp: 'SV: ', q: 'outlook-sv', b: `Hej,

Vi slutade använda vårt gamla faktureringssystem i våras, så skicka gärna mer info och prisexempel.

Vänliga hälsningar
Maria Eriksson
Ekonomiansvarig, Erikssons El AB`, n: 'trigger: slutade använda -> interested' },
);
add(
{ l: M, g: 'sv', h: 'torsdag-13', f: 'Anders Larsson <anders@larsson-verkstad.se>', r: 'erik', b: `Torsdag kl 13 funkar. Skicka en inbjudan så ses vi på Teams.`, n: 'concrete time' },
);
add(
{ l: N, g: 'sv', h: 'nej-tack-nojda', f: 'Eva Svensson <eva.svensson@svensson-redovisning.se>', r: 'erik', b: `Nej tack, vi är nöjda med det vi har.`, n: 'decline' },
);
add(
{ l: W, g: 'sv', h: 'efter-sommaren', d: '2025-06-12T13:14:00Z', f: 'Peter Gustafsson <peter.gustafsson@gustafsson-transport.se>', r: 'erik', b: `Hej! Hör av dig efter sommaren, i augusti, så kan vi ta ett snack då.`, n: 'August' },
);
add(
{ l: P, g: 'sv', h: 'ekonomichef', f: 'Sara Persson <sara.persson@persson-design.se>', r: 'erik', b: `Det är inte jag som ansvarar för det, prata med vår ekonomichef Anna Berg (anna.berg@persson-design.se).`, n: 'names contact' },
);
add(
{ l: O, g: 'sv', h: 'semester-bilingue', d: '2025-07-21T05:45:00Z', f: 'Mikael Olsson <mikael.olsson@olsson-fastigheter.se>', r: 'erik', sp: 'Automatiskt svar: ', auto: 'exch', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Hej,
Jag är på semester till och med 18/8 och läser inte mejl. Vid brådskande ärenden, kontakta kontoret på 08-555 123 40.

Hi,
I'm on vacation until 18 August. For urgent matters, please call our office.

Mikael Olsson`, n: 'SV/EN bilingual, iso-8859-1' },
{ l: O, g: 'sv', h: 'foraldraledig', d: '2025-10-06T09:20:00Z', f: 'Emma Karlsson <emma.karlsson@karlsson-media.se>', r: 'erik', sp: 'Autosvar: ', auto: 'xauto', q: 'none', b: `Tack för ditt mejl! Jag är föräldraledig till och med 1 mars 2026. Kontakta gärna min kollega Oskar Lind, oskar.lind@karlsson-media.se.`, n: 'parental leave' },
);
add(
{ l: A, g: 'sv', h: 'arende-24h', f: 'Kundtjänst <kundtjanst@nordvarme.se>', r: 'erik', s: 'Vi har tagit emot ditt ärende (#SE-4471)', auto: 'helpdesk', q: 'none', b: `Hej!

Tack för ditt mejl. Vi har tagit emot ditt ärende med nummer SE-4471 och återkommer inom 24 timmar.

Detta är ett automatiskt meddelande.

Nordvärme Kundtjänst`, n: 'ticket' },
);
add(
{ l: X, g: 'sv', h: 'bot-fraga', f: 'Henrik Lindberg <henrik@lindberg-foto.se>', r: 'erik', b: `Är det här ett riktigt mejl eller en bot? Känns som det tredje likadana jag får i år.`, n: 'is this a bot' },
);

// ================================================================ DANISH
add(
{ l: U, g: 'da', h: 'afmeld', f: 'Søren Christensen <soren@christensen-vvs.dk>', r: 'mette', b: `Afmeld`, n: 'one word per footer' },
{ l: W, g: 'da', h: 'efter-sommerferien', d: '2025-06-05T10:10:00Z', f: 'Camilla Hansen <camilla.hansen@hansen-engros.dk>', r: 'mette', b: `Hej Mette

Skriv igen efter sommerferien, så kigger vi på det. Lige nu har vi travlt med lageroptælling.

Mvh Camilla`, n: 'after summer holiday' },
{ l: O, g: 'da', h: 'ferie-bilingue', d: '2025-07-14T08:30:00Z', f: 'Rasmus Pedersen <rasmus.pedersen@pedersen-foods.dk>', r: 'mette', s: 'Fraværende / Out of office', auto: 'exch', q: 'none', cs: 'iso-8859-1', te: 'quoted-printable', b: `Jeg er på ferie til og med 11. august og læser ikke mails. I akutte tilfælde kontakt kontoret på 70 55 12 34.

I am on holiday until 11 August. For urgent matters please call our office.`, n: 'DA/EN bilingual, iso-8859-1' },
{ l: P, g: 'da', h: 'indkobschef', f: 'Louise Madsen <louise.madsen@madsen-el.dk>', r: 'mette', b: `Hej, det er ikke mig, du skal skrive til vores indkøbschef Lars Nielsen (lan@madsen-el.dk).`, n: 'names contact' },
);

// ================================================================ RUSSIAN
add(
{ l: U, g: 'ru', h: 'otpishite-koi8', f: 'Ирина Смирнова <i.smirnova@stroymarket.ru>', r: 'dmitry', cs: 'koi8-r', te: '8bit', b: `Отпишите меня, пожалуйста, от вашей рассылки. Больше не пишите на этот адрес.`, n: 'koi8-r 8bit' },
{ l: I, g: 'ru', h: 'skolko-stoit', fmt: 'alt', f: 'Алексей Кузнецов <a.kuznetsov@tk-vostok.ru>', r: 'dmitry', b: `Добрый день, Дмитрий.

Сколько стоит внедрение для склада площадью около 2000 кв. м? Работаете ли вы с 1С?

Алексей Кузнецов
Руководитель логистики, ТК Восток`, n: 'pricing + integration' },
{ l: O, g: 'ru', h: 'otpusk-koi8-b64', d: '2025-07-01T06:35:00Z', f: 'Ольга Попова <o.popova@agrotech-yug.ru>', r: 'dmitry', sp: 'Автоматический ответ: ', auto: 'exch', q: 'none', cs: 'koi8-r', te: 'base64', b: `Здравствуйте!

Я в отпуске до 15.07. По срочным вопросам обращайтесь к Сергею Волкову: s.volkov@agrotech-yug.ru.

С уважением,
Ольга Попова`, n: 'koi8-r base64' },
{ l: N, g: 'ru', h: 'ne-aktualno', f: 'Николай Соколов <n.sokolov@bumprom.ru>', r: 'dmitry', b: `Спасибо, не актуально. У нас уже есть WMS, нас всё устраивает.`, n: 'has solution' },
);

// ================================================================ JAPANESE
add(
{ l: U, g: 'ja', h: 'haishin-teishi', f: '山本 浩二 <k.yamamoto@sakura-butsuryu.co.jp>', r: 'tanaka', on: '山本', co: '株式会社さくら物流', cs: 'iso-2022-jp', te: '7bit', b: `田中様

お世話になっております。
配信停止をお願いいたします。今後のご連絡は不要です。

山本`, n: 'iso-2022-jp 7bit' },
{ l: O, g: 'ja', h: 'kaki-kyuka-sjis', d: '2025-08-12T10:15:00Z', f: '佐藤 美咲 <m.sato@hikari-denki.co.jp>', r: 'tanaka', s: '【自動返信】夏季休暇のお知らせ', auto: 'xauto', q: 'none', cs: 'shift_jis', te: 'base64', b: `お問い合わせありがとうございます。

誠に勝手ながら、8月9日（土）から8月17日（日）まで夏季休暇をいただいております。
8月18日（月）以降、順次ご返信いたします。

佐藤 美咲
光電機株式会社`, n: 'shift_jis base64 summer holiday' },
{ l: A, g: 'ja', h: 'jidou-soushin', f: 'お問い合わせ窓口 <info@midori-shokuhin.co.jp>', r: 'tanaka', s: 'お問い合わせを受け付けました', auto: 'helpdesk', q: 'none', te: 'base64', b: `※本メールは自動送信です。

お問い合わせいただき、ありがとうございます。
担当者より3営業日以内にご連絡いたします。

みどり食品株式会社`, n: 'utf-8 base64 auto ack' },
{ l: I, g: 'ja', h: 'shiryou-onegai', f: '鈴木 大輔 <d.suzuki@aoba-kogyo.co.jp>', r: 'tanaka', on: '鈴木', co: '青葉工業株式会社', cs: 'iso-2022-jp', te: '7bit', b: `田中様

ご連絡ありがとうございます。青葉工業の鈴木です。
資料をお送りいただけますでしょうか。料金体系についても教えていただけると助かります。

よろしくお願いいたします。

鈴木 大輔`, n: 'iso-2022-jp, asks for materials and pricing' },
);

// ================================================================ main
function main() {
  const rng0 = mulberry(20250901);
  const order = D.map((e, i) => ({ e, k: rng0() })).sort((a, b) => a.k - b.k).map(x => x.e);
  const seen = new Set();
  for (const f of fs.readdirSync(OUT)) if (f.endsWith('.eml') || f === 'labels.csv') fs.unlinkSync(path.join(OUT, f));
  const rows = ['file,label,language,notes'];
  const cl = {}, cg = {}; let trig = 0;
  order.forEach((e, i) => {
    const key = e.g + e.h; if (seen.has(key)) throw new Error('dup hint ' + key); seen.add(key);
    const idx = i + 1;
    const buf = build(e, idx, mulberry(hash(e.h) + idx));
    const name = `${String(idx).padStart(3, '0')}-${e.l}-${e.g}-${e.h}.eml`;
    fs.writeFileSync(path.join(OUT, name), buf);
    let notes = e.n || ''; const addN = t => { if (!notes.toLowerCase().includes(t.toLowerCase())) notes += (notes ? '; ' : '') + t; };
    if (e.cs && e.cs !== 'utf-8') addN(e.cs); if (e.fmt === 'html') addN('HTML only'); if (e.fmt === 'alt') addN('multipart/alternative'); if (e.te && e.te !== '7bit') addN(e.te === 'quoted-printable' ? 'QP' : e.te);
    rows.push([name, e.l, e.g, '"' + notes.replace(/"/g, '""') + '"'].join(','));
    cl[e.l] = (cl[e.l] || 0) + 1; cg[e.g] = (cg[e.g] || 0) + 1; if (e.l !== 'unsubscribe' && /trigger/.test(e.n || '')) trig++;
  });
  fs.writeFileSync(path.join(OUT, 'labels.csv'), rows.join('\n') + '\n');
  console.log('total', order.length); console.log('labels', cl); console.log('langs', cg); console.log('non-unsub with trigger words (notes):', trig);
}
main();
