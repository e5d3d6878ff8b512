// Small helpers shared by the project's scripts (start, test, e2e, bench). Plain Node, no build step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SOURCE_ROOTS = ['apps', 'packages', 'brands', 'package.json', 'package-lock.json', 'vite.config.ts', 'wxt.config.ts', 'tsconfig.json'];
const SKIP = new Set(['node_modules', 'dist', '.output', '.wxt', 'data']);

/** Newest modification time among the sources that go into the build (tests excluded). */
export function newestSourceMtime() {
  let newest = 0;
  const walk = (p) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (!SKIP.has(name)) walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const r of SOURCE_ROOTS) walk(path.join(root, r));
  return newest;
}

export const BUILD_OUTPUTS = ['dist/web/index.html', 'dist/api/main.mjs', 'dist/extension/chrome-mv3/manifest.json'];

/** The build is stale when an output is missing or older than the newest source. */
export function buildIsStale() {
  const newest = newestSourceMtime();
  return BUILD_OUTPUTS.some((rel) => {
    const st = fs.statSync(path.join(root, rel), { throwIfNoEntry: false });
    return !st || st.mtimeMs < newest;
  });
}

/** Runs a command with inherited stdio; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`Could not run ${cmd}: ${err.message}`);
      resolve(1);
    });
  });
}

/**
 * Runs a command with its output held back, then printed whole under its label when it ends (steps that run at
 * once keep readable logs); resolves with its exit code.
 */
export function runCaptured(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: root, ...opts });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (code) => {
      const out = Buffer.concat(chunks).toString('utf8').trimEnd();
      if (out) console.log(`\n── ${[cmd, ...args].join(' ')}\n${out}`);
      resolve(code);
    };
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      chunks.push(Buffer.from(`Could not run ${cmd}: ${err.message}\n`));
      done(1);
    });
  });
}

export function npmRun(script, opts) {
  return run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', script], opts);
}

/**
 * The benchmarks' way to run the API's TypeScript: `source` (export lines with paths from the repository
 * root) bundled with esbuild into node_modules/.cache/bench/<name>.mjs, dependencies left in node_modules,
 * then imported. `define` replaces expressions (e.g. import.meta.dirname for a module that reads files
 * beside itself); `fresh` imports the new bundle even when this process imported that file before.
 */
export async function bundleApiModules(name, source, { define, fresh = false } = {}) {
  const esbuild = await import('esbuild');
  const outDir = path.join(root, 'node_modules/.cache/bench');
  fs.mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `${name}.mjs`);
  await esbuild.build({
    stdin: { contents: source, resolveDir: root, loader: 'ts' },
    bundle: true,
    outfile,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    alias: { '@shared': path.join(root, 'packages/shared/src') },
    ...(define ? { define } : {}),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'error',
  });
  return import(fresh ? `${outfile}?${Date.now()}` : outfile);
}
