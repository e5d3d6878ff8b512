// dev3: labelled replies to cold sales emails, written before reading the classifier's rules.
// `node generate.mjs` (deterministic) deletes and rewrites NNNN-*.eml and labels.csv in this folder.
// The replies themselves are in data-*.mjs; this file holds the languages' mail-client furniture
// (quote headers, signatures, disclaimers, the outreach that is quoted) and the MIME writer.
import { readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { LANGS } from './langs.mjs';
import { EN } from './data-en.mjs';
import { EU1 } from './data-eu1.mjs';
import { EU2 } from './data-eu2.mjs';
import { REST } from './data-rest.mjs';

const require = createRequire(import.meta.url);
const iconv = require('iconv-lite');
const Encoding = require('encoding-japanese');
const HERE = path.dirname(fileURLToPath(import.meta.url));

const ENTRIES = [...EN, ...EU1, ...EU2, ...REST];

// A small deterministic PRNG so each file's furniture varies but reruns give the same bytes.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >> 17; s ^= s << 5; s >>>= 0;
    return s / 4294967296;
  };
}
const pick = (r, list) => list[Math.floor(r() * list.length)];

function parseOpts(o) {
  const out = {};
  for (const tok of (o ?? '').split(/\s+/).filter(Boolean)) {
    const [k, v] = tok.split('=');
    out[k] = v ?? true;
  }
  return out;
}

const CRLF = '\r\n';
const isAscii = (s) => [...s].every((c) => c.charCodeAt(0) < 128);

function encodeBytes(text, charset) {
  if (charset === 'us-ascii' && !isAscii(text)) throw new Error('not ascii');
  if (charset === 'utf-8' || charset === 'us-ascii') return Buffer.from(text, 'utf8');
  if (charset === 'iso-2022-jp') return Buffer.from(Encoding.convert(Encoding.stringToCode(text), { to: 'JIS', from: 'UNICODE' }));
  const out = iconv.encode(text, charset);
  if (iconv.decode(out, charset) !== text) throw new Error(`${charset} cannot carry: ${text.slice(0, 60)}`);
  return out;
}

function qp(buf) {
  // Quoted-printable over CRLF lines, soft breaks at 76.
  const lines = [];
  let line = '';
  const flush = (soft) => { lines.push(line + (soft ? '=' : '')); line = ''; };
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === 0x0d && buf[i + 1] === 0x0a) {
      if (line.endsWith(' ') || line.endsWith('\t')) line = line.slice(0, -1) + '=' + line.charCodeAt(line.length - 1).toString(16).toUpperCase().padStart(2, '0');
      flush(false); i++; continue;
    }
    let tok;
    if ((b >= 33 && b <= 126 && b !== 61) || b === 32 || b === 9) tok = String.fromCharCode(b);
    else tok = '=' + b.toString(16).toUpperCase().padStart(2, '0');
    if (line.length + tok.length > 75) flush(true);
    line += tok;
  }
  if (line.length) flush(false);
  return lines.join(CRLF);
}

function b64(buf) {
  return buf.toString('base64').replace(/.{1,76}/g, (m) => m + CRLF).trimEnd();
}

function encodedWord(text, charset) {
  if (isAscii(text)) return text;
  let cs = charset === 'us-ascii' ? 'utf-8' : charset;
  let bytes;
  try { bytes = encodeBytes(text, cs); } catch { cs = 'utf-8'; bytes = encodeBytes(text, cs); }
  return `=?${cs}?B?${bytes.toString('base64')}?=`;
}

