import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders found by walking up from this module, so the same code works from TS source
 * (apps/api/src/lib) under tests and from the bundle (dist/api/main.mjs).
 */
function findUp(start: string, test: (dir: string) => boolean): string | null {
  let dir = start;
  for (;;) {
    if (test(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const repoRoot: string =
  findUp(here, (d) => fs.existsSync(path.join(d, 'brands', '0', 'config.json'))) ?? process.cwd();

export const brandsDir = path.join(repoRoot, 'brands');

/** Where `npm run build:extension` writes the unpacked extension and its zip. */
export const extensionDist = path.join(repoRoot, 'dist', 'extension');

/** The bundle carries a copy of the migrations beside it (scripts/build-api.mjs); source uses apps/api/drizzle. */
export const migrationsDir: string = [path.join(here, 'drizzle'), path.join(repoRoot, 'apps', 'api', 'drizzle')].find((d) =>
  fs.existsSync(path.join(d, 'meta', '_journal.json')),
) ?? path.join(repoRoot, 'apps', 'api', 'drizzle');

/**
 * A migrated, empty, closed PGlite data folder written by `npm run build:api` beside the bundle: a new data
 * folder starts as a copy of it instead of running initdb (about 3 s). Absent when running from source.
 */
export const pgliteTemplatePath = path.join(here, 'pgdata-template');
