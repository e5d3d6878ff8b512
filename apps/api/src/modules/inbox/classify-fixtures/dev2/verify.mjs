#!/usr/bin/env node
// verify.mjs - consistency check for the replies-dev2 corpus (Node 20, no packages).
//   node verify.mjs            check everything, exit 1 on any error
//   node verify.mjs --dump 1234   print the decoded text parts of file 1234-*.eml
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const LABELS = ['interested', 'meeting_request', 'not_now', 'not_interested', 'wrong_person', 'out_of_office', 'auto_reply', 'unsubscribe', 'other'];
const LEGACY = new Set(['iso-8859-1', 'windows-1252', 'iso-8859-2', 'koi8-r', 'iso-2022-jp', 'shift_jis', 'us-ascii']);
const errors = [];
const warnings = [];
const err = (f, m) => errors.push(`${f}: ${m}`);

// spec-correct windows-1252 high range (Node >= 20.18.3 decodes this label as Latin-1, nodejs/node#60888)
const CP1252_HI = ['\u20AC', null, '\u201A', '\u0192', '\u201E', '\u2026', '\u2020', '\u2021', '\u02C6', '\u2030', '\u0160', '\u2039', '\u0152', null, '\u017D', null,
  null, '\u2018', '\u2019', '\u201C', '\u201D', '\u2022', '\u2013', '\u2014', '\u02DC', '\u2122', '\u0161', '\u203A', '\u0153', null, '\u017E', '\u0178'];
const cp1252 = (buf) => Array.from(buf, (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HI[b - 0x80] || '\uFFFD' : String.fromCharCode(b))).join('');

function parseHeaders(text) {
  const lines = text.split('\r\n');
  const out = [];
  for (const l of lines) {
    if (/^[ \t]/.test(l) && out.length) out[out.length - 1][1] += ' ' + l.trim();
    else { const i = l.indexOf(':'); out.push([l.slice(0, i), l.slice(i + 1).trim()]); }
  }
  return out;
}
const hget = (hs, name) => (hs.find(([k]) => k.toLowerCase() === name.toLowerCase()) || [])[1];
function params(v) {
  const [type, ...rest] = v.split(';');
  const p = {};
  for (const r of rest) { const m = r.trim().match(/^([\w-]+)=("?)(.*)\2$/); if (m) p[m[1].toLowerCase()] = m[3]; }
  return { type: type.trim().toLowerCase(), p };
}
function decodeCharset(buf, cs, file, where) {
  cs = cs.toLowerCase();
  let s;
  try { s = new TextDecoder(cs, { fatal: true }).decode(buf); } catch (e) { err(file, `${where}: TextDecoder('${cs}') failed: ${e.message}`); return ''; }
  if (s.includes('\uFFFD')) err(file, `${where}: replacement character after decoding ${cs}`);
  if (cs === 'windows-1252' || cs === 'iso-8859-1' || cs === 'us-ascii') {
    const hi = buf.filter((b) => b >= 0x80 && b <= 0x9f).length;
    if (cs !== 'windows-1252' && hi) err(file, `${where}: ${cs} part contains bytes 0x80-0x9F`);
    const spec = cp1252(buf);
    if (spec.includes('\uFFFD')) err(file, `${where}: undefined windows-1252 byte`);
    if (hi && spec !== s) stats.nodeCp1252Bug++;
    return spec;
  }
  return s;
}
function decodeEncodedWords(v, file) {
  return v.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=(\s+(?==\?))?/g, (m, cs, enc, data) => {
    const bytes = enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (x, h) => String.fromCharCode(parseInt(h, 16))), 'latin1');
    return decodeCharset(bytes, cs, file, 'encoded-word');
  });
}
function qpDecode(s) {
  return Buffer.from(s.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (m, h) => String.fromCharCode(parseInt(h, 16))), 'latin1');
}
const stats = { nodeCp1252Bug: 0, parts: {}, legacyChecked: 0 };
// walk a MIME entity; returns list of decoded text parts
function walk(buf, file, depth = 0) {
  const raw = buf.toString('latin1');
  const sep = raw.indexOf('\r\n\r\n');
  if (sep < 0) { err(file, 'no header/body separator'); return []; }
  const hs = parseHeaders(raw.slice(0, sep));
  const body = buf.subarray(sep + 4);
  const ct = params(hget(hs, 'Content-Type') || 'text/plain; charset=us-ascii');
  const cte = (hget(hs, 'Content-Transfer-Encoding') || '7bit').toLowerCase();
  stats.parts[ct.type] = (stats.parts[ct.type] || 0) + 1;
  if (ct.type.startsWith('multipart/')) {
    const b = ct.p.boundary;
    if (!b) { err(file, 'multipart without boundary'); return []; }
    const txt = body.toString('latin1');
    const segs = txt.split('--' + b);
    if (!txt.includes('--' + b + '--')) err(file, 'missing closing boundary');
    const out = [];
    for (const seg of segs.slice(1)) {
      if (seg.startsWith('--')) break;
      const inner = seg.replace(/^\r\n/, '').replace(/\r\n$/, '');
      out.push(...walk(Buffer.from(inner, 'latin1'), file, depth + 1));
    }
    if (ct.type === 'multipart/report' && ct.p['report-type'] !== 'disposition-notification') err(file, 'report-type missing');
    return out;
  }
  let data;
  const bodyStr = body.toString('latin1');
  if (cte === 'base64') {
    if (!/^[A-Za-z0-9+/=\r\n]*$/.test(bodyStr)) err(file, 'bad base64');
    if (bodyStr.split('\r\n').some((l) => l.length > 76)) err(file, 'base64 line > 76');
    data = Buffer.from(bodyStr, 'base64');
  } else if (cte === 'quoted-printable') {
    if (bodyStr.split('\r\n').some((l) => l.length > 76)) err(file, 'QP line > 76');
    if (/[^\x09\x0d\x0a\x20-\x7e]/.test(bodyStr)) err(file, 'QP with raw 8-bit byte');
    data = qpDecode(bodyStr);
  } else {
    if (cte === '7bit' && body.some((b) => b >= 0x80)) err(file, '7bit part has 8-bit bytes');
    data = body;
  }
  if (ct.type.startsWith('text/')) {
    const cs = (ct.p.charset || 'us-ascii').toLowerCase();
    if (LEGACY.has(cs)) stats.legacyChecked++;
    const text = decodeCharset(data, cs, file, ct.type);
    return [{ type: ct.type, cs, cte, text }];
  }
  return [];
}

