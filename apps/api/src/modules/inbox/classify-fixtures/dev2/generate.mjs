#!/usr/bin/env node
// generate.mjs - writes the replies-dev2 test corpus deterministically.
// Node 20, no packages. Usage: node generate.mjs
// Deletes and rewrites NNNN-*.eml, labels.csv and README.md in this folder.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const OUT = path.dirname(fileURLToPath(import.meta.url));
const CRLF = '\r\n';

// ---------------------------------------------------------------- PRNG / hashing
function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(20240513);
const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
const hex = (s, n = 12) => crypto.createHash('sha1').update(s).digest('hex').slice(0, n);

// ---------------------------------------------------------------- charset encoders
// WHATWG TextDecoder is the reference; encoders are built by inverting it.
function singleByteMap(label, strictLatin1 = false) {
  const dec = new TextDecoder(label);
  const m = new Map();
  for (let b = 0; b < 256; b++) {
    if (strictLatin1 && b >= 0x80 && b <= 0x9f) continue; // real ISO-8859-1 has C1 controls here
    if (b < 0x20 && b !== 9 && b !== 10 && b !== 13) continue;
    const ch = dec.decode(Uint8Array.of(b));
    if (ch === '\uFFFD' || ch.length !== 1) continue;
    if (strictLatin1 && ch.codePointAt(0) !== b) continue;
    if (!m.has(ch)) m.set(ch, b);
  }
  return m;
}
// windows-1252 0x80-0x9F per the WHATWG index. Hard-coded because Node >= 20.18.3 decodes the label
// windows-1252 with a Latin-1 fast path (nodejs/node#60888), mapping these bytes to C1 controls.
const CP1252_HI = ['\u20AC', null, '\u201A', '\u0192', '\u201E', '\u2026', '\u2020', '\u2021', '\u02C6', '\u2030', '\u0160', '\u2039', '\u0152', null, '\u017D', null,
  null, '\u2018', '\u2019', '\u201C', '\u201D', '\u2022', '\u2013', '\u2014', '\u02DC', '\u2122', '\u0161', '\u203A', '\u0153', null, '\u017E', '\u0178'];
function cp1252Map() {
  const m = singleByteMap('iso-8859-1', true);
  CP1252_HI.forEach((ch, i) => { if (ch) m.set(ch, 0x80 + i); });
  return m;
}
// decoder used for round-trip checks (spec-correct for windows-1252 / iso-8859-1)
function decodeBytes(buf, cs) {
  if (cs === 'windows-1252' || cs === 'iso-8859-1' || cs === 'us-ascii') {
    let s = '';
    for (const b of buf) s += b >= 0x80 && b <= 0x9f ? (CP1252_HI[b - 0x80] || String.fromCharCode(b)) : String.fromCharCode(b);
    return s;
  }
  return new TextDecoder(cs, { fatal: true }).decode(buf);
}
const SB = {
  'iso-8859-1': singleByteMap('iso-8859-1', true),
  'windows-1252': cp1252Map(),
  'iso-8859-2': singleByteMap('iso-8859-2'),
  'koi8-r': singleByteMap('koi8-r'),
  'us-ascii': new Map(Array.from({ length: 128 }, (_, i) => [String.fromCharCode(i), i])),
};
let SJIS = null, JIS = null;
function sjisMap() {
  if (SJIS) return SJIS;
  SJIS = new Map();
  const dec = new TextDecoder('shift_jis');
  const leads = [];
  for (let a = 0x81; a <= 0x9f; a++) leads.push(a);
  for (let a = 0xe0; a <= 0xfc; a++) leads.push(a);
  for (const a of leads) for (let b = 0x40; b <= 0xfc; b++) {
    if (b === 0x7f) continue;
    const ch = dec.decode(Uint8Array.of(a, b));
    if (ch.length === 1 && ch !== '\uFFFD' && !SJIS.has(ch)) SJIS.set(ch, [a, b]);
  }
  return SJIS;
}
function jisMap() {
  if (JIS) return JIS;
  JIS = new Map();
  const dec = new TextDecoder('iso-2022-jp');
  for (let a = 0x21; a <= 0x7e; a++) for (let b = 0x21; b <= 0x7e; b++) {
    const ch = dec.decode(Uint8Array.of(0x1b, 0x24, 0x42, a, b, 0x1b, 0x28, 0x42));
    if (ch.length === 1 && ch !== '\uFFFD' && !JIS.has(ch)) JIS.set(ch, [a, b]);
  }
  return JIS;
}
class EncodeError extends Error {}
function encode(str, cs) {
  cs = cs.toLowerCase();
  if (cs === 'utf-8') return Buffer.from(str, 'utf8');
  if (SB[cs]) {
    const m = SB[cs]; const out = [];
    for (const ch of str) {
      const b = m.get(ch);
      if (b === undefined) throw new EncodeError(`${cs} cannot encode U+${ch.codePointAt(0).toString(16)} "${ch}"`);
      out.push(b);
    }
    return Buffer.from(out);
  }
  if (cs === 'shift_jis') {
    const m = sjisMap(); const out = [];
    for (const ch of str) {
      const c = ch.codePointAt(0);
      if (c < 0x80 && c !== 0x5c && c !== 0x7e) { out.push(c); continue; }
      const p = m.get(ch);
      if (!p) throw new EncodeError(`shift_jis cannot encode "${ch}"`);
      out.push(...p);
    }
    return Buffer.from(out);
  }
  if (cs === 'iso-2022-jp') {
    const m = jisMap(); const out = []; let jis = false;
    for (const ch of str) {
      const c = ch.codePointAt(0);
      if (c < 0x80) {
        if (jis) { out.push(0x1b, 0x28, 0x42); jis = false; }
        out.push(c); continue;
      }
      const p = m.get(ch);
      if (!p) throw new EncodeError(`iso-2022-jp cannot encode "${ch}"`);
      if (!jis) { out.push(0x1b, 0x24, 0x42); jis = true; }
      out.push(...p);
    }
    if (jis) out.push(0x1b, 0x28, 0x42);
    return Buffer.from(out);
  }
  throw new Error('unknown charset ' + cs);
}
function canEncode(str, cs) { try { encode(str, cs); return true; } catch (e) { if (e instanceof EncodeError) return false; throw e; } }
// body text (LF) -> bytes with CRLF; iso-2022-jp returns to ASCII before every line end
function encodeBody(text, cs) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const bufs = [];
  lines.forEach((l, i) => { bufs.push(encode(l, cs)); if (i < lines.length - 1) bufs.push(Buffer.from(CRLF)); });
  const buf = Buffer.concat(bufs);
  const back = decodeBytes(buf, cs);
  if (back !== lines.join(CRLF)) throw new Error('round-trip failed for ' + cs);
  return buf;
}

// ---------------------------------------------------------------- transfer encodings
function qpEncode(buf) {
  const out = [];
  let start = 0;
  const lines = [];
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 0x0d && buf[i + 1] === 0x0a) { lines.push(buf.subarray(start, i)); start = i + 2; i++; }
  }
  lines.push(buf.subarray(start));
  for (const line of lines) {
    const toks = [];
    for (let i = 0; i < line.length; i++) {
      const b = line[i];
      const last = i === line.length - 1;
      if ((b === 0x20 || b === 0x09) && last) toks.push('=' + b.toString(16).toUpperCase().padStart(2, '0'));
      else if ((b >= 33 && b <= 126 && b !== 61) || b === 0x20 || b === 0x09) toks.push(String.fromCharCode(b));
      else toks.push('=' + b.toString(16).toUpperCase().padStart(2, '0'));
    }
    let cur = '';
    const phys = [];
    for (const t of toks) {
      if (cur.length + t.length > 75) { phys.push(cur + '='); cur = ''; }
      cur += t;
    }
    phys.push(cur);
    out.push(phys.join(CRLF));
  }
  return out.join(CRLF);
}
function b64Lines(buf) {
  const s = buf.toString('base64');
  const out = [];
  for (let i = 0; i < s.length; i += 76) out.push(s.slice(i, i + 76));
  return out.join(CRLF);
}
function maxLineLen(buf) {
  let max = 0, cur = 0;
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 0x0d && buf[i + 1] === 0x0a) { max = Math.max(max, cur); cur = 0; i++; } else cur++;
  }
  return Math.max(max, cur);
}
const isAsciiBuf = (buf) => buf.every((b) => b < 0x80);
// returns {cte, data(string of ASCII or Buffer for 8bit)}
function transferEncode(buf, cte) {
  if (cte === '7bit' || cte === '8bit') {
    if (cte === '7bit' && !isAsciiBuf(buf)) throw new Error('7bit with 8-bit data');
    if (maxLineLen(buf) > 900) cte = 'quoted-printable';
    else return { cte, data: buf };
  }
  if (cte === 'quoted-printable') return { cte, data: Buffer.from(qpEncode(buf), 'ascii') };
  if (cte === 'base64') return { cte, data: Buffer.from(b64Lines(buf), 'ascii') };
  throw new Error('bad cte ' + cte);
}

// ---------------------------------------------------------------- headers
const isAscii = (s) => /^[\x00-\x7f]*$/.test(s);
const CS_LABEL = { 'utf-8': 'UTF-8', 'iso-8859-1': 'iso-8859-1', 'windows-1252': 'windows-1252', 'iso-8859-2': 'iso-8859-2', 'koi8-r': 'koi8-r', 'iso-2022-jp': 'ISO-2022-JP', 'shift_jis': 'Shift_JIS', 'us-ascii': 'us-ascii' };
function qWordBytes(bytes) {
  let s = '';
  for (const b of bytes) {
    if (b === 0x20) s += '_';
    else if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x21 || b === 0x2a || b === 0x2b || b === 0x2d || b === 0x2f) s += String.fromCharCode(b);
    else s += '=' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return s;
}
// Encode text as a run of RFC 2047 encoded-words, chunked on character boundaries.
function encodedWords(text, cs, mode) {
  if (!canEncode(text, cs)) cs = 'utf-8';
  const label = CS_LABEL[cs];
  mode = mode || (['iso-8859-1', 'windows-1252', 'iso-8859-2'].includes(cs) ? 'Q' : 'B');
  const words = [];
  let chunk = '';
  const render = (t) => {
    const bytes = encode(t, cs);
    const body = mode === 'Q' ? qWordBytes(bytes) : bytes.toString('base64');
    return `=?${label}?${mode}?${body}?=`;
  };
  for (const ch of text) {
    const trial = chunk + ch;
    if (render(trial).length > 72 && chunk) { words.push(render(chunk)); chunk = ch; } else chunk = trial;
  }
  if (chunk) words.push(render(chunk));
  return words.join(' ');
}
// unstructured text (Subject): keep a leading ASCII run plain, encode the rest
function encodeUnstructured(text, cs) {
  if (isAscii(text)) return text;
  const parts = text.split(' ');
  let i = 0;
  while (i < parts.length && isAscii(parts[i])) i++;
  const plain = parts.slice(0, i).join(' ');
  const rest = parts.slice(i).join(' ');
  return (plain ? plain + ' ' : '') + encodedWords(rest, cs);
}
function encodePhrase(name, cs) {
  if (isAscii(name)) return /[()<>\[\]:;@\\,."]/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : name;
  return encodedWords(name, cs, ['iso-8859-1', 'windows-1252', 'iso-8859-2'].includes(cs) ? 'Q' : 'B');
}
function addr(name, email, cs) { return name ? `${encodePhrase(name, cs)} <${email}>` : `<${email}>`; }
function fold(name, value) {
  const toks = value.split(' ');
  const lines = [];
  let cur = name + ':';
  for (const t of toks) {
    if (cur.length + 1 + t.length > 76 && cur.trim().length > name.length + 1) { lines.push(cur); cur = ' ' + t; }
    else cur += ' ' + t;
  }
  lines.push(cur);
  const out = lines.join(CRLF);
  if (!isAscii(out)) throw new Error('non-ASCII header ' + name + ': ' + value);
  return out;
}

// ---------------------------------------------------------------- dates
const DAY_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MON_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const p2 = (n) => String(n).padStart(2, '0');
// local broken-down time for a UTC ms value and "+0200" style offset
function local(ms, tz) {
  const sign = tz[0] === '-' ? -1 : 1;
  const off = sign * (parseInt(tz.slice(1, 3), 10) * 60 + parseInt(tz.slice(3), 10));
  const d = new Date(ms + off * 60000);
  return { y: d.getUTCFullYear(), mo: d.getUTCMonth(), d: d.getUTCDate(), wd: d.getUTCDay(), h: d.getUTCHours(), mi: d.getUTCMinutes(), s: d.getUTCSeconds(), tz };
}
function rfcDate(ms, tz) {
  const t = local(ms, tz);
  return `${DAY_EN[t.wd]}, ${t.d} ${MON_EN[t.mo]} ${t.y} ${p2(t.h)}:${p2(t.mi)}:${p2(t.s)} ${tz}`;
}

// ---------------------------------------------------------------- tiny PNG (stored deflate, deterministic)
const CRC_T = (() => { const t = new Uint32Array(256); for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; t[n] = c >>> 0; } return t; })();
function crc32(buf) { let c = 0xffffffff; for (const b of buf) c = CRC_T[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; }
function adler32(buf) { let a = 1, b = 0; for (const x of buf) { a = (a + x) % 65521; b = (b + a) % 65521; } return ((b << 16) | a) >>> 0; }
function pngLogo(w, h, rgbA, rgbB) {
  const raw = [];
  for (let y = 0; y < h; y++) {
    raw.push(0);
    for (let x = 0; x < w; x++) {
      const on = ((x >> 2) + (y >> 2)) % 3 === 0 || y < 2 || y >= h - 2;
      raw.push(...(on ? rgbA : rgbB));
    }
  }
  const data = Buffer.from(raw);
  const blocks = [];
  for (let i = 0; i < data.length; i += 65535) {
    const part = data.subarray(i, i + 65535);
    const last = i + 65535 >= data.length ? 1 : 0;
    const hdr = Buffer.alloc(5); hdr[0] = last; hdr.writeUInt16LE(part.length, 1); hdr.writeUInt16LE(~part.length & 0xffff, 3);
    blocks.push(hdr, part);
  }
  const ad = Buffer.alloc(4); ad.writeUInt32BE(adler32(data));
  const z = Buffer.concat([Buffer.from([0x78, 0x01]), ...blocks, ad]);
  const chunk = (type, body) => { const len = Buffer.alloc(4); len.writeUInt32BE(body.length); const tb = Buffer.concat([Buffer.from(type, 'ascii'), body]); const c = Buffer.alloc(4); c.writeUInt32BE(crc32(tb)); return Buffer.concat([len, tb, c]); };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', z), chunk('IEND', Buffer.alloc(0))]);
}

// ---------------------------------------------------------------- html helpers
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const linkify = (e) => e.replace(/(https?:\/\/[^\s<,)]+[^\s<,.)])/g, '<a href="$1">$1</a>').replace(/(^|[\s(;])([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,})/g, '$1<a href="mailto:$2">$2</a>');
// plain text possibly containing "> " quoted runs -> html with nested blockquotes
function textToHtml(text, lineTag = 'div') {
  const lines = text.split('\n');
  const out = [];
  let i = 0;
  while (i < lines.length) {
    if (/^>/.test(lines[i])) {
      const inner = [];
      while (i < lines.length && /^>/.test(lines[i])) { inner.push(lines[i].replace(/^> ?/, '')); i++; }
      out.push('<blockquote style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex">' + textToHtml(inner.join('\n'), lineTag) + '</blockquote>');
      continue;
    }
    const l = lines[i];
    out.push(l.trim() === '' ? (lineTag === 'p' ? '<p class=MsoNormal>&nbsp;</p>' : '<div><br></div>') : (lineTag === 'p' ? `<p class=MsoNormal>${linkify(esc(l))}</p>` : `<div>${linkify(esc(l))}</div>`));
    i++;
  }
  return out.join('\n');
}

// ---------------------------------------------------------------- locale tables
const LOC = {
  en: { ds: DAY_EN, dl: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], ml: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'], ms: MON_EN },
  de: { ds: ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'], dl: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'], ml: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'] },
  fr: { ds: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'], dl: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'], ml: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'], ms: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'] },
  es: { ds: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'], dl: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'], ml: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'], ms: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'] },
  it: { ds: ['dom', 'lun', 'mar', 'mer', 'gio', 'ven', 'sab'], dl: ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'], ml: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'], ms: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'] },
  pt: { ds: ['dom.', 'seg.', 'ter.', 'qua.', 'qui.', 'sex.', 'sáb.'], dl: ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'], ml: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'], ms: ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'] },
  nl: { ds: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'], dl: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'], ml: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'] },
  pl: { ds: ['niedz.', 'pon.', 'wt.', 'śr.', 'czw.', 'pt.', 'sob.'], dl: ['niedziela', 'poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota'], ml: ['styczeń', 'luty', 'marzec', 'kwiecień', 'maj', 'czerwiec', 'lipiec', 'sierpień', 'wrzesień', 'październik', 'listopad', 'grudzień'], mg: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'] },
  sv: { ds: ['sön', 'mån', 'tis', 'ons', 'tors', 'fre', 'lör'], dl: ['söndag', 'måndag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lördag'], ml: ['januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december'] },
  da: { ds: ['søn.', 'man.', 'tir.', 'ons.', 'tor.', 'fre.', 'lør.'], dl: ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'], ml: ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'] },
  no: { ds: ['søn.', 'man.', 'tir.', 'ons.', 'tor.', 'fre.', 'lør.'], dl: ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'], ml: ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'] },
  fi: { ds: ['su', 'ma', 'ti', 'ke', 'to', 'pe', 'la'], dl: ['sunnuntai', 'maanantai', 'tiistai', 'keskiviikko', 'torstai', 'perjantai', 'lauantai'], mg: ['tammikuuta', 'helmikuuta', 'maaliskuuta', 'huhtikuuta', 'toukokuuta', 'kesäkuuta', 'heinäkuuta', 'elokuuta', 'syyskuuta', 'lokakuuta', 'marraskuuta', 'joulukuuta'] },
  cs: { ds: ['ne', 'po', 'út', 'st', 'čt', 'pá', 'so'], dl: ['neděle', 'pondělí', 'úterý', 'středa', 'čtvrtek', 'pátek', 'sobota'], mg: ['ledna', 'února', 'března', 'dubna', 'května', 'června', 'července', 'srpna', 'září', 'října', 'listopadu', 'prosince'] },
  tr: { ds: ['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'], dl: ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'], ml: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'] },
  ru: { ds: ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'], dl: ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'], mg: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'] },
  ja: { ds: ['日', '月', '火', '水', '木', '金', '土'] },
};
const h12 = (t) => `${t.h % 12 || 12}:${p2(t.mi)} ${t.h < 12 ? 'AM' : 'PM'}`;
const hm = (t) => `${p2(t.h)}:${p2(t.mi)}`;
const hmS = (t) => `${t.h}:${p2(t.mi)}`;

