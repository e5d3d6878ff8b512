import { writeEpoch } from './write-epoch';

/**
 * Answers kept while the database's write epoch stands (write-epoch.ts): any write of this process, and on
 * PostgreSQL any instance's change to a table with an `app_changes` trigger (migrations 0011 and
 * inbox_change_notify), drops them all. While PostgreSQL's change feed is not heard the epoch is null and
 * nothing is kept. Only for answers computed from tables that announce their changes.
 */
export class EpochCache<T> {
  private readonly caches = new WeakMap<object, { epoch: number; entries: Map<string, T> }>();

  constructor(private readonly max = 2000) {}

  async get(db: object, key: string, compute: () => Promise<T>): Promise<T> {
    // Read before the query: a write that lands meanwhile leaves this answer under an old epoch, unused.
    const epoch = writeEpoch(db);
    if (epoch === null) return compute();
    let cache = this.caches.get(db);
    if (!cache || cache.epoch !== epoch) this.caches.set(db, (cache = { epoch, entries: new Map() }));
    const hit = cache.entries.get(key);
    if (hit !== undefined) return hit;
    const fresh = await compute();
    if (writeEpoch(db) === epoch && this.caches.get(db) === cache) {
      if (cache.entries.size >= this.max) cache.entries.clear();
      cache.entries.set(key, fresh);
    }
    return fresh;
  }
}
