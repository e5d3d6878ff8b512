import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsDir, pgliteTemplatePath } from '../lib/paths';
import { installJobSchema } from '../lib/jobs/queue';
import { acquireDataDirLock } from './lock';
import { shareWriteEpoch, trackPoolWrites, trackWrites } from './write-epoch';
import { guardPgPool, guardPglite } from './tenancy';
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
  /**
   * For a data folder that does not exist yet: a migrated database to start from instead of initdb, as a
   * folder to copy (`npm run build:api` writes dist/api/pgdata-template) or a dump file to load. A template
   * that will not load (another PGlite version) is ignored.
   */
  templateFile?: string;
  /** The tenancy guard (db/tenancy.ts) checks every statement; off only to measure what it costs. */
  tenancyGuard?: boolean;
};

/**
 * PGlite in `pgdata`, started from the template when the folder is new and the template loads: a folder of
 * a closed, migrated database is copied (the build's, dist/api/pgdata-template), a dump (.tar) is loaded.
 */
async function createPglite(pgdata: string | undefined, options: PgliteOptions): Promise<PGlite> {
  // Only a folder that is not there yet (or empty): never anything that holds data.
  const fresh = pgdata !== undefined && (!fs.existsSync(pgdata) || fs.readdirSync(pgdata).length === 0);
  if (fresh && !options.loadDataDir && options.templateFile && fs.existsSync(options.templateFile)) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    try {
      if (fs.statSync(options.templateFile).isDirectory()) {
        // A plain copy and an open: about half the time of unpacking the same database from a dump.
        fs.cpSync(options.templateFile, pgdata, { recursive: true });
        const copied = await PGlite.create({ dataDir: pgdata });
        await copied.query("select to_regclass('public.accounts')");
        return copied;
      }
      fs.mkdirSync(pgdata, { recursive: true });
      return await PGlite.create({ dataDir: pgdata, loadDataDir: new Blob([fs.readFileSync(options.templateFile)]) });
    } catch {
      // Not loadable here: start over with initdb.
      fs.rmSync(pgdata, { recursive: true, force: true });
    }
  }
  return PGlite.create({ dataDir: pgdata, loadDataDir: options.loadDataDir });
}

export async function openPglite(options: PgliteOptions = {}): Promise<DbHandle & { client: PGlite }> {
  // The lock sits beside the PostgreSQL data folder so PGlite's own files stay untouched.
  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const client = await createPglite(options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined, options);
    // Every statement drizzle sends moves the write epoch when it may write (see write-epoch.ts).
    const tracked = trackWrites(client);
    const guarded = options.tenancyGuard === false ? tracked : guardPglite(tracked);
    shareWriteEpoch(tracked, guarded);
    const db = drizzlePglite({ client: guarded, schema }) as unknown as Db;
    shareWriteEpoch(tracked, db);
    return {
      db,
      client,
      kind: 'pglite',
      migrate: async () => {
        await migratePglite(db as never, { migrationsFolder: migrationsDir });
        await installJobSchema(db);
      },
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

export async function openPostgres(url: string, poolSize = 10, options: { tenancyGuard?: boolean } = {}): Promise<DbHandle & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection the server drops (restart, failover, an admin's terminate) must not crash the API:
  // the pool replaces it, and a query running on it fails with its own error.
  const onConnectionError = (err: Error) => console.error(`PostgreSQL connection lost: ${err.message}`);
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // Fail at start with the server's message rather than on the first request.
  await pool.query('select 1');
  // Caches that follow the write epoch (the persona pages) hear every instance's changes (write-epoch.ts).
  const changes = trackPoolWrites(pool, () => listenForChanges(url), { log: (m) => console.error(m) });
  const guarded = options.tenancyGuard === false ? changes.tracked : guardPgPool(changes.tracked);
  shareWriteEpoch(changes.tracked, guarded);
  const db = drizzlePg({ client: guarded, schema }) as unknown as Db;
  shareWriteEpoch(changes.tracked, db);
  return {
    db,
    pool,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(db as never, { migrationsFolder: migrationsDir });
      await installJobSchema(db);
    },
    close: async () => {
      await changes.stop();
      await pool.end();
    },
  };
}

/** A connection of its own that LISTENs on `app_changes` (migration 0011's triggers notify it at commit). */
async function listenForChanges(url: string) {
  const client = new pg.Client({ connectionString: url });
  const lost: Array<() => void> = [];
  let ended = false;
  const onLost = () => {
    if (ended) return;
    ended = true;
    for (const fn of lost) fn();
  };
  client.on('error', onLost);
  client.on('end', onLost);
  try {
    await client.connect();
    await client.query('LISTEN app_changes');
  } catch (err) {
    ended = true;
    await client.end().catch(() => {});
    throw err;
  }
  return {
    onNotification: (fn: () => void) => void client.on('notification', fn),
    onLost: (fn: () => void) => void lost.push(fn),
    close: async () => {
      ended = true;
      await client.end();
    },
  };
}

export function openDatabase(config: { databaseUrl: string | null; dataDir: string; tenancyGuard?: boolean }): Promise<DbHandle> {
  const tenancyGuard = config.tenancyGuard ?? true;
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, undefined, { tenancyGuard })
    : openPglite({ dataDir: config.dataDir, templateFile: pgliteTemplatePath, tenancyGuard });
}
