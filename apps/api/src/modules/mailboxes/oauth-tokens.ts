import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { UserEmailRow } from '../../db/schema';
import { holdMailbox } from './mailbox-status';
import { OAuthGrantError, refreshAccessToken, REVOKED_REASON } from './oauth';
import { readCredential, setCredentialState, storeCredential } from './credentials';

/** A token this close to its expiry is renewed first: a send or an IMAP session must not outlive it. */
export const REFRESH_MARGIN_MS = 2 * 60 * 1000;

export type TokenDeps = { db: Db; config: Pick<Config, 'mailCredentialsKey' | 'dataDir' | 'mailOAuth'> };

export type AccessTokenAnswer =
  | { ok: true; accessToken: string; refreshed: boolean }
  /** revoked: the provider refused the refresh token; the mailbox is now failing (and the user notified). */
  | { ok: false; revoked: boolean; error: string };

// One refresh at a time per mailbox in this process; the row lock below covers other processes.
const inFlight = new Map<number, Promise<AccessTokenAnswer>>();

/**
 * The access token of an XOAUTH2 mailbox for a session starting at `now`, renewed with the refresh
 * token when it has expired (or is about to). A refused refresh (invalid_grant) marks the mailbox failing
 * with "<Provider> access was revoked: reconnect", which notifies as every failing mailbox does.
 */
export function accessTokenOf(deps: TokenDeps, mailbox: Pick<UserEmailRow, 'id' | 'accountId' | 'email' | 'oauthProvider'>, now: Date): Promise<AccessTokenAnswer> {
  const running = inFlight.get(mailbox.id);
  if (running) return running;
  const work = renew(deps, mailbox, now).finally(() => inFlight.delete(mailbox.id));
  inFlight.set(mailbox.id, work);
  return work;
}

const fresh = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime();

async function renew(deps: TokenDeps, mailbox: Pick<UserEmailRow, 'id' | 'accountId' | 'email' | 'oauthProvider'>, now: Date): Promise<AccessTokenAnswer> {
  const { accountId, id } = mailbox;
  const provider = mailbox.oauthProvider;
  if (!provider) return { ok: false, revoked: false, error: 'This mailbox is not connected by OAuth' };
  const current = await readCredential(deps.db, deps.config, accountId, id, 'oauth_access_token');
  if (current.ok && fresh(current.expiresAt, now)) return { ok: true, accessToken: current.secret, refreshed: false };
  const cfg = deps.config.mailOAuth[provider];
  if (!cfg) return { ok: false, revoked: false, error: `${provider === 'google' ? 'Google' : 'Microsoft'} mail access is not configured on this server` };

  let revoked = false;
  const answer = await deps.db.transaction(async (tx): Promise<AccessTokenAnswer> => {
    // The refresh token's row is the lock: another process renewing this mailbox waits here, then finds a fresh token.
    const refresh = await readCredential(tx, deps.config, accountId, id, 'oauth_refresh_token', { forUpdate: true });
    if (!refresh.ok) return { ok: false, revoked: false, error: refresh.error };
    const again = await readCredential(tx, deps.config, accountId, id, 'oauth_access_token');
    if (again.ok && fresh(again.expiresAt, now)) return { ok: true, accessToken: again.secret, refreshed: false };
    try {
      const tokens = await refreshAccessToken(cfg, provider, refresh.secret, now);
      await storeCredential(tx, deps.config, accountId, id, 'oauth_access_token', tokens.accessToken, { state: 'valid', error: null }, tokens.expiresAt);
      // Microsoft hands out a new refresh token with each renewal; the old one stops working later.
      if (tokens.refreshToken) await storeCredential(tx, deps.config, accountId, id, 'oauth_refresh_token', tokens.refreshToken, { state: 'valid', error: null });
      return { ok: true, accessToken: tokens.accessToken, refreshed: true };
    } catch (err) {
      if (err instanceof OAuthGrantError && err.error === 'invalid_grant') {
        revoked = true;
        for (const kind of ['oauth_refresh_token', 'oauth_access_token'] as const) {
          await setCredentialState(tx, accountId, id, kind, { state: 'invalid', error: REVOKED_REASON[provider] });
        }
        return { ok: false, revoked: true, error: REVOKED_REASON[provider] };
      }
      const why = err instanceof OAuthGrantError ? err.message : (err as Error).message;
      return { ok: false, revoked: false, error: `The access token could not be renewed: ${why}` };
    }
  });
  if (revoked) await holdMailbox(deps.db, mailbox, 'failing', REVOKED_REASON[provider], null);
  return answer;
}

export type SignIn = { ok: true; password: string; accessToken?: string } | { ok: false; revoked: boolean; error: string };

/**
 * How a mailbox signs in to its SMTP or IMAP server for a session starting at `now`: its stored password,
 * or (XOAUTH2) a current access token. The error names what is missing, for the mailbox's status reason.
 */
export async function signInOf(
  deps: TokenDeps,
  mailbox: Pick<UserEmailRow, 'id' | 'accountId' | 'email' | 'authMethod' | 'oauthProvider'>,
  side: 'smtp' | 'imap',
  now: Date,
): Promise<SignIn> {
  if (mailbox.authMethod === 'xoauth2') {
    const token = await accessTokenOf(deps, mailbox, now);
    return token.ok ? { ok: true, password: '', accessToken: token.accessToken } : token;
  }
  const stored = await readCredential(deps.db, deps.config, mailbox.accountId, mailbox.id, side === 'smtp' ? 'smtp_password' : 'imap_password');
  return stored.ok ? { ok: true, password: stored.secret } : { ok: false, revoked: false, error: `${side === 'smtp' ? 'SMTP' : 'IMAP'} password: ${stored.error}` };
}
