// generate.mjs — builds the reply corpus (.eml files, labels.csv) from the data tables in ./data/
// Node 20, no packages. Legacy charsets are encoded with tables built by inverting the
// WHATWG TextDecoder (windows-1252, iso-8859-2, koi8-r, shift_jis, euc-jp -> iso-2022-jp);
// iso-8859-1 uses Buffer 'latin1' restricted to U+0000-007F and U+00A0-00FF.
// Every generated body is decoded again and compared with its source text (self-check).
//
// usage: node generate.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPS } from './data/reps.mjs';

const OUT = path.dirname(fileURLToPath(import.meta.url));
const LANG_FILES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'sv', 'other'];
const START = 501;

// ---------------------------------------------------------------- PRNG
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, arr) => arr[Math.floor(r() * arr.length)];
const hex = (r, n) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');
const alnum = (r, n, set = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789') =>
  Array.from({ length: n }, () => set[Math.floor(r() * set.length)]).join('');

// ---------------------------------------------------------------- charsets
const encTables = {};
// Node's TextDecoder('windows-1252') returns C1 controls for 0x80-0x9F, so that range is tabled here.
const CP1252_HI = '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';
function cp1252Decode(buf) {
  let s = '';
  for (const b of buf) s += b >= 0x80 && b < 0xa0 ? CP1252_HI[b - 0x80] : String.fromCharCode(b);
  return s;
}
function singleByteTable(label) {
  const dec = label === 'windows-1252' ? { decode: (u) => cp1252Decode(u) } : new TextDecoder(label);
  const map = new Map();
  for (let b = 0; b < 256; b++) {
    const ch = dec.decode(Uint8Array.of(b));
    if (ch !== '\uFFFD' && !map.has(ch)) map.set(ch, [b]);
  }
  return map;
}
function shiftJisTable() {
  const dec = new TextDecoder('shift_jis');
  const map = new Map();
  for (let b = 0; b < 0x80; b++) map.set(String.fromCharCode(b), [b]);
  for (let l = 0x81; l <= 0xfc; l++) {
    if (l > 0x9f && l < 0xe0) continue;
    for (let t = 0x40; t <= 0xfc; t++) {
      if (t === 0x7f) continue;
      const ch = dec.decode(Uint8Array.of(l, t));
      if (ch.length === 1 && ch !== '\uFFFD' && !map.has(ch)) map.set(ch, [l, t]);
    }
  }
  return map;
}
function jisTable() { // JIS X 0208 from EUC-JP
  const dec = new TextDecoder('euc-jp');
  const map = new Map();
  for (let l = 0xa1; l <= 0xfe; l++) for (let t = 0xa1; t <= 0xfe; t++) {
    const ch = dec.decode(Uint8Array.of(l, t));
    if (ch.length === 1 && ch !== '\uFFFD' && !map.has(ch)) map.set(ch, [l - 0x80, t - 0x80]);
  }
  return map;
}
function encode(text, charset) {
  const cs = charset.toLowerCase();
  if (cs === 'utf-8' || cs === 'us-ascii') {
    const b = Buffer.from(text, 'utf8');
    if (cs === 'us-ascii' && /[^\x00-\x7f]/.test(text)) throw new Error('non-ASCII in us-ascii text');
    return b;
  }
  if (cs === 'iso-8859-1') {
    for (const ch of text) {
      const c = ch.codePointAt(0);
      if (c > 0xff || (c >= 0x80 && c < 0xa0)) throw new Error(`char ${ch} U+${c.toString(16)} not in iso-8859-1`);
    }
    return Buffer.from(text, 'latin1');
  }
  if (cs === 'iso-2022-jp') {
    const t = encTables[cs] ||= jisTable();
    const out = [];
    let mode = 'ascii';
    for (const ch of text) {
      const c = ch.codePointAt(0);
      if (c < 0x80) {
        if (mode !== 'ascii') { out.push(0x1b, 0x28, 0x42); mode = 'ascii'; }
        out.push(c);
      } else {
        const bytes = t.get(ch);
        if (!bytes) throw new Error(`char ${ch} not in JIS X 0208`);
        if (mode !== 'jis') { out.push(0x1b, 0x24, 0x42); mode = 'jis'; }
        out.push(...bytes);
      }
      if (ch === '\n' && mode !== 'ascii') throw new Error('newline inside JIS run');
    }
    if (mode !== 'ascii') out.push(0x1b, 0x28, 0x42);
    return Buffer.from(out);
  }
  const t = encTables[cs] ||= (cs === 'shift_jis' ? shiftJisTable() : singleByteTable(cs));
  const out = [];
  for (const ch of text) {
    const bytes = t.get(ch);
    if (!bytes) throw new Error(`char ${ch} U+${ch.codePointAt(0).toString(16)} not in ${cs}`);
    out.push(...bytes);
  }
  return Buffer.from(out);
}
function decode(buf, charset) {
  const cs = charset.toLowerCase();
  if (cs === 'iso-8859-1') return buf.toString('latin1');
  if (cs === 'windows-1252') return cp1252Decode(buf);
  return new TextDecoder(cs === 'us-ascii' ? 'utf-8' : cs).decode(buf);
}

// ---------------------------------------------------------------- transfer encodings
function qpEncode(buf) {
  // buf contains CRLF line breaks; hard breaks stay CRLF, soft breaks "=" CRLF at 76
  const lines = [];
  let cur = [];
  const flushLine = (arr) => {
    // arr: array of byte values for one hard line
    let out = '';
    let line = '';
    for (let i = 0; i < arr.length; i++) {
      const b = arr[i];
      let tok;
      const isLast = i === arr.length - 1;
      if ((b === 0x20 || b === 0x09) && isLast) tok = '=' + b.toString(16).toUpperCase().padStart(2, '0');
      else if (b === 0x3d || b < 0x20 && b !== 0x09 || b > 0x7e) tok = '=' + b.toString(16).toUpperCase().padStart(2, '0');
      else tok = String.fromCharCode(b);
      if (line.length + tok.length > 75) { out += line + '=\r\n'; line = ''; }
      line += tok;
    }
    return out + line;
  };
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 0x0d && buf[i + 1] === 0x0a) { lines.push(flushLine(cur)); cur = []; i++; }
    else cur.push(buf[i]);
  }
  lines.push(flushLine(cur));
  return lines.join('\r\n');
}
function qpDecode(s) {
  s = s.replace(/=\r\n/g, '');
  const out = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-F]{2}$/.test(s.slice(i + 1, i + 3))) { out.push(parseInt(s.slice(i + 1, i + 3), 16)); i += 2; }
    else out.push(s.charCodeAt(i));
  }
  return Buffer.from(out);
}
function b64Lines(buf) {
  return buf.toString('base64').replace(/.{76}/g, '$&\r\n').replace(/\r\n$/, '');
}
const crlf = (s) => s.replace(/\r?\n/g, '\r\n');

