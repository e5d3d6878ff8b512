// Bundles the API (apps/api/src/main.ts) into dist/api/main.mjs; npm packages stay external, and the
// migrations are copied beside the bundle, where apps/api/src/lib/paths.ts looks first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'api');

await build({
  entryPoints: [path.join(root, 'apps/api/src/main.ts')],
  outfile: path.join(outDir, 'main.mjs'),
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
console.log(`API bundled into ${path.relative(root, path.join(outDir, 'main.mjs'))}`);
