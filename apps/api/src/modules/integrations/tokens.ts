import { and, eq } from 'drizzle-orm';
import { INTEGRATION_PROVIDER_LABELS } from '@shared/schemas/integrations';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { integrations, type IntegrationRow } from '../../db/schema';
import { SecretBoxError } from '../../lib/secret-box';
import type { Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { credentialsBox } from '../mailboxes/credentials';
import { OAuthGrantError, type IntegrationProvider, type TokenGrant } from './providers';

/**
 * The integration's tokens: sealed at rest as mailbox passwords are (the same key, MAIL_CREDENTIALS_KEY; associated
 * data binds each to its row and kind), renewed before they expire in one place (every vendor request asks here), and a
 * refused renewal marks the integration "needs reconnect" and notifies the account (activity integration_needs_reconnect).
 */

/** A token this close to its expiry is renewed first: a request must not outlive it. */
export const REFRESH_MARGIN_MS = 2 * 60 * 1000;

type KeyConfig = Pick<Config, 'mailCredentialsKey' | 'dataDir'>;
type TokenKind = 'access_token' | 'refresh_token';
const contextOf = (row: Pick<IntegrationRow, 'accountId' | 'id'>, kind: TokenKind) => `integrations:${row.accountId}:${row.id}:${kind}`;

export const sealToken = (config: KeyConfig, row: Pick<IntegrationRow, 'accountId' | 'id'>, kind: TokenKind, plain: string) => credentialsBox(config).seal(plain, contextOf(row, kind));

export function openToken(config: KeyConfig, row: IntegrationRow, kind: TokenKind): string | null {
  const sealed = kind === 'access_token' ? row.accessToken : row.refreshToken;
  if (!sealed) return null;
  try {
    return credentialsBox(config).open(sealed, contextOf(row, kind));
  } catch (err) {
    if (err instanceof SecretBoxError) return null;
    throw err;
  }
}

/** Stores a grant's tokens (sealed) and what it told about the vendor account. */
export async function storeGrant(db: Db, config: KeyConfig, row: Pick<IntegrationRow, 'accountId' | 'id'>, grant: TokenGrant, now: Date): Promise<void> {
  await db
    .update(integrations)
    .set({
      accessToken: sealToken(config, row, 'access_token', grant.accessToken),
      ...(grant.refreshToken ? { refreshToken: sealToken(config, row, 'refresh_token', grant.refreshToken) } : {}),
      tokenExpiresAt: grant.expiresAt,
      ...(grant.scopes !== undefined ? { scopes: grant.scopes } : {}),
      ...(grant.vendorAccountId ? { vendorAccountId: grant.vendorAccountId } : {}),
      ...(grant.vendorAccountName ? { vendorAccountName: grant.vendorAccountName } : {}),
      ...(grant.instanceUrl ? { instanceUrl: grant.instanceUrl } : {}),
      updatedAt: now,
    })
    .where(and(eq(integrations.accountId, row.accountId), eq(integrations.id, row.id)));
}

/** The user must connect again: the integration says so with the vendor's words, and the account is notified once. */
export async function markNeedsReconnect(db: Db, row: Pick<IntegrationRow, 'accountId' | 'id' | 'provider' | 'status'>, message: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(integrations)
      .set({ status: 'needs_reconnect', statusMessage: message.slice(0, 500), updatedAt: now })
      .where(and(eq(integrations.accountId, row.accountId), eq(integrations.id, row.id)));
    if (row.status !== 'needs_reconnect') {
      await recordActivity(tx, {
        accountId: row.accountId,
        actorType: 'system',
        verb: 'integration_needs_reconnect',
        payload: { integration_id: row.id, provider: row.provider, label: INTEGRATION_PROVIDER_LABELS[row.provider], reason: message.slice(0, 300) },
      });
    }
  });
}

export class NeedsReconnectError extends Error {
  constructor(readonly provider: IntegrationRow['provider'], message: string) {
    super(message);
    this.name = 'NeedsReconnectError';
  }
}

const fresh = (expiresAt: Date | null, now: Date) => expiresAt === null || expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime();

// One renewal at a time per integration in this process; the row lock below covers other processes.
const inFlight = new Map<number, Promise<string>>();

/**
 * A current access token of the integration at `now`: the stored one while it is fresh, else renewed with the refresh
 * token (force: renew even so, after the vendor answered 401). A refused renewal marks it "needs reconnect".
 */
export function accessTokenFor(deps: Deps, provider: IntegrationProvider, row: IntegrationRow, now: Date, options: { force?: boolean } = {}): Promise<string> {
  const running = inFlight.get(row.id);
  if (running) return running;
  const work = renew(deps, provider, row, now, options.force ?? false).finally(() => inFlight.delete(row.id));
  inFlight.set(row.id, work);
  return work;
}

async function renew(deps: Deps, provider: IntegrationProvider, row: IntegrationRow, now: Date, force: boolean): Promise<string> {
  const label = INTEGRATION_PROVIDER_LABELS[row.provider];
  if (row.status === 'needs_reconnect') throw new NeedsReconnectError(row.provider, row.statusMessage ?? `${label} access was withdrawn: reconnect`);
  const current = openToken(deps.config, row, 'access_token');
  if (current && !force && fresh(row.tokenExpiresAt, now)) return current;
  if (!provider.oauth) {
    if (current) return current;
    throw new NeedsReconnectError(row.provider, `The stored ${label} token does not open: connect ${label} again`);
  }
  let refused = null as string | null;
  const token = await deps.db.transaction(async (tx) => {
    // The row is the lock: another process renewing this integration waits here, then finds a fresh token.
    const [locked] = await tx
      .select()
      .from(integrations)
      .where(and(eq(integrations.accountId, row.accountId), eq(integrations.id, row.id)))
      .for('update');
    if (!locked) throw new NeedsReconnectError(row.provider, `${label} was disconnected`);
    const again = openToken(deps.config, locked, 'access_token');
    if (again && fresh(locked.tokenExpiresAt, now) && (!force || locked.accessToken !== row.accessToken)) return again;
    const refreshToken = openToken(deps.config, locked, 'refresh_token');
    if (!refreshToken) {
      refused = `No ${label} refresh token is stored: reconnect ${label}`;
      return null;
    }
    try {
      const grant = await provider.oauth!.refresh(deps, locked, refreshToken);
      await storeGrant(tx, deps.config, locked, grant, now);
      return grant.accessToken;
    } catch (err) {
      if (err instanceof OAuthGrantError && err.refused) {
        refused = `${label} refused to renew access (${err.message}): reconnect ${label}`;
        return null;
      }
      throw err;
    }
  });
  if (refused !== null) {
    await markNeedsReconnect(deps.db, row, refused, now);
    throw new NeedsReconnectError(row.provider, refused);
  }
  return token!;
}