// Gmail-style attribution line ("On ... wrote:") per language
function gmailAttr(lang, t, nm, em) {
  const L = LOC[lang];
  switch (lang) {
    case 'en': return `On ${L.ds[t.wd]}, ${L.ms[t.mo]} ${t.d}, ${t.y} at ${h12(t)} ${nm} <${em}> wrote:`;
    case 'de': return `Am ${L.ds[t.wd]}, ${t.d}. ${L.ml[t.mo]} ${t.y} um ${hm(t)} Uhr schrieb ${nm} <${em}>:`;
    case 'fr': return `Le ${L.ds[t.wd]} ${t.d} ${L.ms[t.mo]} ${t.y} à ${hm(t)}, ${nm} <${em}> a écrit :`;
    case 'es': return `El ${L.ds[t.wd]}, ${t.d} ${L.ms[t.mo]} ${t.y} a las ${hmS(t)}, ${nm} (<${em}>) escribió:`;
    case 'it': return `Il giorno ${L.ds[t.wd]} ${t.d} ${L.ms[t.mo]} ${t.y} alle ore ${hm(t)} ${nm} <${em}> ha scritto:`;
    case 'pt': return `Em ${L.ds[t.wd]}, ${t.d} de ${L.ms[t.mo]} de ${t.y} às ${hm(t)}, ${nm} <${em}> escreveu:`;
    case 'nl': return `Op ${L.ds[t.wd]} ${t.d} ${L.ml[t.mo]} ${t.y} om ${hm(t)} schreef ${nm} <${em}>:`;
    case 'pl': return `${L.ds[t.wd]}, ${t.d} ${L.ml[t.mo]} ${t.y} o ${hm(t)} ${nm} <${em}> napisał(a):`;
    case 'sv': return `Den ${L.ds[t.wd]} ${t.d} ${L.ml[t.mo]} ${t.y} kl ${hm(t)} skrev ${nm} <${em}>:`;
    case 'da': return `Den ${L.ds[t.wd]} ${t.d}. ${L.ml[t.mo]} ${t.y} kl. ${p2(t.h)}.${p2(t.mi)} skrev ${nm} <${em}>:`;
    case 'no': return `${L.ds[t.wd]} ${t.d}. ${L.ml[t.mo]} ${t.y} kl. ${hm(t)} skrev ${nm} <${em}>:`;
    case 'fi': return `${L.ds[t.wd]} ${t.d}.${t.mo + 1}.${t.y} klo ${t.h}.${p2(t.mi)} ${nm} (${em}) kirjoitti:`;
    case 'cs': return `${L.ds[t.wd]} ${t.d}. ${t.mo + 1}. ${t.y} v ${hmS(t)} odesílatel ${nm} <${em}> napsal:`;
    case 'tr': return `${nm} <${em}>, ${t.d} ${L.ml[t.mo]} ${t.y} ${L.ds[t.wd]}, ${hm(t)} tarihinde şunu yazdı:`;
    case 'ru': return `${L.ds[t.wd]}, ${t.d} ${L.mg[t.mo]} ${t.y} г. в ${hm(t)}, ${nm} <${em}>:`;
    case 'ja': return `${t.y}年${t.mo + 1}月${t.d}日(${L.ds[t.wd]}) ${hmS(t)} ${nm} <${em}>:`;
  }
  throw new Error('gmailAttr ' + lang);
}
function appleAttr(lang, t, nm, em) {
  const L = LOC[lang];
  const dmy = `${p2(t.d)}.${p2(t.mo + 1)}.${t.y}`;
  switch (lang) {
    case 'en': return `On ${t.d} ${L.ml[t.mo]} ${t.y}, at ${hm(t)}, ${nm} <${em}> wrote:`;
    case 'de': return `Am ${dmy} um ${hm(t)} schrieb ${nm} <${em}>:`;
    case 'fr': return `Le ${t.d} ${L.ml[t.mo]} ${t.y} à ${hm(t)}, ${nm} <${em}> a écrit :`;
    case 'es': return `El ${t.d} ${L.ms[t.mo]} ${t.y}, a las ${hmS(t)}, ${nm} <${em}> escribió:`;
    case 'it': return `Il giorno ${t.d} ${L.ms[t.mo]} ${t.y}, alle ore ${hm(t)}, ${nm} <${em}> ha scritto:`;
    case 'pt': return `Em ${t.d} de ${L.ms[t.mo]} de ${t.y}, à(s) ${hm(t)}, ${nm} <${em}> escreveu:`;
    case 'nl': return `Op ${t.d} ${L.ml[t.mo]} ${t.y} om ${hm(t)} heeft ${nm} <${em}> het volgende geschreven:`;
    case 'pl': return `Wiadomość napisana przez ${nm} <${em}> w dniu ${dmy}, o godz. ${hm(t)}:`;
    case 'sv': return `${t.d} ${L.ml[t.mo]} ${t.y} kl. ${hm(t)} skrev ${nm} <${em}>:`;
    case 'da': return `Den ${t.d}. ${L.ml[t.mo]} ${t.y} kl. ${p2(t.h)}.${p2(t.mi)} skrev ${nm} <${em}>:`;
    case 'no': return `${t.d}. ${L.ml[t.mo]} ${t.y} kl. ${hm(t)} skrev ${nm} <${em}>:`;
    case 'fi': return `${nm} <${em}> kirjoitti ${t.d}.${t.mo + 1}.${t.y} kello ${t.h}.${p2(t.mi)}:`;
    case 'cs': return `${t.d}. ${t.mo + 1}. ${t.y} v ${hmS(t)}, ${nm} <${em}>:`;
    case 'tr': return `${t.d} ${L.ml[t.mo]} ${t.y} tarihinde ${hm(t)} saatinde, ${nm} <${em}> şunları yazdı:`;
    case 'ru': return `${t.d} ${L.mg[t.mo]} ${t.y} г., в ${hm(t)}, ${nm} <${em}> написал(а):`;
    case 'ja': return `${t.y}/${p2(t.mo + 1)}/${p2(t.d)} ${hmS(t)}、${nm} <${em}>のメール:`;
  }
  throw new Error('appleAttr ' + lang);
}
function tbirdAttr(lang, t, nm, em) {
  const dmy = `${p2(t.d)}.${p2(t.mo + 1)}.${t.y}`;
  const dmy2 = `${p2(t.d)}.${p2(t.mo + 1)}.${String(t.y).slice(2)}`;
  switch (lang) {
    case 'en': return `On ${p2(t.d)}/${p2(t.mo + 1)}/${t.y} ${hm(t)}, ${nm} wrote:`;
    case 'de': return `Am ${dmy2} um ${hm(t)} schrieb ${nm}:`;
    case 'fr': return `Le ${p2(t.d)}/${p2(t.mo + 1)}/${t.y} à ${hm(t)}, ${nm} a écrit :`;
    case 'es': return `El ${t.d}/${t.mo + 1}/${String(t.y).slice(2)} a las ${hmS(t)}, ${nm} escribió:`;
    case 'it': return `Il ${p2(t.d)}/${p2(t.mo + 1)}/${String(t.y).slice(2)} ${hm(t)}, ${nm} ha scritto:`;
    case 'nl': return `Op ${p2(t.d)}-${p2(t.mo + 1)}-${t.y} om ${hm(t)} schreef ${nm}:`;
    case 'pl': return `W dniu ${dmy} o ${hm(t)}, ${nm} pisze:`;
    case 'ru': return `${dmy} ${hmS(t)}, ${nm} пишет:`;
    case 'cs': return `Dne ${p2(t.d)}. ${p2(t.mo + 1)}. ${String(t.y).slice(2)} v ${hmS(t)} ${nm} napsal(a):`;
    case 'sv': return `Den ${t.y}-${p2(t.mo + 1)}-${p2(t.d)} kl. ${hm(t)}, skrev ${nm}:`;
    case 'da': case 'no': return `Den ${dmy} kl. ${hm(t)} skrev ${nm}:`;
    default: return gmailAttr(lang, t, nm, em);
  }
}
function outlookSent(lang, t) {
  const L = LOC[lang];
  switch (lang) {
    case 'en': return `${L.dl[t.wd]}, ${L.ml[t.mo]} ${t.d}, ${t.y} ${h12(t)}`;
    case 'de': return `${L.dl[t.wd]}, ${t.d}. ${L.ml[t.mo]} ${t.y} ${hm(t)}`;
    case 'fr': case 'it': case 'nl': return `${L.dl[t.wd]} ${t.d} ${L.ml[t.mo]} ${t.y} ${hm(t)}`;
    case 'es': return `${L.dl[t.wd]}, ${t.d} de ${L.ml[t.mo]} de ${t.y} ${hmS(t)}`;
    case 'pt': return `${L.dl[t.wd]}, ${t.d} de ${L.ml[t.mo]} de ${t.y} ${hm(t)}`;
    case 'pl': return `${L.dl[t.wd]}, ${t.d} ${L.mg[t.mo]} ${t.y} ${hm(t)}`;
    case 'sv': return `den ${t.d} ${L.ml[t.mo]} ${t.y} ${hm(t)}`;
    case 'da': return `${t.d}. ${L.ml[t.mo]} ${t.y} ${hm(t)}`;
    case 'no': return `${L.dl[t.wd]} ${t.d}. ${L.ml[t.mo]} ${t.y} ${hm(t)}`;
    case 'fi': return `${L.dl[t.wd]} ${t.d}. ${L.mg[t.mo]} ${t.y} ${t.h}.${p2(t.mi)}`;
    case 'cs': return `${L.dl[t.wd]} ${t.d}. ${L.mg[t.mo]} ${t.y} ${hmS(t)}`;
    case 'tr': return `${t.d} ${L.ml[t.mo]} ${t.y} ${L.dl[t.wd]} ${hm(t)}`;
    case 'ru': return `${t.d} ${L.mg[t.mo]} ${t.y} г. ${hmS(t)}`;
    case 'ja': return `${t.y}年${t.mo + 1}月${t.d}日 ${hmS(t)}`;
  }
}
const OL_LABELS = {
  en: ['From:', 'Sent:', 'To:', 'Cc:', 'Subject:'], de: ['Von:', 'Gesendet:', 'An:', 'Cc:', 'Betreff:'],
  fr: ['De :', 'Envoyé :', 'À :', 'Cc :', 'Objet :'], es: ['De:', 'Enviado el:', 'Para:', 'CC:', 'Asunto:'],
  it: ['Da:', 'Inviato:', 'A:', 'Cc:', 'Oggetto:'], pt: ['De:', 'Enviado:', 'Para:', 'Cc:', 'Assunto:'],
  nl: ['Van:', 'Verzonden:', 'Aan:', 'CC:', 'Onderwerp:'], pl: ['Od:', 'Wysłano:', 'Do:', 'DW:', 'Temat:'],
  sv: ['Från:', 'Skickat:', 'Till:', 'Kopia:', 'Ämne:'], da: ['Fra:', 'Sendt:', 'Til:', 'Cc:', 'Emne:'],
  no: ['Fra:', 'Sendt:', 'Til:', 'Kopi:', 'Emne:'], fi: ['Lähettäjä:', 'Lähetetty:', 'Vastaanottaja:', 'Kopio:', 'Aihe:'],
  cs: ['Od:', 'Odesláno:', 'Komu:', 'Kopie:', 'Předmět:'], tr: ['Kimden:', 'Gönderildi:', 'Kime:', 'Bilgi:', 'Konu:'],
  ru: ['От:', 'Отправлено:', 'Кому:', 'Копия:', 'Тема:'], ja: ['差出人:', '送信日時:', '宛先:', 'CC:', '件名:'],
};
const ORIG_MARK = {
  en: '-----Original Message-----', de: '-----Ursprüngliche Nachricht-----', fr: "-----Message d'origine-----",
  es: '-----Mensaje original-----', it: '-----Messaggio originale-----', pt: '-----Mensagem original-----',
  nl: '-----Oorspronkelijk bericht-----', pl: '-----Oryginalna wiadomość-----', sv: '-----Ursprungligt meddelande-----',
  da: '-----Oprindelig meddelelse-----', no: '-----Opprinnelig melding-----', fi: '-----Alkuperäinen viesti-----',
  cs: '-----Původní zpráva-----', tr: '-----Özgün İleti-----', ru: '-----Исходное сообщение-----', ja: '-----Original Message-----',
};
const FWD_MARK = { en: '---------- Forwarded message ---------', de: '---------- Weitergeleitete Nachricht ---------', fr: '---------- Message transféré ---------', es: '---------- Mensaje reenviado ---------', it: '---------- Messaggio inoltrato ---------', pt: '---------- Mensagem encaminhada ---------', nl: '---------- Doorgestuurd bericht ---------' };
const RE_OUTLOOK = { en: 'RE: ', de: 'AW: ', fr: 'RE : ', es: 'RE: ', it: 'R: ', pt: 'RE: ', nl: 'RE: ', pl: 'RE: ', sv: 'SV: ', da: 'SV: ', no: 'SV: ', fi: 'VS: ', cs: 'RE: ', tr: 'YNT: ', ru: 'RE: ', ja: 'RE: ' };
const FW_OUTLOOK = { en: 'FW: ', de: 'WG: ', fr: 'TR : ', es: 'RV: ', it: 'I: ', pt: 'ENC: ', nl: 'FW: ', pl: 'PD: ', sv: 'VB: ', da: 'VS: ', no: 'VS: ', fi: 'VL: ', cs: 'FW: ', tr: 'İLT: ', ru: 'FW: ', ja: 'FW: ' };
const OOO_PREFIX = { en: 'Automatic reply: ', de: 'Automatische Antwort: ', fr: 'Réponse automatique : ', es: 'Respuesta automática: ', it: 'Risposta automatica: ', pt: 'Resposta automática: ', nl: 'Automatisch antwoord: ', pl: 'Odpowiedź automatyczna: ', sv: 'Automatiskt svar: ', da: 'Automatisk svar: ', no: 'Automatisk svar: ', fi: 'Automaattinen vastaus: ', cs: 'Automatická odpověď: ', tr: 'Otomatik yanıt: ', ru: 'Автоматический ответ: ', ja: '自動応答: ' };
const IPHONE = { en: 'Sent from my iPhone', de: 'Von meinem iPhone gesendet', fr: 'Envoyé de mon iPhone', es: 'Enviado desde mi iPhone', it: 'Inviato da iPhone', pt: 'Enviado do meu iPhone', nl: 'Verstuurd vanaf mijn iPhone', pl: "Wysłane z iPhone'a", sv: 'Skickat från min iPhone', da: 'Sendt fra min iPhone', no: 'Sendt fra min iPhone', fi: 'Lähetetty iPhonesta', cs: 'Odesláno z iPhonu', tr: "iPhone'umdan gönderildi", ru: 'Отправлено с iPhone', ja: 'iPhoneから送信' };
const ANDROID = { en: ['Sent from my Galaxy', 'Get Outlook for Android<https://aka.ms/AAb9ysg>', 'Sent from my Android phone with GMX Mail.'], de: ['Von meinem/meiner Galaxy gesendet', 'Outlook für Android<https://aka.ms/AAb9ysg> herunterladen', 'Diese Nachricht wurde von meinem Android-Mobiltelefon mit GMX Mail gesendet.'], fr: ['Envoyé depuis mon smartphone Samsung Galaxy.', 'Obtenir Outlook pour Android<https://aka.ms/AAb9ysg>'], es: ['Enviado desde mi smartphone Samsung Galaxy.', 'Obtener Outlook para Android<https://aka.ms/AAb9ysg>'], it: ['Inviato dal mio Galaxy', 'Ottieni Outlook per Android<https://aka.ms/AAb9ysg>'], pt: ['Enviado do meu Galaxy', 'Obter o Outlook para Android<https://aka.ms/AAb9ysg>'], nl: ['Verzonden vanaf mijn Galaxy', 'Outlook voor Android<https://aka.ms/AAb9ysg> downloaden'], pl: ['Wysłane z mojego Galaxy'], sv: ['Skickat från min Galaxy'], da: ['Sendt fra min Galaxy'], ru: ['Отправлено с моего Galaxy'] };
const SIGNOFF = {
  en: ['Best,', 'Thanks,', 'Cheers,', 'Regards,', 'Best regards,', 'Thx,', 'Kind regards,', 'All the best,'],
  de: ['Viele Grüße', 'Beste Grüße', 'Gruß', 'VG', 'Mit freundlichen Grüßen', 'Schöne Grüße'],
  fr: ['Cordialement,', 'Bien à vous,', 'Bonne journée,', 'Cdlt', 'Belle journée,'],
  es: ['Saludos,', 'Un saludo,', 'Gracias,', 'Saludos cordiales,', 'Atentamente,'],
  it: ['Saluti,', 'Cordiali saluti,', 'Grazie,', 'Buona giornata,', 'Un saluto'],
  'pt-PT': ['Cumprimentos,', 'Obrigado,', 'Com os melhores cumprimentos,'], 'pt-BR': ['Abraço,', 'Atenciosamente,', 'Att.,', 'Obrigado!'],
  nl: ['Groet,', 'Met vriendelijke groet,', 'Groetjes,', 'Mvg,', 'Gr.'],
  pl: ['Pozdrawiam', 'Z poważaniem', 'Pozdrawiam serdecznie'], sv: ['Mvh', 'Hälsningar', 'Vänliga hälsningar', 'Med vänlig hälsning'],
  da: ['Mvh', 'Venlig hilsen', 'Bedste hilsner', 'Hilsen'], no: ['Mvh', 'Vennlig hilsen', 'Hilsen'], fi: ['Terveisin', 'Ystävällisin terveisin', 't.'],
  cs: ['S pozdravem', 'Děkuji,', 'Zdraví'], tr: ['Saygılarımla,', 'İyi çalışmalar,', 'Teşekkürler,'], ru: ['С уважением,', 'Спасибо,', 'Всего доброго,'], ja: ['よろしくお願いいたします。'],
};
// confidentiality disclaimers (they mention deleting the message: a harmless trigger)
const DISCLAIMER = {
  en: 'CONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and may be legally privileged. If you are not the intended recipient, please notify the sender immediately and delete this message and any copies from your system. Any unauthorised use, disclosure or copying is strictly prohibited.',
  de: 'Diese E-Mail enthält vertrauliche und/oder rechtlich geschützte Informationen. Wenn Sie nicht der richtige Adressat sind oder diese E-Mail irrtümlich erhalten haben, informieren Sie bitte sofort den Absender und vernichten Sie diese Mail. Das unerlaubte Kopieren sowie die unbefugte Weitergabe dieser Mail sind nicht gestattet.\n\n{co} | Sitz der Gesellschaft: {city} | Registergericht: Amtsgericht {city} HRB 48{n} | Geschäftsführer: {gf}',
  fr: "Ce message et toutes les pièces jointes sont confidentiels et établis à l'intention exclusive de ses destinataires. Si vous avez reçu ce message par erreur, merci de le détruire et d'en avertir immédiatement l'expéditeur. Toute utilisation non autorisée est interdite.\nPensez à l'environnement avant d'imprimer ce message.",
  es: 'AVISO DE CONFIDENCIALIDAD: Este mensaje y sus archivos adjuntos van dirigidos exclusivamente a su destinatario y pueden contener información confidencial. Si usted no es el destinatario, le rogamos que lo comunique al remitente y proceda a su eliminación. De conformidad con el RGPD, puede ejercer sus derechos de acceso, rectificación, supresión, oposición y portabilidad escribiendo a privacidad@{dom}.',
  it: "Questo messaggio e i suoi allegati sono indirizzati esclusivamente alle persone indicate e possono contenere informazioni riservate. Qualora il messaggio Le fosse pervenuto per errore, La invitiamo ad eliminarlo senza copiarlo e a non inoltrarlo a terzi, dandocene gentilmente comunicazione. Informativa privacy ai sensi del Reg. UE 2016/679: {web}/privacy",
  pt: 'Esta mensagem e quaisquer anexos são confidenciais e destinam-se exclusivamente ao(s) destinatário(s). Se recebeu esta mensagem por engano, por favor notifique o remetente e apague-a do seu sistema.',
  nl: 'Dit e-mailbericht is uitsluitend bestemd voor de geadresseerde(n). Indien u dit bericht onterecht ontvangt, wordt u verzocht de inhoud niet te gebruiken, de afzender direct te informeren en het bericht te vernietigen.',
  pl: 'Treść tej wiadomości jest poufna i prawnie chroniona. Jeżeli nie jest Pan/Pani zamierzonym adresatem, prosimy o niezwłoczne poinformowanie nadawcy i usunięcie wiadomości wraz z załącznikami.',
  sv: 'Detta e-postmeddelande kan innehålla konfidentiell information. Om du inte är rätt mottagare, vänligen meddela avsändaren och radera meddelandet.',
  da: 'Denne e-mail kan indeholde fortrolige oplysninger. Hvis du ikke er den tiltænkte modtager, bedes du kontakte afsenderen og slette e-mailen.',
  no: 'Denne e-posten kan inneholde konfidensiell informasjon. Hvis du har mottatt den ved en feil, vennligst gi beskjed til avsender og slett e-posten.',
  fi: 'Tämä viesti voi sisältää luottamuksellista tietoa. Jos olet saanut viestin erehdyksessä, ilmoita lähettäjälle ja poista viesti.',
  cs: 'Tento e-mail je důvěrný. Pokud nejste zamýšleným adresátem, informujte prosím odesílatele a zprávu smažte.',
  tr: 'Bu e-posta ve ekleri gizlidir. Eğer bu mesajın muhatabı değilseniz lütfen göndereni bilgilendirip mesajı siliniz.',
  ru: 'Данное сообщение и любые вложения к нему являются конфиденциальными. Если вы получили это сообщение по ошибке, пожалуйста, сообщите отправителю и удалите его.',
  ja: '本メールには機密情報が含まれている場合があります。誤って受信された場合は、お手数ですが送信者にご連絡のうえ、本メールを削除してください。',
};
// the writer's own newsletter footer (with an unsubscribe link: a harmless trigger)
const NEWSLETTER = {
  en: 'Get our monthly ops newsletter: https://{web}/newsletter (unsubscribe anytime: https://{web}/newsletter/unsubscribe)',
  de: 'Jetzt unseren Newsletter abonnieren: https://{web}/newsletter - Abmeldung jederzeit über den Link in jeder Ausgabe.',
  fr: 'Inscrivez-vous à notre newsletter : https://{web}/newsletter (désinscription en un clic à tout moment)',
  es: 'Suscríbete a nuestra newsletter: https://{web}/newsletter | Darse de baja: https://{web}/baja',
  it: 'Iscriviti alla nostra newsletter: https://{web}/newsletter - puoi disiscriverti in qualsiasi momento.',
  pt: 'Subscreva a nossa newsletter: https://{web}/newsletter (pode cancelar a subscrição a qualquer momento)',
  nl: 'Schrijf je in voor onze nieuwsbrief: https://{web}/nieuwsbrief - afmelden kan altijd.',
  pl: 'Zapisz się do naszego newslettera: https://{web}/newsletter (możesz się wypisać w każdej chwili)',
  sv: 'Prenumerera på vårt nyhetsbrev: https://{web}/nyhetsbrev - avsluta prenumerationen när du vill.',
  da: 'Tilmeld dig vores nyhedsbrev: https://{web}/nyhedsbrev - du kan altid afmelde dig igen.',
};

