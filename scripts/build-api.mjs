// Bundles the API (apps/api/src/main.ts) into dist/api/main.mjs; npm packages stay external, and the
// migrations are copied beside the bundle, where apps/api/src/lib/paths.ts looks first. Then writes
// dist/api/pgdata-template, a migrated empty PGlite data folder a new data folder starts as a copy of.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'api');

await build({
  entryPoints: { main: path.join(root, 'apps/api/src/main.ts'), 'make-template': path.join(root, 'apps/api/src/db/make-template.ts') },
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  sourcemap: true,
  logLevel: 'warning',
  // Some CommonJS dependencies call require(); give the ES module one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

fs.rmSync(path.join(outDir, 'drizzle'), { recursive: true, force: true });
fs.cpSync(path.join(root, 'apps/api/drizzle'), path.join(outDir, 'drizzle'), { recursive: true });
// The reply classifier's trained model (modules/inbox/classify-model-data.ts reads it beside the code, here beside the bundle).
fs.copyFileSync(path.join(root, 'apps/api/src/modules/inbox/classify-model.json'), path.join(outDir, 'classify-model.json'));
console.log(`API bundled into ${path.relative(root, path.join(outDir, 'main.mjs'))}`);
// The dump of earlier builds is replaced by the folder.
fs.rmSync(path.join(outDir, 'pgdata-template.tar'), { force: true });
const template = path.join(outDir, 'pgdata-template');
execFileSync(process.execPath, [path.join(outDir, 'make-template.mjs'), template], { stdio: 'inherit' });
console.log(`PGlite template written to ${path.relative(root, template)}`);