function bodyPart(text, mime, charset, te) {
  const crlfText = text.replace(/\r?\n/g, CRLF);
  const bytes = encodeBytes(crlfText, charset);
  let cte = te;
  const ascii = bytes.every((b) => b < 128);
  if (cte === '7bit' && !ascii) cte = 'quoted-printable';
  if (cte === '7bit' && crlfText.split(CRLF).some((l) => l.length > 900)) cte = 'quoted-printable';
  let encoded;
  if (cte === 'base64') encoded = b64(bytes);
  else if (cte === 'quoted-printable') encoded = qp(bytes);
  else encoded = null;
  const head = `Content-Type: ${mime}; charset="${charset}"${CRLF}Content-Transfer-Encoding: ${cte}${CRLF}`;
  return { head, body: encoded === null ? bytes : Buffer.from(encoded, 'ascii') };
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const paras = (text) => text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
const htmlPara = (p, cls) => `<p${cls ? ` class=${cls}` : ''}>${esc(p).replace(/\n/g, '<br>\n')}</p>`;

const CLIENTS = {
  outlook: { hdr: ['X-Mailer: Microsoft Outlook 16.0', 'Thread-Index: AdrT6P1kq2XU0iCxRkKpDq4lGdUZ8A=='], mid: (r) => `<${hex(r, 10).toUpperCase()}@AM6PR0${Math.floor(r() * 9)}MB${hex(r, 2)}.eurprd0${Math.floor(r() * 9)}.prod.outlook.com>` },
  gmail: { hdr: [], mid: (r) => `<CA+${hex(r, 14)}${hex(r, 8)}=${hex(r, 6)}@mail.gmail.com>` },
  iphone: { hdr: ['X-Mailer: iPhone Mail (21F90)'], mid: (r) => `<${hex(r, 4).toUpperCase()}-${hex(r, 2).toUpperCase()}-${hex(r, 2).toUpperCase()}@icloud.com>` },
  tbird: { hdr: ['User-Agent: Mozilla Thunderbird'], mid: (r, dom) => `<${hex(r, 6)}-${hex(r, 3)}@${dom}>` },
  webmail: { hdr: ['User-Agent: Roundcube Webmail/1.6.6'], mid: (r, dom) => `<${hex(r, 8)}@webmail.${dom}>` },
  android: { hdr: ['X-Mailer: Android Mail'], mid: (r) => `<${hex(r, 9)}@android.mail>` },
};
function hex(r, bytes) {
  let s = '';
  for (let i = 0; i < bytes; i++) s += Math.floor(r() * 256).toString(16).padStart(2, '0');
  return s;
}

const AUTO_HEADERS = {
  exch: ['Auto-Submitted: auto-replied', 'X-Auto-Response-Suppress: All', 'X-MS-Exchange-Inbox-Rules-Loop: {TO}'],
  gvac: ['Auto-Submitted: auto-replied'],
  prec: ['Precedence: auto_reply'],
  xar: ['X-Autoreply: yes', 'X-Autorespond: yes', 'Precedence: bulk'],
  gen: ['Auto-Submitted: auto-generated', 'Precedence: bulk'],
  bulk: ['Precedence: bulk'],
  junk: ['Precedence: junk', 'X-Autoreply: yes'],
};

const slug = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/ł/g, 'l').replace(/ß/g, 'ss').replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '');

