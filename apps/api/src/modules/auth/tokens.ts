import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { TOKEN_LIFESPAN_S } from '@shared/constants';
import type { Db } from '../../db/client';
import { accounts, authTokens, users } from '../../db/schema';
import { randomToken, sameSecret, sha256 } from '../../lib/crypto';
import type { AuthContext } from '../../lib/route';
import { announceSessionChange } from '../../lib/live-events';
import { authCacheKey, cachedAuth, evictUser, rememberAuth } from './auth-cache';

export type IssuedToken = { accessToken: string; client: string; expiresAt: Date };

/** devise_token_auth's response headers for a token. */
export function authHeaders(uid: string, token: IssuedToken): Record<string, string> {
  return {
    'access-token': token.accessToken,
    'token-type': 'Bearer',
    client: token.client,
    expiry: String(Math.floor(token.expiresAt.getTime() / 1000)),
    uid,
  };
}

/** A fresh token for a new client (device); only its sha256 is stored. */
export async function issueToken(db: Db, userId: number): Promise<IssuedToken> {
  const token = { accessToken: randomToken(), client: randomToken(16), expiresAt: new Date(Date.now() + TOKEN_LIFESPAN_S * 1000) };
  await db.insert(authTokens).values({ userId, client: token.client, tokenHash: sha256(token.accessToken), expiresAt: token.expiresAt });
  // Expired tokens of this user are useless; drop them so the table does not grow per sign-in.
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), lt(authTokens.expiresAt, new Date())));
  return token;
}

type AuthHeaders = { accessToken?: string; client?: string; uid?: string };

/** Headers that cannot name a session (missing or oversized): refused without a lookup. */
const unusable = ({ accessToken, client, uid }: AuthHeaders) =>
  !accessToken || !client || !uid || accessToken.length > 200 || client.length > 200 || uid.length > 320;

// The token itself keys the in-memory cache (the entry holds it anyway): a hit costs no hashing.
const keyOf = (headers: AuthHeaders, holderId: number) => authCacheKey(headers.accessToken!, headers.client!, `${holderId}\u0000${headers.uid}`);

/**
 * The session a recent request of these headers validated, still in the cache: synchronous, so the hot path
 * of an authenticated request creates no promise (request-hook.ts). Undefined: ask `authenticate`.
 */
export function authenticateCached(db: Db, headers: AuthHeaders, holderId: number): AuthContext | null | undefined {
  if (unusable(headers)) return null;
  return cachedAuth(db, keyOf(headers, holderId)) ?? undefined;
}

/**
 * The user behind the four auth headers on the request's brand (holderId), or null when any is
 * missing, wrong or expired, or the token belongs to another brand's account (brands are separate tenants).
 */
export async function authenticate(db: Db, headers: AuthHeaders, holderId: number, cacheTtlMs = 0): Promise<AuthContext | null> {
  if (unusable(headers)) return null;
  const { accessToken, client, uid } = headers as Required<AuthHeaders>;
  const key = keyOf(headers, holderId);
  const cached = cachedAuth(db, key);
  if (cached) return cached;
  // One query: this runs on every authenticated request.
  const [row] = await db
    .select({ user: users, account: accounts, token: authTokens })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.holderId, holderId), eq(users.uid, uid), eq(authTokens.client, client)))
    .limit(1);
  if (!row || !sameSecret(row.token.tokenHash, sha256(accessToken))) return null;
  if (row.token.expiresAt.getTime() <= Date.now()) return null;
  const lastUsed = row.token.lastUsedAt?.getTime() ?? 0;
  // Written at most once a minute, so reads stay reads.
  if (Date.now() - lastUsed > 60_000) {
    await db.update(authTokens).set({ lastUsedAt: sql`now()` }).where(eq(authTokens.id, row.token.id));
  }
  const ctx = { user: row.user, account: row.account, client, accessToken, expiresAt: row.token.expiresAt };
  rememberAuth(db, key, ctx, cacheTtlMs);
  return ctx;
}

// Each revocation also tells every instance (announceSessionChange): their caches drop the user's entries
// and the user's open cable connections check their tokens again, closing at once when refused.

export async function revokeToken(db: Db, userId: number, client: string): Promise<void> {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.client, client)));
  evictUser(db, userId);
  await announceSessionChange(db, userId);
}

export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  evictUser(db, userId);
  await announceSessionChange(db, userId);
}

export async function revokeOtherTokens(db: Db, userId: number, keepClient: string): Promise<void> {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), ne(authTokens.client, keepClient)));
  evictUser(db, userId);
  await announceSessionChange(db, userId);
}
