import { parse as parseStream } from 'csv-parse';
import { parse } from 'csv-parse/sync';

/**
 * CSV out: RFC 4180 quoting, and cells a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return) get a leading apostrophe (OWASP CSV injection advice).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: unknown[]) => cells.map(csvCell).join(',');

/** Header row plus rows, CRLF line ends, UTF-8 BOM so spreadsheets read the encoding right. */
export const toCsv = (header: string[], rows: unknown[][]) => `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join('\r\n')}\r\n`;

export type CsvDelimiter = ',' | ';' | '\t';
export type CsvEncoding = 'utf-8' | 'latin1';

/** UTF-8 when the bytes decode strictly as UTF-8, else Latin-1 (which decodes any byte). */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('latin1').decode(bytes), encoding: 'latin1' };
  }
}

/**
 * The delimiter of the header line (outside quotes): the candidate that occurs most often, comma on
 * a tie or when none occurs.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  let best: CsvDelimiter = ',';
  for (const d of [';', '\t'] as const) if (counts[d] > counts[best]) best = d;
  return best;
}

const PARSE_OPTIONS = {
  // Files mixing line ends (CRLF from one tool, LF from another) still split per record.
  record_delimiter: ['\r\n', '\n', '\r'],
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
};

/** All records (header included) of an RFC 4180 text; ragged rows allowed, blank lines skipped. */
export function parseCsv(text: string, delimiter: CsvDelimiter, toLine?: number): string[][] {
  return parse(text, { ...PARSE_OPTIONS, delimiter, ...(toLine ? { to_line: toLine } : {}) }) as string[][];
}

/**
 * The same records one at a time, fed to the parser in 64 KB slices with backpressure, so a big file
 * is never held as one array of rows (parse(text) would push every record at once).
 */
export async function* csvRecords(text: string, delimiter: CsvDelimiter): AsyncGenerator<string[]> {
  const parser = parseStream({ ...PARSE_OPTIONS, delimiter });
  const SLICE = 64 * 1024;
  let offset = 0;
  const feed = () => {
    while (offset < text.length) {
      let end = Math.min(text.length, offset + SLICE);
      // Never split a surrogate pair between two slices.
      if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
      const ok = parser.write(text.slice(offset, end));
      offset = end;
      if (!ok) {
        parser.once('drain', feed);
        return;
      }
    }
    parser.end();
  };
  feed();
  for await (const record of parser) yield record as string[];
}
