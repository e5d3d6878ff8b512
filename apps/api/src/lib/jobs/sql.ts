import { untracked } from '../../db/write-epoch';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** What pg-boss needs of a database: one function that runs SQL and answers `{ rows }`. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };

type PgliteLike = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<Array<{ rows: unknown[] }>>;
  dumpDataDir: unknown;
};
type PoolLike = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

const isPglite = (client: unknown): client is PgliteLike =>
  typeof client === 'object' && client !== null && typeof (client as PgliteLike).exec === 'function' && 'dumpDataDir' in client;

/** The driver client under a drizzle database (PGlite or a node-postgres pool). */
export function clientOf(db: Db): PgliteLike | PoolLike {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!client) throw new Error('The job queue needs a drizzle database opened with a client (PGlite or a pg pool)');
  return client as PgliteLike | PoolLike;
}

export const dbKindOf = (db: Db): 'pglite' | 'postgres' => (isPglite(clientOf(db)) ? 'pglite' : 'postgres');

/**
 * pg-boss on the app's own database. PGlite: parameterised SQL goes to `query` (the extended protocol,
 * one statement), parameterless SQL to `exec` (pg-boss installs its schema with multi-statement scripts),
 * whose last result is the answer. A node-postgres pool takes both as they are.
 */
export function executorFor(db: Db): SqlExecutor {
  // pg-boss writes only its own tables: past the write epoch (db/write-epoch.ts), so its polls do not
  // invalidate app caches.
  const client = untracked(clientOf(db));
  if (isPglite(client)) {
    return {
      executeSql: async (text, values) => {
        if (values && values.length) return (await client.query(text, values)) as { rows: Array<Record<string, unknown>> };
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>> };
      },
    };
  }
  return { executeSql: async (text, values) => (await client.query(text, values)) as { rows: Array<Record<string, unknown>> } };
}

/**
 * pg-boss's statements run inside a caller's drizzle transaction (a job enqueued with the change that
 * causes it commits or rolls back with it): `$n` placeholders become drizzle parameters.
 */
export function transactionExecutor(tx: Db): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`));
      const result = (await tx.execute(sql.join(chunks, sql``))) as unknown as { rows: Array<Record<string, unknown>> };
      return { rows: result.rows };
    },
  };
}
