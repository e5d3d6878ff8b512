import type { BlacklistKind } from '../api/blacklist';

/**
 * What a paste or a CSV file holds, as the items to send; the server decides what is valid (and says
 * why an item is not).
 * - Pasted text: one item per line, comma, semicolon or space ("Ann <ann@acme.com>" gives the address).
 * - A CSV file of emails: every cell with an "@" in any column (a CRM export has names and companies too).
 * - A CSV file of domains: the column headed domain, website or url, else the first; a header row is skipped.
 */
export function parsePasted(text: string): string[] {
  return text
    // "Ann Lee <ann@acme.com>" (as mail programs copy an address) is the address alone.
    .replace(/[^,;\n<>]*<([^<>\s]+@[^<>\s]+)>/g, ' $1 ')
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^[<"'(]+|[>"')]+$/g, '').trim())
    .filter((s) => s !== '');
}

const CELL_SPLIT = /[,;\t]/;
const unquote = (cell: string) => cell.trim().replace(/^"(.*)"$/, '$1').trim();

export function parseCsvFile(text: string, kind: BlacklistKind): string[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(CELL_SPLIT).map(unquote));
  if (kind === 'emails') return rows.flat().filter((cell) => cell.includes('@')).flatMap(parsePasted).filter((s) => s.includes('@'));
  const header = rows[0] ?? [];
  const named = header.findIndex((h) => /^(domain|website|url|company domain|company_domain)$/i.test(h));
  const column = named >= 0 ? named : 0;
  const body = named >= 0 || !(header[0] ?? '').includes('.') ? rows.slice(1) : rows;
  return body.map((r) => r[column] ?? '').filter((s) => s !== '');
}