function parseCsv(t) {
  const rows = []; let row = []; let cell = ''; let q = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (q) { if (c === '"' && t[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') q = false; else cell += c; }
    else if (c === '"') q = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; }
    else cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

// ---------------------------------------------------------------- main
const files = fs.readdirSync(DIR).filter((f) => /^\d{4}-.*\.eml$/.test(f)).sort();
const dumpIdx = process.argv.indexOf('--dump');
if (dumpIdx > 0) {
  const want = process.argv[dumpIdx + 1];
  for (const f of files.filter((x) => x.startsWith(want))) {
    const buf = fs.readFileSync(path.join(DIR, f));
    const raw = buf.toString('latin1');
    const hs = parseHeaders(raw.slice(0, raw.indexOf('\r\n\r\n')));
    console.log('==== ' + f);
    for (const k of ['From', 'To', 'Cc', 'Subject', 'Date']) { const v = hget(hs, k); if (v) console.log(`${k}: ${decodeEncodedWords(v, f)}`); }
    for (const p of walk(buf, f)) console.log(`---- ${p.type} ${p.cs} ${p.cte}\n${p.text}`);
  }
  process.exit(0);
}

const csvRows = parseCsv(fs.readFileSync(path.join(DIR, 'labels.csv'), 'utf8'));
if (csvRows[0].join(',') !== 'file,label,language,notes') err('labels.csv', 'bad header ' + csvRows[0].join(','));
const csv = new Map(csvRows.slice(1).map((r) => [r[0], r]));
if (csv.size !== files.length) err('labels.csv', `${csv.size} rows for ${files.length} files`);
const mids = new Set();
const byLabel = {}; const byLang = {}; const matrix = {};
let num = 1001;
for (const f of files) {
  const m = f.match(/^(\d{4})-([a-z_]+)-([a-z]{2})-([a-z0-9-]+)\.eml$/);
  if (!m) { err(f, 'bad file name'); continue; }
  if (+m[1] !== num++) err(f, 'numbering gap');
  const [, , fLabel, fLang] = m;
  const buf = fs.readFileSync(path.join(DIR, f));
  // line endings
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 0x0a && buf[i - 1] !== 0x0d) { err(f, `bare LF at byte ${i}`); break; }
    if (buf[i] === 0x0d && buf[i + 1] !== 0x0a) { err(f, `bare CR at byte ${i}`); break; }
  }
  const raw = buf.toString('latin1');
  const sep = raw.indexOf('\r\n\r\n');
  const headText = raw.slice(0, sep);
  if (/[^\x09\x0d\x0a\x20-\x7e]/.test(headText)) err(f, 'non-ASCII byte in headers');
  if (headText.split('\r\n').some((l) => l.length > 998)) err(f, 'header line > 998');
  if (raw.split('\r\n').some((l) => l.length > 998)) err(f, 'line > 998');
  const hs = parseHeaders(headText);
  if (hs[0][0] !== 'X-Expected-Status') err(f, 'first header is ' + hs[0][0]);
  const label = hs[0][1];
  if (!LABELS.includes(label)) err(f, 'unknown label ' + label);
  if (label !== fLabel) err(f, `header label ${label} != file name label ${fLabel}`);
  const row = csv.get(f);
  if (!row) err(f, 'missing from labels.csv');
  else { if (row[1] !== label) err(f, 'csv label mismatch'); if (row[2] !== fLang) err(f, 'csv language mismatch'); }
  for (const k of ['From', 'To', 'Subject', 'Date', 'Message-ID', 'MIME-Version']) if (!hget(hs, k)) err(f, 'missing ' + k);
  const date = hget(hs, 'Date');
  if (date && !/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d [+-]\d{4}$/.test(date)) err(f, 'bad Date ' + date);
  if (date && Number.isNaN(Date.parse(date))) err(f, 'unparseable Date');
  const mid = hget(hs, 'Message-ID');
  if (mids.has(mid)) err(f, 'duplicate Message-ID'); mids.add(mid);
  if (!/^<[^<>@\s]+@[^<>@\s]+>$/.test(mid || '')) err(f, 'bad Message-ID');
  for (const k of ['From', 'To', 'Cc', 'Subject']) { const v = hget(hs, k); if (v) decodeEncodedWords(v, f); }
  const parts = walk(buf, f);
  if (!parts.length) err(f, 'no text part');
  byLabel[label] = (byLabel[label] || 0) + 1;
  byLang[fLang] = (byLang[fLang] || 0) + 1;
  matrix[label + '/' + fLang] = (matrix[label + '/' + fLang] || 0) + 1;
}
// README counts
const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
const rl = readme.split('\n');
const hi = rl.findIndex((l) => l.startsWith('| label | en'));
const table = [];
for (let i = hi; hi >= 0 && i < rl.length && rl[i].startsWith('|'); i++) table.push(rl[i]);
const head = table[0];
if (!head) err('README.md', 'count table not found');
else {
  const langs = head.split('|').map((s) => s.trim()).filter(Boolean).slice(1, -1);
  for (const l of table) {
    const cells = l.split('|').map((s) => s.trim().replace(/\*/g, '')).filter((s) => s !== '');
    const name = cells[0];
    if (LABELS.includes(name)) {
      langs.forEach((g, i) => { if (+cells[i + 1] !== (matrix[name + '/' + g] || 0)) err('README.md', `${name}/${g}: README ${cells[i + 1]} != files ${matrix[name + '/' + g] || 0}`); });
      if (+cells[cells.length - 1] !== (byLabel[name] || 0)) err('README.md', `${name} total mismatch`);
    } else if (name === 'total') {
      langs.forEach((g, i) => { if (+cells[i + 1] !== (byLang[g] || 0)) err('README.md', `total/${g} mismatch`); });
      if (+cells[cells.length - 1] !== files.length) err('README.md', 'grand total mismatch');
    }
  }
  for (const g of Object.keys(byLang)) if (!langs.includes(g)) err('README.md', 'language missing from table: ' + g);
  for (const l of Object.keys(byLabel)) if (!table.some((r) => r.startsWith(`| ${l} |`))) err('README.md', 'label missing from table: ' + l);
}
if (stats.nodeCp1252Bug) warnings.push(`${stats.nodeCp1252Bug} windows-1252 parts contain bytes 0x80-0x9F that this Node (${process.version}) decodes as C1 controls (nodejs/node#60888); checked against the WHATWG table instead`);
console.log(`files: ${files.length}`);
console.log('labels:', JSON.stringify(byLabel));
console.log('languages:', JSON.stringify(byLang));
console.log('MIME parts:', JSON.stringify(stats.parts));
console.log(`legacy/ASCII-charset text parts decoded: ${stats.legacyChecked}`);
for (const w of warnings) console.log('warning:', w);
if (errors.length) { console.log(`${errors.length} errors:`); for (const e of errors.slice(0, 50)) console.log('  ' + e); process.exit(1); }
console.log('OK');