function encodeBodyPart(text, charset, cte) {
  const bytes = encode(crlf(text), charset);
  let body;
  if (cte === 'base64') body = b64Lines(bytes);
  else if (cte === 'quoted-printable') body = qpEncode(bytes);
  else if (cte === '7bit') {
    if (bytes.some((b) => b > 0x7f)) throw new Error('8-bit data in 7bit part');
    body = bytes.toString('latin1');
  } else body = bytes.toString('latin1'); // 8bit: raw bytes, written as latin1 to keep byte values
  // self-check
  let back;
  if (cte === 'base64') back = Buffer.from(body.replace(/\r\n/g, ''), 'base64');
  else if (cte === 'quoted-printable') back = qpDecode(body);
  else back = Buffer.from(body, 'latin1');
  if (decode(back, charset) !== crlf(text)) throw new Error(`round-trip failed for ${charset}/${cte}`);
  return body;
}

// ---------------------------------------------------------------- headers
const isAscii = (s) => /^[\x00-\x7f]*$/.test(s);
function encodedWords(value, charset, method) {
  // split value into chunks so each encoded word stays <= 75 chars
  const cs = charset;
  const words = [];
  let chunk = '';
  const wordFor = (txt) => {
    const bytes = encode(txt, cs);
    if (method === 'Q') {
      let q = '';
      for (const b of bytes) {
        const c = String.fromCharCode(b);
        if (b === 0x20) q += '_';
        else if (/[A-Za-z0-9!*+\-/]/.test(c)) q += c;
        else q += '=' + b.toString(16).toUpperCase().padStart(2, '0');
      }
      return `=?${cs}?Q?${q}?=`;
    }
    return `=?${cs}?B?${bytes.toString('base64')}?=`;
  };
  for (const ch of value) {
    const next = chunk + ch;
    if (wordFor(next).length > 75 && chunk) { words.push(wordFor(chunk)); chunk = ch; }
    else chunk = next;
  }
  if (chunk) words.push(wordFor(chunk));
  return words;
}
function headerValue(value, charset, method) {
  if (isAscii(value)) return value;
  let cs = charset;
  try { encode(value, cs); } catch { cs = 'utf-8'; }
  return encodedWords(value, cs, method).join('\r\n ');
}
function fold(name, value) {
  // fold plain (non-encoded) header at whitespace to keep lines < 78 when possible
  if (value.includes('\r\n')) return `${name}: ${value}`;
  let line = `${name}: `;
  const out = [];
  for (const tok of value.split(/(?= )/)) {
    if (line.length + tok.length > 76 && line.trim().length > name.length + 1) { out.push(line.replace(/ $/, '')); line = tok.startsWith(' ') ? tok : ' ' + tok; }
    else line += tok;
  }
  out.push(line);
  return out.join('\r\n');
}
function addrHeader(addr, charset, method) {
  // "Name <a@b>" — encode display name only
  return addr.split(/,\s*(?=[^,]*<)/).map((one) => {
    const m = one.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
    if (!m || !m[1]) return one.trim();
    const name = m[1];
    if (isAscii(name)) return /[,.;:@()]/.test(name) ? `"${name}" <${m[2]}>` : `${name} <${m[2]}>`;
    return `${headerValue(name, charset, method)} <${m[2]}>`;
  }).join(', ');
}