function fmtDate(d, tz) {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]}, ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} ${tz}`;
}

function build(entry, index) {
  const r = rng(7919 * (index + 11));
  const o = parseOpts(entry.o);
  const L = LANGS[entry.g];
  if (!L) throw new Error(`no language ${entry.g}`);
  const outreachLang = LANGS[o.ol ?? L.outreach ?? entry.g];
  const campaign = o.c ? outreachLang.campaigns.find((c) => c.id.includes(o.c)) : pick(r, outreachLang.campaigns);
  if (!campaign) throw new Error(`no campaign ${o.c} for ${entry.h}`);
  const [first, last, local] = o.name ? o.name.split('_') : pick(r, L.names);
  const [company, coDom] = (o.co ? o.co.replace(/_/g, ' ') : pick(r, L.companies)).split('|');
  const dom = `${coDom ?? slug(company).replace(/\./g, '')}.${L.tld}`;
  const writerEmail = `${local ?? `${slug(first)}.${slug(last)}`}@${dom}`;
  const writer = L.familyFirst ? `${last} ${first}` : `${first} ${last}`;
  const sdr = campaign.from; // [name, email]
  const sdrFirst = sdr[0].split(' ')[0];
  const automatic = ['out_of_office', 'auto_reply'].includes(entry.l) && o.auto !== 'none' && !o.human;
  const client = o.cl ?? (automatic ? 'outlook' : pick(r, ['outlook', 'outlook', 'gmail', 'gmail', 'iphone', 'webmail', 'tbird', 'android']));
  const quote = o.q ?? (automatic ? 'none' : client === 'outlook' ? pick(r, ['outlook', 'outlook', 'orig']) : client === 'iphone' ? 'apple' : client === 'tbird' ? 'tbird' : 'gmail');
  let charset = o.cs ?? pick(r, L.charsets);
  const te = o.te ?? pick(r, charset === 'utf-8' ? ['quoted-printable', 'base64', '8bit', 'quoted-printable'] : ['quoted-printable', '8bit', 'quoted-printable', 'base64']);
  const fmt = o.fmt ?? (client === 'outlook' ? pick(r, ['alt', 'alt', 'html', 'plain']) : pick(r, ['plain', 'plain', 'alt']));

  const sent = new Date(Date.UTC(2025, 5, 2 + (index % 12), 7 + (index % 9), (index * 7) % 60, (index * 13) % 60));
  const out = new Date(sent.getTime() - (1 + (index % 4)) * 86400000 - 3 * 3600000);

  const sub = (s) => s.replace(/\{S\}/g, sdrFirst).replace(/\{me\}/g, first).replace(/\{last\}/g, last).replace(/\{writer\}/g, writer).replace(/\{co\}/g, company).replace(/\{them\}/g, campaign.company).replace(/\{dom\}/g, dom);
  let newText = sub(entry.b).trim();

  // Closing and signature, in the writer's language.
  const sigKind = o.sig ?? (automatic ? 'none' : client === 'iphone' || client === 'android' ? pick(r, ['mobile', 'mobile', 'name']) : pick(r, ['full', 'full', 'dash', 'name', 'none']));
  const lastLine = newText.split('\n').pop().trim();
  const closedAlready = /^(kind regards|regards|thank you\.?|thanks|cordialement|atentamente|atenciosamente|distinti saluti|z poważaniem|mit freundlichen grüßen|danke.*|met vriendelijke groet|saludos|grazie)[,.!]?$/i.test(lastLine);
  const close = closedAlready ? '' : pick(r, L.close);
  const signName = L.familyFirst ? last : first;
  const title = pick(r, L.titles);
  const phone = L.phone(r);
  let sig = '';
  if (sigKind === 'full') sig = `${close ? `${close}\n` : ''}${writer}\n${title}\n${company}\n${phone}\nwww.${dom}`;
  else if (sigKind === 'dash') sig = `${close ? `${close},\n` : ''}${signName}\n\n-- \n${writer} | ${title} | ${company}\n${phone}`;
  else if (sigKind === 'name') sig = signName;
  else if (sigKind === 'mobile') sig = `${(close ? pick(r, [signName, `${close}\n${signName}`]) : signName)}\n\n${L.mobile}`;
  if (o.nosig) sig = '';
  const disclaimer = o.disc ? `\n\n${L.disclaimer}` : '';
  const footer = o.foot ? `\n\n${sub(o.foot === true ? L.ownFooter : o.foot.replace(/_/g, ' '))}` : '';
  const mine = [newText, sig].filter(Boolean).join('\n\n') + disclaimer + footer;

  // The quoted outreach.
  const outreachBody = sub((campaign.body + (o.nofoot ? '' : `\n\n${campaign.footer}`)).replace(/\{first\}/g, L.familyFirst ? last : first).replace(/\{company\}/g, company));
  const outreachSubject = campaign.subject.replace(/\{company\}/g, company);
  const quoted = [];
  let quotedHtml = '';
  const qL = LANGS[o.ql ?? entry.g];
  if (quote === 'gmail' || quote === 'apple' || quote === 'tbird') {
    const attr = quote === 'gmail' ? qL.gmail(out, sdr[0], sdr[1]) : quote === 'apple' ? qL.apple(out, sdr[0], sdr[1]) : qL.tbird(out, sdr[0], sdr[1]);
    const wrapped = quote === 'gmail' && attr.length > 72 && r() < 0.5 ? attr.replace(/ <([^>]+)>/, '\n<$1>') : attr;
    quoted.push(wrapped, '', ...outreachBody.split('\n').map((l) => (l ? `> ${l}` : '>')));
    quotedHtml = `<div class="gmail_quote"><div dir="ltr" class="gmail_attr">${esc(attr)}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${paras(outreachBody).map((p) => htmlPara(p)).join('\n')}</blockquote></div>`;
  } else if (quote === 'outlook' || quote === 'orig' || quote === 'fwd') {
    const h = qL.outlook;
    const lines = [
      `${h.from} ${sdr[0]} <${sdr[1]}>`,
      `${h.sent} ${qL.longDate(out)}`,
      `${h.to} ${writer} <${writerEmail}>`,
      `${h.subject} ${outreachSubject}`,
    ];
    const lead = quote === 'orig' ? [qL.orig] : quote === 'fwd' ? [qL.fwd] : ['________________________________'];
    quoted.push(...lead, ...lines, '', ...outreachBody.split('\n'));
    quotedHtml = `<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">${quote === 'outlook' ? '' : `<p class=MsoNormal>${esc(lead[0])}</p>`}<p class=MsoNormal>${lines.map((l) => { const [k, ...v] = l.split(' '); return `<b>${esc(k)}</b> ${esc(v.join(' '))}`; }).join('<br>\n')}</p></div>\n${paras(outreachBody).map((p) => htmlPara(p, 'MsoNormal')).join('\n')}`;
  }

  const bottom = !!o.bottom && quoted.length;
  const text = quoted.length ? (bottom ? `${quoted.join('\n')}\n\n${mine}\n` : `${mine}\n\n${quoted.join('\n')}\n`) : `${mine}\n`;
  const mineHtml = paras(mine).map((p) => htmlPara(p, client === 'outlook' ? 'MsoNormal' : undefined)).join('\n');
  let html = client === 'outlook'
    ? `<html><head><meta http-equiv="Content-Type" content="text/html; charset=${charset}"><style><!-- p.MsoNormal {margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;} --></style></head><body lang=${entry.g.toUpperCase()}><div class=WordSection1>\n${mineHtml}\n${quotedHtml}\n</div></body></html>`
    : `<div dir="ltr">${bottom ? `${quotedHtml}\n${mineHtml}` : `${mineHtml}\n${quotedHtml}`}</div>`;

  // A client picks a charset that can carry the text (as Outlook and Thunderbird do): else windows-1252, else UTF-8.
  const carries = (cs) => { try { encodeBytes(text + html + writer, cs); return true; } catch { return false; } };
  if (!carries(charset)) {
    const was = charset;
    charset = carries('windows-1252') ? 'windows-1252' : 'utf-8';
    html = html.replace(`charset=${was}`, `charset=${charset}`);
  }

  // Headers.
  const subjLine = o.subj ? o.subj.replace(/_/g, ' ') : automatic ? `${entry.l === 'auto_reply' ? (qL.autoSubj ?? L.autoSubj)[0] : pick(r, qL.autoSubj ?? L.autoSubj)}: ${outreachSubject}` : quote === 'fwd' ? `${L.fw} ${outreachSubject}` : `${client === 'outlook' ? L.reOutlook : 'Re:'} ${outreachSubject}`;
  const to = o.fwdTo ? o.fwdTo.replace(/_/g, ' ') : `${sdr[0]} <${sdr[1]}>`;
  const cl = CLIENTS[client];
  const headers = [
    `X-Expected-Status: ${entry.l}`,
    `Received: from mail.${dom} (mail.${dom} [198.51.100.${(index * 37) % 250 + 2}])${CRLF}\tby mx.${campaign.from[1].split('@')[1]} with ESMTPS id ${hex(r, 5).toUpperCase()}${CRLF}\tfor <${sdr[1]}>; ${fmtDate(sent, '+0000')}`,
    `From: ${encodedWord(writer, charset)} <${writerEmail}>`,
    `To: ${o.fwdTo ? encodedWord(to, charset) : `${encodedWord(sdr[0], charset)} <${sdr[1]}>`}`,
    ...(o.fwdTo ? [`Cc: ${sdr[0]} <${sdr[1]}>`] : []),
    `Subject: ${encodedWord(subjLine, charset)}`,
    `Date: ${fmtDate(sent, '+0000')}`,
    `Message-ID: ${cl.mid(r, dom)}`,
    ...(o.noref ? [] : [`In-Reply-To: <${campaign.id}.${index}@${campaign.from[1].split('@')[1]}>`, `References: <${campaign.id}.${index}@${campaign.from[1].split('@')[1]}>`]),
    ...cl.hdr,
    ...(o.auto && o.auto !== 'none' ? AUTO_HEADERS[o.auto].map((h) => h.replace('{TO}', writerEmail)) : automatic && !o.auto ? AUTO_HEADERS.exch.map((h) => h.replace('{TO}', writerEmail)) : []),
    'MIME-Version: 1.0',
  ];

  let body;
  if (fmt === 'plain') {
    const p = bodyPart(text, 'text/plain', charset, te);
    headers.push(p.head.trimEnd());
    body = p.body;
  } else if (fmt === 'html') {
    const p = bodyPart(html, 'text/html', charset, te);
    headers.push(p.head.trimEnd());
    body = p.body;
  } else {
    const boundary = `----=_Part_${hex(r, 6)}`;
    const p1 = bodyPart(text, 'text/plain', charset, te);
    const p2 = bodyPart(html, 'text/html', charset, te === '8bit' ? 'quoted-printable' : te);
    headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
    body = Buffer.concat([
      Buffer.from(`--${boundary}${CRLF}${p1.head}${CRLF}`), p1.body, Buffer.from(`${CRLF}--${boundary}${CRLF}${p2.head}${CRLF}`), p2.body, Buffer.from(`${CRLF}--${boundary}--${CRLF}`),
    ]);
  }
  const raw = Buffer.concat([Buffer.from(headers.join(CRLF) + CRLF + CRLF, 'latin1'), body, Buffer.from(CRLF)]);
  const notes = [entry.n ?? '', entry.hn ? 'hard negative' : '', `${fmt}; ${charset}/${te}; client=${client}; quote=${quote}${bottom ? ' (bottom)' : ''}${o.auto ? `; auto=${o.auto}` : automatic ? '; auto=exch' : ''}`].filter(Boolean).join('; ');
  return { raw, notes };
}