// ---------------------------------------------------------------- prospects (the people who reply)
// company: [name, domain, city, phone template (# = digit)]
const POOLS = {
  'en-us': { tz: '-0400', first: ['James', 'Sarah', 'Mike', 'Priya', 'Tom', 'Rachel', 'Dan', 'Emily', 'Chris', 'Olivia', 'Kevin', 'Megan', 'Raj', 'Laura', 'Steve', 'Hannah', 'Marcus', 'Jen', 'Alex', 'Nicole', 'Ben', 'Aisha', 'Greg', 'Kate'], last: ['Thompson', 'Patel', 'Nguyen', 'Walker', 'Fischer', 'Hughes', 'Bennett', 'Carter', 'Morales', 'Shaw', 'Kim', 'Reynolds', 'Murphy', 'Foster', 'Doyle', 'Alvarez', 'Coleman', 'Brooks'],
    titles: ['Head of Operations', 'VP Finance', 'Procurement Manager', 'CTO', 'Controller', 'Marketing Manager', 'IT Director', 'COO', 'Office Manager', 'Director of Engineering', 'HR Business Partner', 'Founder & CEO', 'AP Supervisor', 'VP People'],
    cos: [['Brightline Logistics', 'brightlinelogistics.com', 'Boston, MA', '+1 (617) 555-01##'], ['Harbor & Pine Analytics', 'harborpine.io', 'Austin, TX', '+1 (512) 555-01##'], ['Corvid Systems', 'corvidsys.com', 'Denver, CO', '+1 (303) 555-01##'], ['Northfield Health', 'northfieldhealth.org', 'Columbus, OH', '+1 (614) 555-01##'], ['Quillon Financial', 'quillonfin.com', 'Charlotte, NC', '+1 (704) 555-01##'], ['Lumen Retail Group', 'lumenretail.com', 'Chicago, IL', '+1 (312) 555-01##'], ['Ashgrove Software', 'ashgrove.dev', 'Seattle, WA', '+1 (206) 555-01##'], ['Kestrel Energy', 'kestrel-energy.com', 'Houston, TX', '+1 (713) 555-01##'], ['Sunstone Foods', 'sunstonefoods.com', 'Fresno, CA', '+1 (559) 555-01##'], ['Ironbridge Construction', 'ironbridgebuild.com', 'Pittsburgh, PA', '+1 (412) 555-01##'], ['Ocelot Media', 'ocelotmedia.io', 'Brooklyn, NY', '+1 (718) 555-01##'], ['Bluewater Insurance', 'bluewaterins.com', 'Hartford, CT', '+1 (860) 555-01##']] },
  'en-uk': { tz: '+0100', first: ['Oliver', 'Charlotte', 'Harry', 'Amelia', 'George', 'Sophie', 'Jack', 'Emma', 'Callum', 'Fiona', 'Rhys', 'Niamh', 'Ravi', 'Grace'], last: ['Davies', 'Evans', 'Wright', 'Robinson', 'Hall', 'Clarke', 'Turner', 'Hill', 'Ward', 'Knight', 'McLeod', 'Ahmed', 'Price'],
    titles: ['Operations Director', 'Finance Director', 'Head of IT', 'Procurement Lead', 'Managing Director', 'Information Security Manager', 'Supply Chain Manager', 'Financial Controller'],
    cos: [['Tallis Manufacturing', 'tallismfg.co.uk', 'Sheffield', '+44 114 496 0###'], ['Pellham & Co', 'pellham.co.uk', 'London', '+44 20 7946 0###'], ['Verity Legal', 'veritylegal.co.uk', 'Manchester', '+44 161 496 0###'], ['Fenwick Homeware', 'fenwickhome.co.uk', 'Leeds', '+44 113 496 0###'], ['Caledon Distillers', 'caledondistillers.com', 'Glasgow', '+44 141 496 0###'], ['Marlow Wealth', 'marlowwealth.co.uk', 'Bristol', '+44 117 496 0###']] },
  de: { tz: '+0200', first: ['Thomas', 'Sabine', 'Michael', 'Julia', 'Andreas', 'Katrin', 'Stefan', 'Anna', 'Markus', 'Claudia', 'Florian', 'Nicole', 'Jörg', 'Miriam', 'Uwe', 'Svenja'], last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer', 'Koch', 'Richter', 'Wolf', 'Neumann', 'Zimmermann', 'Krüger', 'Hartmann', 'Lange'],
    titles: ['Leiter Logistik', 'Einkaufsleiterin', 'Geschäftsführer', 'Kaufmännische Leiterin', 'IT-Leiter', 'Vertriebsleiter', 'Leitung Finanzbuchhaltung', 'Prokurist', 'Teamleiterin Lager', 'Head of Operations'],
    gf: ['Dr. Peter Lindner', 'Martina Haas', 'Klaus Brenner, Ute Vogel'],
    cos: [['Brenner Maschinenbau GmbH', 'brenner-maschinenbau.de', 'Stuttgart', '+49 711 2345 6##'], ['Vogel Logistik GmbH & Co. KG', 'vogel-logistik.de', 'Bremen', '+49 421 8890 3##'], ['Haas Haustechnik GmbH', 'haas-haustechnik.de', 'Nürnberg', '+49 911 4457 1##'], ['Lindner Feinkost AG', 'lindner-feinkost.de', 'München', '+49 89 2188 7##'], ['Nordlicht Textil GmbH', 'nordlicht-textil.de', 'Hamburg', '+49 40 3344 5##'], ['Alpenblick Software GmbH', 'alpenblick-software.at', 'Innsbruck', '+43 512 5678 ##'], ['Rheinwerk Verpackungen GmbH', 'rheinwerk-verpackungen.de', 'Köln', '+49 221 9087 ##']] },
  fr: { tz: '+0200', first: ['Nicolas', 'Isabelle', 'Thomas', 'Céline', 'Julien', 'Nathalie', 'Pierre', 'Émilie', 'Sébastien', 'Aurélie', 'François', 'Hélène', 'Mathieu', 'Sandrine'], last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Moreau', 'Laurent', 'Lefebvre', 'Michel', 'Garcia', 'Roux', 'Fournier', 'Girard'],
    titles: ['Directeur administratif et financier', 'Responsable comptable', 'DSI', 'Directrice des achats', 'Gérant', 'Responsable RH', 'Directeur des opérations', 'Chargée de recrutement', 'RSSI'],
    cos: [['Transports Girard SAS', 'transports-girard.fr', 'Lyon', '04 72 ## ## ##'], ['Atelier Roux', 'atelier-roux.fr', 'Nantes', '02 40 ## ## ##'], ['Fournier Distribution', 'fournier-distribution.fr', 'Lille', '03 20 ## ## ##'], ['Groupe Laurent Immobilier', 'laurent-immo.fr', 'Bordeaux', '05 56 ## ## ##'], ['Biocéane', 'bioceane.fr', 'Brest', '02 98 ## ## ##'], ['Numéria Conseil', 'numeria-conseil.fr', 'Paris', '01 45 ## ## ##'], ['Helvetix SA', 'helvetix.ch', 'Lausanne', '+41 21 ### ## ##']] },
  es: { tz: '+0200', first: ['Javier', 'María', 'Carlos', 'Laura', 'David', 'Marta', 'Sergio', 'Elena', 'Pablo', 'Nuria', 'Álvaro', 'Cristina'], last: ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Díaz', 'Moreno', 'Muñoz', 'Navarro', 'Serrano'],
    titles: ['Director Financiero', 'Responsable de Administración', 'Gerente', 'Directora de Operaciones', 'Responsable de Compras', 'CEO', 'Jefa de Contabilidad'],
    cos: [['Distribuciones Navarro S.L.', 'navarrodistribuciones.es', 'Zaragoza', '+34 976 ## ## ##'], ['Grupo Serrano Alimentación', 'gruposerrano.es', 'Valencia', '+34 96 ### ## ##'], ['Talleres Ruiz', 'talleresruiz.com', 'Bilbao', '+34 944 ## ## ##'], ['Clínicas Dentales Sonrisa', 'clinicasonrisa.es', 'Sevilla', '+34 954 ## ## ##'], ['Muñoz Arquitectura', 'munozarquitectura.es', 'Madrid', '+34 91 ### ## ##']] },
  'es-mx': { tz: '-0600', first: ['Alejandro', 'Guadalupe', 'Jorge', 'Fernanda', 'Ricardo', 'Ximena', 'Luis', 'Daniela'], last: ['Hernández', 'González', 'Rodríguez', 'Ramírez', 'Flores', 'Torres', 'Castillo', 'Vargas'],
    titles: ['Gerente de Logística', 'Director General', 'Jefe de Flotilla', 'Gerente de Compras', 'Coordinadora de Operaciones'],
    cos: [['Transportes del Norte', 'transnorte.com.mx', 'Monterrey', '+52 81 #### ####'], ['Abarrotes Castillo', 'abarrotescastillo.mx', 'Guadalajara', '+52 33 #### ####'], ['Grupo Vargas Distribución', 'grupovargas.com.mx', 'CDMX', '+52 55 #### ####']] },
  it: { tz: '+0200', first: ['Marco', 'Francesca', 'Alessandro', 'Chiara', 'Davide', 'Valentina', 'Matteo', 'Sara', 'Stefano', 'Elisa'], last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo'],
    titles: ['Responsabile Logistica', 'Direttore Amministrativo', 'Titolare', 'Responsabile Acquisti', 'CFO', 'Office Manager', 'Responsabile IT'],
    cos: [['Ricci Arredamenti S.r.l.', 'ricciarredamenti.it', 'Verona', '+39 045 ### ####'], ['Colombo Tessuti S.p.A.', 'colombotessuti.it', 'Como', '+39 031 ### ####'], ['Studio Marino Commercialisti', 'studiomarino.it', 'Napoli', '+39 081 ### ####'], ['Greco Alimentari', 'grecoalimentari.it', 'Bari', '+39 080 ### ####'], ['Gallo Moda', 'gallomoda.it', 'Milano', '+39 02 #### ####']] },
  'pt-PT': { tz: '+0100', first: ['João', 'Inês', 'Rui', 'Catarina', 'Tiago', 'Sofia', 'Miguel', 'Joana'], last: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Costa', 'Oliveira', 'Martins', 'Carvalho'],
    titles: ['Diretor Financeiro', 'Responsável de Contabilidade', 'Administrador', 'Diretora de Operações', 'Gestora de Compras'],
    cos: [['Martins & Filhos, Lda.', 'martinsefilhos.pt', 'Porto', '+351 22 ### ####'], ['Costa Verde Conservas', 'costaverde.pt', 'Matosinhos', '+351 22 ### ####'], ['Lusotrans', 'lusotrans.pt', 'Lisboa', '+351 21 ### ####']] },
  'pt-BR': { tz: '-0300', first: ['Lucas', 'Mariana', 'Gabriel', 'Juliana', 'Felipe', 'Camila', 'Rodrigo', 'Beatriz', 'Thiago', 'Larissa'], last: ['Oliveira', 'Souza', 'Lima', 'Rodrigues', 'Almeida', 'Nascimento', 'Barbosa', 'Ribeiro', 'Araújo', 'Mendes'],
    titles: ['Gerente Comercial', 'Diretor de Vendas', 'Sócio-fundador', 'Head de Marketing', 'Coordenadora de RH', 'CEO'],
    cos: [['Almeida Distribuidora', 'almeidadistribuidora.com.br', 'São Paulo', '(11) 9####-####'], ['Nascimento Tech', 'nascimentotech.com.br', 'Belo Horizonte', '(31) 9####-####'], ['Grupo Barbosa', 'grupobarbosa.com.br', 'Curitiba', '(41) 9####-####'], ['Mendes Alimentos', 'mendesalimentos.com.br', 'Recife', '(81) 9####-####']] },
  nl: { tz: '+0200', first: ['Jeroen', 'Sanne', 'Mark', 'Lotte', 'Bas', 'Anouk', 'Pieter', 'Femke', 'Ruud', 'Eva', 'Joost', 'Marloes'], last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'de Boer', 'Bos', 'Vos'],
    titles: ['Operationeel manager', 'Hoofd HR', 'Directeur', 'Financieel manager', 'Teamleider planning', 'Office manager', 'Salesmanager'],
    cos: [['Zorggroep De Linde', 'zorggroepdelinde.nl', 'Amersfoort', '033 ### ## ##'], ['Visser Bouw B.V.', 'visserbouw.nl', 'Zwolle', '038 ### ## ##'], ['Meijer Horeca Groep', 'meijerhoreca.nl', 'Rotterdam', '010 ### ## ##'], ['Bos Transport', 'bostransport.nl', 'Venlo', '077 ### ## ##']] },
  'nl-be': { tz: '+0200', first: ['Wouter', 'Lien', 'Koen', 'Els', 'Stijn', 'Griet'], last: ['Peeters', 'Maes', 'Claes', 'Wouters', 'Goossens', 'Willems'],
    titles: ['Zaakvoerder', 'Sales director', 'Marketing manager', 'CEO'], cos: [['Maes Interieur BV', 'maesinterieur.be', 'Antwerpen', '+32 3 ### ## ##'], ['Claes Engineering', 'claes-engineering.be', 'Leuven', '+32 16 ## ## ##']] },
  pl: { tz: '+0200', first: ['Piotr', 'Anna', 'Tomasz', 'Magdalena', 'Paweł', 'Agnieszka', 'Krzysztof', 'Joanna', 'Łukasz', 'Małgorzata'], last: ['Kowalski', 'Wiśniewska', 'Wójcik', 'Kamińska', 'Lewandowski', 'Zielińska', 'Szymański', 'Woźniak', 'Dąbrowski', 'Kozłowska'],
    titles: ['Główna Księgowa', 'Dyrektor Finansowy', 'Prezes Zarządu', 'Kierownik Działu Zakupów', 'Specjalista ds. Administracji'],
    cos: [['Kowalski Meble Sp. z o.o.', 'kowalskimeble.pl', 'Poznań', '+48 61 ### ## ##'], ['Wójcik Transport S.A.', 'wojciktransport.pl', 'Łódź', '+48 42 ### ## ##'], ['Zielona Dolina Sp. z o.o.', 'zielonadolina.pl', 'Gdańsk', '+48 58 ### ## ##'], ['Szymański i Wspólnicy', 'szymanski-kancelaria.pl', 'Warszawa', '+48 22 ### ## ##']] },
  sv: { tz: '+0200', first: ['Anders', 'Karin', 'Johan', 'Maria', 'Mikael', 'Sara', 'Fredrik', 'Emma', 'Henrik', 'Linnéa'], last: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Gustafsson'],
    titles: ['Lagerchef', 'Ekonomichef', 'VD', 'Inköpsansvarig', 'Logistikchef', 'HR-chef'],
    cos: [['Nordvik Bygg AB', 'nordvikbygg.se', 'Umeå', '090-### ## ##'], ['Svensson Trädgård AB', 'svenssontradgard.se', 'Malmö', '040-### ## ##'], ['Fjällström Outdoor AB', 'fjallstrom.se', 'Stockholm', '08-### ### ##'], ['Olsson Elteknik', 'olssonel.se', 'Örebro', '019-### ## ##']] },
  da: { tz: '+0200', first: ['Lars', 'Mette', 'Søren', 'Camilla', 'Jesper', 'Louise', 'Rasmus', 'Line'], last: ['Jensen', 'Nielsen', 'Hansen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen'],
    titles: ['Økonomichef', 'Bogholder', 'Direktør', 'Indkøbschef', 'CFO'],
    cos: [['Hansen VVS A/S', 'hansenvvs.dk', 'Odense', '+45 66 ## ## ##'], ['Nordhavn Design ApS', 'nordhavndesign.dk', 'København', '+45 33 ## ## ##'], ['Jensen Maskinfabrik', 'jensenmaskin.dk', 'Herning', '+45 97 ## ## ##']] },
  no: { tz: '+0200', first: ['Ola', 'Ingrid', 'Håkon', 'Silje'], last: ['Hansen', 'Johansen', 'Olsen', 'Berg'], titles: ['Daglig leder', 'Økonomisjef'], cos: [['Fjordkraft Service AS', 'fjordservice.no', 'Bergen', '+47 55 ## ## ##']] },
  fi: { tz: '+0300', first: ['Mikko', 'Anna', 'Juha', 'Laura'], last: ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen'], titles: ['Talousjohtaja', 'Toimitusjohtaja', 'Logistiikkapäällikkö'], cos: [['Koivu Logistiikka Oy', 'koivulogistiikka.fi', 'Tampere', '+358 3 ### ####'], ['Saimaa Software Oy', 'saimaasoftware.fi', 'Lappeenranta', '+358 5 ### ####']] },
  cs: { tz: '+0200', first: ['Jan', 'Petra', 'Tomáš', 'Lucie'], last: ['Novák', 'Dvořáková', 'Svoboda', 'Černá'], titles: ['Finanční ředitel', 'Jednatelka', 'IT manažer'], cos: [['Novák Stavby s.r.o.', 'novakstavby.cz', 'Brno', '+420 5## ### ###'], ['Vltava Trade a.s.', 'vltavatrade.cz', 'Praha', '+420 2## ### ###']] },
  tr: { tz: '+0300', first: ['Mehmet', 'Ayşe', 'Emre', 'Zeynep'], last: ['Yılmaz', 'Kaya', 'Demir', 'Şahin'], titles: ['Satın Alma Müdürü', 'Genel Müdür', 'Finans Direktörü'], cos: [['Anadolu Lojistik A.Ş.', 'anadolulojistik.com.tr', 'İstanbul', '+90 212 ### ## ##'], ['Ege Tekstil', 'egetekstil.com.tr', 'İzmir', '+90 232 ### ## ##']] },
  ru: { tz: '+0300', first: ['Алексей|aleksey', 'Елена|elena', 'Сергей|sergey', 'Ольга|olga', 'Андрей|andrey', 'Наталья|natalya', 'Игорь|igor', 'Марина|marina'], last: ['Иванов|ivanov', 'Смирнова|smirnova', 'Кузнецов|kuznetsov', 'Попова|popova', 'Васильев|vasilyev', 'Новикова|novikova', 'Морозов|morozov', 'Волкова|volkova'],
    titles: ['Руководитель склада', 'Коммерческий директор', 'Генеральный директор', 'Начальник отдела логистики', 'Финансовый директор'],
    cos: [['ООО "ТоргСнаб"|torgsnab.ru', 'torgsnab.ru', 'Москва', '+7 (495) ###-##-##'], ['АО "Уральские Продукты"|uralprod.ru', 'uralprod.ru', 'Екатеринбург', '+7 (343) ###-##-##'], ['ООО "Северный Путь"|sevput.ru', 'sevput.ru', 'Санкт-Петербург', '+7 (812) ###-##-##']] },
  ja: { tz: '+0900', first: ['太郎|taro', '花子|hanako', '健一|kenichi', '美咲|misaki', '大輔|daisuke', '由美|yumi', '翔太|shota', '恵子|keiko'], last: ['山田|yamada', '鈴木|suzuki', '高橋|takahashi', '田中|tanaka', '伊藤|ito', '渡辺|watanabe', '中村|nakamura', '小林|kobayashi'],
    titles: ['経理部 部長', '管理本部 課長', '総務部', '代表取締役', '情報システム部 主任'],
    cos: [['株式会社山田製作所|yamada-ss.co.jp', 'yamada-ss.co.jp', '東京都大田区', '03-####-####'], ['株式会社みどり商事|midori-shoji.co.jp', 'midori-shoji.co.jp', '大阪市北区', '06-####-####'], ['東和システム株式会社|towa-sys.co.jp', 'towa-sys.co.jp', '名古屋市中区', '052-###-####']] },
};
// which pool a language/region uses by default
const DEFAULT_POOL = { en: 'en-us', de: 'de', fr: 'fr', es: 'es', it: 'it', pt: 'pt-PT', nl: 'nl', pl: 'pl', sv: 'sv', da: 'da', no: 'no', fi: 'fi', cs: 'cs', tr: 'tr', ru: 'ru', ja: 'ja' };
const nameParts = (s) => { const [disp, latin] = s.split('|'); return { disp, latin: latin || disp }; };
const asciiFold = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/ß/g, 'ss').replace(/ı/g, 'i').replace(/[^A-Za-z0-9]+/g, '').toLowerCase();

// ---------------------------------------------------------------- the outreach that was sent (quoted below replies)
// placeholders: {first} {last} {full} {co} {uid}
const CAMPAIGNS = {
  E1: { lang: 'en', name: 'Sam Reid', email: 'sam@getflowdesk.io', tz: '-0700', subj: 'Quick question about invoice processing at {co}',
    body: `Hi {first},

I noticed {co} is hiring for accounts payable roles again - usually a sign the team is drowning in invoices.

Flowdesk reads, codes and routes supplier invoices automatically. Teams like Harlow Group cut their processing time by 60% in the first quarter.

Worth a 15-minute call next week? You can grab a time here: https://calendly.com/sam-flowdesk/15min

Best,
Sam Reid
Account Executive, Flowdesk
+1 (415) 555-0142

Reply STOP to opt out of future emails.`,
    fu: `Hi {first}, just bumping this to the top of your inbox - any thoughts?

Sam` },
  E2: { lang: 'en', name: 'Olivia Grant', email: 'olivia.grant@stackpulse.com', tz: '-0400', subj: '{co} + StackPulse',
    body: `Hi {first},

Most engineering teams we talk to are overspending on AWS by 20-35% without realising it - idle instances, oversized RDS, forgotten snapshots.

StackPulse finds that waste in about a day and fixes most of it automatically. No agents, read-only access.

Would it make sense to run a free savings report for {co}?

Olivia

Olivia Grant | Senior SDR | StackPulse
https://stackpulse.com

If this isn't relevant, just let me know and I won't reach out again.` },
  E3: { lang: 'en', name: 'Daniel Cho', email: 'daniel@hirewell.ai', tz: '-0700', subj: 'engineering hiring in 2024',
    body: `Hey {first},

Saw {co} has 6 open engineering roles on LinkedIn. Hirewell screens inbound candidates with structured async interviews so your engineers only meet the top 10%.

Customers fill senior roles ~3 weeks faster on average.

Open to a quick chat? Here's my calendar: https://meetings.hubspot.com/daniel-cho

Daniel Cho
Hirewell

--
Hirewell Inc., 548 Market St, San Francisco, CA 94104
Unsubscribe: https://hirewell.ai/u/{uid}`,
    fu: `Hey {first} - circling back on this. Worth 15 minutes?

Daniel` },
  E4: { lang: 'en', name: 'Megan Lowe', email: 'megan.lowe@secureline.co.uk', tz: '+0100', subj: 'Pen test ahead of your ISO 27001 audit?',
    body: `Hi {first},

With ISO 27001 recertification coming up for a lot of firms this year, I wanted to see if {co} has its annual penetration test booked in.

Secureline is CREST-accredited and we can usually start within 10 working days. Reports come with a free retest.

Would you be open to a 20-minute call this week or next?

Kind regards,
Megan Lowe
Business Development Manager
Secureline Ltd | 0161 496 0732 | www.secureline.co.uk

Secureline Ltd is registered in England & Wales (No. 09876543). To stop receiving emails from us, reply 'unsubscribe' or visit https://secureline.co.uk/preferences.` },
  E5: { lang: 'en', name: 'Ryan Patel', email: 'ryan@shipyardhq.com', tz: '-0500', subj: "Ideas for {co}'s shipping costs",
    body: `Hi {first},

Quick one - are you still booking LTL freight through multiple carrier portals?

Shipyard gives your team one dashboard for quotes, booking and tracking across 40+ carriers. Meridian Freight saved 14% on freight spend in their first six months.

If it's useful I can send over a 2-minute video, or we can jump on a call: https://cal.com/ryan-shipyard/20min

Thanks,
Ryan

Ryan Patel | Shipyard | shipyardhq.com
Don't want to hear from me again? Reply "no thanks" and I'll take you off my list.` },
  E6: { lang: 'en', name: 'Hannah Brooks', email: 'hannah@peoplegrid.com', tz: '+0100', subj: 'Payroll across 4 countries?',
    body: `Hi {first},

Congrats on the recent expansion! Running payroll in several countries usually means several providers, several spreadsheets and a lot of month-end stress.

PeopleGrid runs compliant payroll in 35 countries from one platform, with local experts on hand.

Would a short demo be helpful? Happy to work around your schedule.

Cheers,
Hannah Brooks
Partnerships, PeopleGrid

You're receiving this because we thought PeopleGrid might be relevant to your role. Manage preferences or opt out: https://peoplegrid.com/email-preferences` },
  E7: { lang: 'en', name: 'Josh Whitman', email: 'josh@leadcrest.io', tz: '-0400', subj: '15 qualified meetings/month for {co}',
    body: `{first} -

We book 15+ qualified sales meetings a month for B2B companies like yours, on a pay-per-meeting basis. No retainer, no long contract.

Worth a chat? Pick any slot here: https://calendly.com/josh-leadcrest/intro

Josh Whitman
Founder, Leadcrest

P.S. Not interested? Reply "no" and I'll remove you from my list.`,
    fu: `Hi {first}, following up on my note below. Would next Tuesday or Wednesday work for a 10-minute call?

Josh` },
  E8: { lang: 'en', name: 'Claire Dunn', email: 'claire@verdantpack.com', tz: '+0100', subj: 'Switching to compostable mailers',
    body: `Hi {first},

I came across {co}'s sustainability report and loved the commitment to cutting plastic by 2026.

Verdant makes home-compostable mailers and void fill that run on the same packing lines as poly bags - no new equipment needed. We can send a free sample pack to your warehouse this week.

Shall I pop one in the post?

Best wishes,
Claire Dunn
Verdant Packaging Ltd
www.verdantpack.com

Prefer not to hear from us? Reply STOP and we'll remove you.` },
  E9: { lang: 'en', name: 'Marco Bellini', email: 'marco@datumly.com', tz: '+0100', subj: 'Snowflake costs at {co}',
    body: `Hi {first},

Teams running Snowflake often see credit usage double within a year as more dashboards and dbt models pile up.

At Datumly we do a fixed-price 2-week warehouse audit and typically cut compute spend by 25-40%.

Open to a 15 min call to see if it'd be worth it for {co}?

Marco Bellini
Principal, Datumly
https://datumly.com | +44 20 7946 0381

P.S. If you're not the right person, could you point me to who is?` },
  E10: { lang: 'en', name: 'Aaron Feld', email: 'aaron@brightsign-events.com', tz: '+0100', subj: 'Invitation: CFO roundtable in London, 12 June',
    body: `Dear {first},

I'd like to invite you to our next CFO Roundtable on Wednesday 12 June at The Ned, London (08:00-10:30, breakfast included).

Topic: "Forecasting in a high-rate environment" with speakers from three FTSE 250 finance teams. Places are limited to 20 senior finance leaders.

You can reserve a seat here: https://brightsign-events.com/cfo-june

Warm regards,
Aaron Feld
Head of Community, Brightsign Events

To unsubscribe from event invitations, click here: https://brightsign-events.com/unsubscribe?e={uid}` },
  E11: { lang: 'en', name: 'Priyanka Rao', email: 'priyanka@tallyhq.com', tz: '-0400', subj: 'expense reports at {co}',
    body: `hey {first},

how many hours does your finance team lose chasing receipts every month?

Tally issues smart cards to your employees, matches receipts automatically and syncs everything to Xero or QuickBooks.

would it be crazy to grab 15 minutes next week?

priyanka

Priyanka Rao - Account Executive - Tally
https://tallyhq.com

Reply STOP to unsubscribe.` },
  D1: { lang: 'de', name: 'Jonas Weber', email: 'jonas.weber@lagerwerk.de', tz: '+0200', subj: 'Kurze Frage zu Ihrer Lagerlogistik',
    body: `Guten Tag {full},

ich habe gesehen, dass {co} das Lager in den letzten Jahren deutlich erweitert hat. Viele unserer Kunden kämpfen in dieser Phase mit Suchzeiten, Fehlkommissionierungen und Excel-Listen.

Lagerwerk ist ein cloudbasiertes Lagerverwaltungssystem, das in 6 Wochen live geht - inklusive Anbindung an SAP Business One und DATEV.

Hätten Sie nächste Woche 15 Minuten für ein kurzes Gespräch? Hier können Sie direkt einen Termin buchen: https://calendly.com/jonas-lagerwerk/15min

Beste Grüße
Jonas Weber
Sales Manager | Lagerwerk GmbH
Tel. +49 711 8944 2210

Sie möchten keine weiteren E-Mails von uns erhalten? Dann antworten Sie einfach mit "Abmelden".`,
    fu: `Guten Tag {full},

ich wollte kurz nachhaken, ob meine letzte Nachricht angekommen ist. Passt es Ihnen eher Anfang oder Ende nächster Woche?

Beste Grüße
Jonas Weber` },
  D2: { lang: 'de', name: 'Lena Hoffmann', email: 'l.hoffmann@datenfabrik.de', tz: '+0200', subj: 'Vertriebsprozesse bei {co}',
    body: `Hallo {first},

kurze Frage: Wie pflegt Ihr Vertriebsteam aktuell Leads und Angebote - noch in Excel oder schon in einem CRM?

Die Datenfabrik hat ein CRM speziell für den Mittelstand entwickelt, gehostet in Frankfurt und 100 % DSGVO-konform. Einrichtung inklusive Datenübernahme in zwei Wochen.

Wenn Sie mögen, zeige ich Ihnen das in 20 Minuten: https://meetings.hubspot.com/lena-hoffmann

Viele Grüße
Lena Hoffmann
Datenfabrik GmbH - Hamburg

Datenfabrik GmbH, Großer Burstah 12, 20457 Hamburg - HRB 165432 - Abmelden: https://datenfabrik.de/abmelden` },
  D3: { lang: 'de', name: 'Tobias Krämer', email: 'tobias.kraemer@energiekonto.de', tz: '+0200', subj: 'Energiekosten senken – 15 Min. Gespräch?',
    body: `Guten Tag {full},

Industriebetriebe wie {co} zahlen seit 2022 im Schnitt 40 % mehr für Strom und Gas. Mit Energiekonto sehen Sie Ihren Verbrauch je Maschine in Echtzeit und finden Einsparpotenziale von 10-20 %.

Darf ich Ihnen das in einem kurzen Telefonat zeigen? Ich rufe Sie gern an – sagen Sie mir einfach, wann es passt.

Mit freundlichen Grüßen
Tobias Krämer
Energiekonto GmbH, Leipzig
+49 341 2290 4410

Hinweis: Wenn Sie keine weiteren Informationen wünschen, genügt eine kurze Antwort – wir tragen Sie dann sofort aus.` },
  F1: { lang: 'fr', name: 'Camille Durand', email: 'camille.durand@factoflow.fr', tz: '+0200', subj: 'Question rapide sur vos factures fournisseurs',
    body: `Bonjour {first},

Combien de temps votre équipe comptable passe-t-elle chaque mois à saisir des factures fournisseurs ?

Factoflow automatise la saisie, le rapprochement et la validation des factures, et se connecte à Sage, Cegid et Pennylane. Nos clients divisent en moyenne par trois leur temps de traitement.

Seriez-vous disponible pour un échange de 15 minutes la semaine prochaine ? Voici mon agenda : https://calendly.com/camille-factoflow/15min

Bien à vous,
Camille Durand
Responsable commerciale - Factoflow
01 84 60 22 17

Si vous ne souhaitez plus recevoir nos messages, répondez simplement « STOP ».` },
  F2: { lang: 'fr', name: 'Julien Moreau', email: 'julien@recrutia.fr', tz: '+0200', subj: 'Vos recrutements tech en 2024',
    body: `Bonjour {first},

J'ai vu que {co} recrute plusieurs développeurs en ce moment. Chez Recrutia, nous présentons des profils tech pré-qualifiés en 10 jours, avec une garantie de remplacement de 3 mois.

Est-ce que ce serait pertinent d'en parler 20 minutes ?

Julien Moreau
Recrutia - Paris
06 71 22 48 90`,
    fu: `Bonjour {first},

Je me permets de vous relancer. Auriez-vous un créneau jeudi ou vendredi ?

Julien` },
  F3: { lang: 'fr', name: 'Sophie Lefèvre', email: 'sophie.lefevre@cyberveille.fr', tz: '+0200', subj: 'Audit de sécurité pour {co} ?',
    body: `Bonjour {first},

Les attaques par rançongiciel contre les PME françaises ont augmenté de 40 % l'an dernier. Cyberveille propose un audit de sécurité complet (tests d'intrusion, phishing simulé, revue AD) en 5 jours, avec un rapport clair pour votre direction.

Puis-je vous appeler cette semaine pour en discuter ?

Cordialement,
Sophie Lefèvre
Ingénieure commerciale, Cyberveille
https://cyberveille.fr

Conformément au RGPD, vous pouvez vous opposer à tout moment à la réception de nos e-mails en cliquant ici : https://cyberveille.fr/desinscription` },
  S1: { lang: 'es', name: 'Lucía Fernández', email: 'lucia.fernandez@cobralia.es', tz: '+0200', subj: '¿Cuánto tiempo dedica {co} a reclamar facturas?',
    body: `Hola {first}:

La mayoría de las pymes con las que hablamos dedican entre 10 y 15 horas al mes a perseguir facturas impagadas.

Cobralia automatiza los recordatorios de cobro por email y SMS y se integra con A3, Holded y Sage. De media, nuestros clientes reducen su plazo de cobro en 18 días.

¿Te parece si lo vemos en una llamada de 15 minutos? Puedes reservar aquí: https://calendly.com/lucia-cobralia/15min

Un saludo,
Lucía Fernández
Cobralia - Madrid

Si no quieres recibir más correos, responde BAJA.` },
  S2: { lang: 'es', name: 'Diego Ramírez', email: 'diego@flotamx.com', tz: '-0600', subj: 'Reducir costos de combustible en su flota',
    body: `Buen día {first},

¿Sabía que las empresas con flotas de reparto pierden hasta un 15% de combustible por rutas ineficientes y ralentí?

Con FlotaMX tiene GPS, telemetría y reportes de consumo por unidad en una sola plataforma. Instalación en 48 horas en Monterrey, CDMX y Guadalajara.

¿Le interesaría una demostración sin costo esta semana?

Saludos cordiales,
Diego Ramírez
Ejecutivo de Cuenta | FlotaMX
Tel. +52 81 5555 0192

Para dejar de recibir estos correos, haga clic aquí: https://flotamx.com/baja` },
  I1: { lang: 'it', name: 'Giulia Conti', email: 'giulia.conti@magazzinosmart.it', tz: '+0200', subj: 'Domanda veloce sul vostro magazzino',
    body: `Buongiorno {first},

ho visto che {co} sta crescendo molto nell'e-commerce. Spesso in questa fase il magazzino diventa il collo di bottiglia: errori di prelievo, inventari lunghi, fogli Excel.

MagazzinoSmart è un WMS in cloud che si integra con Shopify, Amazon e i principali gestionali italiani.

Ha 15 minuti la prossima settimana per una breve chiamata?

Cordiali saluti,
Giulia Conti
MagazzinoSmart S.r.l. - Bologna
+39 051 098 4471` },
  I2: { lang: 'it', name: 'Luca Romano', email: 'luca.romano@fatturapro.it', tz: '+0200', subj: 'Fatturazione elettronica: 20 minuti per una demo?',
    body: `Ciao {first},

sono Luca di FatturaPro. Aiutiamo studi e PMI a gestire fatturazione elettronica, conservazione sostitutiva e solleciti da un'unica piattaforma, senza installazioni.

Ti andrebbe una demo di 20 minuti? Puoi scegliere tu l'orario qui: https://calendly.com/luca-fatturapro/demo

A presto,
Luca Romano
FatturaPro

Per non ricevere più nostre comunicazioni rispondi CANCELLAMI.` },
  P1: { lang: 'pt', name: 'Ana Ribeiro', email: 'ana.ribeiro@contaviva.pt', tz: '+0100', subj: 'Pergunta rápida sobre a faturação da {co}',
    body: `Olá {first},

Quanto tempo a vossa equipa financeira gasta por mês a lançar faturas de fornecedores e a conciliar o banco?

O ContaViva automatiza esse trabalho e integra com o Primavera e o PHC. Os nossos clientes poupam em média 20 horas por mês.

Teria 15 minutos na próxima semana para uma conversa rápida?

Cumprimentos,
Ana Ribeiro
ContaViva - Lisboa
+351 21 000 4821

Se não pretender receber mais e-mails nossos, responda a esta mensagem com "REMOVER".` },
  P2: { lang: 'pt', name: 'Rafael Souza', email: 'rafael.souza@vendamais.com.br', tz: '-0300', subj: 'Aumentar as vendas da {co} em 30%?',
    body: `Oi {first}, tudo bem?

Vi que a {co} está contratando vendedores. O VendaMais é um CRM pensado para times comerciais brasileiros: funil, WhatsApp integrado e relatórios automáticos.

Nossos clientes aumentam em média 30% a conversão no primeiro semestre.

Bora marcar 20 minutinhos essa semana? Minha agenda: https://meetings.hubspot.com/rafael-vendamais

Abraço,
Rafael Souza
Executivo de Contas | VendaMais
(11) 95555-0134

Caso não queira mais receber nossos e-mails, é só responder SAIR.` },
  N1: { lang: 'nl', name: 'Sanne de Vries', email: 'sanne@planbord.nl', tz: '+0200', subj: 'Roosterplanning bij {co}',
    body: `Hoi {first},

Hoeveel uur per week gaat er bij {co} op aan het maken en aanpassen van roosters?

Met Planbord plannen jullie diensten in een paar klikken, ruilen medewerkers zelf via de app en is de urenregistratie direct klaar voor de salarisadministratie.

Zullen we volgende week 15 minuten bellen? Plan hier direct iets in: https://calendly.com/sanne-planbord/15min

Groet,
Sanne de Vries
Planbord B.V. - Utrecht
030 799 4412

Geen interesse? Laat het me weten, dan mail ik je niet meer.` },
  N2: { lang: 'nl', name: 'Bram Janssen', email: 'bram.janssen@leadloket.be', tz: '+0200', subj: 'Meer afspraken voor jullie salesteam?',
    body: `Dag {first},

Wij plannen elke maand 10 tot 20 gekwalificeerde afspraken in voor B2B-bedrijven in Vlaanderen en Nederland. U betaalt enkel per afspraak die effectief doorgaat.

Mag ik u hier kort meer over vertellen? Ik bel u graag even op.

Met vriendelijke groeten,
Bram Janssen
Leadloket BV - Gent
+32 9 396 12 40

Wenst u geen e-mails meer van ons te ontvangen? Klik dan hier om u uit te schrijven: https://leadloket.be/uitschrijven` },
  L1: { lang: 'pl', name: 'Katarzyna Nowak', email: 'katarzyna.nowak@fakturomat.pl', tz: '+0200', subj: 'Krótkie pytanie o fakturowanie w {co}',
    body: `Dzień dobry {first},

czy w {co} faktury kosztowe nadal są wprowadzane ręcznie?

Fakturomat automatycznie pobiera faktury z KSeF, rozpoznaje dane i przesyła je do akceptacji. Integrujemy się z Comarch Optima, Symfonią i enova365.

Czy znajdzie Pan/Pani 15 minut w przyszłym tygodniu na krótką rozmowę?

Pozdrawiam serdecznie,
Katarzyna Nowak
Fakturomat Sp. z o.o. - Kraków
tel. +48 12 300 41 77

Jeśli nie chcesz otrzymywać od nas wiadomości, odpisz "NIE".` },
  W1: { lang: 'sv', name: 'Erik Lindqvist', email: 'erik.lindqvist@lagerkoll.se', tz: '+0200', subj: 'Snabb fråga om ert lager',
    body: `Hej {first}!

Jag såg att {co} har vuxit rejält det senaste året. Många av våra kunder märker att lagret blir en flaskhals just i den fasen.

Lagerkoll är ett molnbaserat lagersystem med streckkodsscanning i mobilen och koppling till Fortnox och Visma.

Har du 15 minuter nästa vecka för ett kort samtal? Boka här: https://calendly.com/erik-lagerkoll/15min

Med vänlig hälsning,
Erik Lindqvist
Lagerkoll AB - Göteborg
031-790 44 12

Vill du inte få fler mejl från oss? Svara "nej tack" så hör vi inte av oss igen.` },
  K1: { lang: 'da', name: 'Mette Nielsen', email: 'mette@fakturaflow.dk', tz: '+0200', subj: 'Hurtigt spørgsmål om jeres fakturering',
    body: `Hej {first},

Hvor mange timer bruger jeres bogholderi om måneden på at taste leverandørfakturaer ind i e-conomic?

Fakturaflow læser fakturaerne automatisk, konterer dem og sender dem til godkendelse. Vores kunder sparer typisk 70 % af tiden.

Har du tid til en kort snak i næste uge?

Venlig hilsen
Mette Nielsen
Fakturaflow ApS - Aarhus
+45 89 88 12 40

Ønsker du ikke flere mails fra os, så svar blot "afmeld".` },
  R1: { lang: 'ru', name: 'Дмитрий Соколов', email: 'd.sokolov@skladpro.ru', tz: '+0300', subj: 'Вопрос по складской логистике {co}',
    body: `Добрый день, {first}!

Меня зовут Дмитрий, я представляю компанию СкладПро. Мы внедряем WMS-систему для складов от 1000 кв. м, интеграция с 1С занимает около трёх недель.

Наши клиенты сокращают ошибки комплектации на 80% и время инвентаризации в 3 раза.

Будет ли вам удобно созвониться на 15 минут на следующей неделе?

С уважением,
Дмитрий Соколов
менеджер по развитию, СкладПро
+7 (495) 120-44-18

Если вы не хотите получать от нас письма, просто ответьте "Отписаться".` },
  J1: { lang: 'ja', name: '佐藤 健', email: 'k.sato@cloudkeiri.jp', tz: '+0900', subj: '【ご提案】経費精算の効率化について',
    body: `{co}
{last}様

突然のご連絡失礼いたします。
株式会社クラウド経理の佐藤と申します。

弊社では、領収書の読み取りから仕訳、承認までを自動化するクラウド経費精算サービスを提供しております。
導入企業様では、経理部門の作業時間を平均で約60%削減しております。

もしご興味がございましたら、30分ほどオンラインでご説明のお時間をいただけないでしょうか。
下記より日程をご選択いただけます。
https://calendly.com/sato-cloudkeiri/30min

何卒よろしくお願いいたします。

--------------------------------
株式会社クラウド経理
営業部 佐藤 健
TEL: 03-5555-0187
https://cloudkeiri.jp
--------------------------------

※今後のご案内が不要な場合は、お手数ですが「配信停止」とご返信ください。` },
};
// campaigns a reply in a given language is attached to by default (rotating)
const CAMP_BY_LANG = { en: ['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8', 'E9', 'E10', 'E11'], de: ['D1', 'D2', 'D3'], fr: ['F1', 'F2', 'F3'], es: ['S1', 'S2'], it: ['I1', 'I2'], pt: ['P1', 'P2'], nl: ['N1', 'N2'], pl: ['L1'], sv: ['W1'], da: ['K1'], ru: ['R1'], ja: ['J1'], fi: ['E2', 'E5', 'E9'], cs: ['E4', 'E9'], tr: ['E5', 'E8'], no: ['E6'] };

