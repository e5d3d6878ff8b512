import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir } from '../lib/paths';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

/** One type for both drivers: repositories never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type PgliteOptions = {
  /** A folder to persist in; omitted = in memory (tests). */
  dataDir?: string;
  /** A dumped, already migrated database to start from (tests load a template). */
  loadDataDir?: Blob | File;
};

export async function openPglite(options: PgliteOptions = {}): Promise<DbHandle & { client: PGlite }> {
  // The lock sits beside the PostgreSQL data folder so PGlite's own files stay untouched.
  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined,
      loadDataDir: options.loadDataDir,
    });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      client,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder: migrationsDir }),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<DbHandle & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection the server drops (restart, failover, an admin's terminate) must not crash the API:
  // the pool replaces it, and a query running on it fails with its own error.
  const onConnectionError = (err: Error) => console.error(`PostgreSQL connection lost: ${err.message}`);
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // Fail at start with the server's message rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    pool,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsDir }),
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl: string | null; dataDir: string }): Promise<DbHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
