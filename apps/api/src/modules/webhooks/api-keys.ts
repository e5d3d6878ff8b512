import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { API_KEYS_MAX, type ApiKey, type CreatedApiKey } from '@shared/schemas/webhooks';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, apiKeys, users, webhookSubscriptions, type ApiKeyRow } from '../../db/schema';
import { holderIdForRequest } from '../../lib/brand-request';
import { randomToken, sha256 } from '../../lib/crypto';
import { notFound, unauthorized, unprocessable } from '../../lib/http-error';
import type { AuthContext } from '../../lib/route';

/**
 * API keys: what Zapier (or any script of the account's) authenticates with. A key is `ak_` and 43 random URL-safe
 * characters (256 bits), shown once when created; only its sha256 is stored (as session tokens are: a key is random,
 * so a slow hash buys nothing), with its first 11 characters to tell keys apart. Sent as `X-API-Key: <key>` or
 * `Authorization: Bearer <key>` (docs/decisions.md "API key header"). A key acts as the user who created it, in
 * their account, on their brand only; revoking it deletes it and the Zapier hooks subscribed with it.
 */

export const API_KEY_MESSAGES = {
  missing: 'An API key is required: send it as X-API-Key or Authorization: Bearer',
  invalid: 'This API key is not valid (it may have been revoked)',
  notFound: 'API key not found',
  tooMany: `An account can have at most ${API_KEYS_MAX} API keys; revoke one first`,
} as const;

const KEY_PREFIX = 'ak_';
const SHOWN_CHARS = 11;

type KeyOwner = { user: { id: number; email: string }; account: { id: number } };

export const toApiKeyJson = (row: ApiKeyRow, createdBy: string | null, subscriptions: number): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  created_by: createdBy,
  subscriptions,
});

export async function listKeys(db: Db, accountId: number): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, email: users.email, hooks: sql<number>`(select count(*)::int from ${webhookSubscriptions} s where s.account_id = ${accountId} and s.api_key_id = ${apiKeys.id})` })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.id));
  return rows.map((r) => toApiKeyJson(r.key, r.email, Number(r.hooks)));
}

/** A new key for the signed-in user's account: the answer is the only time the key is shown. */
export async function createKey(db: Db, auth: KeyOwner, name: string | undefined): Promise<CreatedApiKey> {
  const accountId = auth.account.id;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.accountId, accountId));
  if (Number(n) >= API_KEYS_MAX) throw unprocessable(API_KEY_MESSAGES.tooMany);
  const key = `${KEY_PREFIX}${randomToken(32)}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ accountId, userId: auth.user.id, name: name || 'Zapier', prefix: key.slice(0, SHOWN_CHARS), keyHash: sha256(key) })
    .returning();
  return { ...toApiKeyJson(row!, auth.user.email, 0), api_key: key };
}

/** Revokes (deletes) a key of the account; its Zapier hooks go with it. */
export async function revokeKey(db: Db, accountId: number, id: number): Promise<{ id: number }> {
  const [row] = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  if (!row) throw notFound(API_KEY_MESSAGES.notFound);
  return row;
}

/** Every key of the account revoked (disconnecting Zapier on the integrations page): their Zapier hooks go with them. */
export async function revokeAllKeys(db: Db, accountId: number): Promise<number> {
  const gone = await db.delete(apiKeys).where(eq(apiKeys.accountId, accountId)).returning({ id: apiKeys.id });
  return gone.length;
}

/** The key a request carries: X-API-Key, else a Bearer authorization. */
export function keyOfRequest(req: Pick<FastifyRequest, 'headers'>): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = req.headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m) return m[1]!;
  }
  return null;
}

export type ApiKeyAuth = AuthContext & { apiKey: NonNullable<AuthContext['apiKey']> };

/** The key's user and account on this brand, or null (unknown, revoked, another brand's, or not a key at all). */
export async function authenticateKey(db: Db, key: string, holderId: number): Promise<ApiKeyAuth | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const [row] = await db
    .select({ key: apiKeys, user: users, account: accounts })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), eq(accounts.holderId, holderId), eq(users.accountId, apiKeys.accountId)))
    .limit(1);
  if (!row) return null;
  // Written at most once a minute, so reads stay reads.
  if (Date.now() - (row.key.lastUsedAt?.getTime() ?? 0) > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.key.id));
  }
  return {
    user: row.user,
    account: row.account,
    // Not a session: no client, token or expiry of devise_token_auth's (nothing is echoed back).
    client: `api-key-${row.key.id}`,
    accessToken: '',
    expiresAt: new Date(8.64e15),
    apiKey: { id: row.key.id, name: row.key.name, prefix: row.key.prefix },
  };
}

/** The registry's hook for routes declared `access: 'api_key'` (app.ts): 401 without a valid key, before the body is read. */
export function apiKeyHook(db: Db, config: Config): onRequestHookHandler {
  return (req, _reply, done) => {
    const key = keyOfRequest(req);
    if (!key) return done(unauthorized(API_KEY_MESSAGES.missing));
    authenticateKey(db, key, holderIdForRequest(req, config)).then((found) => {
      if (!found) return done(unauthorized(API_KEY_MESSAGES.invalid));
      req.auth = found;
      done();
    }, done);
  };
}

/** The key behind a request authenticated by one (routes with access 'api_key'). */
export function apiKeyOf(auth: AuthContext): ApiKeyAuth['apiKey'] {
  if (!auth.apiKey) throw unauthorized(API_KEY_MESSAGES.missing);
  return auth.apiKey;
}

