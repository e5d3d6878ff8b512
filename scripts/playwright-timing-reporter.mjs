// A Playwright reporter for `npm test` (scripts/test.mjs): at the run's end, each spec file's summed test time
// (every attempt, a retry included), written as JSON rows { file, project, ms } to E2E_TIMING_OUT.
import fs from 'node:fs';

export default class PlaywrightTimingReporter {
  files = new Map();

  onTestEnd(test, result) {
    const file = test.location.file;
    this.files.set(file, (this.files.get(file) ?? 0) + result.duration);
  }

  onEnd() {
    const out = process.env.E2E_TIMING_OUT;
    if (!out) return;
    fs.writeFileSync(out, JSON.stringify([...this.files].map(([file, ms]) => ({ file, project: 'e2e', ms }))));
  }

  printsToStdio() {
    return false;
  }
}
