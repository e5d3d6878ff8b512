import { createHash, createHmac, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Config, MailOAuthProvider, MailOAuthProviderConfig } from '../../config';
import { signedState } from '../../lib/signed-state';
import { MAIL_KEY_FILE } from './credentials';

/**
 * Connecting a mailbox by OAuth (XOAUTH2) with Google or Microsoft: the authorization URL (PKCE, a
 * signed state), the code exchange and the refresh_token grant, spoken as plain OAuth 2.0 against the
 * configured endpoints (config.mailOAuth), so tests point them at a loopback server.
 */

/** Mail over IMAP and SMTP, plus who the mailbox is (openid email). */
export const MAIL_OAUTH_SCOPES: Record<MailOAuthProvider, string> = {
  google: 'https://mail.google.com/ openid email',
  microsoft: 'https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All offline_access openid email',
};

/** What the user reads when the provider refuses the refresh token: the access was withdrawn. */
export const REVOKED_REASON: Record<MailOAuthProvider, string> = {
  google: 'Google access was revoked: reconnect',
  microsoft: 'Microsoft access was revoked: reconnect',
};

export const MAIL_OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
const TOKEN_TIMEOUT_MS = 15_000;

export type MailOAuthState = { accountId: number; userId: number; holderId: number; provider: MailOAuthProvider; nonce: string; expiresAt: number };

const stateCodec = signedState<MailOAuthState>(
  'mail oauth state v1',
  MAIL_KEY_FILE,
  (s) => Number.isInteger(s.accountId) && Number.isInteger(s.userId) && typeof s.nonce === 'string' && (s.provider === 'google' || s.provider === 'microsoft'),
);
const keyOf = stateCodec.key;

/**
 * The state parameter: who started (account, user, brand), which provider, until when, signed (HMAC).
 * Its nonce is also kept in a cookie of the browser that started, and the PKCE verifier is derived from
 * it, so nothing is stored server-side between the two legs.
 */
export const signState = stateCodec.sign;

/** The state when its signature holds (expiry is the caller's to check, to say "expired"); else null. */
export const verifyState = stateCodec.verify;

export const newNonce = () => randomBytes(24).toString('base64url');

/** The PKCE verifier of an attempt, derived from its nonce with the server key (43 characters, RFC 7636). */
export const pkceVerifier = (config: Pick<Config, 'mailCredentialsKey' | 'dataDir'>, nonce: string) =>
  createHmac('sha256', keyOf(config)).update(`pkce:${nonce}`).digest('base64url');

const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function authorizationUrl(cfg: MailOAuthProviderConfig, provider: MailOAuthProvider, redirectUri: string, state: string, verifier: string): string {
  const url = new URL(cfg.authorizationUrl);
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', MAIL_OAUTH_SCOPES[provider]);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', pkceChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (provider === 'google') {
    // A refresh token is given only with offline access, and again only when consent is asked again.
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
  } else {
    url.searchParams.set('prompt', 'select_account');
  }
  return url.href;
}

/** The provider said no to a grant (invalid_grant: the refresh token is revoked or expired). */
export class OAuthGrantError extends Error {
  constructor(
    readonly error: string,
    readonly description: string | null,
  ) {
    super(`${error}${description ? `: ${description}` : ''}`);
    this.name = 'OAuthGrantError';
  }
}

export type TokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date; idToken: string | null };

async function tokenRequest(cfg: MailOAuthProviderConfig, form: Record<string, string>, now: Date): Promise<TokenSet> {
  const res = await fetch(cfg.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ ...form, client_id: cfg.clientId, client_secret: cfg.clientSecret }),
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body || typeof body.access_token !== 'string') {
    const error = typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`;
    throw new OAuthGrantError(error, typeof body?.error_description === 'string' ? body.error_description.slice(0, 300) : null);
  }
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 3600);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: new Date(now.getTime() + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000),
    idToken: typeof body.id_token === 'string' ? body.id_token : null,
  };
}

export const exchangeCode = (cfg: MailOAuthProviderConfig, code: string, redirectUri: string, verifier: string, now: Date) =>
  tokenRequest(cfg, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }, now);

export const refreshAccessToken = (cfg: MailOAuthProviderConfig, provider: MailOAuthProvider, refreshToken: string, now: Date) =>
  tokenRequest(cfg, { grant_type: 'refresh_token', refresh_token: refreshToken, ...(provider === 'microsoft' ? { scope: MAIL_OAUTH_SCOPES.microsoft } : {}) }, now);

/**
 * The mailbox's address and name from the id_token. It came straight from the token endpoint over the
 * connection we opened, so its signature need not be checked (OpenID Connect Core 3.1.3.7); the audience must
 * still be our client.
 */
export function identityOf(cfg: MailOAuthProviderConfig, idToken: string | null): { email: string | null; name: string | null } {
  if (!idToken) return { email: null, name: null };
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwt(idToken);
  } catch {
    return { email: null, name: null };
  }
  const aud = claims.aud;
  if (!(aud === cfg.clientId || (Array.isArray(aud) && aud.includes(cfg.clientId)))) return { email: null, name: null };
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  // Microsoft puts the sign-in address in preferred_username when the email claim is absent.
  const email = str(claims.email) ?? (str(claims.preferred_username)?.includes('@') ? str(claims.preferred_username) : null);
  if (email && claims.email_verified === false) return { email: null, name: str(claims.name) };
  return { email: email?.toLowerCase() ?? null, name: str(claims.name) };
}
