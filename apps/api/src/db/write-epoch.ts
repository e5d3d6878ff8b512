import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's write epoch: a number that changes after every statement that may write.
 *
 * PGlite lives in this process (the data-folder lock allows one process per folder), so every write
 * to it passes through here and an in-process cache may be trusted as long as the epoch has not moved:
 * read the epoch, run the query, keep the answer under that epoch; any later write invalidates it. A
 * statement counts as a write unless it is a plain SELECT; a multi-statement `exec` and a transaction
 * always count.
 *
 * On PostgreSQL other API instances write too: there the epoch also moves on every `app_changes`
 * notification (sent at commit by statement triggers on the tables a cache reads, migration 0011), and
 * it is null (no caching) while the listening connection is down. This instance's own writes move it
 * when they complete, as on PGlite; another instance's write reaches it within the notification's delay
 * (milliseconds on one server), so a cached answer may trail another instance's commit by that much.
 */
type Epoch = { value: number; live: boolean };
const epochs = new WeakMap<object, Epoch>();
const raws = new WeakMap<object, object>();

const READ_ONLY = /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*select\b/i;

/** The epoch of a database opened with `trackWrites`, or null where writes cannot all be seen (PostgreSQL). */
export function writeEpoch(db: object): number | null {
  const epoch = epochs.get(db);
  return epoch?.live ? epoch.value : null;
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
  const epoch: Epoch = { value: 0, live: true };
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

type PgQueryable = { query: (...args: never[]) => unknown };
const textOf = (first: unknown): string => (typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? ''));

/**
 * A view of a node-postgres pool whose epoch moves after each of this process's statements that may
 * write (on the pool and on the clients `connect()` hands out: a transaction's COMMIT counts), and on
 * each `app_changes` notification from any instance, heard on a connection of its own (`listen`).
 * The epoch is null until that connection listens and whenever it is lost; it reconnects by itself.
 */
export function trackPoolWrites<T extends PgQueryable & { connect: (...args: never[]) => unknown }>(
  pool: T,
  listen: () => Promise<{ onNotification(fn: () => void): void; onLost(fn: () => void): void; close(): Promise<void> }>,
  options: { retryMs?: number; log?: (message: string) => void } = {},
): { tracked: T; stop(): Promise<void> } {
  const epoch: Epoch = { value: 0, live: false };
  const bump = () => void epoch.value++;
  const afterQuery = (fn: (...a: unknown[]) => unknown, target: object, args: unknown[]) => {
    const out = fn.apply(target, args);
    if (READ_ONLY.test(textOf(args[0])) || !(out instanceof Promise)) return out;
    return out.finally(bump);
  };
  const wrapClient = <C extends PgQueryable>(client: C): C =>
    new Proxy(client, {
      get(t, prop) {
        const v = Reflect.get(t, prop) as unknown;
        if (prop === 'query' && typeof v === 'function') return (...args: unknown[]) => afterQuery(v as (...a: unknown[]) => unknown, t, args);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
      },
    });
  const tracked = new Proxy(pool, {
    get(t, prop) {
      const v = Reflect.get(t, prop) as unknown;
      if (typeof v !== 'function') return v;
      const fn = v as (...a: unknown[]) => unknown;
      if (prop === 'query') return (...args: unknown[]) => afterQuery(fn, t, args);
      if (prop === 'connect') {
        return (...args: unknown[]) => (args.length > 0 ? fn.apply(t, args) : (fn.call(t) as Promise<PgQueryable>).then((c) => wrapClient(c)));
      }
      return fn.bind(t);
    },
  });
  epochs.set(tracked, epoch);
  raws.set(tracked, pool);

  let stopped = false;
  let listener: Awaited<ReturnType<typeof listen>> | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    retry = null;
    try {
      const l = await listen();
      if (stopped) return void (await l.close().catch(() => {}));
      listener = l;
      l.onNotification(bump);
      l.onLost(() => {
        // Changes may go unheard from now on: no caching until listening again.
        epoch.live = false;
        bump();
        listener = null;
        if (!stopped) retry = setTimeout(() => void connect(), options.retryMs ?? 1000).unref();
      });
      bump();
      epoch.live = true;
    } catch (err) {
      options.log?.(`Listening for app changes failed (${(err as Error).message}); caches stay off until it works`);
      if (!stopped) retry = setTimeout(() => void connect(), options.retryMs ?? 1000).unref();
    }
  };
  const started = connect();
  return {
    tracked,
    stop: async () => {
      stopped = true;
      epoch.live = false;
      if (retry) clearTimeout(retry);
      await started;
      await listener?.close().catch(() => {});
    },
  };
}
