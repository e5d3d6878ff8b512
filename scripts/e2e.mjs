// `npm run test:e2e`: the build, then the e2e tests in Debian's Chromium (arguments go to Playwright,
// e.g. `npm run test:e2e -- e2e/auth.spec.ts`).
import { ensureChromium } from './chromium.mjs';
import { npmRun, run } from './lib.mjs';

if ((await npmRun('build')) !== 0) process.exit(1);
const chromium = ensureChromium();
if (!chromium) process.exit(1);
process.exit(await run('npx', ['playwright', 'test', ...process.argv.slice(2)], { env: { ...process.env, CHROMIUM_PATH: chromium } }));
