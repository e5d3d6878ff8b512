import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { replyStatusSchema, type ReplyStatus } from '@shared/schemas/inbox';
import { replyInputOfParsed, type ReplyInput } from './classify';
import { analyseBounce } from './bounces';

/**
 * One fixture reply with its expected status. Every file is read as a message ingestion would read it
 * (mailparser's simpleParser, then the ReplyInput ingest.ts hands the classifier: replyInputOfParsed): real
 * MIME messages (multipart, base64, quoted-printable, legacy charsets, HTML-only, which becomes the text
 * mailparser makes of the HTML) and the old simple format (headers, a blank line, a plain UTF-8 body: plain
 * RFC 5322, parsed the same; its figures did not move when the loader changed). The expected status is the X-Expected-Status header (or, for a set that keeps its labels apart, the
 * set's labels.csv: file,status). `X-Held-Out: yes` marks replies the wording rules were never tuned on
 * (docs/decisions.md, reply classifier accuracy): never read them to tune the rules.
 */
export type ReplyFixture = { name: string; expected: ReplyStatus; heldOut: boolean; input: ReplyInput };

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The fixture sets (docs/decisions.md): tuned on (and the old batch-6 held out inside it), the three dev sets (each
 * written by someone who never saw the rules, tuned on after its first run was recorded), the held-out set.
 */
export const FIXTURE_DIRS = {
  tuned: path.join(HERE, 'classify-fixtures'),
  dev: path.join(HERE, 'classify-fixtures', 'dev'),
  dev2: path.join(HERE, 'classify-fixtures', 'dev2'),
  dev3: path.join(HERE, 'classify-fixtures', 'dev3'),
  heldOut: path.join(HERE, 'classify-heldout'),
} as const;

/** A full MIME message, parsed as ingestion parses it (ingest.ts ingestBatch's full parse with PARSE_OPTIONS, readMessage, classifyInbound). */
export async function parseMimeFixture(name: string, raw: Buffer, label?: string): Promise<ReplyFixture> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const header = (n: string) => {
    const v = parsed.headers.get(n);
    return typeof v === 'string' ? v.trim() : undefined;
  };
  const expected = replyStatusSchema.parse(header('x-expected-status') ?? label);
  const input = replyInputOfParsed(parsed, analyseBounce(raw) !== null);
  // What the test itself adds is no part of the message the classifier reads.
  const headers = new Map(parsed.headers);
  headers.delete('x-expected-status');
  headers.delete('x-held-out');
  return { name, expected, heldOut: header('x-held-out') === 'yes', input: { ...input, headers } };
}

function labelsOf(dir: string): Map<string, string> {
  const file = path.join(dir, 'labels.csv');
  if (!existsSync(file)) return new Map();
  const rows = readFileSync(file, 'utf8').split(/\r?\n/).slice(1);
  return new Map(rows.map((r) => r.split(',').map((c) => c.trim().replace(/^"|"$/g, ''))).filter((c) => c.length >= 2 && c[0]).map((c) => [c[0]!, c[1]!]));
}

/** The .eml files of one directory (not its subdirectories), in name order; [] when the directory does not exist. */
export async function loadReplyFixtures(dir: string = FIXTURE_DIRS.tuned): Promise<ReplyFixture[]> {
  if (!existsSync(dir)) return [];
  const labels = labelsOf(dir);
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.eml'))
    .map((f) => f.name)
    .sort();
  return Promise.all(
    names.map((name) => {
      const raw = readFileSync(path.join(dir, name));
      return parseMimeFixture(name, raw, labels.get(name));
    }),
  );
}