// ---------------------------------------------------------------- dates
const TZ = {
  'us-e': [-300, -240], 'us-c': [-360, -300], 'us-p': [-480, -420], uk: [0, 60], ie: [0, 60], cet: [60, 120],
  pt: [0, 60], br: [-180, -180], msk: [180, 180], jst: [540, 540], in: [330, 330], au: [660, 600], sg: [480, 480],
  ca: [-300, -240], za: [120, 120], mx: [-360, -360], ar: [-180, -180], utc: [0, 0],
};
const LANG_TZ = { en: 'us-e', de: 'cet', fr: 'cet', es: 'cet', it: 'cet', pt: 'pt', nl: 'cet', pl: 'cet', sv: 'cet', da: 'cet', ru: 'msk', ja: 'jst' };
function isSummer(y, m, d) { // EU/US rule approximated: last Sunday of March .. last Sunday of October
  const lastSun = (mm) => { const dt = new Date(Date.UTC(y, mm, 0)); return dt.getUTCDate() - dt.getUTCDay(); };
  if (m > 3 && m < 10) return true;
  if (m === 3) return d >= lastSun(3);
  if (m === 10) return d < lastSun(10);
  return false;
}
const WD = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n, w = 2) => String(n).padStart(w, '0');
function mkLocal(str, tzKey, r) { // "2025-03-04 09:12" -> {y,m,d,H,M,S,off,utcMs}
  const m = str.match(/^(\d{4})-(\d\d)-(\d\d)(?: (\d\d):(\d\d)(?::(\d\d))?)?$/);
  if (!m) throw new Error('bad date ' + str);
  const [y, mo, d] = [+m[1], +m[2], +m[3]];
  const H = m[4] ? +m[4] : 8 + Math.floor(r() * 9), M = m[5] ? +m[5] : Math.floor(r() * 60), S = m[6] ? +m[6] : Math.floor(r() * 60);
  const tz = TZ[tzKey] || TZ.cet;
  const off = isSummer(y, mo, d) ? tz[1] : tz[0];
  const utcMs = Date.UTC(y, mo - 1, d, H, M, S) - off * 60000;
  return { utcMs, off };
}
function fromUtc(utcMs, off) {
  const t = new Date(utcMs + off * 60000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), H: t.getUTCHours(), M: t.getUTCMinutes(), S: t.getUTCSeconds(), wd: t.getUTCDay(), off };
}
function rfcDate(dt, variant) {
  const sign = dt.off < 0 ? '-' : '+';
  const o = Math.abs(dt.off);
  const zone = `${sign}${pad(Math.floor(o / 60))}${pad(o % 60)}`;
  const base = `${dt.d} ${MON[dt.m - 1]} ${dt.y} ${pad(dt.H)}:${pad(dt.M)}:${pad(dt.S)} ${zone}`;
  if (variant === 'noweekday') return base;
  if (variant === 'pad') return `${WD[dt.wd]}, ${pad(dt.d)} ${MON[dt.m - 1]} ${dt.y} ${pad(dt.H)}:${pad(dt.M)}:${pad(dt.S)} ${zone}`;
  if (variant === 'comment') {
    const names = { 60: 'CET', 120: 'CEST', 0: 'UTC', '-300': 'EST', '-240': 'EDT', '-480': 'PST', '-420': 'PDT', 540: 'JST', 180: 'MSK' };
    return `${WD[dt.wd]}, ${base} (${names[dt.off] || 'GMT'})`;
  }
  return `${WD[dt.wd]}, ${base}`;
}