const LABELS = ['interested', 'meeting_request', 'not_now', 'not_interested', 'wrong_person', 'out_of_office', 'auto_reply', 'unsubscribe', 'bounce', 'other'];
for (const f of readdirSync(HERE)) if (/^\d{4}-.*\.eml$/.test(f)) unlinkSync(path.join(HERE, f));
const rows = ['file,label,language,notes'];
const seen = new Set();
ENTRIES.forEach((e, i) => {
  if (!LABELS.includes(e.l)) throw new Error(`bad label ${e.l} in ${e.h}`);
  const name = `${3001 + i}-${e.l}-${e.g}-${e.h}.eml`;
  if (seen.has(e.h + e.g)) throw new Error(`duplicate hint ${e.h}`);
  seen.add(e.h + e.g);
  const { raw, notes } = build(e, i);
  writeFileSync(path.join(HERE, name), raw);
  rows.push(`${name},${e.l},${e.g},"${notes.replace(/"/g, '""')}"`);
});
writeFileSync(path.join(HERE, 'labels.csv'), rows.join('\n') + '\n');
const count = (k) => ENTRIES.reduce((m, e) => ((m[e[k]] = (m[e[k]] ?? 0) + 1), m), {});
console.log(ENTRIES.length, 'replies;', 'labels', count('l'), 'languages', count('g'), 'hard negatives', ENTRIES.filter((e) => e.hn).length);
