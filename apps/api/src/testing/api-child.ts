import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { repoRoot } from '../lib/paths';

const CHILD_SOURCE = path.join(repoRoot, 'apps/api/src/testing/job-worker-child.ts');

/**
 * Bundles testing/job-worker-child.ts with esbuild (npm packages stay external) once per run, into a temporary
 * folder under node_modules/.cache. Each source module keeps its own `import.meta.url`, `.dirname` and `.filename` (the files it reads beside itself: migrations, the
 * reply model, the test certificates), so the bundle behaves as the source does. A child then starts in about a
 * second instead of compiling the API with tsx each time (the kill -9 tests start eight). Called by
 * global-setup.ts; returns the bundle's path (its folder is the caller's to remove).
 */
export async function bundleApiChild(): Promise<string> {
  const { build } = await import('esbuild');
  // Under the repository's node_modules, so the bundle's imports of npm packages resolve.
  const cache = path.join(repoRoot, 'node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(cache, 'api-test-child-'));
  const outfile = path.join(outDir, 'job-worker-child.mjs');
  await build({
    entryPoints: [CHILD_SOURCE],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(repoRoot, 'tsconfig.json'),
    logLevel: 'warning',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [
      {
        name: 'source-import-meta-url',
        setup(b) {
          b.onLoad({ filter: /\.tsx?$/ }, (args) => ({
            contents: fs
              .readFileSync(args.path, 'utf8')
              .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
              .replaceAll('import.meta.filename', JSON.stringify(args.path)),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  return outfile;
}

/**
 * A second API process (testing/job-worker-child.ts: `api`, `queue` or `engine` on a database URL) with piped
 * stdout and stderr: the bundle global-setup.ts made, else the source through tsx.
 */
export function spawnApiChild(mode: 'api' | 'queue' | 'engine', url: string): ChildProcess {
  const bundled = inject('apiChild');
  const entry = bundled && fs.existsSync(bundled) ? [bundled] : ['--import', 'tsx', CHILD_SOURCE];
  return spawn(process.execPath, [...entry, mode, url], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
}
