// `npm run test:timing`: where the test time goes (issue 31). Runs vitest (arguments go to it, e.g.
// `npm run test:timing -- --project api`) with scripts/vitest-timing-reporter.mjs beside the default reporter, then
// prints the 20 slowest test files (collect, setup and run with hooks, as vitest measures a file) with their share
// of the summed file time; `--from <timing.json>` reads a report written earlier instead of running. With
// TEST_DATABASE_URL set the API files run on PostgreSQL too; each project's pass is its own row.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, run } from './lib.mjs';

const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
let report;
if (fromIndex >= 0) {
  report = args[fromIndex + 1];
  if (!report || !fs.existsSync(report)) {
    console.error('test:timing: --from needs the path of a vitest JSON report');
    process.exit(2);
  }
} else {
  report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'test-timing-')), 'timing.json');
  const code = await run('npx', ['vitest', 'run', '--reporter=default', `--reporter=${path.join(root, 'scripts/vitest-timing-reporter.mjs')}`, ...args], {
    cwd: root,
    env: { ...process.env, TEST_TIMING_OUT: report },
  });
  if (!fs.existsSync(report)) {
    console.error(`test:timing: vitest wrote no report (exit ${code})`);
    process.exit(code || 1);
  }
}

/** The files, slowest first, named relative to the repository, with their project. */
export const fileTimes = (rows) => rows.map((r) => ({ file: `${path.relative(root, r.file)}${r.project ? ` (${r.project})` : ''}`, ms: r.ms })).sort((a, b) => b.ms - a.ms);

const rows = fileTimes(JSON.parse(fs.readFileSync(report, 'utf8')));
const total = rows.reduce((s, r) => s + r.ms, 0);
console.log(`\nThe 20 slowest of ${rows.length} test files (${(total / 1000).toFixed(0)} s summed; files run in parallel, so the sum exceeds the wall time):`);
for (const r of rows.slice(0, 20)) console.log(`${(r.ms / 1000).toFixed(1).padStart(8)} s  ${((r.ms / Math.max(total, 1)) * 100).toFixed(1).padStart(5)} %  ${r.file}`);