// ---------------------------------------------------------------- assembly
const LABELS = { U: 'unsubscribe', O: 'out_of_office', I: 'interested', M: 'meeting_request', N: 'not_interested', L: 'not_now', W: 'wrong_person', A: 'auto_reply', X: 'other' };
const LABEL_ORDER = ['unsubscribe', 'out_of_office', 'wrong_person', 'not_now', 'not_interested', 'meeting_request', 'interested', 'auto_reply', 'other'];
const LANG_ORDER = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'sv', 'da', 'ru', 'ja', 'fi', 'cs', 'tr', 'no'];
const ENTRIES = [];
function add(lang, list) { for (const e of list) ENTRIES.push({ lang, code: e[0], label: LABELS[e[0]], hint: e[1], body: e[2], ...(e[3] || {}) }); }

const CAMP_POOL = { E4: 'en-uk', E8: 'en-uk', E9: 'en-uk', E10: 'en-uk', S2: 'es-mx', P1: 'pt-PT', P2: 'pt-BR', N2: 'nl-be' };
const US_TZ = { 'Boston, MA': '-0400', 'Austin, TX': '-0500', 'Denver, CO': '-0600', 'Columbus, OH': '-0400', 'Charlotte, NC': '-0400', 'Chicago, IL': '-0500', 'Seattle, WA': '-0700', 'Houston, TX': '-0500', 'Fresno, CA': '-0700', 'Pittsburgh, PA': '-0400', 'Brooklyn, NY': '-0400', 'Hartford, CT': '-0400' };
const GENDERED = new Set(['ru', 'pl', 'cs']);
const LANGTAG = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', it: 'it-IT', pt: 'pt-PT', nl: 'nl-NL', pl: 'pl-PL', sv: 'sv-SE', da: 'da-DK', no: 'nb-NO', fi: 'fi-FI', cs: 'cs-CZ', tr: 'tr-TR', ru: 'ru-RU', ja: 'ja-JP' };
const PHONE_LABEL = { en: 'T: ', de: 'Tel.: ', fr: 'Tél. : ', es: 'Tel.: ', it: 'Tel. ', pt: 'Tel.: ', nl: 'T: ', pl: 'tel. ', sv: 'Tel: ', da: 'Tlf.: ', no: 'Tlf.: ', fi: 'Puh. ', cs: 'Tel.: ', tr: 'Tel: ', ru: 'Тел.: ', ja: 'TEL: ' };

