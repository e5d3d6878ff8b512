import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { replyStatusSchema, type ReplyStatus } from '@shared/schemas/inbox';
import type { ReplyInput } from './classify';

/**
 * One fixture reply: an .eml-like file (headers, a blank line, the body) with its expected status in
 * X-Expected-Status. `X-Held-Out: yes` marks replies the wording rules were never tuned on: they measure how
 * the rules do on phrasings they have not seen (docs/decisions.md, reply classifier accuracy). Keep it so:
 * add new replies the rules should learn from without the header, and new held-out ones with it.
 */
export type ReplyFixture = { name: string; expected: ReplyStatus; heldOut: boolean; input: ReplyInput };

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'classify-fixtures');

export function parseFixture(name: string, raw: string): ReplyFixture {
  const text = raw.replace(/\r\n?/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers: Record<string, string> = {};
  let last: string | null = null;
  for (const line of head.split('\n')) {
    if (/^\s/.test(line) && last) headers[last] += ` ${line.trim()}`;
    else {
      const at = line.indexOf(':');
      if (at < 1) throw new Error(`${name}: not a header line: ${line}`);
      last = line.slice(0, at).trim().toLowerCase();
      headers[last] = line.slice(at + 1).trim();
    }
  }
  const expected = replyStatusSchema.parse(headers['x-expected-status']);
  const heldOut = headers['x-held-out'] === 'yes';
  delete headers['x-expected-status'];
  delete headers['x-held-out'];
  return { name, expected, heldOut, input: { subject: headers.subject ?? null, from: headers.from ?? null, headers, text: body } };
}

export function loadReplyFixtures(): ReplyFixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseFixture(f, readFileSync(path.join(DIR, f), 'utf8')));
}
