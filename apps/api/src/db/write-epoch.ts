import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's write epoch: a number that changes after every statement that may write.
 *
 * PGlite lives in this process (the data-folder lock allows one process per folder), so every write
 * to it passes through here and an in-process cache may be trusted as long as the epoch has not moved:
 * read the epoch, run the query, keep the answer under that epoch; any later write invalidates it. A
 * statement counts as a write unless it is a plain SELECT; a multi-statement `exec` and a transaction
 * always count. On PostgreSQL other API instances write too, so there is no epoch and no such cache.
 */
const epochs = new WeakMap<object, { value: number }>();
const raws = new WeakMap<object, object>();

const READ_ONLY = /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*select\b/i;

/** The epoch of a database opened with `trackWrites`, or null where writes cannot all be seen (PostgreSQL). */
export function writeEpoch(db: object): number | null {
  return epochs.get(db)?.value ?? null;
}

/** Binds the epoch of `client` to the drizzle database built on it. */
export function shareWriteEpoch(client: object, db: object): void {
  const epoch = epochs.get(client);
  if (epoch) epochs.set(db, epoch);
  const raw = raws.get(client);
  if (raw) raws.set(db, raw);
}

/**
 * A view of the PGlite client that moves the epoch after each write, whether it succeeded or not
 * (a failed statement may have written before failing, inside a transaction that still commits).
 */
export function trackWrites(client: PGlite): PGlite {
  const epoch = { value: 0 };
  const bump = () => void epoch.value++;
  const after = <T>(p: Promise<T>): Promise<T> => p.finally(bump);
  const wrapTx = <T extends object>(tx: T): T =>
    new Proxy(tx, {
      get(target, prop) {
        // The target as receiver: PGlite's private fields are not reachable through a proxy.
        const v = Reflect.get(target, prop) as unknown;
        if (typeof v !== 'function') return v;
        if (prop === 'query') {
          return (sql: string, ...rest: unknown[]) => {
            const p = (v as (...a: unknown[]) => Promise<unknown>).call(target, sql, ...rest);
            return READ_ONLY.test(sql) ? p : after(p);
          };
        }
        if (prop === 'exec' || prop === 'sql') return (...a: unknown[]) => after((v as (...a: unknown[]) => Promise<unknown>).apply(target, a));
        if (prop === 'transaction') {
          return (fn: (t: unknown) => Promise<unknown>) => after((v as (f: unknown) => Promise<unknown>).call(target, (t: object) => fn(wrapTx(t))));
        }
        return (v as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const tracked = wrapTx(client);
  epochs.set(tracked, epoch);
  raws.set(tracked, client);
  return tracked;
}


/**
 * The PGlite client under a tracked view, for writers that never touch app tables: the job queue's
 * polls write only pgboss.* (every second), and counting them would empty the persona cache each poll.
 * Job handlers write through deps.db, which stays tracked.
 */
export function untracked<T extends object>(client: T): T {
  return (raws.get(client) as T | undefined) ?? client;
}