const counters = {};
const next = (k) => { counters[k] = (counters[k] || 0) + 1; return counters[k] - 1; };
function fillDigits(tpl, seed) { let i = 0; const h = hex(seed, 40); return tpl.replace(/#/g, () => String(parseInt(h[i++ % 40], 16) % 10)); }
const sub = (s, v) => s.replace(/\{(\w+)\}/g, (m, k) => (k in v ? v[k] : m));

function prospectFor(e, poolKey, id) {
  const P = POOLS[poolKey];
  const k = next('pool:' + poolKey);
  const fi = (k * 7 + 3) % P.first.length;
  let li = (k * 5 + 1) % P.last.length;
  if (GENDERED.has(e.lang) && poolKey === e.lang) li = 2 * ((k * 3 + 1) % Math.floor(P.last.length / 2)) + (fi % 2);
  const first = nameParts(e.first || P.first[fi]);
  const last = nameParts(e.last || P.last[li]);
  const coT = P.cos[e.coi !== undefined ? e.coi : k % P.cos.length];
  const co = nameParts(coT[0]).disp;
  const dom = coT[1];
  const local = e.local || [`${asciiFold(first.latin)}.${asciiFold(last.latin)}`, `${asciiFold(first.latin)[0]}.${asciiFold(last.latin)}`, `${asciiFold(first.latin)}`, `${asciiFold(first.latin)}.${asciiFold(last.latin)}`][k % 4];
  const full = e.lang === 'ja' ? `${last.disp} ${first.disp}` : `${first.disp} ${last.disp}`;
  const tz = (poolKey === 'en-us' && US_TZ[coT[2]]) || P.tz;
  return { first: first.disp, last: last.disp, full, co, dom, email: `${local}@${dom}`, city: coT[2], phone: fillDigits(coT[3], id), title: P.titles[(k * 3) % P.titles.length], tz, gf: P.gf ? P.gf[k % P.gf.length] : '', web: 'www.' + dom };
}

// ---- signatures
function signature(style, ctx) {
  const { lang, pr } = ctx;
  const so = pick(SIGNOFF[lang === 'pt' ? (ctx.pool === 'pt-BR' ? 'pt-BR' : 'pt-PT') : lang] || SIGNOFF.en);
  const block = () => {
    if (lang === 'ja') return `----------------------------------\n${pr.co}\n${pr.title}　${pr.full}\n〒100-0005 ${pr.city}\nTEL: ${pr.phone}\nMail: ${pr.email}\n----------------------------------`;
    const lines = [pr.full, pr.title, pr.co, PHONE_LABEL[lang] + pr.phone, pr.web];
    if (ctx.client === 'outlook' && ctx.idx % 2) return `${pr.full}\n${pr.title} | ${pr.co}\n${PHONE_LABEL[lang]}${pr.phone} | ${pr.web}\n${pr.city}`;
    return lines.join('\n');
  };
  const mobile = () => (ctx.client === 'android' ? pick(ANDROID[lang] || ANDROID.en) : IPHONE[lang]);
  const dash = ctx.client === 'tbird' ? '-- \n' : '';
  const disc = () => sub(DISCLAIMER[lang] || DISCLAIMER.en, { co: pr.co, city: pr.city, n: String(ctx.idx).padStart(4, '0').slice(-4), gf: pr.gf || 'n/a', dom: pr.dom, web: 'https://' + pr.web });
  const nl = () => sub(NEWSLETTER[lang] || NEWSLETTER.en, { web: pr.web });
  switch (style) {
    case '-': return '';
    case 'x': return pr.first;
    case 'xi': return pr.first[0];
    case 'n': return `${so}\n${pr.first}`;
    case 'f': return `${so}\n\n${dash}${block()}`;
    case 'f0': return `${dash}${block()}`;
    case 'fd': return `${so}\n\n${dash}${block()}\n\n${disc()}`;
    case 'fd0': return `${dash}${block()}\n\n${disc()}`;
    case 'd': return disc();
    case 'nl': return `${so}\n\n${dash}${block()}\n\n${nl()}`;
    case 'm': return `${so}\n${pr.first}\n\n${mobile()}`;
    case 'mx': return `${pr.first}\n\n${mobile()}`;
    case 'mo': return mobile();
  }
  throw new Error('sig ' + style);
}

// ---- quote rendering
const prefixLines = (t) => t.split('\n').map((l) => (l.startsWith('>') ? '>' + l : l === '' ? '>' : '> ' + l)).join('\n');
function outreachThread(ctx) {
  const C = ctx.camp;
  if (!ctx.fu) return ctx.outBody;
  const t1 = local(ctx.out1Ms, C.tz);
  return `${ctx.fuBody}\n\n${gmailAttr(C.lang, t1, C.name, C.email)}\n\n${prefixLines(ctx.outBody)}`;
}
function buildQuote(style, ctx) {
  const C = ctx.camp; const lang = ctx.lang; const t = local(ctx.outMs, ctx.pr.tz);
  const text = outreachThread(ctx);
  const L = OL_LABELS[lang];
  switch (style) {
    case 'none': return null;
    case 'gmail': return { style, attr: gmailAttr(lang, t, C.name, C.email), text };
    case 'apple': return { style, attr: appleAttr(lang, t, C.name, C.email), text };
    case 'tbird': return { style, attr: tbirdAttr(lang, t, C.name, C.email), text };
    case 'outlook': return { style, fields: [[L[0], `${C.name} <${C.email}>`], [L[1], outlookSent(lang, t)], [L[2], `${ctx.pr.full} <${ctx.pr.email}>`], [L[4], ctx.outSubject]], text, rule: ctx.idx % 3 === 0 };
    case 'orig': return { style, marker: ORIG_MARK[lang], fields: [[L[0], `${C.name} [mailto:${C.email}]`], [L[1], outlookSent(lang, t)], [L[2], ctx.pr.full], [L[4], ctx.outSubject]], text };
    case 'fwd': {
      const F = lang === 'de' ? ['Von:', 'Date:', 'Subject:', 'To:'] : lang === 'fr' ? ['De :', 'Date:', 'Subject:', 'To:'] : ['From:', 'Date:', 'Subject:', 'To:'];
      const dt = gmailAttr(lang, t, '', '').replace(/^(On |Am |Le |El |Il giorno |Em |Op |Den )/, '').replace(/ +<>.*$/, '').replace(/,? *$/, '');
      return { style, marker: FWD_MARK[lang] || FWD_MARK.en, fields: [[F[0], `${C.name} <${C.email}>`], [F[1], dt], [F[2], ctx.outSubject], [F[3], `${ctx.pr.full} <${ctx.pr.email}>`]], text };
    }
  }
  throw new Error('quote ' + style);
}
function quotePlain(q) {
  if (!q) return '';
  switch (q.style) {
    case 'gmail': return `${q.attr}\n\n${prefixLines(q.text)}`;
    case 'apple': return `> ${q.attr}\n> \n${prefixLines(q.text)}`;
    case 'tbird': return `${q.attr}\n${prefixLines(q.text)}`;
    case 'outlook': return `${q.rule ? '________________________________\n' : ''}${q.fields.map(([k, v]) => `${k} ${v}`).join('\n')}\n\n${q.text}`;
    case 'orig': case 'fwd': return `${q.marker}\n${q.fields.map(([k, v]) => `${k} ${v}`).join('\n')}\n\n${q.text}`;
  }
}
function composePlain(reply, sig, q, bottom) {
  const top = [reply, sig].filter((x) => x).join('\n\n');
  if (!q) return top + '\n';
  if (bottom) return `${quotePlain(q)}\n\n${top}\n`;
  return `${top}\n\n${quotePlain(q)}\n`;
}
function composeHtml(reply, sig, q, ctx, cid) {
  const cs = ctx.csLabel;
  const img = cid ? `<img width="140" height="32" src="cid:${cid}" alt="${esc(ctx.pr.co)}">` : '';
  const client = ctx.client;
  if (client === 'outlook' || client === 'lotus') {
    let quoteHtml = '';
    if (q && (q.style === 'outlook' || q.style === 'orig' || q.style === 'fwd')) {
      quoteHtml = `<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">\n<p class=MsoNormal>${q.fields.map(([k, v]) => `<b>${esc(k)}</b> ${esc(v)}`).join('<br>\n')}</p>\n</div>\n<p class=MsoNormal>&nbsp;</p>\n${textToHtml(q.text, 'p')}`;
    } else if (q) quoteHtml = `<p class=MsoNormal>${esc(q.attr)}</p>\n<blockquote style="border:none;border-left:solid #CCCCCC 1.0pt;padding:0cm 0cm 0cm 6.0pt;margin-left:4.8pt">\n${textToHtml(q.text, 'p')}\n</blockquote>`;
    return `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=${cs}">\n<meta name="Generator" content="Microsoft Word 15 (filtered medium)">\n<style><!--\np.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;}\na:link {color:#0563C1; text-decoration:underline;}\n--></style>\n</head>\n<body lang=${LANGTAG[ctx.lang]} link="#0563C1" vlink="#954F72" style="word-wrap:break-word">\n<div class=WordSection1>\n${textToHtml(reply, 'p')}\n<p class=MsoNormal>&nbsp;</p>\n${sig ? textToHtml(sig, 'p') : ''}\n${img ? `<p class=MsoNormal>${img}</p>` : ''}\n<p class=MsoNormal>&nbsp;</p>\n${quoteHtml}\n</div>\n</body>\n</html>\n`;
  }
  if (client === 'iphone') {
    const qh = q ? `\n<div dir="ltr"><br><blockquote type="cite">${esc(q.attr || '')}<br><br></blockquote></div>\n<blockquote type="cite"><div dir="ltr">${textToHtml(q.text)}</div></blockquote>` : '';
    return `<html><head><meta http-equiv="content-type" content="text/html; charset=${cs}"></head><body dir="auto">\n<div dir="ltr">${textToHtml(reply)}${sig ? '<div><br></div>' + textToHtml(sig) : ''}${img}</div>${qh}\n</body></html>\n`;
  }
  // gmail-like (also used for android/webmail/others)
  let qh = '';
  if (q) {
    if (q.attr) qh = `<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">${esc(q.attr)}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">\n${textToHtml(q.text)}\n</blockquote></div>`;
    else qh = `<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">${esc(q.marker)}<br>${q.fields.map(([k, v]) => `${esc(k)} ${esc(v)}`).join('<br>\n')}<br></div><br><br>\n${textToHtml(q.text)}\n</div>`;
  }
  const body = `<div dir="ltr">${textToHtml(reply)}${sig ? '<div><br></div><div dir="ltr" class="gmail_signature">' + textToHtml(sig) + '</div>' : ''}${img ? '<div>' + img + '</div>' : ''}</div>${qh}\n`;
  return client === 'gmail' || client === 'android' ? body : `<html><head><meta http-equiv="Content-Type" content="text/html; charset=${cs}"></head><body>\n${body}</body></html>\n`;
}

// ---- charset / cte choice
const LATIN = new Set(['de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'no', 'fi']);
const stats = { fallback: [] };
function chooseCharset(e, text, idx) {
  let cands;
  if (e.cs) cands = [e.cs];
  else if (e.lang === 'en') cands = [['utf-8', 'utf-8', 'windows-1252', 'utf-8', 'iso-8859-1', 'us-ascii'][next('cs:en') % 6]];
  else if (LATIN.has(e.lang)) cands = [['utf-8', 'iso-8859-1', 'utf-8', 'windows-1252'][next('cs:latin:' + e.lang) % 4]];
  else if (e.lang === 'pl' || e.lang === 'cs') cands = [['iso-8859-2', 'utf-8'][next('cs:' + e.lang) % 2]];
  else if (e.lang === 'ru') cands = [['koi8-r', 'utf-8', 'koi8-r'][next('cs:ru') % 3]];
  else if (e.lang === 'ja') cands = [['iso-2022-jp', 'shift_jis', 'utf-8'][next('cs:ja') % 3]];
  else cands = ['utf-8'];
  const first = cands[0];
  if (first === 'us-ascii') cands.push('utf-8');
  if (first === 'iso-8859-1') cands.push('windows-1252');
  if (first !== 'utf-8') cands.push('utf-8');
  for (const c of cands) if (canEncode(text.replace(/\n/g, ''), c)) {
    if (c !== first && first !== 'us-ascii') { let why = ''; try { encode(text.replace(/\n/g, ''), first); } catch (err) { why = err.message; } stats.fallback.push(`${idx} ${first}->${c} (${why})`); }
    return c;
  }
  throw new Error('no charset');
}
function chooseCte(e, buf, cs, isHtml, client) {
  if (e.te && !isHtml) return e.te;
  if (cs === 'iso-2022-jp') return next('cte:jis') % 3 === 2 ? 'base64' : '7bit';
  if (isAsciiBuf(buf)) return client === 'outlook' || isHtml ? 'quoted-printable' : '7bit';
  if (isHtml) return cs === 'utf-8' && next('cte:html') % 3 === 1 ? 'base64' : 'quoted-printable';
  if (cs === 'utf-8') return ['quoted-printable', 'base64', '8bit', 'quoted-printable'][next('cte:utf8') % 4];
  if (cs === 'koi8-r') return ['8bit', 'base64'][next('cte:koi') % 2];
  if (cs === 'shift_jis') return ['base64', '8bit'][next('cte:sjis') % 2];
  return ['quoted-printable', '8bit'][next('cte:latin') % 2];
}
function textPart(text, cs, cte, subtype) {
  const buf = encodeBody(text, cs);
  const te = transferEncode(buf, cte);
  const ct = `text/${subtype}; charset="${CS_LABEL[cs]}"`;
  return { headers: [['Content-Type', ct], ['Content-Transfer-Encoding', te.cte]], body: te.data, cte: te.cte };
}
function partBytes(p) {
  return Buffer.concat([Buffer.from(p.headers.map(([k, v]) => fold(k, v)).join(CRLF) + CRLF + CRLF, 'ascii'), p.body]);
}
function multipart(subtype, parts, boundary, extra = '', pre = '') {
  const chunks = [];
  for (const p of parts) chunks.push(Buffer.from(`--${boundary}${CRLF}`), partBytes(p), Buffer.from(CRLF));
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return { headers: [['Content-Type', `multipart/${subtype};${pre} boundary="${boundary}"${extra}`]], body: Buffer.concat(chunks), cte: null };
}
function boundaryFor(client, id, n) {
  const h = hex(id + ':b' + n, 32);
  if (client === 'gmail' || client === 'android') return '0000000000' + h.slice(0, 18);
  if (client === 'outlook' || client === 'lotus') return `_00${n}_${h.slice(0, 20).toUpperCase()}_`;
  if (client === 'iphone') return `Apple-Mail-${h.slice(0, 8).toUpperCase()}-${h.slice(8, 12).toUpperCase()}-${h.slice(12, 16).toUpperCase()}-${h.slice(16, 20).toUpperCase()}-${h.slice(20, 32).toUpperCase()}`;
  return `----=_Part_${parseInt(h.slice(0, 8), 16)}_${parseInt(h.slice(8, 14), 16)}.${n}`;
}
function messageIdFor(client, id, dom) {
  const h = hex(id + ':mid', 40);
  if (client === 'gmail' || client === 'android') return `<CA${Buffer.from(h.slice(0, 30), 'hex').toString('base64').replace(/\//g, '_').replace(/\+/g, '-')}@mail.gmail.com>`;
  if (client === 'outlook' || client === 'lotus') { const s = 'DB9PR0' + (parseInt(h[0], 16) % 9) + 'MB' + parseInt(h.slice(1, 4), 16); return `<${s}${h.slice(4, 20).toUpperCase()}@${s}.eurprd0${parseInt(h[5], 16) % 9}.prod.outlook.com>`; }
  if (client === 'iphone') return `<${h.slice(0, 8).toUpperCase()}-${h.slice(8, 12).toUpperCase()}-${h.slice(12, 16).toUpperCase()}-${h.slice(16, 20).toUpperCase()}-${h.slice(20, 32).toUpperCase()}@${dom}>`;
  return `<${h.slice(0, 16)}.${h.slice(16, 24)}@${dom}>`;
}
const MAILER = { outlook: ['X-Mailer', 'Microsoft Outlook 16.0'], lotus: ['X-Mailer', 'Microsoft Office Outlook 12.0'], iphone: ['X-Mailer', 'iPhone Mail (21E236)'], tbird: ['User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Thunderbird/115.11.0'], webmail: ['User-Agent', 'Roundcube Webmail/1.6.6'] };
const CLIENT_QUOTE = { gmail: 'gmail', outlook: 'outlook', iphone: 'apple', android: 'gmail', tbird: 'tbird', lotus: 'orig', webmail: 'tbird', none: 'none' };
const AUTO_HDR = {
  exch: [['Auto-Submitted', 'auto-replied'], ['X-Auto-Response-Suppress', 'All']],
  gvac: [['Auto-Submitted', 'auto-replied']],
  xar: [['X-Autoreply', 'yes'], ['X-Autorespond', 'yes'], ['Precedence', 'auto_reply']],
  prec: [['Precedence', 'auto_reply']],
  gen: [['Auto-Submitted', 'auto-generated'], ['X-Auto-Response-Suppress', 'All'], ['Precedence', 'bulk']],
  bulk: [['Precedence', 'bulk']],
  none: [],
};
const PNG = [pngLogo(28, 8, [0, 84, 166], [255, 255, 255]), pngLogo(24, 12, [200, 16, 46], [250, 250, 250]), pngLogo(32, 8, [24, 120, 60], [255, 255, 255])];

const BASE_MS = Date.UTC(2024, 4, 13, 6, 30, 0); // Mon 13 May 2024 06:30 UTC
const SPAN_MS = 11.5 * 24 * 3600 * 1000;

function build(e, idx) {
  const num = 1001 + idx;
  const id = `${num}-${e.label}-${e.lang}-${e.hint}`;
  const langCamps = CAMP_BY_LANG[e.lang];
  const cKey = e.c || langCamps[next('camp:' + e.lang) % langCamps.length];
  const C = CAMPAIGNS[cKey];
  if (!C) throw new Error('campaign ' + cKey);
  const poolKey = e.pool || (e.lang === 'en' ? CAMP_POOL[cKey] || 'en-us' : e.lang === 'pt' ? (cKey === 'P1' ? 'pt-PT' : 'pt-BR') : e.lang === 'es' ? (cKey === 'S2' ? 'es-mx' : 'es') : e.lang === 'nl' ? (cKey === 'N2' ? 'nl-be' : 'nl') : DEFAULT_POOL[e.lang]);
  const pr = prospectFor(e, poolKey, id);
  const isAuto = e.code === 'O' || e.code === 'A';
  // client
  let client = e.p;
  if (!client) {
    if (isAuto) client = 'outlook';
    else { const r = rnd(); client = r < 0.32 ? 'gmail' : r < 0.58 ? 'outlook' : r < 0.73 ? 'iphone' : r < 0.79 ? 'android' : r < 0.86 ? 'tbird' : r < 0.92 ? 'lotus' : 'webmail'; }
  }
  // auto headers
  let auto = e.a;
  if (!auto && e.code === 'O') auto = ['exch', 'none', 'gvac', 'xar', 'exch', 'none', 'prec', 'exch', 'none', 'gvac'][next('ooo') % 10];
  if (!auto && e.code === 'A') auto = 'gen';
  auto = auto || 'none';
  if (!e.p && e.code === 'O') client = auto === 'exch' ? 'outlook' : auto === 'gvac' ? 'gmail' : auto === 'xar' ? 'webmail' : auto === 'prec' ? 'webmail' : 'outlook';
  // timing: outreach goes out on weekdays in the sender's office hours; machines answer within minutes,
  // people a few hours to a few days later (and not in the middle of their night)
  const machine = auto !== 'none' || (e.code === 'O' && !['iphone', 'android'].includes(client)) || (e.code === 'A' && fmt0(e) !== 'mdn');
  const slot = BASE_MS + Math.round((idx / 320) * SPAN_MS) + Math.floor(rnd() * 40) * 60000 + Math.floor(rnd() * 60) * 1000;
  const officeHours = (ms, tz, limit) => {
    const t = local(ms, tz);
    let m = ms - (t.h - (8 + (t.h % 3))) * 3600000;
    if (limit && m >= limit - 20 * 60000) m -= 86400000;
    while ([0, 6].includes(local(m, tz).wd)) m -= 86400000;
    return m;
  };
  let replyMs, outMs;
  if (machine) {
    outMs = officeHours(slot, C.tz);
    replyMs = outMs + (40 + Math.floor(rnd() * 200)) * 1000;
  } else {
    replyMs = slot;
    const t = local(replyMs, pr.tz);
    if (t.h < 7 || t.h >= 22) replyMs += ((t.h < 7 ? 7 - t.h : 31 - t.h) * 60 + Math.floor(rnd() * 120)) * 60000;
    const lagH = 2 + Math.floor(rnd() * 70);
    outMs = officeHours(replyMs - lagH * 3600000 - Math.floor(rnd() * 50 + 1) * 60000, C.tz, replyMs);
  }
  if (e.ms) replyMs = e.ms;
  const fu = !!(e.fu && C.fu);
  const out1Ms = officeHours(outMs - 3 * 24 * 3600000 - 3600000 * 2, C.tz);
  const uid = hex(id + ':uid', 10);
  const vars = { first: pr.first, last: pr.last, full: pr.full, co: pr.co, dom: pr.dom, uid, me: C.name.split(' ')[0], melast: C.name.split(' ').slice(-1)[0], web: pr.web, title: pr.title, phone: pr.phone, email: pr.email, city: pr.city };
  if (C.lang === 'ja') vars.me = C.name.split(' ')[0];
  const baseSubj = sub(C.subj, vars);
  const outSubject = fu ? 'Re: ' + baseSubj : baseSubj;
  const outBody = sub(C.body, vars);
  const fuBody = fu ? sub(C.fu, vars) : '';
  const ctx = { lang: e.lang, pr, camp: C, client, idx, pool: poolKey, outMs, out1Ms, fu, outBody, fuBody, outSubject };
  // quote
  let qStyle = e.q || (isAuto ? 'none' : CLIENT_QUOTE[client]);
  const q = buildQuote(qStyle, ctx);
  // reply + sig
  const reply = sub(e.body, vars).replace(/\s+$/, '');
  let sigStyle = e.s;
  if (!sigStyle) {
    if (isAuto) sigStyle = '-';
    else sigStyle = pick({ gmail: ['n', 'x', 'f', 'n', 'xi'], outlook: ['f', 'fd', 'f', 'n'], iphone: ['m', 'mo', 'mx'], android: ['m', 'mo'], tbird: ['f', 'n'], lotus: ['f', 'fd'], webmail: ['n', 'f'], none: ['n', '-'] }[client]);
  }
  const sig = signature(sigStyle, ctx);
  const plain = composePlain(reply, sig, q, e.bottom);
  // format
  let fmt = e.f;
  if (!fmt) {
    fmt = 'plain';
    if (['gmail', 'outlook', 'iphone'].includes(client) && next('fmt') % 5 === 1) fmt = 'alt';
  }
  // subject
  let subject;
  const reP = client === 'outlook' || client === 'lotus' ? RE_OUTLOOK[e.lang] : 'Re: ';
  if (e.subj) subject = sub(e.subj, { ...vars, s: outSubject, base: baseSubj, re: reP, ooo: OOO_PREFIX[e.lang] });
  else if (qStyle === 'fwd') subject = (client === 'outlook' ? FW_OUTLOOK[e.lang] : 'Fwd: ') + baseSubj;
  else if (e.code === 'O' && auto === 'exch') subject = OOO_PREFIX[e.lang] + outSubject;
  else subject = reP + baseSubj;
  // charset over everything that gets encoded in this message
  const htmlNeeded = ['alt', 'html', 'related'].includes(fmt);
  const cs = chooseCharset(e, plain + (e.fromName || '') + pr.full + subject, id);
  ctx.csLabel = CS_LABEL[cs];
  const cid = fmt === 'related' ? `image00${1 + (idx % 3)}.png@01DAA${hex(id + 'cid', 3).toUpperCase()}.${hex(id + 'cid2', 8).toUpperCase()}` : null;
  const html = htmlNeeded ? composeHtml(e.htmlBody ? sub(e.htmlBody, vars) : reply, sig, q, ctx, cid) : null;
  // MIME tree
  let root;
  const tp = () => { const t = textPart(plain, cs, null, 'plain'); return t; };
  const mkText = () => { const b = encodeBody(plain, cs); return textPart(plain, cs, chooseCte(e, b, cs, false, client), 'plain'); };
  const mkHtml = () => { const b = encodeBody(html, cs); return textPart(html, cs, chooseCte(e, b, cs, true, client), 'html'); };
  void tp;
  let fmtDesc = fmt;
  if (fmt === 'plain') root = mkText();
  else if (fmt === 'html') root = mkHtml();
  else if (fmt === 'alt') root = multipart('alternative', [mkText(), mkHtml()], boundaryFor(client, id, 1));
  else if (fmt === 'related') {
    const img = PNG[idx % 3];
    const imgPart = { headers: [['Content-Type', `image/png; name="${cid.split('@')[0]}"`], ['Content-Description', cid.split('@')[0]], ['Content-Disposition', `inline; filename="${cid.split('@')[0]}"; size=${img.length}`], ['Content-ID', `<${cid}>`], ['Content-Transfer-Encoding', 'base64']], body: Buffer.from(b64Lines(img)), cte: 'base64' };
    const alt = multipart('alternative', [mkText(), mkHtml()], boundaryFor(client, id, 2));
    root = multipart('related', [alt, imgPart], boundaryFor(client, id, 1), '; type="multipart/alternative"');
  } else if (fmt === 'mdn') root = null;
  // headers
  const H = [['X-Expected-Status', e.label]];
  const rcvDate = rfcDate(replyMs + 4000, '+0000');
  const senderDom = C.email.split('@')[1];
  const fromEmail = e.fromEmail ? sub(e.fromEmail, vars) : pr.email;
  const fromName = e.fromName !== undefined ? sub(e.fromName, vars) : pr.full;
  const ipn = parseInt(hex(id + 'ip', 2), 16) % 250 + 2;
  H.push(['Received', `from mail.${pr.dom} (mail.${pr.dom} [203.0.113.${ipn}]) by mx1.${senderDom} with ESMTPS id ${hex(id + 'rcv', 10).toUpperCase()} for <${C.email}>; ${rcvDate}`]);
  for (const h of AUTO_HDR[auto]) H.push(h);
  H.push(['From', fromName ? addr(fromName, fromEmail, cs) : `<${fromEmail}>`]);
  const encA = (str) => { const m = str.match(/^(.*?)\s*<([^>]+)>$/); return m ? addr(m[1], m[2], cs) : str; };
  if (qStyle === 'fwd' && e.fwdTo) { H.push(['To', encA(sub(e.fwdTo, vars))]); H.push(['Cc', addr(C.name, C.email, cs)]); }
  else { H.push(['To', addr(C.name, C.email, cs)]); if (e.cc) H.push(['Cc', encA(sub(e.cc, vars))]); }
  H.push(['Subject', encodeUnstructured(subject, cs)]);
  H.push(['Date', rfcDate(replyMs, pr.tz)]);
  const mid = messageIdFor(e.fromEmail ? 'x' : client, id, e.fromEmail ? fromEmail.split('@')[1] : pr.dom);
  H.push(['Message-ID', mid]);
  const out1Id = `<${hex(id + ':o1', 16)}.${cKey.toLowerCase()}@mail.${senderDom}>`;
  const outId = fu ? `<${hex(id + ':o2', 16)}.${cKey.toLowerCase()}@mail.${senderDom}>` : out1Id;
  if (!e.noref) {
    H.push(['In-Reply-To', outId]);
    H.push(['References', fu ? `${out1Id} ${outId}` : outId]);
  }
  if (MAILER[client] && !e.fromEmail) H.push(MAILER[client]);
  if (client === 'outlook') { H.push(['Thread-Index', Buffer.from(hex(id + 'ti', 44), 'hex').toString('base64')]); H.push(['Content-Language', LANGTAG[e.lang]]); }
  if (e.hdr) for (const h of e.hdr) H.push([h[0], sub(h[1], vars)]);
  H.push(['MIME-Version', '1.0']);
  let bodyBuf;
  if (fmt === 'mdn') {
    const tl = local(outMs, pr.tz), tr = local(replyMs, pr.tz);
    const human = sub(e.body, { ...vars, to: pr.full, subj: outSubject, sent: outlookSent(e.lang, tl), read: outlookSent(e.lang, tr) });
    const tpart = textPart(human, cs, chooseCte(e, encodeBody(human, cs), cs, false, client), 'plain');
    const dn = `Reporting-UA: ${pr.dom}; Microsoft Outlook 16.0\nFinal-Recipient: rfc822;${pr.email}\nOriginal-Message-ID: ${outId}\nDisposition: manual-action/MDN-sent-manually; displayed\n`;
    const dpart = { headers: [['Content-Type', 'message/disposition-notification'], ['Content-Transfer-Encoding', '7bit']], body: Buffer.from(dn.replace(/\n/g, CRLF), 'ascii') };
    root = multipart('report', [tpart, dpart], boundaryFor('outlook', id, 1), '', ' report-type=disposition-notification;');
    fmtDesc = 'mdn';
  }
  for (const h of root.headers) H.push(h);
  bodyBuf = root.body;
  const headBuf = Buffer.from(H.map(([k, v]) => (k === 'Received' ? foldReceived(v) : fold(k, v))).join(CRLF) + CRLF + CRLF, 'ascii');
  const file = Buffer.concat([headBuf, bodyBuf]);
  // describe
  const parts = [];
  const walk = (p) => { if (p.cte) parts.push(p.cte); };
  void walk;
  const cteDesc = fmt === 'plain' || fmt === 'html' ? root.cte : fmt;
  const trig = e.t ? `harmless trigger: ${e.t}` : '';
  const sigTrig = !e.t && e.code !== 'U' && /^(fd|fd0|d)$/.test(sigStyle) ? 'harmless trigger: disclaimer mentions deleting the message' : !e.t && e.code !== 'U' && sigStyle === 'nl' ? 'harmless trigger: own newsletter footer with unsubscribe wording' : '';
  const region = { 'en-uk': 'en-GB', 'pt-BR': 'pt-BR', 'pt-PT': 'pt-PT', 'es-mx': 'es-MX', 'nl-be': 'nl-BE' }[poolKey];
  const tech = `${fmtDesc}; ${cs}${fmt === 'plain' || fmt === 'html' ? '/' + root.cte : ''}; client=${client}; quote=${qStyle}${e.bottom ? ' (bottom-post)' : ''}${auto !== 'none' ? '; auto-headers=' + auto : e.code === 'O' || e.code === 'A' ? '; no auto headers' : ''}${region ? '; ' + region : ''}${fu ? '; follow-up thread' : ''}`;
  const notes = [e.n, trig || sigTrig, tech].filter(Boolean).join('; ');
  return { num, name: id + '.eml', file, hiBytes: cs === 'windows-1252' && /[\u2013\u2014\u20ac\u2018\u2019\u201c\u201d\u201e]/.test(plain + subject), label: e.label, lang: e.lang, notes, trigger: !!(trig || sigTrig), fmt: fmtDesc, cs, auto, client, quote: qStyle, cteDesc };
}
function fmt0(e) { return e.f || 'plain'; }
function foldReceived(v) {
  const m = v.match(/^(from .*?\]\)) (by .*?) (for <.*?>; .*)$/);
  return `Received: ${m[1]}${CRLF}\t${m[2]}${CRLF}\t${m[3]}`;
}

// ================================================================ replies: English (95)
// entry: [code, hint, body, opts]  codes: U unsubscribe, O out_of_office, I interested, M meeting_request,
// N not_interested, L not_now (later), W wrong_person, A auto_reply, X other
add('en', [
  // ---- unsubscribe (18)
  ['U', 'one-word', `unsubscribe`, { c: 'E3', s: '-', p: 'gmail' }],
  ['U', 'stop-caps', `STOP`, { c: 'E1', s: 'mo', p: 'iphone', n: 'answers the "Reply STOP" footer' }],
  ['U', 'polite-remove-list', `Hi {me},

Thanks for reaching out, but could you please remove me from your mailing list? I get a lot of these and it isn't something we're looking at.

Appreciate it`, { c: 'E2', s: 'x', n: 'also a decline; unsubscribe wins' }],
  ['U', 'angry-caps', `This is the FOURTH email I've had from you people. I never signed up for anything. STOP SPAMMING ME.`, { c: 'E7', fu: true, s: 'mo', p: 'iphone', n: 'angry' }],
  ['U', 'uk-gdpr-erasure', `Dear {me},

Under Article 17 of the UK GDPR I request that you erase all personal data you hold about me, and under Article 21(2) I object to any further processing of my data for direct marketing purposes.

Please also tell me where you obtained my details, as you are required to under Article 14.

I expect written confirmation within one calendar month.

Regards`, { c: 'E4', p: 'outlook', s: 'f0', f: 'html', n: 'legal wording: erasure + objection' }],
  ['U', 'ccpa-delete', `To whom it may concern,

Pursuant to the California Consumer Privacy Act (CCPA), I am requesting that you delete all personal information you have collected about me, and I direct you not to sell or share my personal information. Do not contact me again.

{full}`, { c: 'E11', s: '-', p: 'gmail', n: 'CCPA delete + do-not-sell' }],
  ['U', 'pls-dont-contact', `pls dont contact me again`, { c: 'E5', s: 'mo', p: 'android' }],
  ['U', 'take-me-off', `take me off`, { c: 'E7', s: 'mo', p: 'iphone' }],
  ['U', 'did-not-sign-up', `I did not sign up for this. How do I get off your list?`, { c: 'E6', s: 'x', n: 'question form, still a removal request' }],
  ['U', 'delete-my-data', `Please delete my data and confirm once done. Thx`, { c: 'E2', s: '-' }],
  ['U', 'not-interested-remove', `Not interested. Remove.`, { c: 'E5', s: '-', n: 'decline + removal; unsubscribe wins' }],
  ['U', 'wrong-person-stop', `Hi {me} - I'm not the right contact for this and honestly I'd rather not get these at all. Please take my address off whatever list you're using.

Thanks`, { c: 'E9', s: 'x', n: 'wrong person + removal; unsubscribe wins' }],
  ['U', 'travelling-remove', `Travelling this week so brief: please remove me from your list, we're not a fit.`, { c: 'E1', p: 'iphone', s: 'mo', n: 'mentions being away but asks for removal; unsubscribe > out_of_office' }],
  ['U', 'opt-me-out', `opt me out please`, { c: 'E11', s: '-' }],
  ['U', 'kindly-remove-database', `Dear Sir,

Kindly remove my email id from your database. This is not relevant to our organisation.

Thanks & Regards,`, { c: 'E3', s: 'f0', p: 'lotus' }],
  ['U', 'marked-spam', `Marked as spam. Don't email this address again.`, { c: 'E7', s: '-' }],
  ['U', 'asking-nicely', `Hi - I'm going to ask one more time, nicely. Please stop emailing me.`, { c: 'E8', s: 'xi' }],
  ['U', 'close-crm-record', `You can save yourself the next five follow-ups. Please close out my record in your CRM and don't reach out again. Thanks.`, { c: 'E3', fu: true, s: 'x', n: 'indirect stop request' }],

  // ---- out_of_office (10)
  ['O', 'return-date-exchange', `Thank you for your email. I am out of the office until Monday 27 May with limited access to email.

For urgent matters please contact our operations team at operations@{dom} or call {phone}.

Kind regards,
{full}`, { a: 'exch', f: 'html', c: 'E1' }],
  ['O', 'parental-leave-colleague', `Hi,

I'm on parental leave until September 2024 and won't be checking email. For anything finance-related please contact Mark Davies (mark.davies@{dom}). Your email will not be forwarded.

Thanks,
{first}`, { a: 'xar', c: 'E6', n: 'names a stand-in; out_of_office > wrong_person' }],
  ['O', 'sick-leave-no-date', `I'm currently off sick and not sure when I'll be back. Please contact hr@{dom} in the meantime.

{first}`, { a: 'none', p: 'outlook', c: 'E6', n: 'no automatic headers, no return date' }],
  ['O', 'conference-stop-by', `Hi there! I'm at Money20/20 Europe in Amsterdam until Thursday 23 May. If you're there too, stop by our stand (Hall 3, B21) and say hi! Otherwise I'll get back to you when I'm back in the office on Monday.

{first}`, { a: 'gvac', c: 'E1', t: '"stop by our stand"', subj: 'Out at Money20/20 this week' }],
  ['O', 'vacation-phone-human', `on vacation till the 3rd, looks interesting tho. will look properly when im back`, { a: 'none', p: 'iphone', q: 'apple', s: 'mo', c: 'E11', n: 'typed by hand on a phone; shows interest but out_of_office wins' }],
  ['O', 'no-return-date', `I am currently out of the office with limited access to email. I will respond to your message as soon as possible.`, { a: 'prec', c: 'E2' }],
  ['O', 'memorial-day-closure', `Thank you for your message. Our offices are closed on Monday, May 27 in observance of Memorial Day. We will respond when we reopen on Tuesday, May 28.

{co}`, { a: 'exch', c: 'E5', n: 'public holiday closure' }],
  ['O', 'travel-limited-uk', `Thanks for your email. I'm travelling with limited connectivity until Friday 31/05. If it's urgent, please call my mobile on +44 7700 900418.

{first}`, { a: 'exch', c: 'E4' }],
  ['O', 'sabbatical-deleted', `Hello,

I'm on sabbatical until 1 August 2024. Emails sent to this address during that time will be deleted, not forwarded - please resend after my return, or contact Priya Shah (priya.shah@{dom}) for anything urgent.

Thanks,
{first}`, { a: 'gvac', c: 'E9', q: 'gmail', subj: 'Re: {s}', t: '"will be deleted" describes the mailbox', n: 'vacation responder that quotes the original' }],
  ['O', 'bilingual-en-fr-canada', `I am out of the office until Tuesday, May 28 and will reply upon my return. For urgent matters, please contact reception@{dom}.

Je suis absent du bureau jusqu'au mardi 28 mai et je vous répondrai à mon retour. Pour toute urgence, veuillez écrire à reception@{dom}.`, { a: 'exch', c: 'E6', cs: 'windows-1252', n: 'bilingual en/fr (Canada)' }],

  // ---- interested (10)
  ['I', 'pricing-case-study', `Hi {me},

Sounds interesting. Can you send over pricing and a case study from a company our size (around 200 employees)?`, { c: 'E1' }],
  ['I', 'lowercase-what-cost', `yes intrested. what does it cost`, { c: 'E11', p: 'iphone', s: 'mo' }],
  ['I', 'unsubscribed-old-vendor', `Hi {me},

Good timing actually - we unsubscribed from our old vendor's platform last month and the team is doing receipts by hand again. What would onboarding look like for ~60 cardholders? Any setup fees?`, { c: 'E11', t: '"we unsubscribed from our old vendor"' }],
  ['I', 'remove-bottleneck', `This could help us remove the bottleneck in our AP team - we're at about 3,000 invoices a month with two people. Can you send me a one-pager I can share with our CFO?`, { c: 'E1', t: '"remove the bottleneck"' }],
  ['I', 'dont-stop-sequence', `Ha, don't stop the sequence on my account - I'm interested, just slow. Can you send the deck? I'll take a look this weekend.`, { c: 'E3', fu: true, t: '"don\'t stop the sequence"' }],
  ['I', 'removed-legacy-tools', `We just removed two legacy tools from our stack and are looking to consolidate. Does StackPulse cover GCP as well as AWS? We're about 70/30.`, { c: 'E2', t: '"removed two legacy tools"' }],
  ['I', 'soc2-logo-sig', `Hi {me},

Thanks for this. Before we go any further, could you send me your SOC 2 report and a summary of where customer data is hosted? If that checks out I'll loop in our CFO.`, { c: 'E1', p: 'outlook', s: 'f', f: 'related' }],
  ['I', 'vs-competitor', `Interesting timing, we're evaluating a couple of options right now. What makes you different from Deel? Honest answer please, not the marketing one :)`, { c: 'E6' }],
  ['I', 'bottom-post-trial', `Is there a free trial? I'd like to learn more but I'm not getting on a call until I've seen the product.`, { c: 'E2', p: 'tbird', s: 'n', bottom: true, n: 'bottom-posted; declines a call but asks for a trial' }],
  ['I', 'video-not-call', `Hey, you're the third vendor this week, but the first one to mention Xero. Can you send a short video walkthrough? No time for calls right now. (And no, don't take me off the list - I do read these.)`, { c: 'E11', t: '"don\'t take me off the list"' }],

  // ---- meeting_request (9)
  ['M', 'thursday-2pm-et', `Sure, let's talk. Does Thursday at 2pm ET work for you?`, { c: 'E2' }],
  ['M', 'booked-calendly-stop-30', `Booked a slot on your Calendly for Tuesday 10:30. FYI I'll have to stop at 30 minutes sharp, I have a board call right after.`, { c: 'E1', t: '"stop at 30 minutes sharp"' }],
  ['M', 'send-invite-cc-colleague', `Happy to chat. Send me a calendar invite for sometime next week - mornings work best. Please include my colleague Dave Hill (dave.hill@{dom}) as well, he runs our infrastructure.`, { c: 'E2', cc: 'Dave Hill <dave.hill@{dom}>', n: 'adds a colleague but stays involved, so not wrong_person' }],
  ['M', 'call-me-mobile-uk', `Can you do a quick call tomorrow? Ring me on 07700 900123 any time after 3.`, { c: 'E4', p: 'iphone', s: 'm' }],
  ['M', 'saastr-stop-by-booth', `Are you at SaaStr next week? Stop by booth 214 and we can chat in person - easier than a call.`, { c: 'E7', t: '"stop by booth 214"' }],
  ['M', 'demo-two-dates-opted-out', `Interested. We just opted out of our renewal with our current carrier platform, so timing is good. Let's set up a demo - how's Wed 29th or Fri 31st, any time after 10am PT?`, { c: 'E5', t: '"opted out of our renewal"', n: 'interest + concrete dates; meeting_request wins' }],
  ['M', 'ok-15-min-mon-tue', `ok 15 min call. mon or tue`, { c: 'E7', fu: true, p: 'iphone', s: 'mo' }],
  ['M', 'it-manager-propose-slots', `Hi {me},

I'd like to get our IT manager on a call with you to go through the security side. Could you propose two or three slots next week? We're both on Central time.`, { c: 'E2', p: 'outlook', f: 'html' }],
  ['M', 'roundtable-register-coffee', `Hi {me},

Thanks - please register me for the 12th. Could we also grab 10 minutes before it starts? I'd like to hear more about what Brightsign does beyond events.`, { c: 'E10', p: 'outlook' }],

  // ---- not_interested (9)
  ['N', 'not-interested-thanks', `Not interested, thanks.`, { c: 'E7', s: '-' }],
  ['N', 'happy-current-provider', `We’re happy with our current provider – no change planned. Good luck though.`, { c: 'E6', p: 'outlook', cs: 'windows-1252', n: 'Outlook smart punctuation (cp1252 0x92/0x96)' }],
  ['N', 'built-in-house-stopped', `No thanks. We built our own tooling for this and stopped using outside freight brokers last year anyway.`, { c: 'E5', t: '"stopped using outside freight brokers"' }],
  ['N', 'no-need-remove-coupa', `No need to remove me from anything, but we're not interested - we signed a three-year deal with Coupa in January.`, { c: 'E1', t: '"no need to remove me"', n: 'explicitly not a removal request' }],
  ['N', 'pass', `Pass.`, { c: 'E7', s: 'mo', p: 'iphone' }],
  ['N', 'no-snowflake-deletion-dpo', `We don't use Snowflake - we're on BigQuery, and data retention / deletion is handled by our DPO team anyway. Not relevant for us.`, { c: 'E9', t: '"data retention / deletion"' }],
  ['N', 'too-small', `Appreciate the persistance but its a no from us. We're a 12-person company, this isn't built for us.`, { c: 'E3', fu: true }],
  ['N', 'nope-mobile', `nope`, { c: 'E11', p: 'android', s: 'mo' }],
  ['N', 'public-sector-framework', `Dear {me},

Thank you for your email. As a public sector body all of our purchasing goes through approved frameworks, so we are unable to take this forward.

Kind regards,`, { c: 'E8', p: 'outlook', s: 'fd0' }],

  // ---- not_now (9)
  ['L', 'mid-migration-q4', `Not right now - we're in the middle of an ERP migration. Check back in Q4?`, { c: 'E1' }],
  ['L', 'january-budgets-cut-tools', `Timing's not great. We literally just unsubscribed from four SaaS tools to cut costs, so new spend is frozen. Circle back in January once budgets are set.`, { c: 'E2', t: '"unsubscribed from four SaaS tools"' }],
  ['L', 'signed-12-months-spring', `Interesting, but we signed with someone else for 12 months in March. Reach out next spring and I'll happily compare.`, { c: 'E6' }],
  ['L', 'dont-stop-few-months', `We might be interested later this year. Please don't stop reaching out, just give it a few months :)`, { c: 'E3', t: '"don\'t stop reaching out"' }],
  ['L', 'after-series-b', `Ask me again after our Series B closes - hopefully September.`, { c: 'E7', fu: true, p: 'iphone', s: 'mo' }],
  ['L', 'ping-me-july', `Hi {me}, I'm swamped until the end of the quarter. Can you ping me in July?`, { c: 'E9' }],
  ['L', 'not-interested-now-2025', `Not interested right now, but it could be on the table for 2025 planning. Feel free to reach out in October.`, { c: 'E8', n: 'says not interested but gives a later time; not_now > not_interested' }],
  ['L', 'after-summer-newsletter-sig', `Hi {me},

Put a reminder in for after the summer - we're freezing all new tools until September.`, { c: 'E5', s: 'nl', p: 'outlook', f: 'html' }],
  ['L', 'call-but-not-before-sept', `Happy to have a call, but not before September - can you reach out then to set something up?`, { c: 'E4', n: 'asks for a call but only later; not_now > meeting_request' }],

  // ---- wrong_person (8)
  ['W', 'procurement-jess', `Hi {me}, I'm not the right person - you want Jess Morgan, she heads procurement: jess.morgan@{dom}`, { c: 'E1' }],
  ['W', 'left-company-auto', `{full} is no longer with {co}. For sales enquiries please contact sales@{dom}; for anything else, info@{dom}.

This is an automated message.`, { c: 'E5', a: 'exch', p: 'outlook', q: 'none', s: '-', subj: '{ooo}{s}', n: 'autoresponder: left the company, with referral' }],
  ['W', 'adding-priya-cc', `Adding Priya, who looks after our cloud infrastructure.

Priya - see below, your call.`, { c: 'E2', cc: 'Priya Raman <priya.raman@{dom}>', s: 'x' }],
  ['W', 'removals-company-ops', `Wrong person I'm afraid - I handle removals and relocations for our customers (we're a moving company). Freight is Ben Ortiz in ops: ben.ortiz@{dom}`, { c: 'E5', t: '"I handle removals" (moving company)' }],
  ['W', 'marketing-cto-alan', `I'm in marketing, so this isn't really my area. Our CTO is Alan Brooks - fair warning, he hates cold emails.`, { c: 'E2' }],
  ['W', 'forward-to-md', `Hi Oliver,

Forwarding this one to you as it's more your area - see below from Secureline.

{me}, Oliver Hughes is our MD and makes these decisions.`, { c: 'E4', q: 'fwd', fwdTo: 'Oliver Hughes <oliver.hughes@{dom}>', p: 'gmail', s: 'n', n: 'forward to a colleague with the sender in Cc' }],
  ['W', 'left-last-year-forwarding', `Hi {me} - I actually left {co} last year, this address just forwards to my personal inbox. The new head of people is Nadia Karim, I don't have her email though. Good luck!`, { c: 'E6', p: 'iphone', s: 'mo' }],
  ['W', 'raj-locked-in', `Not me, that's Raj in finance. Though I know they're locked in with Ramp until next year.`, { c: 'E11', n: 'referral + timing; wrong_person > not_now' }],

  // ---- auto_reply (8)
  ['A', 'ticket-request-received', `##- Please type your reply above this line -##

Your request (48213) has been received and is being reviewed by our support staff.

To add additional comments, reply to this email.

This email is a service from {co} Support.`, { c: 'E2', fromName: '{co} Support', fromEmail: 'support@{dom}', subj: '[{co}] Re: {s}' }],
  ['A', 'unmonitored-noreply', `This mailbox is not monitored and messages sent to this address are automatically deleted. If you need assistance, please visit https://{web}/contact.`, { c: 'E8', fromName: '{co}', fromEmail: 'noreply@{dom}', a: 'bulk', t: '"automatically deleted" describes the mailbox' }],
  ['A', 'read-receipt-mdn', `Your message

  To: {to}
  Subject: {subj}
  Sent: {sent}

was read on {read}.`, { c: 'E4', f: 'mdn', subj: 'Read: {s}', a: 'none', noref: true, p: 'outlook', n: 'read receipt (MDN)' }],
  ['A', 'thanks-for-contacting', `Thank you for contacting {co}.

We have received your message and a member of our team will respond within 2 business days. If your matter is urgent, please call us on {phone}.

Please do not reply to this email.`, { c: 'E6', fromName: '{co}', fromEmail: 'info@{dom}', f: 'html' }],
  ['A', 'challenge-response', `Hello,

I'm protecting myself from receiving junk mail. Please click the link below to complete the verification process. You only have to do this once.

https://verify.spamshield-mail.com/v?id={uid}

Once verified, your message will be delivered to {full}.`, { c: 'E7', fromName: '{full}', fromEmail: '{email}', subj: 'Re: {s} [Verify]', p: 'webmail', n: 'challenge-response spam filter' }],
  ['A', 'ticket-unsub-notifications', `Hello,

Thanks for getting in touch. A new ticket (#90211) has been created for your message and our IT service desk will pick it up shortly.

Ticket: #90211
Status: Open
Priority: Normal

To unsubscribe from notifications about this ticket, click here: https://{web}/helpdesk/notifications?t=90211`, { c: 'E4', fromName: '{co} IT Service Desk', fromEmail: 'servicedesk@{dom}', subj: '[#90211] {s}', t: 'ticket footer "unsubscribe from notifications"', f: 'alt', p: 'webmail' }],
  ['A', 'careers-inbox-received', `Thank you for your email to the {co} careers team. Due to the high volume of messages we receive, we may not be able to respond individually. If your application is shortlisted, we will be in touch.`, { c: 'E3', fromName: '{co} Careers', fromEmail: 'careers@{dom}', a: 'prec' }],
  ['A', 'helpdesk-html-only', `Dear {me},

We would like to acknowledge that we have received your request and a ticket has been created. A support representative will review your request and send you a personal response (usually within 24 hours).

To view the status of the ticket or add comments, please visit https://{web}/support/tickets/77120

Thank you for your patience.

Sincerely,
{co} Support Team`, { c: 'E1', fromName: '{co} Support', fromEmail: 'help@{dom}', f: 'html', subj: 'Ticket Received - {s}' }],

  // ---- other (14)
  ['X', 'how-get-my-email', `How did you get my email address?`, { c: 'E3', s: '-' }],
  ['X', 'what-is-this-regarding', `What is this regarding?`, { c: 'E9', s: 'x' }],
  ['X', 'who-are-you', `Sorry, who are you and which company is this? I don't recognise the name.`, { c: 'E5' }],
  ['X', 'bot-or-human', `Is this an automated email or is there an acutal person reading replies?`, { c: 'E7' }],
  ['X', 'wrong-company-name', `You've got our company name wrong - we're {co}, not "Acme Logistics". Might want to check your mail merge.`, { c: 'E1' }],
  ['X', 'sent-to-whole-team', `Did you send this to our whole team? Three of my colleagues got the exact same email this morning. Not asking to be removed, just curious how your targeting works.`, { c: 'E2', t: '"not asking to be removed"' }],
  ['X', 'job-applicant', `Hi {me},

Slightly different angle - are you hiring? I saw Hirewell is growing and I'm a senior AE looking for my next role. Happy to send my CV.`, { c: 'E3' }],
  ['X', 'unsub-link-404', `FYI your unsubscribe link goes to a 404. Not that I want to use it - just thought you'd want to know.`, { c: 'E3', t: 'mentions the unsubscribe link without asking to unsubscribe', n: 'helpful remark, not a request' }],
  ['X', 'remove-placeholder', `You might want to remove the {{company_name}} placeholder from your template - it showed up literally in the first line of your email.`, { c: 'E11', t: '"remove the placeholder"' }],
  ['X', 'same-company-rebrand', `Is this the same Flowdesk that used to be called Paystream? We had a contract with them in 2021 and it didn't end well.`, { c: 'E1' }],
  ['X', 'partner-pitch-html', `Hi {me},

We actually sell something very similar to agencies in the Midwest - would you be open to a referral partnership rather than selling to us? Our partner program details are here: https://{web}/partners`, { c: 'E7', f: 'html', p: 'outlook', n: 'counter-pitch' }],
  ['X', 'meant-for-someone-else', `Sorry, please ignore my last reply - that was meant for someone else.`, { c: 'E5', s: 'x' }],
  ['X', 'gdpr-access-only', `Hi,

Under Article 15 of the UK GDPR, please tell me what personal data you hold about me and where you got it from. (This is not a complaint - I'm genuinely curious how I ended up on your list.)`, { c: 'E9', n: 'data access question without an erasure/stop request -> other' }],
  ['X', 'phishing-test', `Is this a phishing test from our IT department? :)`, { c: 'E4', s: '-' }],
]);

// ================================================================ replies: German (35)
add('de', [
  // ---- unsubscribe (8)
  ['U', 'bitte-austragen-verteiler', `Guten Tag Herr {melast},

bitte tragen Sie mich aus Ihrem Verteiler aus.

Danke`, { c: 'D1', s: 'x' }],
  ['U', 'abmelden-one-word', `Abmelden`, { c: 'D1', s: '-', n: 'answers the "antworten Sie mit Abmelden" footer' }],
  ['U', 'dsgvo-widerspruch-loeschung', `Sehr geehrte Damen und Herren,

hiermit widerspreche ich gemäß Art. 21 Abs. 2 und 3 DSGVO der Verarbeitung meiner personenbezogenen Daten zu Werbezwecken und fordere Sie gemäß Art. 17 DSGVO auf, sämtliche über mich gespeicherten Daten unverzüglich zu löschen. Zudem verlange ich nach Art. 15 DSGVO Auskunft darüber, woher Sie meine Daten erhalten haben.

Ich weise darauf hin, dass unverlangt zugesandte Werbe-E-Mails gegen § 7 UWG verstoßen.

Mit freundlichen Grüßen`, { c: 'D2', p: 'outlook', s: 'f0', n: 'legal wording: objection + erasure + access' }],
  ['U', 'angry-spam', `Hören Sie endlich auf, mir diese Spam-Mails zu schicken!!! Ich habe NIE eingewilligt, dass Sie mich anschreiben.`, { c: 'D1', fu: true, s: '-', n: 'angry' }],
  ['U', 'keine-mails-iphone', `bitte keine weiteren mails. danke`, { c: 'D3', p: 'iphone', s: 'mo' }],
  ['U', 'keine-werbung-adresse-loeschen', `Ich möchte keine Werbung mehr von Ihnen erhalten. Bitte löschen Sie meine E-Mail-Adresse aus Ihrem System.`, { c: 'D2', s: 'n' }],
  ['U', 'kein-interesse-von-liste', `Kein Interesse. Bitte nehmen Sie mich von der Liste.`, { c: 'D3', s: 'x', n: 'decline + removal; unsubscribe wins' }],
  ['U', 'urlaub-aber-streichen', `Bin gerade im Urlaub, daher nur kurz: Bitte streichen Sie uns aus Ihrer Kontaktliste, wir haben bereits ein System.`, { c: 'D1', p: 'android', s: 'm', n: 'mentions holiday but asks for removal; unsubscribe > out_of_office' }],

  // ---- out_of_office (5)
  ['O', 'abwesend-bis-bilingual', `Vielen Dank für Ihre Nachricht.

Ich bin bis einschließlich Freitag, 24. Mai 2024 nicht im Büro und habe keinen Zugriff auf meine E-Mails. In dringenden Fällen wenden Sie sich bitte an unsere Zentrale unter {phone} oder an info@{dom}. Ihre E-Mail wird nicht weitergeleitet.

---

Thank you for your message. I am out of the office until Friday, 24 May 2024 with no access to email. For urgent matters please contact info@{dom}.

Mit freundlichen Grüßen / Kind regards
{full}`, { a: 'exch', f: 'html', c: 'D1', n: 'bilingual de/en' }],
  ['O', 'elternzeit-vertretung', `Guten Tag,

ich befinde mich bis zum 31.01.2025 in Elternzeit. Ihre E-Mail wird weder gelesen noch weitergeleitet.

Bitte wenden Sie sich in allen Angelegenheiten an meinen Kollegen Herrn Brandt (m.brandt@{dom}).

Viele Grüße
{full}`, { c: 'D2', n: 'parental leave with stand-in; out_of_office > wrong_person' }],
  ['O', 'krank-ohne-header', `Hallo,

ich bin derzeit krankheitsbedingt abwesend. Ihre Nachricht wird nach meiner Rückkehr bearbeitet.

Gruß
{first}`, { a: 'none', p: 'outlook', c: 'D3', n: 'sick leave, no automatic headers, no return date' }],
  ['O', 'messe-stand', `Vielen Dank für Ihre E-Mail!

Vom 21. bis 23. Mai bin ich auf der Intralogistik-Messe in Dortmund. Besuchen Sie uns gern an Stand 3C41 - ich freue mich auf Sie! Ab Montag, 27. Mai, bin ich wieder im Büro und melde mich dann bei Ihnen.

Beste Grüße
{full}
{title}`, { a: 'gvac', c: 'D1', subj: 'Abwesenheitsnotiz: {s}', n: 'trade fair' }],
  ['O', 'ausser-haus-ohne-datum', `Ich bin zurzeit außer Haus und kann Ihre E-Mail leider nicht sofort beantworten. Ich melde mich so bald wie möglich.

Bitte beachten Sie, dass während meiner Abwesenheit keine Weiterleitung erfolgt.`, { c: 'D2', n: 'no return date' }],

  // ---- interested (4)
  ['I', 'preise-referenzen', `Hallo {me},

klingt spannend. Können Sie mir Preise und ein paar Referenzen aus dem Mittelstand schicken? Wir haben ca. 4.000 Palettenstellplätze und ein Budget von rund 20.000 € im Jahr.`, { c: 'D1' }],
  ['I', 'anbieter-gekuendigt', `Hallo Frau {melast},

wir haben unseren alten CRM-Anbieter gerade gekündigt, das passt also zeitlich gut. Schicken Sie mir gern Unterlagen und eine Preisübersicht für 12 Nutzer.`, { c: 'D2', t: '"alten Anbieter gekündigt" (cancelled the old vendor)' }],
  ['I', 'dsgvo-hosting-frage', `Interessant. Ist das alles DSGVO-konform und wo genau werden die Daten gehosted? Gibt es einen AV-Vertrag?`, { c: 'D2', n: 'mentions DSGVO as a product question, not a data request' }],
  ['I', 'engpass-beseitigen', `Guten Tag Herr {melast},

das könnte uns tatsächlich helfen, den Engpass im Wareneingang zu beseitigen. Gibt es eine Testversion, die wir ein paar Wochen laufen lassen können?`, { c: 'D1', fu: true, t: '"Engpass beseitigen" (remove the bottleneck)' }],

  // ---- meeting_request (3)
  ['M', 'donnerstag-14-uhr', `Guten Tag Herr {melast},

gerne. Passt Ihnen Donnerstag um 14 Uhr? Rufen Sie mich einfach unter {phone} an.`, { c: 'D3' }],
  ['M', 'termin-gebucht-vorbeischauen', `Hallo Herr {melast},

ich habe mir über Ihren Link einen Termin für Dienstag gebucht. Alternativ können Sie auch gern mal bei uns im Werk vorbeischauen, dann zeige ich Ihnen das Lager.`, { c: 'D1', t: '"vorbeischauen" (stop by)' }],
  ['M', 'einladung-mittwoch-kollege', `Hallo Frau {melast},

schicken Sie mir bitte eine Einladung für nächste Woche, am besten Mittwochvormittag. Mein Kollege Herr Schulz aus dem Vertrieb soll auch dabei sein.`, { c: 'D2', f: 'alt', p: 'gmail' }],

  // ---- not_interested (4)
  ['N', 'kein-bedarf', `„Kein Bedarf“ – wie schon Ihrem Kollegen gesagt. Danke.`, { c: 'D3', s: 'x', cs: 'windows-1252' }],
  ['N', 'abo-gekuendigt-selbst', `Danke für die Nachricht, aber wir haben unser Abo bei einem ähnlichen Anbieter gerade gekündigt und machen das künftig selbst. Kein Bedarf.`, { c: 'D2', t: '"Abo gekündigt"' }],
  ['N', 'eigenes-system-disclaimer', `Sehr geehrter Herr {melast},

vielen Dank für Ihre Nachricht. Wir haben vor zwei Jahren ein eigenes System aufgebaut und sind damit sehr zufrieden, daher besteht kein Interesse.`, { c: 'D1', p: 'outlook', s: 'fd', f: 'related' }],
  ['N', 'nein-danke-mobil', `Nein danke.`, { c: 'D3', p: 'iphone', s: 'mo' }],

  // ---- not_now (3)
  ['L', 'im-herbst-nochmal', `Aktuell kein Thema, melden Sie sich gern im Herbst noch mal.`, { c: 'D2' }],
  ['L', 'sap-umstellung-q1', `Hallo Herr {melast},

wir stecken mitten in der SAP-Umstellung, da geht gerade nichts anderes. Bitte melden Sie sich im ersten Quartal 2025 wieder.`, { c: 'D1' }],
  ['L', 'budget-nach-sommerferien', `Guten Tag Herr {melast},

das Budget für dieses Jahr ist leider verplant. Gerne nach den Sommerferien noch einmal, dann planen wir 2025.`, { c: 'D3', s: 'nl', p: 'outlook' }],

  // ---- wrong_person (3)
  ['W', 'falscher-ansprechpartner-einkauf', `Guten Tag,

da bin ich der falsche Ansprechpartner. Wenden Sie sich bitte an Frau Keller aus dem Einkauf (s.keller@{dom}).`, { c: 'D3' }],
  ['W', 'nicht-mehr-taetig-auto', `Vielen Dank für Ihre E-Mail.

{full} ist nicht mehr für die {co} tätig. Ihre Nachricht wird nicht weitergeleitet. Bitte wenden Sie sich an info@{dom} oder telefonisch an {phone}.`, { c: 'D1', a: 'exch', p: 'outlook', q: 'none', s: '-', subj: '{ooo}{s}', n: 'autoresponder: left the company, with referral' }],
  ['W', 'it-leiter-cc-nicht-austragen', `Hallo Frau {melast},

ich leite das mal an unseren IT-Leiter weiter, Herrn Yilmaz (in CC) - der entscheidet so etwas. Mich müssen Sie übrigens nicht austragen, ich bekomme solche Anfragen öfter und gebe sie weiter.`, { c: 'D2', cc: 'Deniz Yilmaz <d.yilmaz@{dom}>', t: '"Mich müssen Sie nicht austragen"' }],

  // ---- auto_reply (2)
  ['A', 'ticket-eingangsbestaetigung', `Sehr geehrte Damen und Herren,

vielen Dank für Ihre Anfrage. Dies ist eine automatisch generierte Eingangsbestätigung.

Ihr Anliegen wurde unter der Ticketnummer #2024-05-1187 erfasst und wird schnellstmöglich von unserem Kundenservice bearbeitet. Bitte geben Sie bei Rückfragen stets die Ticketnummer an.

Mit freundlichen Grüßen
Ihr Kundenservice-Team
{co}`, { c: 'D2', fromName: '{co} Kundenservice', fromEmail: 'service@{dom}', subj: '[Ticket #2024-05-1187] {s}', f: 'html' }],
  ['A', 'lesebestaetigung-mdn', `Ihre Nachricht

  An: {to}
  Betreff: {subj}
  Gesendet: {sent}

wurde am {read} gelesen.`, { c: 'D1', f: 'mdn', subj: 'Gelesen: {s}', a: 'none', noref: true, p: 'outlook', cs: 'iso-8859-1', n: 'read receipt (MDN)' }],

  // ---- other (3)
  ['X', 'woher-adresse-nicht-loeschen', `Woher haben Sie eigentlich meine Adresse? Nur aus Neugier - Sie müssen mich deswegen nicht gleich löschen.`, { c: 'D2', t: '"nicht gleich löschen"' }],
  ['X', 'worum-geht-es', `Worum geht es genau? Ihre Mail ist ziemlich vage.`, { c: 'D3', s: 'n' }],
  ['X', 'kennen-wir-uns-messe', `Sind wir uns nicht letztes Jahr auf der LogiMAT begegnet? Ihr Name kommt mir bekannt vor.`, { c: 'D1', p: 'tbird', s: 'n', bottom: true, n: 'bottom-posted' }],
]);

// ================================================================ replies: French (35)
add('fr', [
  // ---- unsubscribe (8)
  ['U', 'stop', `STOP`, { c: 'F1', s: '-', n: 'answers the « STOP » footer' }],
  ['U', 'retirer-liste-diffusion', `Bonjour,

Merci de me retirer de votre liste de diffusion.`, { c: 'F2', s: 'n' }],
  ['U', 'rgpd-suppression-cnil', `Madame, Monsieur,

Conformément aux articles 17 et 21 du Règlement général sur la protection des données (RGPD), je vous demande de supprimer l'ensemble des données me concernant et de ne plus me contacter à des fins de prospection commerciale. Merci de m'indiquer également la source de ces données.

À défaut de réponse sous un mois, je saisirai la CNIL.

Cordialement,`, { c: 'F3', p: 'outlook', s: 'f0', n: 'legal wording: erasure + objection' }],
  ['U', 'arretez-mails-colere', `Arrêtez de m'envoyer vos mails, c'est la troisième fois cette semaine. Je n'ai JAMAIS donné mon accord !!`, { c: 'F2', fu: true, s: '-', n: 'angry' }],
  ['U', 'desinscrivez-moi-iphone', `désinscrivez moi svp`, { c: 'F1', p: 'iphone', s: 'mo' }],
  ['U', 'ne-plus-etre-sollicite', `Bonjour,

Je ne souhaite plus être sollicité par votre société. Merci de supprimer mes coordonnées de vos fichiers.`, { c: 'F3', s: 'f' }],
  ['U', 'pas-interesse-ne-plus-relancer', `Pas intéressé, et merci de ne plus me relancer.`, { c: 'F2', fu: true, s: 'x', n: 'decline + stop request; unsubscribe wins' }],
  ['U', 'pas-bonne-personne-ne-contactez-plus', `Bonjour, ne me contactez plus s'il vous plaît. Je ne suis pas la bonne personne et je n'ai pas le temps pour ça.`, { c: 'F1', n: 'wrong person + stop request; unsubscribe wins' }],

  // ---- out_of_office (4)
  ['O', 'absent-bilingue', `Bonjour,

Je suis absent(e) du bureau jusqu'au lundi 27 mai inclus, avec un accès limité à mes e-mails. En cas d'urgence, vous pouvez contacter le standard au {phone}.

Hello, I am out of the office until Monday 27 May with limited access to email. For urgent matters please call {phone}.

Cordialement,
{full}`, { a: 'exch', f: 'html', c: 'F1', n: 'bilingual fr/en' }],
  ['O', 'conge-maternite', `Bonjour,

Je suis actuellement en congé maternité jusqu'au 15 octobre. Pour toute demande, merci de contacter Laurent Petit (l.petit@{dom}).

Bien à vous,
{first}`, { c: 'F2', n: 'maternity leave with stand-in' }],
  ['O', 'arret-maladie-sans-entete', `Bonjour, je suis en arrêt maladie, je reviendrai vers vous à mon retour. Cordialement`, { a: 'none', p: 'outlook', c: 'F3', s: '-', n: 'sick leave, no automatic headers' }],
  ['O', 'salon-vivatech-passer-nous-voir', `Bonjour,

Je suis actuellement au salon VivaTech (du 22 au 25 mai). N'hésitez pas à passer nous voir sur le stand K12 ! Je vous répondrai à mon retour le lundi 27 mai.

{first}`, { c: 'F1', t: '"passer nous voir" (stop by)', n: 'conference' }],

  // ---- interested (4)
  ['I', 'plaquette-tarifs', `Bonjour,

Ça m'intéresse. Pouvez-vous m'envoyer une plaquette et vos tarifs pour une vingtaine d'utilisateurs ? Notre budget tourne autour de 300 € par mois.`, { c: 'F1' }],
  ['I', 'compatible-sage', `Intéressant. Vous êtes compatibles avec Sage 100 ? On est encore sur une vieille version.`, { c: 'F1', p: 'iphone', s: 'm' }],
  ['I', 'resilie-prestataire', `Bonjour {me},

On vient justement de résilier notre contrat avec notre cabinet de recrutement actuel. Envoyez-moi une présentation de vos offres et vos conditions.`, { c: 'F2', t: '"résilier notre contrat"' }],
  ['I', 'suppression-doublons', `Bonjour,

Pouvez-vous m'en dire plus, notamment sur la suppression automatique des doublons ? C'est notre principal problème aujourd'hui.`, { c: 'F1', t: '"suppression des doublons"' }],

  // ---- meeting_request (4)
  ['M', 'jeudi-14h-invitation', `Bonjour {me},

Avec plaisir. Je suis dispo jeudi 14h ou vendredi matin. Envoyez-moi une invitation Teams.`, { c: 'F3', p: 'outlook', s: 'f', f: 'related' }],
  ['M', 'appel-15-min-portable', `Ok pour un appel de 15 min. Appelez-moi au 06 12 34 56 78 demain après 17h.`, { c: 'F3', p: 'android', s: 'm' }],
  ['M', 'creneau-calendly', `J'ai pris un créneau via votre lien Calendly pour mardi prochain à 10h.`, { c: 'F1' }],
  ['M', 'salon-passez-stand', `Bonjour {me},

On peut se voir en vrai : passez nous voir sur notre stand au salon SITL mardi, on en discutera autour d'un café.`, { c: 'F2', fu: true, t: '"passez nous voir" (stop by)' }],

  // ---- not_interested (4)
  ['N', 'non-merci', `Non merci. Nous avons déjà fait ce choix l’an dernier.`, { c: 'F2', s: '-', p: 'outlook', cs: 'windows-1252' }],
  ['N', 'deja-prestataire', `Bonjour,

Nous avons déjà un prestataire dont nous sommes très satisfaits. Pas de besoin de notre côté.`, { c: 'F3' }],
  ['N', 'petite-structure', `Ce n'est pas pour nous, nous sommes une petite structure de 8 personnes et la compta est externalisée.`, { c: 'F1' }],
  ['N', 'pas-interesses-disclaimer', `Bonjour,

Merci pour votre message mais nous ne sommes pas intéressés. Bonne continuation.`, { c: 'F3', p: 'outlook', s: 'fd' }],

  // ---- not_now (3)
  ['L', 'septembre-ne-pas-retirer', `Pas le bon moment. Mais ne me retirez pas de votre liste, recontactez-moi en septembre.`, { c: 'F1', t: '"ne me retirez pas de votre liste"' }],
  ['L', 'debut-2025-demenagement', `Bonjour,

On en reparle début 2025, là on est en plein déménagement de nos locaux.`, { c: 'F3' }],
  ['L', 'fin-trimestre-juillet', `Pas avant la fin du trimestre. Relancez-moi en juillet svp.`, { c: 'F2', fu: true, p: 'iphone', s: 'mo' }],

  // ---- wrong_person (3)
  ['W', 'voir-daf', `Bonjour,

Ce n'est pas moi qui gère ce sujet, voyez avec Marc Petit, notre DAF : marc.petit@{dom}`, { c: 'F1' }],
  ['W', 'plus-dans-societe-remplacante', `Bonjour,

Je ne fais plus partie de la société depuis janvier. Je vous invite à contacter ma remplaçante, Claire Martin (claire.martin@{dom}).`, { c: 'F2', n: 'left the company, with referral' }],
  ['W', 'transfere-rssi-cc', `Bonjour,

Hugo, je te transfère ce message, c'est toi qui décides pour ce type de prestation.

Madame Lefèvre, voyez directement avec Hugo Bernard, notre RSSI.`, { c: 'F3', q: 'fwd', p: 'gmail', fwdTo: 'Hugo Bernard <hugo.bernard@{dom}>', n: 'forward to a colleague with the sender in Cc' }],

  // ---- auto_reply (2)
  ['A', 'reponse-auto-numero-demande', `Bonjour,

Ceci est une réponse automatique. Votre demande a bien été enregistrée sous le numéro 2405-3381 et sera traitée dans les meilleurs délais.

Merci de ne pas répondre à ce message.

Le service client {co}`, { c: 'F1', fromName: 'Service client {co}', fromEmail: 'contact@{dom}', f: 'html' }],
  ['A', 'boite-non-consultee', `Cette boîte mail n'est pas consultée. Pour toute demande, merci d'utiliser notre formulaire de contact : https://{web}/contact`, { c: 'F3', fromName: '{co}', fromEmail: 'no-reply@{dom}', a: 'bulk' }],

  // ---- other (3)
  ['X', 'ou-trouve-adresse', `Bonjour,

Où avez-vous trouvé mon adresse e-mail ? (Je ne demande pas à être désinscrit, je veux juste comprendre.)`, { c: 'F3', t: '"je ne demande pas à être désinscrit"' }],
  ['X', 'a-quel-sujet', `C'est à quel sujet exactement ?`, { c: 'F2', s: '-' }],
  ['X', 'bug-publipostage', `Votre mail commence par « Bonjour {{prenom}} », il y a un petit souci avec votre outil d'envoi.`, { c: 'F1', n: 'template bug' }],
]);

// ================================================================ replies: Spanish (30)
add('es', [
  // ---- unsubscribe (6)
  ['U', 'baja', `BAJA`, { c: 'S1', s: '-', n: 'answers the "responde BAJA" footer' }],
  ['U', 'eliminenme-lista', `Buenos días,

Por favor, elimínenme de su lista de correo.

Gracias.`, { c: 'S1', s: 'x' }],
  ['U', 'rgpd-supresion', `Estimados señores:

En virtud del artículo 17 del Reglamento (UE) 2016/679 (RGPD) y de la LOPDGDD, solicito la supresión de todos mis datos personales de sus ficheros y me opongo a cualquier tratamiento con fines comerciales. Les ruego que me confirmen por escrito la supresión.

Atentamente,`, { c: 'S1', p: 'outlook', s: 'f0', n: 'legal wording: erasure + objection' }],
  ['U', 'dejen-de-mandar-enojado', `Dejen de mandarme correos ya, es la cuarta vez. NO me interesa y no autoricé nada.`, { c: 'S2', s: '-', n: 'angry' }],
  ['U', 'no-me-vuelvan-contactar-mx', `No me vuelvan a contactar, por favor.`, { c: 'S2', s: 'n' }],
  ['U', 'quitenme-lista-iphone', `quitenme de la lista`, { c: 'S1', p: 'iphone', s: 'mo' }],

  // ---- out_of_office (4)
  ['O', 'fuera-oficina-3-junio', `Gracias por su mensaje.

Estaré fuera de la oficina hasta el lunes 3 de junio, con acceso limitado al correo. Para asuntos urgentes, pueden escribir a administracion@{dom}.

Un saludo,
{full}`, { a: 'xar', c: 'S1' }],
  ['O', 'baja-maternidad', `Hola,

Me encuentro de baja por maternidad hasta el 15 de septiembre. Para cualquier asunto, por favor contacte con mi compañero Sergio Díaz (sdiaz@{dom}).

Gracias,
{first}`, { c: 'S1', t: '"de baja por maternidad"', n: '"baja" means leave here, not unsubscribe' }],
  ['O', 'vacaciones-humano-mx', `Estoy de vacaciones, te contesto a la vuelta (el 10). Saludos`, { a: 'none', p: 'iphone', q: 'apple', s: 'mo', c: 'S2', n: 'typed by hand on a phone' }],
  ['O', 'feria-pasate-stand', `Hola,

Estos días estoy en el Salón Internacional de la Logística en Barcelona. Si vas, pásate por nuestro stand (C-214). A partir del lunes 27 de mayo vuelvo a estar en la oficina y te respondo.

{first}`, { c: 'S1', t: '"pásate por nuestro stand" (stop by)', n: 'trade fair' }],

  // ---- interested (3)
  ['I', 'mas-info-precios', `Hola {me},

Me interesa. ¿Me puedes mandar más información y precios para unas 300 facturas al mes?`, { c: 'S1' }],
  ['I', 'darnos-de-baja-proveedor', `Buenas,

Acabamos de darnos de baja con nuestro proveedor anterior, así que el momento es bueno. ¿Cómo funciona la integración con A3?`, { c: 'S1', t: '"darnos de baja con nuestro proveedor"' }],
  ['I', 'propuesta-40-unidades-mx', `Suena bien. Mándeme la propuesta para 40 unidades, por favor, con precio por unidad y plazo de contrato.`, { c: 'S2', p: 'outlook' }],

  // ---- meeting_request (3)
  ['M', 'jueves-10', `Perfecto, ¿te va bien el jueves a las 10:00?`, { c: 'S1' }],
  ['M', 'pasate-oficina-martes-mx', `Hola {me},

pásate por la oficina el martes por la mañana y lo vemos con el jefe de flotilla. Estamos en San Pedro Garza García.`, { c: 'S2', t: '"pásate por la oficina" (stop by)' }],
  ['M', 'reserve-calendario-lunes', `Ya reservé en tu calendario para el lunes a las 16:30. Hablamos.`, { c: 'S1', p: 'iphone', s: 'm' }],

  // ---- not_interested (4)
  ['N', 'no-gracias', `No, gracias.`, { c: 'S1', s: '-' }],
  ['N', 'ya-trabajamos-otra', `No nos interesa, ya trabajamos con otra empresa desde hace años.`, { c: 'S1' }],
  ['N', 'no-es-para-nosotros-disclaimer', `Buenos días,

Gracias, pero no es para nosotros.`, { c: 'S1', p: 'outlook', s: 'fd', n: 'disclaimer lists RGPD rights incl. "supresión"' }],
  ['N', 'no-flota-propia-mx', `No tenemos flota propia, todo lo subcontratamos. No aplica para nosotros.`, { c: 'S2' }],

  // ---- not_now (3)
  ['L', 'despues-verano-no-me-des-baja', `Ahora mismo no. No me des de baja, escríbeme después del verano y lo vemos.`, { c: 'S1', t: '"no me des de baja"' }],
  ['L', 'cierre-fiscal-enero-mx', `Estamos cerrando el año fiscal, vuelve a contactarme en enero por favor.`, { c: 'S2' }],
  ['L', 'mas-adelante-trimestre', `Quizá más adelante. Este trimestre es imposible.`, { c: 'S1', p: 'android', s: 'm' }],

  // ---- wrong_person (2)
  ['W', 'pasa-con-javier', `Hola,

No soy la persona indicada, te paso con Javier López, responsable de finanzas (jlopez@{dom}).`, { c: 'S1', cc: 'Javier López <jlopez@{dom}>' }],
  ['W', 'ya-no-trabajo-mx', `Ya no trabajo en {co}. Contacte con compras@{dom}.`, { c: 'S2', n: 'left the company, with referral' }],

  // ---- auto_reply (2)
  ['A', 'hemos-recibido-48h', `Hemos recibido su mensaje. Le responderemos en un plazo máximo de 48 horas laborables.

Este es un mensaje automático, por favor no responda a este correo.`, { c: 'S1', fromName: '{co}', fromEmail: 'info@{dom}', f: 'html' }],
  ['A', 'folio-soporte-mx', `Estimado cliente:

Su solicitud ha sido registrada con el folio #MX-55120. Un asesor se pondrá en contacto con usted a la brevedad.

Atentamente,
Mesa de Ayuda {co}`, { c: 'S2', fromName: 'Mesa de Ayuda', fromEmail: 'soporte@{dom}', subj: 'Folio #MX-55120 - {s}' }],

  // ---- other (3)
  ['X', 'de-donde-correo', `¿De dónde sacaste mi correo?`, { c: 'S1', s: '-' }],
  ['X', 'de-que-empresa-mx', `Perdón, ¿de qué empresa es usted? No me suena.`, { c: 'S2' }],
  ['X', 'automatico-o-persona', `¿Esto es automático o eres una persona real? Me ha llegado el mismo correo tres veces jaja`, { c: 'S1' }],
]);

// ================================================================ replies: Italian (20)
add('it', [
  ['U', 'cancellami', `CANCELLAMI`, { c: 'I2', s: '-', n: 'answers the "rispondi CANCELLAMI" footer' }],
  ['U', 'cancellare-indirizzo', `Buongiorno,

vi prego di cancellare il mio indirizzo dalla vostra mailing list.

Grazie`, { c: 'I1', s: 'x' }],
  ['U', 'gdpr-cancellazione', `Spett.le MagazzinoSmart,

ai sensi degli artt. 17 e 21 del Regolamento UE 2016/679 (GDPR) chiedo la cancellazione immediata dei miei dati personali e mi oppongo a qualsiasi ulteriore trattamento a fini di marketing. Vi chiedo inoltre di comunicarmi da quale fonte avete ottenuto il mio indirizzo.

Distinti saluti`, { c: 'I1', p: 'outlook', s: 'f0', n: 'legal wording: erasure + objection' }],
  ['U', 'basta-email', `Basta con queste email! Non vi ho mai dato il consenso.`, { c: 'I2', s: 'mo', p: 'iphone', n: 'angry' }],

  ['O', 'fuori-ufficio-3-giugno', `Grazie per il messaggio. Sarò fuori ufficio fino a lunedì 3 giugno con accesso limitato alla posta. Per urgenze potete contattare amministrazione@{dom}.

Cordiali saluti
{full}`, { a: 'prec', c: 'I1' }],
  ['O', 'congedo-parentale', `Buongiorno,

sono in congedo parentale fino a settembre e non leggo la posta. Per qualsiasi necessità scrivete a Paolo Ferrari (p.ferrari@{dom}).

{first}`, { c: 'I2', n: 'parental leave with stand-in' }],
  ['O', 'ferie-umano', `sono in ferie fino a lunedi, ti rispondo al rientro`, { a: 'none', p: 'android', q: 'gmail', s: 'mo', c: 'I2', n: 'typed by hand on a phone' }],

  ['I', 'brochure-prezzi', `Buongiorno,

interessante, mi manda una brochure con i prezzi? Abbiamo circa 2.000 ordini al mese.`, { c: 'I1' }],
  ['I', 'eliminare-collo-bottiglia', `Ciao {me},

stiamo proprio cercando di eliminare il collo di bottiglia nella fatturazione passiva. Mi mandi qualche info in più e un listino?`, { c: 'I2', t: '"eliminare il collo di bottiglia"' }],

  ['M', 'giovedi-11', `Va bene, sentiamoci giovedì alle 11. Mi chiami al {phone}.`, { c: 'I1' }],
  ['M', 'invito-settimana-prossima', `Ciao {me}, mandami pure un invito per la prossima settimana, martedì o mercoledì pomeriggio.`, { c: 'I2', f: 'alt', p: 'gmail' }],

  ['N', 'no-grazie', `No grazie, non ci interessa.`, { c: 'I2', s: '-' }],
  ['N', 'gestionale-disclaimer', `Buongiorno,

abbiamo già un gestionale di magazzino e non abbiamo intenzione di cambiarlo.

Cordiali saluti`, { c: 'I1', p: 'outlook', s: 'fd0' }],

  ['L', 'settembre-non-cancellatemi', `Adesso no, ma non cancellatemi: ricontattatemi a settembre.`, { c: 'I1', t: '"non cancellatemi"' }],
  ['L', 'dopo-estate', `Ricontattami dopo l'estate, ora siamo sotto con la chiusura del bilancio.`, { c: 'I2' }],

  ['W', 'scrivi-paolo-amministrazione', `Ciao, non sono io la persona giusta. Scrivi a Paolo Ferrari dell'amministrazione: p.ferrari@{dom}`, { c: 'I2' }],
  ['W', 'non-lavoro-piu', `Buongiorno,

non lavoro più in {co} da marzo. Per il magazzino può contattare il sig. Bruno (logistica@{dom}).`, { c: 'I1', n: 'left the company, with referral' }],

  ['A', 'risposta-automatica-ricevuto', `Gentile cliente,

questa è una risposta automatica. Abbiamo ricevuto la sua richiesta e le risponderemo entro 2 giorni lavorativi.

Lo staff di {co}`, { c: 'I1', fromName: '{co}', fromEmail: 'info@{dom}', f: 'html' }],

  ['X', 'chi-le-ha-dato-indirizzo', `Scusi, ma chi le ha dato il mio indirizzo?`, { c: 'I1' }],
  ['X', 'di-cosa-si-tratta', `Di cosa si tratta esattamente? Non capisco.`, { c: 'I2', s: '-' }],
]);

// ================================================================ replies: Portuguese, PT and BR (20)
add('pt', [
  ['U', 'sair-br', `SAIR`, { c: 'P2', s: '-', n: 'answers the "responder SAIR" footer' }],
  ['U', 'lgpd-exclusao-br', `Olá,

Com base na Lei Geral de Proteção de Dados (Lei 13.709/2018), solicito a exclusão de todos os meus dados pessoais da base de vocês e que não entrem mais em contato comigo.

Aguardo confirmação.`, { c: 'P2', s: 'n', n: 'LGPD erasure' }],
  ['U', 'retirem-lista-pt', `Bom dia,

Por favor, retirem-me da vossa lista de contactos.

Obrigado`, { c: 'P1', s: 'x' }],
  ['U', 'parem-mandar-email-br', `Parem de me mandar email, eu não pedi nada disso!`, { c: 'P2', p: 'iphone', s: 'mo', n: 'angry' }],

  ['O', 'fora-escritorio-pt', `Obrigado pela sua mensagem. Estou fora do escritório até dia 3 de junho, com acesso limitado ao e-mail. Para assuntos urgentes, contacte geral@{dom}.

Cumprimentos,
{full}`, { a: 'xar', c: 'P1' }],
  ['O', 'licenca-maternidade-br', `Olá! Estou de licença-maternidade até outubro. Para assuntos comerciais, fale com o Thiago Mendes (thiago.mendes@{dom}).

Obrigada!`, { c: 'P2', n: 'maternity leave with stand-in' }],
  ['O', 'ferias-humano-br', `to de férias, volto dia 10 e te respondo`, { a: 'none', p: 'iphone', q: 'apple', s: 'mo', c: 'P2', n: 'typed by hand on a phone' }],

  ['I', 'cancelamos-subscricao-pt', `Boa tarde,

Parece interessante. Acabámos de cancelar a subscrição do nosso software atual, por isso o timing é bom. Pode enviar-me mais informação e preços?`, { c: 'P1', t: '"cancelar a subscrição" (of their current software)' }],
  ['I', 'integra-rd-station-br', `Legal, manda mais detalhes. Vocês integram com o RD Station?`, { c: 'P2' }],

  ['M', 'quinta-15h-br', `Oi {me}, podemos conversar quinta às 15h?`, { c: 'P2' }],
  ['M', 'convite-terca-pt', `Bom dia,

Envie-me um convite para a próxima semana, de preferência terça de manhã.`, { c: 'P1', p: 'outlook', f: 'alt' }],

  ['N', 'sem-interesse-br', `Não temos interesse, obrigado.`, { c: 'P2', s: '-' }],
  ['N', 'ja-temos-solucao-disclaimer-pt', `Obrigado, mas já temos uma solução implementada.`, { c: 'P1', p: 'outlook', s: 'fd' }],

  ['L', 'segundo-semestre-nao-tira-br', `Agora não. Mas não me tira da lista não, me procura no segundo semestre!`, { c: 'P2', t: '"não me tira da lista"' }],
  ['L', 'janeiro-pt', `Neste momento não. Volte a contactar-me em janeiro, por favor.`, { c: 'P1' }],

  ['W', 'fale-com-joana-pt', `Boa tarde,

Não sou a pessoa certa. Fale com a Joana Marques, do departamento financeiro: joana.marques@{dom}`, { c: 'P1' }],
  ['W', 'nao-trabalho-mais-br', `Não trabalho mais na {co}. Procura o comercial@{dom}.`, { c: 'P2', n: 'left the company, with referral' }],

  ['A', 'recebemos-protocolo-br', `Olá!

Recebemos sua mensagem e nosso time vai responder em até 2 dias úteis.

Protocolo: 2024051400871

Esta é uma mensagem automática, não é necessário respondê-la.`, { c: 'P2', fromName: 'Atendimento {co}', fromEmail: 'atendimento@{dom}', f: 'html' }],

  ['X', 'como-conseguiu-email-br', `Como você conseguiu meu e-mail?`, { c: 'P2', s: '-' }],
  ['X', 'do-que-se-trata-pt', `Desculpe, mas do que se trata?`, { c: 'P1' }],
]);

// ================================================================ replies: Dutch, NL and BE (20)
add('nl', [
  ['U', 'graag-uitschrijven', `Graag uitschrijven.`, { c: 'N1', s: '-' }],
  ['U', 'haal-me-van-lijst', `Hoi,

Haal me alsjeblieft van jullie lijst.

Bedankt`, { c: 'N1', s: 'x' }],
  ['U', 'avg-verwijderen-be', `Geachte heer, mevrouw,

Op grond van artikel 17 van de AVG verzoek ik u al mijn persoonsgegevens te verwijderen. Tevens maak ik op grond van artikel 21 AVG bezwaar tegen het gebruik van mijn gegevens voor direct marketing. Ik verzoek u mij niet meer te benaderen.

Met vriendelijke groet,`, { c: 'N2', p: 'outlook', s: 'f0', n: 'legal wording: erasure + objection' }],
  ['U', 'stop-met-mailen-be', `Stop met mailen aub. Ik heb me nergens voor ingeschreven.`, { c: 'N2', p: 'iphone', s: 'mo', n: 'angry' }],

  ['O', 'afwezig-bilingual', `Beste afzender,

Ik ben afwezig tot en met vrijdag 24 mei en heb beperkt toegang tot mijn e-mail. Voor dringende zaken kunt u contact opnemen met planning@{dom}.

Dear sender, I am out of the office until Friday 24 May. For urgent matters please contact planning@{dom}.

Met vriendelijke groet,
{full}`, { a: 'exch', c: 'N1', f: 'html', n: 'bilingual nl/en' }],
  ['O', 'zwangerschapsverlof', `Hallo,

Ik ben met zwangerschapsverlof tot 1 oktober. Je mail wordt niet doorgestuurd. Neem voor roosterzaken contact op met Joost Bos (j.bos@{dom}).

Groet,
{first}`, { c: 'N1', n: 'maternity leave with stand-in' }],
  ['O', 'vakantie-humaan', `ben op vakantie tot 3 juni, reageer daarna`, { a: 'none', p: 'android', q: 'gmail', s: 'mo', c: 'N1', n: 'typed by hand on a phone' }],

  ['I', 'meer-info', `Klinkt interessant, kun je wat meer info sturen? We hebben ongeveer 180 medewerkers in ploegendienst.`, { c: 'N1' }],
  ['I', 'opgezegd-goede-timing', `Hoi {me},

We hebben net onze oude planningstool opgezegd, dus goede timing. Wat kost het per medewerker per maand?`, { c: 'N1', t: '"opgezegd" (cancelled the old tool)' }],

  ['M', 'bel-donderdag-10-be', `Prima, bel me donderdag om 10 uur even op {phone}.`, { c: 'N2' }],
  ['M', 'uitnodiging-dinsdag', `Stuur maar een uitnodiging voor volgende week dinsdag, na de lunch.`, { c: 'N1', p: 'outlook', f: 'alt' }],

  ['N', 'nee-bedankt-be', `Nee, bedankt.`, { c: 'N2', s: '-' }],
  ['N', 'al-oplossing-disclaimer', `Goedemiddag,

Geen interesse, we hebben al een goede oplossing.`, { c: 'N1', p: 'outlook', s: 'fd' }],

  ['L', 'na-de-zomer', `Nu even niet, neem na de zomer nog eens kontakt op.`, { c: 'N1' }],
  ['L', 'q1-volgend-jaar-be', `Misschien in Q1 volgend jaar, nu zitten we vol.`, { c: 'N2' }],

  ['W', 'pieter-hr', `Ik ben niet de juiste persoon, probeer Pieter Bakker van HR (p.bakker@{dom}).`, { c: 'N1' }],

  ['A', 'automatisch-antwoord-ontvangen', `Bedankt voor je bericht! Dit is een automatisch antwoord. We hebben je e-mail ontvangen en reageren binnen twee werkdagen.

Team {co}`, { c: 'N1', fromName: '{co}', fromEmail: 'info@{dom}', f: 'html' }],

  ['X', 'hoe-aan-adres-niet-uitschrijven', `Hoe komen jullie eigenlijk aan mijn e-mailadres? Geen zorgen, je hoeft me niet uit te schrijven, ik ben gewoon nieuwsgierig.`, { c: 'N1', t: '"je hoeft me niet uit te schrijven"' }],
  ['X', 'waar-gaat-dit-over-be', `Waar gaat dit over?`, { c: 'N2', s: '-' }],
  ['X', 'phishingtest-be', `Is dit een phishingtest van onze IT-afdeling? :)`, { c: 'N2' }],
]);

// ================================================================ replies: Polish (15)
add('pl', [
  ['U', 'nie', `NIE`, { c: 'L1', s: '-', n: 'answers the "odpisz NIE" footer' }],
  ['U', 'prosze-usunac-adres', `Dzień dobry,

proszę usunąć mój adres z Państwa bazy.`, { c: 'L1', s: 'n' }],
  ['U', 'rodo-usuniecie', `Szanowni Państwo,

na podstawie art. 17 RODO żądam usunięcia moich danych osobowych z Państwa bazy oraz zaprzestania przesyłania informacji handlowych, na które nie wyrażałem zgody (art. 10 ustawy o świadczeniu usług drogą elektroniczną).

Z poważaniem`, { c: 'L1', p: 'outlook', s: 'f0', n: 'legal wording: erasure + stop' }],
  ['U', 'nie-zycze-sobie', `Nie życzę sobie więcej takich wiadomości.`, { c: 'L1', p: 'iphone', s: 'mo' }],
  ['O', 'urlop-do-3-czerwca', `Dzień dobry,

dziękuję za wiadomość. Jestem na urlopie do 3 czerwca. W pilnych sprawach proszę o kontakt z biuro@{dom}.

Pozdrawiam
{full}`, { a: 'xar', c: 'L1' }],
  ['O', 'zwolnienie-lekarskie', `Przebywam na zwolnieniu lekarskim. Odpowiem po powrocie.`, { a: 'none', p: 'outlook', c: 'L1', s: '-', n: 'sick leave, no automatic headers' }],
  ['I', 'wiecej-info-cennik', `Brzmi ciekawie, proszę o więcej informacji i cennik dla ok. 500 faktur miesięcznie.`, { c: 'L1' }],
  ['I', 'zrezygnowalismy-dostawca', `Dzień dobry,

właśnie zrezygnowaliśmy z poprzedniego dostawcy, więc temat jest na czasie. Czy macie integrację z Comarch Optima w wersji 2023?`, { c: 'L1', t: '"zrezygnowaliśmy z poprzedniego dostawcy"' }],
  ['M', 'czwartek-10', `Możemy porozmawiać w czwartek o 10? Proszę zadzwonić na {phone}.`, { c: 'L1' }],
  ['N', 'nie-jestesmy-zainteresowani', `Dziękuję, nie jesteśmy zainteresowani.`, { c: 'L1' }],
  ['N', 'nie-dziekuje-disclaimer', `Nie, dziękuję.`, { c: 'L1', p: 'outlook', s: 'fd' }],
  ['L', 'po-wakacjach-nie-wypisywac', `Teraz nie, ale proszę mnie nie wypisywać - wróćmy do tematu po wakacjach.`, { c: 'L1', t: '"proszę mnie nie wypisywać"' }],
  ['W', 'ksiegowosc-anna', `To nie do mnie, proszę napisać do pani Anny Wiśniewskiej z działu księgowości: a.wisniewska@{dom}`, { c: 'L1' }],
  ['A', 'zgloszenie-zarejestrowane', `Dziękujemy za wiadomość.

Twoje zgłoszenie zostało zarejestrowane pod numerem ZG/2024/05/1412. Odpowiemy najszybciej, jak to możliwe.

Ta wiadomość została wygenerowana automatycznie.`, { c: 'L1', fromName: 'Biuro Obsługi Klienta', fromEmail: 'bok@{dom}' }],
  ['X', 'skad-adres', `Skąd Pani ma mój adres e-mail?`, { c: 'L1' }],
]);

// ================================================================ replies: Swedish (15)
add('sv', [
  ['U', 'avregistrera', `Avregistrera mig tack.`, { c: 'W1', s: '-' }],
  ['U', 'sluta-skicka', `Sluta skicka mejl till mig. Jag har aldrig bett om det här.`, { c: 'W1', p: 'iphone', s: 'mo', n: 'angry' }],
  ['U', 'gdpr-radera', `Hej,

Jag begär att ni raderar alla mina personuppgifter enligt artikel 17 i dataskyddsförordningen (GDPR) och att ni inte kontaktar mig igen.

Med vänlig hälsning`, { c: 'W1', p: 'outlook', s: 'f0', n: 'legal wording: erasure + stop' }],
  ['O', 'semester-bilingual', `Hej!

Jag har semester till och med fredag 31 maj och läser inte mejl. Vid brådskande ärenden, kontakta lager@{dom}.

Hi! I am on holiday until Friday 31 May and not reading email. For urgent matters, please contact lager@{dom}.

/{first}`, { a: 'gvac', c: 'W1', subj: 'Semester / On holiday', n: 'bilingual sv/en' }],
  ['O', 'foraldraledig', `Hej,

Jag är föräldraledig till och med januari 2025. Ditt mejl vidarebefordras inte. Kontakta gärna min kollega Johan Berg (johan.berg@{dom}) istället.

Hälsningar
{first}`, { c: 'W1', n: 'parental leave with stand-in' }],
  ['I', 'mer-info', `Låter intressant, kan du skicka mer info och priser?`, { c: 'W1' }],
  ['I', 'ta-bort-flaskhalsen', `Hej {me},

Vi försöker just nu ta bort flaskhalsen i vår inleverans, så det här kan vara läge. Funkar det med Fortnox Lager?`, { c: 'W1', t: '"ta bort flaskhalsen" (remove the bottleneck)' }],
  ['M', 'ring-torsdag', `Absolut, ring mig på torsdag efter lunch, {phone}.`, { c: 'W1' }],
  ['N', 'nojda-med-systemet', `Tack, men vi är nöjda med det system vi har.`, { c: 'W1' }],
  ['N', 'inte-aktuellt-disclaimer', `Inte aktuellt för oss, vi har precis bytt system.`, { c: 'W1', s: 'fd', p: 'outlook' }],
  ['L', 'efter-sommaren-avregistrera-inte', `Inte just nu, men avregistrera mig inte - hör av dig efter sommaren.`, { c: 'W1', t: '"avregistrera mig inte"' }],
  ['L', 'kanske-till-hosten', `Kanske till hösten. Just nu har vi fullt upp med flytten.`, { c: 'W1', p: 'iphone', s: 'm' }],
  ['W', 'prata-med-johan', `Fel person, prata med Johan Berg på inköp: johan.berg@{dom}`, { c: 'W1' }],
  ['A', 'automatiskt-svar-kundtjanst', `Tack för ditt mejl!

Detta är ett automatiskt svar. Vi har tagit emot ditt meddelande och återkommer inom två arbetsdagar.

Med vänlig hälsning
Kundtjänst, {co}`, { c: 'W1', fromName: '{co} Kundtjänst', fromEmail: 'kundtjanst@{dom}' }],
  ['X', 'var-fatt-adress', `Var har du fått min mejladress ifrån?`, { c: 'W1', s: '-' }],
]);

// ================================================================ replies: Danish (10)
add('da', [
  ['U', 'afmeld-mig', `Afmeld mig venligst.`, { c: 'K1', s: '-' }],
  ['U', 'stop-slet-oplysninger', `Stop med at skrive til mig, og slet mine oplysninger. Jeg har aldrig givet samtykke.`, { c: 'K1', s: 'x' }],
  ['O', 'ferie-til-og-med', `Tak for din mail.

Jeg holder ferie til og med fredag den 31. maj og læser ikke mails i den periode. Ved hastende sager kan du kontakte bogholderi@{dom}.

Venlig hilsen
{full}`, { a: 'exch', c: 'K1' }],
  ['I', 'send-mere-info', `Lyder interessant, send gerne mere info og priser. Vi bruger e-conomic.`, { c: 'K1' }],
  ['M', 'tirsdag-kl-10', `Ja tak, lad os tage et møde. Passer tirsdag kl. 10?`, { c: 'K1' }],
  ['N', 'opsagt-abonnement-selv', `Nej tak. Vi har lige opsagt vores abonnement hos en lignende leverandør og laver det selv fremover.`, { c: 'K1', t: '"opsagt vores abonnement"' }],
  ['L', 'efter-sommerferien', `Ikke lige nu. Skriv igen efter sommerferien.`, { c: 'K1', p: 'iphone', s: 'mo' }],
  ['W', 'proev-lars-oekonomi', `Det er ikke mig, prøv Lars Sørensen i økonomi (ls@{dom}).`, { c: 'K1' }],
  ['X', 'hvor-har-du-min-mail', `Hvor har du min mail fra?`, { c: 'K1', s: '-' }],
  ['X', 'hvad-drejer-det-sig-om', `Hej {me}, hvad drejer det sig egentlig om? Jeg forstår ikke helt, hvad I sælger.`, { c: 'K1' }],
]);

// ================================================================ replies: Russian (10)
add('ru', [
  ['U', 'otpishite', `Отпишите меня, пожалуйста.`, { c: 'R1', s: '-' }],
  ['U', 'udalit-dannye', `Добрый день.

Прошу удалить мои персональные данные из вашей базы и больше не присылать мне рассылку. Согласия на обработку данных я не давал.`, { c: 'R1', s: 'n', n: 'erasure + stop' }],
  ['U', 'hvatit-spam', `Хватит слать спам!`, { c: 'R1', s: 'mo', p: 'iphone', n: 'angry' }],
  ['O', 'otpusk-do-3-iyunya', `Здравствуйте!

Я в отпуске до 3 июня, доступ к почте ограничен. По срочным вопросам обращайтесь, пожалуйста, на sklad@{dom}.

С уважением,
{full}`, { a: 'gvac', c: 'R1', q: 'gmail', subj: 'Re: {s}', n: 'vacation responder that quotes the original' }],
  ['I', 'prishlite-kp-otpisalis', `{me}, добрый день.

Интересно. Мы как раз отписались от старого сервиса, так что пришлите, пожалуйста, коммерческое предложение и примеры внедрений.`, { c: 'R1', t: '"отписались от старого сервиса" (unsubscribed from the old service)' }],
  ['M', 'sozvonimsya-chetverg', `Давайте созвонимся в четверг в 11:00 по Москве. Мой номер {phone}.`, { c: 'R1' }],
  ['N', 'ne-interesno', `Спасибо, не интересно.`, { c: 'R1' }],
  ['L', 'napishite-osenyu', `Сейчас не актуально, напишите осенью.`, { c: 'R1' }],
  ['W', 'logist-ivan', `Это не ко мне, напишите нашему логисту Ивану Петрову: i.petrov@{dom}`, { c: 'R1' }],
  ['X', 'otkuda-adres', `Откуда у вас мой адрес?`, { c: 'R1', s: '-' }],
]);

// ================================================================ replies: Japanese (8)
add('ja', [
  ['U', 'soushin-teishi', `{me}様

今後このようなメールの送信は停止してください。

{last}`, { c: 'J1', s: '-' }],
  ['U', 'haishin-teishi-sakujo', `配信停止を希望します。
弊社および私の個人情報も削除してください。`, { c: 'J1', s: '-', n: 'answers the 配信停止 footer and asks for deletion' }],
  ['O', 'shuccho-fuzai-bilingual', `いつもお世話になっております。

誠に勝手ながら、5月31日(金)まで出張のため不在にしております。
いただいたメールは、6月3日(月)以降に順次確認させていただきます。

お急ぎの場合は、総務部（soumu@{dom}）までご連絡ください。

I am out of the office on a business trip until 31 May and will reply after 3 June.

{co}
{full}`, { a: 'exch', c: 'J1', n: 'bilingual ja/en' }],
  ['I', 'shiryou-onegai', `{me}様

ご連絡ありがとうございます。
大変興味がございますので、サービス資料と料金表をお送りいただけますでしょうか。

よろしくお願いいたします。`, { c: 'J1', s: 'f0' }],
  ['M', 'kayoubi-14ji', `{me}様

お世話になっております。
来週火曜日の14時から30分ほど、オンラインでお話を伺えますでしょうか。
TeamsのURLをお送りいただけますと幸いです。`, { c: 'J1', s: 'f0' }],
  ['N', 'miokuri', `{me}様

ご提案ありがとうございます。
せっかくですが、今回は見送らせていただきます。

何卒よろしくお願いいたします。`, { c: 'J1', s: 'f0', n: 'polite Japanese decline' }],
  ['L', 'rainendo', `{me}様

ご連絡ありがとうございます。
現在は他システムの導入中のため、検討が難しい状況です。
来年度（4月以降）に改めてご連絡いただけますでしょうか。`, { c: 'J1', s: 'f0' }],
  ['A', 'jidou-soushin', `このメールは自動送信されています。

お問い合わせいただき、誠にありがとうございます。
以下の内容でお問い合わせを受け付けました。
担当者より2営業日以内にご連絡いたします。

受付番号：20240515-0042

※本メールは送信専用アドレスから送信しています。ご返信いただいてもお答えできませんのでご了承ください。`, { c: 'J1', fromName: '{co} お問い合わせ窓口', fromEmail: 'info@{dom}' }],
]);

// ================================================================ replies: Finnish, Czech, Turkish, Norwegian (7)
add('fi', [
  ['U', 'poistakaa-listalta', `Poistakaa minut postituslistaltanne, kiitos.`, { c: 'E5', s: 'x' }],
  ['O', 'loma-bilingual', `Hei,

olen lomalla 3.6. asti enkä lue sähköpostia. Kiireellisissä asioissa ota yhteyttä: logistiikka@{dom}

Hi, I am on holiday until 3 June and not reading email. For urgent matters please contact logistiikka@{dom}.

{full}`, { a: 'exch', c: 'E5', n: 'bilingual fi/en' }],
]);
add('cs', [
  ['U', 'prestante-posilat-smazte', `Dobrý den,

prosím, přestaňte mi posílat tyto e-maily a vymažte mé údaje z vaší databáze.

Děkuji`, { c: 'E4', s: 'x' }],
  ['N', 'nemame-zajem-disclaimer', `Dobrý den,

nemáme zájem, děkuji.

S pozdravem`, { c: 'E9', p: 'outlook', s: 'fd0' }],
]);
add('tr', [
  ['U', 'listeden-cikarin', `Lütfen beni e-posta listenizden çıkarın.`, { c: 'E8', s: '-' }],
  ['I', 'abonelik-iptal-fiyat', `Merhaba {me},

Mevcut tedarikçimizle aboneliğimizi geçen ay iptal ettik, bu yüzden zamanlama iyi. Fiyat bilgisi gönderebilir misiniz?`, { c: 'E5', t: '"aboneliğimizi iptal ettik" (cancelled the current supplier)' }],
]);
add('no', [
  ['U', 'fjern-meg', `Vennligst fjern meg fra listen deres.`, { c: 'E6', s: 'n' }],
]);

// ---------------------------------------------------------------- write everything
function csvCell(s) { s = String(s); return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s; }
function main() {
  for (const f of fs.readdirSync(OUT)) if (/^\d{4}-.*\.eml$/.test(f)) fs.unlinkSync(path.join(OUT, f));
  const built = ENTRIES.map((e, i) => build(e, i));
  const names = new Set();
  for (const b of built) {
    if (!/^[0-9]{4}-[a-z_]+-[a-z]{2}-[a-z0-9-]+\.eml$/.test(b.name)) throw new Error('bad file name ' + b.name);
    if (names.has(b.name)) throw new Error('dup ' + b.name);
    names.add(b.name);
    fs.writeFileSync(path.join(OUT, b.name), b.file);
  }
  const csv = ['file,label,language,notes', ...built.map((b) => [b.name, b.label, b.lang, b.notes].map(csvCell).join(','))].join('\n') + '\n';
  fs.writeFileSync(path.join(OUT, 'labels.csv'), csv);
  fs.writeFileSync(path.join(OUT, 'README.md'), readme(built));
  const count = (k) => built.reduce((m, b) => ((m[b[k]] = (m[b[k]] || 0) + 1), m), {});
  console.log('files:', built.length);
  console.log('labels:', JSON.stringify(count('label')));
  console.log('langs:', JSON.stringify(count('lang')));
  console.log('formats:', JSON.stringify(count('fmt')));
  console.log('charsets:', JSON.stringify(count('cs')));
  console.log('auto:', JSON.stringify(count('auto')));
  console.log('clients:', JSON.stringify(count('client')));
  console.log('quotes:', JSON.stringify(count('quote')));
  console.log('harmless triggers:', built.filter((b) => b.trigger).length);
  if (stats.fallback.length) console.log('charset fallbacks:', stats.fallback.length, stats.fallback.slice(0, 40).join(' | '));
}

function readme(built) {
  const labels = LABEL_ORDER.filter((l) => built.some((b) => b.label === l));
  const langs = LANG_ORDER.filter((l) => built.some((b) => b.lang === l));
  const n = (f) => built.filter(f).length;
  const rows = [];
  rows.push('| label | ' + langs.join(' | ') + ' | total |');
  rows.push('|---|' + langs.map(() => '---:').join('|') + '|---:|');
  for (const l of labels) rows.push(`| ${l} | ` + langs.map((g) => n((b) => b.label === l && b.lang === g)).join(' | ') + ` | ${n((b) => b.label === l)} |`);
  rows.push('| **total** | ' + langs.map((g) => `**${n((b) => b.lang === g)}**`).join(' | ') + ` | **${built.length}** |`);
  const tally = (k) => Object.entries(built.reduce((m, b) => ((m[b[k]] = (m[b[k]] || 0) + 1), m), {})).sort((a, b) => b[1] - a[1]).map(([x, c]) => `${x} ${c}`).join(', ');
  const hiCount = built.filter((b) => b.hiBytes).length;
  const cte = {};
  for (const b of built) { const txt = b.file.toString('latin1'); for (const m of txt.matchAll(/Content-Transfer-Encoding: ([\w-]+)/g)) cte[m[1]] = (cte[m[1]] || 0) + 1; }
  return `# replies-dev2 - labelled replies to B2B cold outreach

${built.length} synthetic \`.eml\` files for measuring a reply classifier. Every message was written for this
corpus (invented people, companies and outreach); nothing was copied from another corpus.
Regenerate with \`node generate.mjs\` (Node 20, no packages; deterministic: it deletes and rewrites
\`NNNN-*.eml\`, \`labels.csv\` and this README). Check with \`node verify.mjs\`.

## Files

* \`NNNN-<label>-<lang>-<hint>.eml\`, numbered from 1001. RFC 5322, CRLF line endings, ASCII-only headers
  (RFC 2047 encoded-words for non-ASCII names and subjects, in the message's own charset).
* The first header of every file is \`X-Expected-Status: <label>\`. A classifier under test must ignore it.
* \`labels.csv\` - \`file,label,language,notes\`. Notes give the reason for tricky labels, flag harmless
  trigger words, and list format / charset / transfer encoding / mail client / quote style / automatic headers.
* \`generate.mjs\` - all content and the MIME writer; \`verify.mjs\` - the consistency check.

## Counts per label and language

${rows.join('\n')}

Language = language of the reply text itself (not of the quoted outreach). \`pt\` covers Portugal and Brazil,
\`es\` Spain and Mexico, \`nl\` the Netherlands and Flanders, \`en\` US and UK (region is in the notes).
Bilingual out-of-office notes are labelled with the language that comes first.

## Labels and labelling rules

| label | meaning |
|---|---|
| unsubscribe | any request to stop contacting the writer or to remove / erase them: polite, one word ("STOP", "Abmelden", "BAJA"), angry ("stop spamming me"), indirect ("please don't contact me again", "take me off", "I did not sign up for this"), data-protection wording (GDPR/DSGVO/RGPD/AVG/RODO/LGPD erasure or objection, CCPA delete / do-not-sell) |
| out_of_office | the writer is away (holiday, parental / sick leave, conference, travel, public holiday), automatic or typed by hand, with or without a return date |
| wrong_person | "not me, talk to X", forwarding / cc'ing a colleague, or "left the company" with a referral (also when sent by an autoresponder) |
| not_now | interested later / bad timing: names a later time or asks to be contacted again later |
| not_interested | a decline with no request to stop contact and no invitation to come back later |
| meeting_request | proposes times, asks for a call / invite, says they booked a slot, invites to meet in person |
| interested | positive but no meeting asked for: send info / pricing / deck / trial, product questions |
| auto_reply | machine responses that are not out-of-office: ticket systems, "we received your message", unmonitored mailboxes, challenge-response filters, read receipts |
| other | a human reply about something else: "how did you get my address?", "what is this regarding?", template bugs, phishing suspicion, partnership pitches, a data-access question without an erasure / stop request |

**Precedence** when several apply: unsubscribe > out_of_office > wrong_person > not_now > not_interested > meeting_request > interested.
Examples in the corpus: "not interested, remove me" -> unsubscribe; "on holiday, but please take me off your list" -> unsubscribe;
an out-of-office naming a stand-in colleague -> out_of_office; "not me, ask Raj - they're locked in until next year" -> wrong_person;
"happy to talk, but not before September" -> not_now; "interested - let's set up a demo Thursday" -> meeting_request.

Further conventions:
* Only the writer's own new text decides the label. Quoted outreach (with its "reply STOP to opt out" footers), the
  writer's signature, confidentiality disclaimers ("please delete this message") and newsletter footers
  ("unsubscribe anytime") never make a message \`unsubscribe\`.
* A bare "not interested at the moment" without a later time is \`not_interested\`; "not now, try me in Q4" is \`not_now\`.
* "Left the company, this mailbox is no longer monitored" without any referral would be \`auto_reply\`; with a name or address to contact it is \`wrong_person\`.
* A GDPR access question ("what data do you hold, where did you get it?") on its own is \`other\`; once it asks for erasure, objection or no further contact it is \`unsubscribe\`.
* A human "I'm on holiday till Monday, will look then" is \`out_of_office\` even without automatic headers.

## Harmless trigger words

${n((b) => b.trigger)} messages use stop / remove / unsubscribe / delete style words harmlessly in the writer's own text or signature
(flagged \`harmless trigger:\` in the notes): "stop by our stand", "remove the bottleneck", "we unsubscribed from our old vendor",
"don't stop following up", "no need to remove me", "baja por maternidad", "gekündigt", "résilier", disclaimers that ask to delete
misdirected mail, the writer's own newsletter footer with an unsubscribe link, and so on. In addition, most messages quote the
outreach, and most outreach carries an opt-out footer ("Reply STOP to opt out", "antworten Sie mit Abmelden", "responde BAJA", ...).

## Formats and encodings

* MIME structure: ${tally('fmt')} (alt = multipart/alternative text+HTML, html = HTML only, related = multipart/related with an inline PNG, mdn = multipart/report; report-type=disposition-notification read receipt).
* Charsets: ${tally('cs')}. Legacy-charset bodies and encoded-words are encoded byte-exactly (encoders built by inverting Node's WHATWG TextDecoder, except the windows-1252 range 0x80-0x9F, which is a hard-coded WHATWG table; every body is round-tripped). The iso-8859-1 files contain no bytes 0x80-0x9F (WHATWG decodes that label as windows-1252 anyway).
* Caveat for consumers: Node >= 20.18.3 (including the 20.20 used here) decodes \`windows-1252\` / \`iso-8859-1\` with a Latin-1 fast path, so bytes 0x80-0x9F (smart quotes, en dash, euro sign; present in ${hiCount} windows-1252 messages) come out as C1 control characters (nodejs/node#60888). \`verify.mjs\` checks those parts against the WHATWG table.
* Content-Transfer-Encoding headers: ${Object.entries(cte).map(([k, v]) => `${k} ${v}`).join(', ')}.
* Automatic headers: ${tally('auto')} (exch = Auto-Submitted: auto-replied + X-Auto-Response-Suppress, gvac = Auto-Submitted: auto-replied, xar = X-Autoreply/X-Autorespond/Precedence, prec = Precedence: auto_reply, gen = Auto-Submitted: auto-generated + Precedence: bulk, bulk = Precedence: bulk). Several out-of-office messages deliberately have none.
* Mail clients imitated: ${tally('client')}; quote styles: ${tally('quote')} (gmail "On ... wrote:" and its translations, outlook From/Sent/To/Subject blocks in each language, orig "-----Original Message-----" and translations, apple, tbird, fwd forwarded-message blocks; some bottom-posted).
* Dates: replies 13-24 May 2024; every message has From, To, Subject, Date, Message-ID; most have In-Reply-To/References pointing at invented outreach Message-IDs.

## Outreach

30 invented outreach campaigns (11 English, 3 German, 3 French, 2 Spanish, 2 Italian, 2 Portuguese, 2 Dutch, and one each in Polish,
Swedish, Danish, Russian, Japanese) with booking links (Calendly, HubSpot, cal.com), call requests, follow-up bumps and opt-out footers.
Finnish, Czech, Turkish and Norwegian writers answer English outreach.
`;
}

main();
