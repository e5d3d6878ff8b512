// `npm test`: lint, typecheck, unit + component + API integration tests (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set), then the build and the e2e tests in Debian's Chromium.
import { ensureChromium } from './chromium.mjs';
import { npmRun, run } from './lib.mjs';

const steps = [
  ['lint', () => npmRun('lint')],
  ['typecheck', () => npmRun('typecheck')],
  ['unit, component and API tests', () => run('npx', ['vitest', 'run'])],
  ['build', () => npmRun('build')],
  [
    'e2e in Chromium',
    () => {
      const chromium = ensureChromium();
      if (!chromium) return 1;
      return run('npx', ['playwright', 'test'], { env: { ...process.env, CHROMIUM_PATH: chromium } });
    },
  ],
];

const started = Date.now();
const results = [];
for (const [name, step] of steps) {
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const code = await step();
  results.push([name, code, Date.now() - t0]);
  if (code !== 0) break;
}
console.log('\nSummary:');
for (const [name, code, ms] of results) console.log(`  ${code === 0 ? '✔' : '✘'} ${name} (${(ms / 1000).toFixed(1)} s)`);
const ok = results.length === steps.length && results.every(([, code]) => code === 0);
console.log(`${ok ? 'All steps passed' : 'npm test failed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(ok ? 0 : 1);
