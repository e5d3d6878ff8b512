import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/route';

type Entry = { ctx: AuthContext; until: number };

/**
 * Validated tokens, remembered for a few seconds per database, so the hot path of an authenticated
 * request does not query at all. Every write that can change what a cached entry says (token
 * revocation, user updates) evicts that user's entries here at once; other API instances see such a
 * change within the TTL. Code that changes an account's row must call evictAccount as well.
 */
const caches = new WeakMap<Db, Map<string, Entry>>();

const forDb = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
};

export const authCacheKey = (accessToken: string, client: string, uid: string) => `${uid}\u0000${client}\u0000${accessToken}`;

export function cachedAuth(db: Db, key: string): AuthContext | null {
  const cache = forDb(db);
  const hit = cache.get(key);
  if (!hit) return null;
  if (hit.until <= Date.now() || hit.ctx.expiresAt.getTime() <= Date.now()) {
    cache.delete(key);
    return null;
  }
  return hit.ctx;
}

export function rememberAuth(db: Db, key: string, ctx: AuthContext, ttlMs: number): void {
  if (ttlMs <= 0) return;
  const cache = forDb(db);
  // Bounded: a flood of distinct tokens cannot grow memory without limit.
  if (cache.size >= 10_000) cache.clear();
  cache.set(key, { ctx, until: Date.now() + ttlMs });
}

export function evictUser(db: Db, userId: number): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const [key, entry] of cache) if (entry.ctx.user.id === userId) cache.delete(key);
}

export function evictAccount(db: Db, accountId: number): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const [key, entry] of cache) if (entry.ctx.account.id === accountId) cache.delete(key);
}
