// `npm test`: lint, typecheck and the build side by side (none needs another's output), then the unit, component
// and API integration tests (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set), then the e2e tests in
// Debian's Chromium. Each step's time and the slowest test files and e2e walks are printed at the end, so a change
// that makes CI slower shows in its own run (issue 31).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { root, run, runCaptured } from './lib.mjs';
import { printSlowest } from './timing.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const e2eReport = path.join(reports, 'e2e.json');

/** Steps of one phase run at once; each one's output is printed whole when it ends, so the logs do not interleave. */
const phases = [
  [
    ['lint', () => runCaptured(npm, ['run', '--silent', 'lint'])],
    ['typecheck', () => runCaptured(npm, ['run', '--silent', 'typecheck'])],
    ['build', () => runCaptured(npm, ['run', '--silent', 'build'])],
  ],
  [
    [
      'unit, component and API tests',
      () =>
        run('npx', ['vitest', 'run', '--reporter=default', `--reporter=${path.join(root, 'scripts/vitest-timing-reporter.mjs')}`], {
          env: { ...process.env, TEST_TIMING_OUT: vitestReport },
        }),
    ],
  ],
  [
    [
      'e2e in Chromium',
      () => {
        const chromium = ensureChromium();
        if (!chromium) return 1;
        return run('npx', ['playwright', 'test', `--reporter=list,${path.join(root, 'scripts/playwright-timing-reporter.mjs')}`], {
          env: { ...process.env, CHROMIUM_PATH: chromium, E2E_TIMING_OUT: e2eReport },
        });
      },
    ],
  ],
];

const started = Date.now();
const results = [];
for (const phase of phases) {
  const names = phase.map(([name]) => name);
  console.log(`\n▶ ${names.join(' · ')}`);
  const outcomes = await Promise.all(
    phase.map(async ([name, step]) => {
      const t0 = Date.now();
      const code = await step();
      const ms = Date.now() - t0;
      if (phase.length > 1) console.log(`\n── ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${(ms / 1000).toFixed(1)} s`);
      return [name, code, ms];
    }),
  );
  results.push(...outcomes);
  if (outcomes.some(([, code]) => code !== 0)) break;
}

if (fs.existsSync(vitestReport)) printSlowest(vitestReport, { what: 'test files' });
if (fs.existsSync(e2eReport)) printSlowest(e2eReport, { what: 'e2e walks', max: 10 });
console.log('\nSummary:');
for (const [name, code, ms] of results) console.log(`  ${code === 0 ? '✔' : '✘'} ${name} (${(ms / 1000).toFixed(1)} s)`);
const total = phases.reduce((n, p) => n + p.length, 0);
const ok = results.length === total && results.every(([, code]) => code === 0);
console.log(`${ok ? 'All steps passed' : 'npm test failed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
