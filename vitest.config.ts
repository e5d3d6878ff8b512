import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { alias } from './vite.config';

/**
 * Unit, component and API integration tests; e2e lives in e2e/ under Playwright.
 *
 * The API suite runs once per database as its own project: `api` on PGlite always, `api-postgres` on the
 * server of TEST_DATABASE_URL when it is set. Each project's files run as separate workers, so the two passes
 * share the machine instead of following each other inside every file (docs/decisions.md, "CI in twenty minutes").
 */
const API_INCLUDE = 'apps/api/src/**/*.test.ts';
const root = fileURLToPath(new URL('.', import.meta.url));

/** The API test files that run on a database of the caller's choice (describe.each(DB_KINDS)): the PostgreSQL pass. */
function databaseTestFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.test.ts') && fs.readFileSync(p, 'utf8').includes('DB_KINDS')) out.push(path.relative(root, p));
    }
  };
  walk(path.join(root, 'apps/api/src'));
  return out.sort();
}

const api = (name: string, include: string[]): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name,
    include,
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    globalSetup: ['apps/api/src/testing/global-setup.ts'],
    // PGlite is WebAssembly: V8's baseline compiler alone runs a test file's short-lived databases faster than
    // tiering up, whose optimising compiles would compete with the other workers for the CPU.
    execArgv: ['--liftoff-only'],
    // One module graph per worker, not per file: importing the app (Fastify, every module, the schemas) was a
    // quarter of the suite's time. Each file still builds its own app on its own database; no API module keeps
    // state that outlives an app, and TEST_ISOLATE=1 brings isolation back to rule a leak out.
    isolate,
  },
});

const cpus = os.availableParallelism();
/** Per-file module isolation, off for the API and web suites (see each); TEST_ISOLATE=1 turns it on to chase a leak. */
const isolate = process.env.TEST_ISOLATE === '1';

export default defineConfig({
  resolve: { alias },
  test: {
    // The API tests wait on databases, sockets and child processes a good part of their time: one worker more
    // than the cores keeps them busy (measured in docs/decisions.md); a run with --maxWorkers overrides it.
    maxWorkers: cpus + 1,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The lint-rule and no-sleep scans read every source file: room for a machine busy with the other projects.
          testTimeout: 30000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // Each file still gets a fresh jsdom; the modules (React, the query client factory, the stores, reset by
          // the setup file) load once per worker, which halves the web suite's time.
          isolate,
          // Room for a loaded CI machine; a passing test still ends as soon as it is done.
          testTimeout: 20000,
        },
      },
      api('api', [API_INCLUDE]),
      ...(process.env.TEST_DATABASE_URL ? [api('api-postgres', databaseTestFiles())] : []),
      {
        resolve: { alias },
        test: {
          name: 'extension',
          include: ['apps/extension/**/*.test.ts'],
          environment: 'node',
          // The capture test parses a 2 MB page in jsdom: room for a loaded CI machine.
          testTimeout: 20000,
        },
      },
    ],
  },
});
