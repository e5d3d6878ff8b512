import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The light pages' first load (issue 10: the sign-in page's first-load JS at ≤ 2× a bare Vite + React
 * page, measured by `npm run bench` → signin_js) is what the app shell and each light page import
 * statically. This test walks those static imports from the sources and allows only the packages
 * below: a new package reached before first paint (an eager import of the API client, the query
 * cache, a form library, zod, a toast library…) fails here instead of silently growing the page.
 * Lazy imports (`import()`) are where the rest of the product loads, so the walk does not follow them.
 * To add a package on purpose, add it below with its gzip cost and re-run the bench.
 */
const FIRST_LOAD_PACKAGES = [
  'react', // with react-dom: the floor the bench compares against
  'react-dom',
  'react-router', // ~30 kB gz: the data router, loaders and lazy routes
  'zustand', // auth and brand stores (~0.3 kB gz)
  'js-cookie', // the auth cookie (~0.8 kB gz)
  'clsx', // cn() without tailwind-merge (installed by the data layer)
  'class-variance-authority', // button/alert variants
  'lucide-react', // a few icons
  '@radix-ui/react-slot', // Button asChild
  '@radix-ui/react-label', // form labels
].sort();

const webSrc = path.resolve(__dirname, '../..');
const repo = path.resolve(webSrc, '../../..');
const ALIASES: [string, string][] = [
  ['@web/', path.join(webSrc, '/')],
  ['@shared/', path.join(repo, 'packages/shared/src/')],
];

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

type Target = { file: string } | { pkg: string } | { asset: string };

function resolveSpecifier(spec: string, from: string): Target {
  const alias = ALIASES.find(([prefix]) => spec.startsWith(prefix));
  if (alias || spec.startsWith('.')) {
    const base = alias ? path.join(alias[1], spec.slice(alias[0].length)) : path.resolve(path.dirname(from), spec);
    if (/\.(css|svg|png|json)(\?.*)?$/.test(base)) return { asset: base };
    const file = resolveFile(base);
    if (!file) throw new Error(`cannot resolve ${spec} from ${path.relative(repo, from)}`);
    return { file };
  }
  const parts = spec.split('/');
  return { pkg: spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The module specifiers a file imports or re-exports as values (type-only imports are erased by the build). */
function staticImports(source: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const stmt of source.statements) {
    if (ts.isImportDeclaration(stmt)) {
      const clause = stmt.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) out.push((stmt.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(stmt) && stmt.moduleSpecifier && !stmt.isTypeOnly) {
      const clause = stmt.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue;
      out.push((stmt.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return out;
}

/** Every package reached by static imports from the entries, with one importing chain for each. */
function walk(entries: string[]) {
  const packages = new Map<string, string[]>();
  const seen = new Map<string, string[]>();
  const queue = entries.map((file) => ({ file, chain: [path.relative(repo, file)] }));
  while (queue.length) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.set(file, chain);
    for (const spec of staticImports(parse(file))) {
      const target = resolveSpecifier(spec, file);
      if ('pkg' in target) {
        if (!packages.has(target.pkg)) packages.set(target.pkg, [...chain, target.pkg]);
      } else if ('file' in target) {
        queue.push({ file: target.file, chain: [...chain, path.relative(repo, target.file)] });
      }
    }
  }
  return { packages, files: [...seen.keys()] };
}

/** The modules of the routes marked `light: true` in routes.tsx (their page chunks load at first paint). */
function lightRouteModules(): string[] {
  const routesFile = path.join(webSrc, 'app/routes.tsx');
  const modules: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (name: string) =>
        node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name)?.initializer;
      const meta = prop('meta');
      const light =
        meta &&
        ts.isObjectLiteralExpression(meta) &&
        meta.properties.some((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'light' && p.initializer.kind === ts.SyntaxKind.TrueKeyword);
      const lazy = prop('lazy');
      if (light && lazy) {
        const found = lazy.getText().match(/import\('([^']+)'\)/);
        if (found) modules.push((resolveSpecifier(found[1]!, routesFile) as { file: string }).file);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(routesFile));
  return modules;
}

describe('first load of the light pages', () => {
  const main = path.join(webSrc, 'main.tsx');
  const light = lightRouteModules();

  it('finds the light auth pages in the route table', () => {
    expect(light.map((f) => path.basename(f))).toEqual(['signin.tsx', 'signup.tsx', 'verify.tsx', 'recover.tsx', 'reset-password.tsx']);
  });

  it('reaches only the allowed packages from the app shell and each light page', () => {
    for (const page of light) {
      const { packages } = walk([main, page]);
      const extra = [...packages.keys()].filter((p) => !FIRST_LOAD_PACKAGES.includes(p));
      // The chain names the import that brought a package in.
      expect(extra.map((p) => packages.get(p)!.join(' → ')), path.basename(page)).toEqual([]);
    }
  });

  it('keeps the API client and the data layer out of the shell and the light pages', () => {
    const rel = walk([main, ...light]).files.map((f) => path.relative(webSrc, f));
    for (const heavy of ['lib/api.ts', 'lib/query-client.ts', 'app/data-provider.tsx', 'app/session-user.ts']) expect(rel).not.toContain(heavy);
  });
});
