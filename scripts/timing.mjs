// Where test time goes (issue 31): the rows the timing reporters write (scripts/vitest-timing-reporter.mjs,
// scripts/playwright-timing-reporter.mjs), sorted and printed as the slowest files with their share.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

/** Rows of { file, project, ms }: the files, slowest first, named relative to the repository, with their project. */
export const fileTimes = (rows) =>
  rows.map((r) => ({ file: `${path.relative(root, r.file)}${r.project ? ` (${r.project})` : ''}`, ms: r.ms })).sort((a, b) => b.ms - a.ms);

/** The report's lines: a title with the file count and summed time, then the `max` slowest files with their share. */
export function slowestLines(rows, { max = 20, what = 'test files' } = {}) {
  const sorted = fileTimes(rows);
  const total = sorted.reduce((s, r) => s + r.ms, 0);
  const lines = [`The ${Math.min(max, sorted.length)} slowest of ${sorted.length} ${what} (${(total / 1000).toFixed(0)} s summed; files run in parallel, so the sum exceeds the wall time):`];
  for (const r of sorted.slice(0, max)) lines.push(`${(r.ms / 1000).toFixed(1).padStart(8)} s  ${((r.ms / Math.max(total, 1)) * 100).toFixed(1).padStart(5)} %  ${r.file}`);
  return lines;
}

/** Prints the slowest files of a report a reporter wrote; a missing or unreadable report is said, not thrown. */
export function printSlowest(report, options) {
  let rows;
  try {
    rows = JSON.parse(fs.readFileSync(report, 'utf8'));
  } catch {
    console.log(`(no timing report at ${report})`);
    return;
  }
  console.log(`\n${slowestLines(rows, options).join('\n')}`);
}