// ---------------------------------------------------------------- quote attribution by locale
const L = {
  en: { wd: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'], wdl: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], mo: MON, mol: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] },
  de: { wd: ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'], wdl: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'], mol: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'] },
  fr: { wd: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'], wdl: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'], mol: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'], mo: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'] },
  es: { wd: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'], wdl: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'], mo: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'], mol: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] },
  it: { wd: ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'], wdl: ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'], mo: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'], mol: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'] },
  pt: { wd: ['dom.', 'seg.', 'ter.', 'qua.', 'qui.', 'sex.', 'sáb.'], wdl: ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'], mo: ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'], mol: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'] },
  nl: { wd: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'], wdl: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'], mo: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'], mol: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'] },
  pl: { wd: ['niedz.', 'pon.', 'wt.', 'śr.', 'czw.', 'pt.', 'sob.'], wdl: ['niedziela', 'poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota'], mo: ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'], mol: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'] },
  sv: { wd: ['sön', 'mån', 'tis', 'ons', 'tors', 'fre', 'lör'], mo: ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'], mol: ['januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december'] },
  da: { wd: ['søn.', 'man.', 'tirs.', 'ons.', 'tors.', 'fre.', 'lør.'], mo: ['jan.', 'feb.', 'mar.', 'apr.', 'maj', 'jun.', 'jul.', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'], mol: ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'] },
  ru: { wd: ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'], mo: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'], mol: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'] },
  ja: { wd: ['日', '月', '火', '水', '木', '金', '土'] },
};
function h12(H) { return `${((H + 11) % 12) + 1}:`; }
function attribution(style, lang, dt, rep, toAddr, subject) {
  const l = L[lang] || L.en;
  const who = `${rep.name} <${rep.email}>`;
  const hm = `${pad(dt.H)}:${pad(dt.M)}`;
  const ampm = `${h12(dt.H)}${pad(dt.M)} ${dt.H < 12 ? 'AM' : 'PM'}`;
  const { d, m, y, wd } = dt;
  if (style === 'gmail') {
    switch (lang) {
      case 'de': return `Am ${l.wd[wd]}, ${d}. ${l.mol[m - 1]} ${y} um ${hm} Uhr schrieb ${who}:`;
      case 'fr': return `Le ${l.wd[wd]} ${d} ${l.mo[m - 1]} ${y} à ${hm}, ${who} a écrit :`;
      case 'es': return `El ${l.wd[wd]}, ${d} ${l.mo[m - 1]} ${y} a las ${dt.H}:${pad(dt.M)}, ${rep.name} (<${rep.email}>) escribió:`;
      case 'it': return `Il giorno ${l.wd[wd]} ${d} ${l.mo[m - 1]} ${y} alle ore ${hm} ${who} ha scritto:`;
      case 'pt': return `Em ${l.wd[wd]}, ${d} de ${l.mo[m - 1]} de ${y} às ${hm}, ${who} escreveu:`;
      case 'nl': return `Op ${l.wd[wd]} ${d} ${l.mo[m - 1]} ${y} om ${hm} schreef ${who}:`;
      case 'pl': return `W dniu ${l.wd[wd]}, ${d} ${l.mo[m - 1]} ${y} o ${hm} ${who} napisał(a):`;
      case 'sv': return `Den ${l.wd[wd]} ${d} ${l.mo[m - 1]} ${y} kl ${hm} skrev ${who}:`;
      case 'da': return `Den ${l.wd[wd]} ${d}. ${l.mo[m - 1]} ${y} kl. ${pad(dt.H)}.${pad(dt.M)} skrev ${who}:`;
      case 'ru': return `${l.wd[wd]}, ${d} ${l.mo[m - 1]} ${y} г. в ${hm}, ${who}:`;
      case 'ja': return `${y}年${m}月${d}日(${L.ja.wd[wd]}) ${dt.H}:${pad(dt.M)} ${who}:`;
      default: return `On ${L.en.wd[wd]}, ${MON[m - 1]} ${d}, ${y} at ${ampm} ${who} wrote:`;
    }
  }
  if (style === 'apple') {
    switch (lang) {
      case 'de': return `Am ${pad(d)}.${pad(m)}.${y} um ${hm} schrieb ${who}:`;
      case 'fr': return `Le ${d} ${l.mol[m - 1]} ${y} à ${hm}, ${who} a écrit :`;
      case 'es': return `El ${d} ${l.mo[m - 1]} ${y}, a las ${dt.H}:${pad(dt.M)}, ${who} escribió:`;
      case 'it': return `Il giorno ${d} ${l.mo[m - 1]} ${y}, alle ore ${hm}, ${who} ha scritto:`;
      case 'pt': return `Em ${d} de ${l.mo[m - 1]} de ${y}, à(s) ${hm}, ${who} escreveu:`;
      case 'nl': return `Op ${d} ${l.mo[m - 1]} ${y} om ${hm} heeft ${who} het volgende geschreven:`;
      case 'pl': return `Wiadomość napisana przez ${who} w dniu ${d} ${l.mo[m - 1]} ${y}, o godz. ${hm}:`;
      case 'sv': return `${d} ${l.mo[m - 1]} ${y} kl. ${hm} skrev ${who}:`;
      case 'da': return `Den ${d}. ${l.mo[m - 1]} ${y} kl. ${pad(dt.H)}.${pad(dt.M)} skrev ${who}:`;
      case 'en-gb': return `On ${d} ${MON[m - 1]} ${y}, at ${hm}, ${who} wrote:`;
      default: return `On ${MON[m - 1]} ${d}, ${y}, at ${ampm}, ${who} wrote:`;
    }
  }
  if (style === 'thunderbird') {
    if (lang === 'de') return `Am ${pad(d)}.${pad(m)}.${String(y).slice(2)} um ${hm} schrieb ${rep.name}:`;
    if (lang === 'fr') return `Le ${pad(d)}/${pad(m)}/${y} à ${hm}, ${rep.name} a écrit :`;
    return `On ${pad(d)}/${pad(m)}/${y} ${hm}, ${rep.name} wrote:`;
  }
  // outlook / outlook-old: header block
  const blocks = {
    en: ['From', 'Sent', 'To', 'Subject', `${L.en.wdl[wd]}, ${L.en.mol[m - 1]} ${d}, ${y} ${ampm}`, '-----Original Message-----'],
    de: ['Von', 'Gesendet', 'An', 'Betreff', `${L.de.wdl[wd]}, ${d}. ${L.de.mol[m - 1]} ${y} ${hm}`, '-----Ursprüngliche Nachricht-----'],
    fr: ['De', 'Envoyé', 'À', 'Objet', `${L.fr.wdl[wd]} ${d} ${L.fr.mol[m - 1]} ${y} ${hm}`, '-----Message d\'origine-----'],
    es: ['De', 'Enviado el', 'Para', 'Asunto', `${L.es.wdl[wd]}, ${d} de ${L.es.mol[m - 1]} de ${y} ${dt.H}:${pad(dt.M)}`, '-----Mensaje original-----'],
    it: ['Da', 'Inviato', 'A', 'Oggetto', `${L.it.wdl[wd]} ${d} ${L.it.mol[m - 1]} ${y} ${hm}`, '-----Messaggio originale-----'],
    pt: ['De', 'Enviado', 'Para', 'Assunto', `${L.pt.wdl[wd]}, ${d} de ${L.pt.mol[m - 1]} de ${y} ${hm}`, '-----Mensagem original-----'],
    nl: ['Van', 'Verzonden', 'Aan', 'Onderwerp', `${L.nl.wdl[wd]} ${d} ${L.nl.mol[m - 1]} ${y} ${hm}`, '-----Oorspronkelijk bericht-----'],
    pl: ['Od', 'Wysłano', 'Do', 'Temat', `${L.pl.wdl[wd]}, ${d} ${L.pl.mol[m - 1]} ${y} ${hm}`, '-----Wiadomość oryginalna-----'],
    sv: ['Från', 'Skickat', 'Till', 'Ämne', `den ${d} ${L.sv.mol[m - 1]} ${y} ${hm}`, '-----Ursprungligt meddelande-----'],
    da: ['Fra', 'Sendt', 'Til', 'Emne', `${d}. ${L.da.mol[m - 1]} ${y} ${hm}`, '-----Oprindelig meddelelse-----'],
    ru: ['От', 'Отправлено', 'Кому', 'Тема', `${d} ${L.ru.mol[m - 1]} ${y} г. ${dt.H}:${pad(dt.M)}`, '-----Исходное сообщение-----'],
    ja: ['差出人', '送信日時', '宛先', '件名', `${y}年${m}月${d}日 ${dt.H}:${pad(dt.M)}`, '-----Original Message-----'],
  };
  const b = blocks[lang] || blocks.en;
  const sp = lang === 'fr' ? ' : ' : ': ';
  const lines = [`${b[0]}${sp}${who}`, `${b[1]}${sp}${b[4]}`, `${b[2]}${sp}${toAddr}`, `${b[3]}${sp}${subject}`];
  return { block: lines, sep: style === 'outlook-old' ? b[5] : '________________________________', labels: b };
}

