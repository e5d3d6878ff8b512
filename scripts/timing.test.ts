import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileTimes, slowestLines } from './timing.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the slowest test files', () => {
  const rows = [
    { file: path.join(root, 'apps/api/src/a.test.ts'), project: 'api', ms: 1000 },
    { file: path.join(root, 'apps/api/src/a.test.ts'), project: 'api-postgres', ms: 3000 },
    { file: path.join(root, 'e2e/walk.spec.ts'), project: 'e2e', ms: 4000 },
    { file: path.join(root, 'apps/web/src/b.test.tsx'), project: 'web', ms: 2000 },
  ];

  it('sorts slowest first and names each pass of a file by its project', () => {
    expect(fileTimes(rows).map((r) => r.file)).toEqual(['e2e/walk.spec.ts (e2e)', 'apps/api/src/a.test.ts (api-postgres)', 'apps/web/src/b.test.tsx (web)', 'apps/api/src/a.test.ts (api)']);
  });

  it('prints at most max files, each with its seconds and share of the sum', () => {
    const lines = slowestLines(rows, { max: 2 });
    expect(lines[0]).toBe('The 2 slowest of 4 test files (10 s summed; files run in parallel, so the sum exceeds the wall time):');
    expect(lines.slice(1)).toEqual(['     4.0 s   40.0 %  e2e/walk.spec.ts (e2e)', '     3.0 s   30.0 %  apps/api/src/a.test.ts (api-postgres)']);
  });
});
