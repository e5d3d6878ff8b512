/**
 * A small, forgiving MIME reader for bounce analysis: headers unfolded and decoded (RFC 2047), parts split by
 * boundary (nested, bounded), base64 / quoted-printable decoded, charsets through the runtime's TextDecoder
 * (ISO-2022-JP, Shift_JIS, KOI8-R, Windows-125x … without a dependency), CRLF or LF. Bytes are carried as a
 * binary ("latin1") string so every part is decoded from its own bytes with its own charset.
 */

export type Headers = Map<string, string[]>;

export type MimePart = {
  headers: Headers;
  /** Lower-cased media type, "text/plain" when absent. */
  type: string;
  params: Record<string, string>;
  /** The part's body bytes (transfer encoding undone), binary string. */
  bytes: string;
  /** Sub-parts (multipart) or the enclosed message (message/rfc822, message/global). */
  children: MimePart[];
};

const MAX_DEPTH = 12;

/** Binary string of the message's bytes (a JS string is taken as UTF-8 text). */
export function toBinary(raw: string | Buffer): string {
  return (typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw).toString('latin1');
}

/** Header block (binary) → lower-case name → unfolded values in order. */
export function parseHeaders(block: string): Headers {
  const headers: Headers = new Map();
  const unfolded = block.replace(/\r?\n(?=[ \t])/g, '');
  for (const line of unfolded.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name)) continue;
    const value = decodeWords(binaryToUtf8(line.slice(at + 1).trim()));
    const list = headers.get(name);
    if (list) list.push(value);
    else headers.set(name, [value]);
  }
  return headers;
}

export const header = (h: Headers, name: string): string | null => h.get(name)?.[0] ?? null;

/** Splits a binary message (or part) at its first empty line. */
function splitHead(raw: string): { head: string; body: string } {
  // A message that starts with its body (no header lines) has no head.
  if (/^\r?\n/.test(raw)) return { head: '', body: raw.replace(/^\r?\n/, '') };
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { head: raw, body: '' };
  return { head: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) };
}

/** A Content-Type (or Content-Disposition) value → its value and parameters (RFC 2231 continuations joined). */
export function parseParams(value: string): { value: string; params: Record<string, string> } {
  const [first, ...rest] = splitOutsideQuotes(value, ';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq <= 0) continue;
    let name = p.slice(0, eq).trim().toLowerCase();
    let v = p.slice(eq + 1).trim();
    if (v.startsWith('"')) v = v.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1');
    const cont = /^(.*?)\*\d+\*?$/.exec(name);
    if (cont) name = cont[1]!;
    else if (name.endsWith('*')) name = name.slice(0, -1);
    params[name] = (params[name] ?? '') + v;
  }
  return { value: (first ?? '').trim().toLowerCase(), params };
}

