import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { API_LAYERS } from '../apps/api/layers.mjs';
import { checkLayers, moduleGraph } from './api-layers.mjs';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root, ignore: false });
const rulesOf = (results: ESLint.LintResult[]) => results.flatMap((r) => r.messages.map((m) => m.ruleId));

/** The import checks prove they can fail: each lints a fixture that breaks its rule. */
describe('the import rules of npm run lint', () => {
  it('reports a two-file value cycle (import-x/no-cycle reads TypeScript)', async () => {
    const results = await eslint.lintFiles(['scripts/lint-fixtures/cycle/a.ts', 'scripts/lint-fixtures/cycle/b.ts']);
    expect(rulesOf(results).filter((r) => r === 'import-x/no-cycle')).toHaveLength(2);
  }, 60_000);

  it('refuses a lower folder importing a module, an upward module import, and production code importing a test helper', async () => {
    const lint = (filePath: string, code: string) => eslint.lintText(code, { filePath: path.join(root, filePath) });
    expect(rulesOf(await lint('apps/api/src/lib/zz-fixture.ts', "import { kickRunningAccounts } from '../modules/campaigns/send-job';\nexport const f = kickRunningAccounts;\n"))).toContain('import-x/no-restricted-paths');
    expect(rulesOf(await lint('apps/api/src/modules/campaigns/zz-fixture.ts', "import { pipelineOnAnswer } from '../pipeline/moves';\nexport const f = pipelineOnAnswer;\n"))).toContain('import-x/no-restricted-paths');
    expect(rulesOf(await lint('apps/api/src/modules/pipeline/zz-fixture.ts', "import { pipelineOnAnswer } from './moves';\nexport const f = pipelineOnAnswer;\n"))).not.toContain('import-x/no-restricted-paths');
    expect(rulesOf(await lint('apps/api/src/modules/campaigns/zz-fixture.ts', "import { campaignOwnershipProbes } from './ownership.test-helpers';\nexport const f = campaignOwnershipProbes;\n"))).toContain('no-restricted-imports');
  }, 60_000);
});

describe('the API layer order (scripts/api-layers.mjs)', () => {
  it('holds on the code as it is', () => {
    const { edges, modules } = moduleGraph(path.join(root, 'apps/api/src'));
    expect(checkLayers(edges, modules, API_LAYERS)).toEqual([]);
  });

  it('fails on a back edge, a sibling import, a lower folder importing a module, and a module in no layer', () => {
    const layers = [
      { layer: 'low', modules: ['a', 'b'] },
      { layer: 'high', modules: ['c'] },
    ];
    const edges = new Map([
      ['c -> a', ['modules/c/x.ts → ../a/y']],
      ['a -> c', ['modules/a/x.ts → ../c/y']],
      ['a -> b', ['modules/a/x.ts → ../b/y']],
      ['lib -> a', ['lib/x.ts → ../modules/a/y']],
    ]);
    const problems = checkLayers(edges, ['a', 'b', 'c', 'd'], layers);
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/a \(low\) imports c, a higher layer/);
    expect(problems.join('\n')).toMatch(/a \(low\) imports b, a sibling/);
    expect(problems.join('\n')).toMatch(/lib imports the module a/);
    expect(problems.join('\n')).toMatch(/module "d" is in no layer/);
  });
});
