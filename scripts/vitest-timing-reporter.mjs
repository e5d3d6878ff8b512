// A vitest reporter for `npm run test:timing` (scripts/test-timing.mjs): at the run's end, each test file's time as
// vitest measured it (TestModule.diagnostic(): collecting it, its setup files, and running it with its hooks), per
// project, written as JSON to TEST_TIMING_OUT.
import fs from 'node:fs';

export default class TimingReporter {
  onTestRunEnd(testModules) {
    const out = process.env.TEST_TIMING_OUT;
    if (!out) return;
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      return { file: m.moduleId, project: m.project.name, ms: (d.duration ?? 0) + (d.collectDuration ?? 0) + (d.setupDuration ?? 0) + (d.prepareDuration ?? 0) };
    });
    fs.writeFileSync(out, JSON.stringify(rows));
  }
}