function splitOutsideQuotes(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    if (ch === sep && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function undoTransferEncoding(body: string, encoding: string): string {
  const enc = encoding.trim().toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('latin1');
  if (enc === 'quoted-printable') return body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return body;
}

/** Parses a binary message or part into its tree. */
export function parseMime(raw: string, depth = 0): MimePart {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const ct = parseParams(header(headers, 'content-type') ?? 'text/plain');
  const type = ct.value.includes('/') ? ct.value : 'text/plain';
  const part: MimePart = { headers, type, params: ct.params, bytes: '', children: [] };
  if (depth >= MAX_DEPTH) {
    part.bytes = body;
    return part;
  }
  if (type.startsWith('multipart/')) {
    part.children = splitMultipart(body, ct.params.boundary ?? '').map((c) => parseMime(c, depth + 1));
    part.bytes = body;
    if (part.children.length) return part;
    // A multipart whose boundaries were lost: its body is read as text.
    part.type = 'text/plain';
  }
  const bytes = undoTransferEncoding(body, header(headers, 'content-transfer-encoding') ?? '');
  part.bytes = bytes;
  if (type === 'message/rfc822' || type === 'message/global' || type === 'message/partial') part.children = [parseMime(bytes.replace(/^\s*\r?\n/, ''), depth + 1)];
  return part;
}

function splitMultipart(body: string, declared: string): string[] {
  // A boundary the body never uses (a mangled header): the body's own delimiter line, if it has one.
  const boundary = declared && body.includes(`--${declared}`) ? declared : /^--([^\s-][^\s]{5,}?)(--)?[ \t]*\r?$/m.exec(body)?.[1];
  if (!boundary || !body.includes(`--${boundary}`)) return [];
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const chunks = body.split(new RegExp(`^--${escaped}(?:--)?[ \\t]*\\r?$`, 'm'));
  // Before the first boundary: the preamble; after the closing one: the epilogue. A report cut short has no closing boundary.
  const parts = chunks.length > 2 ? chunks.slice(1, -1) : chunks.slice(1);
  if (chunks.length > 2 && /\S/.test(chunks.at(-1) ?? '') && !new RegExp(`^--${escaped}--`, 'm').test(body)) parts.push(chunks.at(-1)!);
  return parts.map((c) => c.replace(/^\r?\n/, '')).filter((c) => c.trim() !== '');
}

/** Every part of the tree, depth-first (containers included). */
export function walk(part: MimePart, out: MimePart[] = []): MimePart[] {
  out.push(part);
  for (const c of part.children) walk(c, out);
  return out;
}

const CHARSET_ALIASES: Record<string, string> = { 'ks_c_5601-1987': 'euc-kr', 'x-sjis': 'shift_jis', 'shift-jis': 'shift_jis', 'x-euc-jp': 'euc-jp', utf8: 'utf-8', 'us-ascii': 'utf-8', ascii: 'utf-8', 'iso-2022-jp-ms': 'iso-2022-jp', cp932: 'shift_jis' };

/** ISO-2022-JP's switch into JIS X 0208 (ESC $ B or ESC $ @). */
const ESC = String.fromCharCode(27);
const hasJisEscape = (s: string) => s.includes(`${ESC}$B`) || s.includes(`${ESC}$@`);

/** Bytes (binary string) → text in the given charset; UTF-8 when unknown. */
export function decodeCharset(bytes: string, charset: string | undefined): string {
  const name = (charset ?? 'utf-8').trim().toLowerCase().replace(/^"|"$/g, '');
  const label = CHARSET_ALIASES[name] ?? name;
  const buf = Buffer.from(bytes, 'latin1');
  // ISO-2022-JP travels as 7-bit: when no charset says so, its escapes still tell.
  const effective = label === 'utf-8' && hasJisEscape(bytes) ? 'iso-2022-jp' : label;
  try {
    return new TextDecoder(effective).decode(buf);
  } catch {
    return buf.toString('utf8');
  }
}

const binaryToUtf8 = (s: string) => (/[\x80-\xff]/.test(s) ? decodeCharset(s, 'utf-8') : hasJisEscape(s) ? decodeCharset(s, 'iso-2022-jp') : s);

/** RFC 2047 encoded words in a header value. */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?\s]+)\?([bBqQ])\?([^?\s]*)\?=/g, (_, charset: string, enc: string, text: string) => {
      const bytes = enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('latin1') : text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (__, h: string) => String.fromCharCode(parseInt(h, 16)));
      return decodeCharset(bytes, charset.split('*')[0]);
    });
}

/** A leaf part's text in its charset (HTML reduced to its text). */
export function partText(part: MimePart): string {
  const text = decodeCharset(part.bytes, part.params.charset);
  return part.type === 'text/html' ? htmlToText(text) : text;
}

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|tr|li|h\d|table)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*/g, '\n\n');
}

/** A bare or bracketed Message-ID → "<…>" (null when empty). */
export function normaliseMessageId(id: string | null | undefined): string | null {
  const found = /<[^<>\s]+>/.exec(id ?? '')?.[0];
  const bare = (found ?? id ?? '').trim().replace(/^<|>$/g, '').trim();
  return bare && !/\s/.test(bare) ? `<${bare}>` : null;
}

const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}/g;

/** The email addresses in a text, in order, lower-cased. */
export function addressesIn(text: string): string[] {
  return [...text.matchAll(ADDRESS)].map((m) => m[0].toLowerCase().replace(/^[.'`]+/, ''));
}

export const firstAddress = (text: string | null | undefined): string | null => (text ? (addressesIn(text)[0] ?? null) : null);
