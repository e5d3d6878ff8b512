// `npm run test:timing`: where the test time goes (issue 31). Runs vitest (arguments go to it, e.g.
// `npm run test:timing -- --project api`) with scripts/vitest-timing-reporter.mjs beside the default reporter, then
// prints the 20 slowest test files (collect, setup and run with hooks, as vitest measures a file) with their share
// of the summed file time; `--from <timing.json>` reads a report written earlier instead of running (npm test writes
// one for vitest and one for the e2e walks, and prints both). With TEST_DATABASE_URL set the API files run on
// PostgreSQL too, as the project api-postgres: each project's pass is its own row.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, run } from './lib.mjs';
import { printSlowest } from './timing.mjs';

const args = process.argv.slice(2);
const fromIndex = args.indexOf('--from');
let report;
if (fromIndex >= 0) {
  report = args[fromIndex + 1];
  if (!report || !fs.existsSync(report)) {
    console.error('test:timing: --from needs the path of a timing report');
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
printSlowest(report);
