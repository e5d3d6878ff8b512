import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No test waits on the wall clock. A test waits for what it expects (Testing Library's findBy and waitFor,
 * Playwright's auto-waiting expect, expect.poll, page.waitForResponse) or moves fake time
 * (vi.useFakeTimers + vi.advanceTimersByTimeAsync); a test that proves something does not happen advances
 * fake time past the window or waits for a later event. This scan fails on a sleep in a test file:
 * - Playwright's fixed wait on the page (its wait-for-timeout call);
 * - a Promise resolved by a timer with a delay (a `sleep(ms)` helper made so);
 *   a delay of 0 only yields to the event loop once and is not a sleep;
 * - `setTimeout` or `scheduler` of node:timers/promises, and `promisify(setTimeout)`.
 * Test files: *.test.* and *.spec.* and whatever sits in a __tests__ folder, under apps, packages, e2e and
 * scripts. Harness code (apps/api/src/testing, e2e/support) polls conditions in loops and is not scanned.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['apps', 'packages', 'e2e', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.output', '.wxt', 'test-results', 'playwright-report', '.tmp']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const isTestFile = (rel: string) => SOURCE.test(rel) && (/\.(test|spec)\.[^/]+$/.test(rel) || rel.split('/').includes('__tests__'));

export type Sleep = { line: number; text: string; why: string };

/** Whether a timer's callback only resolves the Promise: `r`, `() => r()` or `() => { r(); }`. */
function callsOnly(node: ts.Node, resolve: string): boolean {
  if (ts.isIdentifier(node)) return node.text === resolve;
  if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) return false;
  let body: ts.Node = node.body;
  if (ts.isBlock(body)) {
    if (body.statements.length !== 1 || !ts.isExpressionStatement(body.statements[0]!)) return false;
    body = body.statements[0].expression;
  }
  return ts.isCallExpression(body) && ts.isIdentifier(body.expression) && body.expression.text === resolve;
}

const isTimer = (callee: ts.Expression) =>
  (ts.isIdentifier(callee) && callee.text === 'setTimeout') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 'setTimeout' && ts.isIdentifier(callee.expression) && ['globalThis', 'window', 'global'].includes(callee.expression.text));

const isZero = (delay: ts.Expression | undefined) => delay === undefined || (ts.isNumericLiteral(delay) && Number(delay.text) === 0);

/** Every sleep in one file's source. */
export function findSleeps(source: string, fileName = 'file.test.ts'): Sleep[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Sleep[] = [];
  const report = (node: ts.Node, why: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file).split('\n')[0]!.slice(0, 120), why });

  /** Timers inside a Promise executor that resolve it. */
  function timersResolving(executor: ts.Node, resolve: string) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isTimer(node.expression) && node.arguments[0] && callsOnly(node.arguments[0], resolve) && !isZero(node.arguments[1])) {
        report(node, 'a Promise resolved by a timer is a sleep');
      }
      ts.forEachChild(node, visit);
    };
    visit(executor);
  }

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      if (name === 'waitForTimeout') report(node, "Playwright's waitForTimeout sleeps");
      if (name === 'promisify' && node.arguments.some((a) => isTimer(a))) report(node, 'promisify(setTimeout) makes a sleep');
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Promise') {
      const executor = node.arguments?.[0];
      if (executor && (ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))) {
        const first = executor.parameters[0]?.name;
        if (first && ts.isIdentifier(first)) timersResolving(executor.body, first.text);
      }
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^(node:)?timers\/promises$/.test(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : ['*'];
      if (names.some((n) => n === 'setTimeout' || n === 'scheduler' || n === '*')) report(node, 'the timers of node:timers/promises sleep');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function testFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path.join(dir, entry.name));
      } else if (entry.isFile()) {
        const rel = path.relative(ROOT, path.join(dir, entry.name)).split(path.sep).join('/');
        if (isTestFile(rel)) out.push(rel);
      }
    }
  };
  for (const top of SCANNED) if (fs.existsSync(path.join(ROOT, top))) walk(path.join(ROOT, top));
  return out.sort();
}

/** The fixtures are data files (scripts/lint-fixtures/sleeps), so no sleep stands in this file's own text. */
const fixtureOf = (name: string) => fs.readFileSync(path.join(ROOT, 'scripts/lint-fixtures/sleeps', name), 'utf8').trimEnd();

describe('no test sleeps', () => {
  it('finds the sleeps it is meant to find (fixtures)', () => {
    const fixture = fixtureOf('trips.txt');
    expect(findSleeps(fixture).map((s) => s.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('lets pass what only looks like one (fixtures)', () => {
    // A zero delay yields to the event loop once; a fake server answering late is no wait of the test.
    const fixture = fixtureOf('passes.txt');
    expect(findSleeps(fixture)).toEqual([]);
  });

  it('reads TSX', () => {
    expect(findSleeps(`const el = <div />;\n${fixtureOf('trips.txt').split('\n')[1]}`, 'view.test.tsx')).toHaveLength(1);
  });

  it('no test file sleeps', () => {
    const files = testFiles();
    // The scan reaches every kind of test file (a broken walk would find nothing and pass).
    expect(files).toEqual(expect.arrayContaining(['e2e/inbox.spec.ts', 'scripts/no-test-sleeps.test.ts']));
    expect(files.some((f) => f.startsWith('apps/web/src/') && f.endsWith('.test.tsx'))).toBe(true);
    expect(files.some((f) => f.startsWith('apps/api/src/') && f.endsWith('.test.ts'))).toBe(true);
    const sleeps = files.flatMap((f) => findSleeps(fs.readFileSync(path.join(ROOT, f), 'utf8'), f).map((s) => `${f}:${s.line}: ${s.why}: ${s.text}`));
    expect(sleeps).toEqual([]);
  });
});