// ---------------------------------------------------------------- HTML helpers
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const linkify = (s) => s.replace(/(https?:\/\/[^\s<&]+)/g, '<a href="$1">$1</a>');
function textToHtmlDivs(text) {
  return text.split('\n').map((ln) => (ln.trim() === '' ? '<div><br></div>' : `<div>${linkify(esc(ln))}</div>`)).join('\n');
}
function textToMso(text) {
  return text.split('\n').map((ln) => `<p class="MsoNormal">${ln.trim() === '' ? '&nbsp;' : linkify(esc(ln))}<o:p></o:p></p>`).join('\n');
}

// ---------------------------------------------------------------- message builder
const MSGID_STYLES = {
  gmail: (r) => `<CA${alnum(r, 1, 'ABCDEFGHJKLMNP')}${alnum(r, 44, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+_-')}@mail.gmail.com>`,
  outlook: (r) => { const srv = `${pick(r, ['AM6PR04', 'DB9PR10', 'PAXPR08', 'VI1PR07', 'FR3P281', 'BN8PR12', 'SJ0PR11', 'LO2P265', 'DU0PR02', 'GV0P278'])}MB${1000 + Math.floor(r() * 8999)}`; const reg = { AM: 'eurprd04', DB: 'eurprd10', PA: 'eurprd08', VI: 'eurprd07', FR: 'DEUP281', BN: 'namprd12', SJ: 'namprd11', LO: 'GBRP265', DU: 'eurprd02', GV: 'CHEP278' }[srv.slice(0, 2)]; return `<${srv}${alnum(r, 8, 'ABCDEF0123456789')}${alnum(r, 8, 'ABCDEF0123456789')}@${srv}.${reg}.prod.outlook.com>`; },
  apple: (r, dom) => `<${hex(r, 8).toUpperCase()}-${hex(r, 4).toUpperCase()}-${hex(r, 4).toUpperCase()}-${hex(r, 4).toUpperCase()}-${hex(r, 12).toUpperCase()}@${dom}>`,
  generic: (r, dom) => `<${Date.UTC(2025, 0, 1) / 1000 + Math.floor(r() * 3e7)}.${hex(r, 10)}@${dom}>`,
  webmail: (r, dom) => `<${hex(r, 32)}@${dom}>`,
  auto: (r, dom) => `<autoreply.${hex(r, 16)}@${dom}>`,
};

