import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type DbHandle } from '../db/client';

export type DbKind = 'pglite' | 'postgres';

/**
 * The database this project's pass runs the file on: PGlite in the `api` project, PostgreSQL in `api-postgres`
 * (vitest.config.ts, when TEST_DATABASE_URL is set). Every file that runs describe.each(DB_KINDS) is in both.
 */
export const DB_KINDS: DbKind[] = inject('dbKinds');

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh, migrated database of that kind: a copy of the template built by global-setup.ts. */
export async function createTestDb(kind: DbKind): Promise<DbHandle> {
  if (kind === 'pglite') {
    const blob = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    return openPglite({ loadDataDir: blob });
  }
  const server = inject('postgres');
  if (!server) throw new Error('TEST_DATABASE_URL is not set');
  const name = `api_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${server.template}`);
  } finally {
    await admin.end();
  }
  const handle = await openPostgres(withDatabase(server.url, name), 5);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: server.url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * True in the PGlite pass. A describe that needs no database of the pass's kind (pure functions, a server on
 * loopback, a PGlite-only case) runs there only: `describe.runIf(PGLITE_PASS)`, so the PostgreSQL pass does not
 * repeat it.
 */
export const PGLITE_PASS = DB_KINDS.includes('pglite');