function build(e, num) {
  const r = rng(num * 7919 + 17);
  const rep = REPS[e.rep];
  if (!rep) throw new Error(`unknown rep ${e.rep} in ${e.hint}`);
  const lang = e.lang;
  const charset = e.charset || 'utf-8';
  const client = e.client || (e.quote === 'outlook' || e.quote === 'outlook-old' ? 'outlook' : e.quote === 'apple' ? 'apple' : e.quote === 'gmail' ? 'gmail' : 'generic');
  const fromAddr = e.from.match(/<([^>]+)>/)?.[1] || e.from;
  const fromDom = fromAddr.split('@')[1];
  const fromName = (e.from.match(/^"?([^"<]*?)"?\s*</)?.[1] || '').trim();
  const first = e.addressee || fromName.split(/[ ,]/)[0] || '';

  // dates
  const tzKey = e.tz || (lang === 'en' ? pick(r, ['us-e', 'us-e', 'us-p', 'us-c', 'uk', 'uk', 'ie', 'au', 'in', 'ca', 'sg']) : LANG_TZ[lang] || 'cet');
  const replyStr = e.date || (() => { const t = new Date(Date.UTC(2025, 2, 3) + Math.floor(r() * 200) * 86400000); while (t.getUTCDay() === 0 || t.getUTCDay() === 6) t.setUTCDate(t.getUTCDate() + 1); return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`; })();
  const reply = mkLocal(replyStr, tzKey, r);
  let replyDt = fromUtc(reply.utcMs, reply.off);
  if (client === 'outlook' && !e.keepTz && r() < 0.6) replyDt = fromUtc(reply.utcMs, 0);
  let outMs = reply.utcMs - (e.gapDays ?? (1 + Math.floor(r() * 5))) * 86400000 - Math.floor(r() * 6) * 3600000;
  while ([0, 6].includes(new Date(outMs + reply.off * 60000).getUTCDay())) outMs -= 86400000;
  const outDt = fromUtc(outMs - ((outMs / 3600000) % 1) * 0, reply.off);
  const outRfc = fromUtc(outMs, rep.off ?? 60);

  // ids
  const ourId = `<${rep.idPrefix || 'seq'}.${outRfc.y}${pad(outRfc.m)}${pad(outRfc.d)}.${hex(r, 12)}@${rep.email.split('@')[1]}>`;
  const idStyle = e.msgidStyle || ({ gmail: 'gmail', outlook: 'outlook', apple: 'apple', generic: 'generic' }[client]) || 'generic';
  const msgId = (fromDom === 'gmail.com' && !e.msgidStyle) ? MSGID_STYLES.gmail(r) : MSGID_STYLES[idStyle](r, fromDom);

  // subject
  const ourSubject = e.ourSubject || rep.subject;
  const subject = e.subject === undefined ? `Re: ${ourSubject}` : e.subject.replace('{s}', ourSubject);

  // our outreach text (quoted)
  const toAddrDisplay = e.origTo || e.from;
  let outreach = (e.ourBody || rep.body).replace(/\{first\}/g, first).replace(/\{company\}/g, e.company || 'your team');
  // quoted history
  let quoteText = '', quoteHtml = '';
  const qlang = e.quoteLang || lang;
  if (e.quote && e.quote !== 'none') {
    const at = attribution(e.quote, qlang, outDt, rep, toAddrDisplay, ourSubject);
    const prior = e.priorQuote ? '\n\n' + e.priorQuote : '';
    if (typeof at === 'string') {
      const qlines = (outreach + prior).split('\n').map((ln) => (ln === '' ? '>' : ln.startsWith('>') ? '>' + ln : '> ' + ln));
      quoteText = `${at}\n\n${qlines.join('\n')}`;
      if (e.quote === 'apple') quoteText = `${at}\n\n${qlines.join('\n')}`;
      quoteHtml = e.quote === 'gmail'
        ? `<div class="gmail_quote"><div dir="ltr" class="gmail_attr">${esc(at)}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${textToHtmlDivs(outreach + prior)}</blockquote></div>`
        : `<div><br><blockquote type="cite">${esc(at)}<br><br>${textToHtmlDivs(outreach + prior)}</blockquote></div>`;
    } else {
      quoteText = `${at.sep}\n${at.block.join('\n')}\n\n${outreach}${prior}`;
      quoteHtml = `<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm"><p class="MsoNormal">${at.block.map((ln) => { const i = ln.indexOf(':'); return `<b>${esc(ln.slice(0, i + 1))}</b>${esc(ln.slice(i + 1))}`; }).join('<br>\n')}<o:p></o:p></p></div>\n${textToMso(outreach + prior)}`;
    }
  }
  let text = e.body.replace(/^\n/, '');
  if (e.quote && e.quote !== 'none') {
    if (text.includes('{{QUOTE}}')) text = text.replace('{{QUOTE}}', quoteText);
    else text = text.replace(/\n*$/, '') + '\n\n' + quoteText;
  }
  text = text.replace(/\n*$/, '\n');

  // headers
  const hmeth = e.hmethod || (r() < 0.7 ? 'B' : 'Q');
  const H = [];
  H.push(`X-Expected-Status: ${e.label}`);
  if (e.preHeaders) for (const [k, v] of e.preHeaders) H.push(fold(k, v));
  const dateVariant = e.dateVariant || pick(r, ['std', 'std', 'std', 'std', 'pad', 'comment', 'noweekday']);
  const hdr = [];
  hdr.push(['From', addrHeader(e.from, e.hcharset || charset, hmeth)]);
  hdr.push(['To', addrHeader(e.to || `${rep.name} <${rep.email}>`, e.hcharset || charset, hmeth)]);
  if (e.cc) hdr.push(['Cc', addrHeader(e.cc, e.hcharset || charset, hmeth)]);
  if (e.replyTo) hdr.push(['Reply-To', e.replyTo]);
  hdr.push(['Subject', headerValue(subject, e.hcharset || charset, hmeth)]);
  hdr.push(['Date', rfcDate(replyDt, dateVariant)]);
  hdr.push(['Message-ID', msgId]);
  if (e.inReplyTo !== false) hdr.push(['In-Reply-To', ourId]);
  if (e.references !== false && e.inReplyTo !== false && (e.quote && e.quote !== 'none' || r() < 0.5)) hdr.push(['References', ourId]);
  for (const [k, v] of e.headers || []) hdr.push([k, v]);
  if (client === 'outlook') {
    if (!e.noClientHeaders) { hdr.push(['Thread-Topic', headerValue(ourSubject, e.hcharset || charset, hmeth)]); hdr.push(['Thread-Index', `A${alnum(r, 3, 'QRSTUVWXYZ')}${alnum(r, 28, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')}==`]); }
    hdr.push(['Content-Language', { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', pt: 'pt-PT', nl: 'nl-NL', pl: 'pl-PL', sv: 'sv-SE', da: 'da-DK', ru: 'ru-RU', ja: 'ja-JP' }[lang] || 'en-US']);
    if (!e.noClientHeaders) hdr.push(['X-MS-Has-Attach', '']);
  }
  if (e.mailer) hdr.push(['X-Mailer', e.mailer]);
  else if (client === 'apple' && !e.noClientHeaders) hdr.push(['X-Mailer', pick(r, ['iPhone Mail (22D82)', 'iPhone Mail (21G93)', 'Apple Mail (2.3774.500.171.1.1)'])]);
  if (e.userAgent) hdr.push(['User-Agent', e.userAgent]);
  else if (e.quote === 'thunderbird') hdr.push(['User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Thunderbird/128.7.1']);

  // body / MIME
  const format = e.format || 'plain';
  const cte = e.cte || (/^[\x00-\x7f]*$/.test(text) ? '7bit' : pick(r, ['quoted-printable', 'quoted-printable', 'base64', '8bit']));
  const htmlCte = e.htmlCte || (cte === '7bit' || cte === '8bit' ? 'quoted-printable' : cte);
  const ct = (type) => `${type}; charset="${charset}"`;
  let bodyOut = '';
  const mkHtml = () => {
    if (e.html) return e.html.replace('{{QUOTE}}', quoteHtml);
    const main = e.htmlBody || e.body.replace('{{QUOTE}}', '').replace(/\n*$/, '');
    if (client === 'outlook') {
      return `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=${charset}">
<meta name="Generator" content="Microsoft Word 15 (filtered medium)">
<style><!--
p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;}
a:link, span.MsoHyperlink {color:#0563C1; text-decoration:underline;}
.MsoChpDefault {mso-style-type:export-only;}
@page WordSection1 {size:612.0pt 792.0pt; margin:70.85pt 70.85pt 2.0cm 70.85pt;}
div.WordSection1 {page:WordSection1;}
--></style>
</head>
<body lang="${(lang || 'en').toUpperCase()}" link="#0563C1" vlink="#954F72" style="word-wrap:break-word">
<div class="WordSection1">
${textToMso(main)}
<p class="MsoNormal"><o:p>&nbsp;</o:p></p>
${quoteHtml}
</div>
</body>
</html>`;
    }
    if (client === 'gmail') return `<div dir="ltr">${textToHtmlDivs(main)}</div><br>${quoteHtml}`;
    return `<html><head><meta http-equiv="Content-Type" content="text/html; charset=${charset}"></head><body style="font-family: Arial, sans-serif; font-size: 14px;">${textToHtmlDivs(main)}${quoteHtml ? '<br>' + quoteHtml : ''}</body></html>`;
  };
  if (format === 'plain') {
    hdr.push(['MIME-Version', '1.0']);
    hdr.push(['Content-Type', e.flowed ? `text/plain; charset="${charset}"; format=flowed; delsp=yes` : ct('text/plain')]);
    hdr.push(['Content-Transfer-Encoding', cte]);
    bodyOut = encodeBodyPart(text, charset, cte);
  } else if (format === 'bare') { // no MIME headers at all (old-style plain ASCII mail)
    if (!isAscii(text)) throw new Error('bare format needs ASCII');
    bodyOut = crlf(text);
  } else if (format === 'html') {
    hdr.push(['MIME-Version', '1.0']);
    hdr.push(['Content-Type', ct('text/html')]);
    hdr.push(['Content-Transfer-Encoding', htmlCte]);
    bodyOut = encodeBodyPart(mkHtml(), charset, htmlCte);
  } else if (format === 'alt' || format === 'related') {
    const boundary = client === 'gmail' ? `000000000000${hex(r, 12)}` : client === 'outlook' ? `_000_${alnum(r, 30, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}_` : client === 'apple' ? `Apple-Mail=_${hex(r, 8).toUpperCase()}-${hex(r, 4).toUpperCase()}-${hex(r, 4).toUpperCase()}-${hex(r, 4).toUpperCase()}-${hex(r, 12).toUpperCase()}` : `----=_Part_${Math.floor(r() * 1e6)}_${Math.floor(r() * 1e9)}.${Date.UTC(2025, 2, 1) + Math.floor(r() * 1e10)}`;
    hdr.push(['MIME-Version', '1.0']);
    const altParts = [
      `Content-Type: ${ct('text/plain')}\r\nContent-Transfer-Encoding: ${cte}\r\n\r\n${encodeBodyPart(text, charset, cte)}`,
      `Content-Type: ${ct('text/html')}\r\nContent-Transfer-Encoding: ${htmlCte}\r\n\r\n${encodeBodyPart(mkHtml(), charset, htmlCte)}`,
    ];
    const alt = (b) => `--${b}\r\n${altParts.join(`\r\n--${b}\r\n`)}\r\n--${b}--`;
    if (format === 'alt') {
      hdr.push(['Content-Type', `multipart/alternative; boundary="${boundary}"`]);
      bodyOut = alt(boundary);
    } else {
      const inner = `${boundary}_alt`;
      hdr.push(['Content-Type', `multipart/related; boundary="${boundary}"; type="multipart/alternative"`]);
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
      bodyOut = `This is a multi-part message in MIME format.\r\n\r\n--${boundary}\r\nContent-Type: multipart/alternative; boundary="${inner}"\r\n\r\n${alt(inner)}\r\n\r\n--${boundary}\r\nContent-Type: image/png; name="${e.imageName || 'image001.png'}"\r\nContent-Description: ${e.imageName || 'image001.png'}\r\nContent-Disposition: inline; filename="${e.imageName || 'image001.png'}"\r\nContent-ID: <${e.imageCid || 'image001.png@01DB8C2A.5F3E2B10'}>\r\nContent-Transfer-Encoding: base64\r\n\r\n${png}\r\n--${boundary}--`;
    }
  } else if (format === 'mdn') {
    const boundary = `----=_NextPart_MDN_${hex(r, 12)}`;
    hdr.push(['MIME-Version', '1.0']);
    hdr.push(['Content-Type', `multipart/report; report-type=disposition-notification; boundary="${boundary}"`]);
    const human = encodeBodyPart(text, charset, cte);
    const mdn = `Reporting-UA: ${fromDom}; Microsoft Outlook 16.0\r\nFinal-Recipient: rfc822;${fromAddr}\r\nOriginal-Message-ID: ${ourId}\r\nDisposition: manual-action/MDN-sent-manually; displayed\r\n`;
    bodyOut = `--${boundary}\r\nContent-Type: ${ct('text/plain')}\r\nContent-Transfer-Encoding: ${cte}\r\n\r\n${human}\r\n--${boundary}\r\nContent-Type: message/disposition-notification\r\n\r\n${mdn}\r\n--${boundary}--`;
  } else throw new Error('format ' + format);

  const headerLines = [...H, ...hdr.map(([k, v]) => fold(k, v))];
  const msg = headerLines.join('\r\n') + '\r\n\r\n' + bodyOut + '\r\n';
  // sanity: headers ASCII, lines <= 998
  for (const hl of headerLines.join('\r\n').split('\r\n')) {
    if (!isAscii(hl)) throw new Error(`non-ASCII header line in ${e.hint}: ${hl}`);
    if (hl.length > 998) throw new Error('header too long');
  }
  return { msg, subject, cte, charset, format };
}

// ---------------------------------------------------------------- main
const entries = [];
for (const f of LANG_FILES) {
  if (!fs.existsSync(path.join(OUT, 'data', `${f}.mjs`))) { console.warn('missing data file', f); continue; }
  const mod = await import(`./data/${f}.mjs`);
  for (const e of mod.default) entries.push({ ...e, _src: f });
}
// deterministic interleave so languages/labels are mixed in the numbering
const r0 = rng(20250301);
const order = entries.map((e, i) => [r0(), i]).sort((a, b) => a[0] - b[0]).map(([, i]) => entries[i]);

for (const f of fs.readdirSync(OUT)) if (/^\d{3}-.*\.eml$/.test(f)) fs.unlinkSync(path.join(OUT, f));
const LABELS = ['interested', 'meeting_request', 'not_now', 'not_interested', 'wrong_person', 'out_of_office', 'auto_reply', 'unsubscribe', 'other'];
const csv = ['file,label,language,notes'];
const byLabel = {}, byLang = {};
let n = START;
const seenHints = new Set();
for (const e of order) {
  if (!LABELS.includes(e.label)) throw new Error(`bad label ${e.label}`);
  if (!/^[a-z0-9-]+$/.test(e.hint)) throw new Error(`bad hint ${e.hint}`);
  const key = `${e.lang}-${e.hint}`;
  if (seenHints.has(key)) throw new Error(`duplicate hint ${key}`);
  seenHints.add(key);
  let built;
  try { built = build(e, n); } catch (err) { throw new Error(`[${e._src}] ${e.hint}: ${err.message}`); }
  const file = `${n}-${e.label}-${e.lang}-${e.hint}.eml`;
  fs.writeFileSync(path.join(OUT, file), Buffer.from(built.msg, 'latin1'));
  const note = [e.notes || '', `${built.format}/${built.charset}/${built.cte}`].filter(Boolean).join('; ');
  csv.push([file, e.label, e.lang, `"${note.replace(/"/g, '""')}"`].join(','));
  byLabel[e.label] = (byLabel[e.label] || 0) + 1;
  byLang[e.lang] = (byLang[e.lang] || 0) + 1;
  n++;
}
fs.writeFileSync(path.join(OUT, 'labels.csv'), csv.join('\n') + '\n');
console.log(`wrote ${n - START} messages`);
console.log('labels:', JSON.stringify(byLabel));
console.log('langs :', JSON.stringify(byLang));
