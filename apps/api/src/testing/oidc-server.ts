import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export type OidcUser = { sub: string; email: string; email_verified: boolean; name?: string; picture?: string };

type Grant = { user: OidcUser; clientId: string; redirectUri: string; nonce: string; challenge: string; scope: string };

/**
 * A small OpenID Connect provider on 127.0.0.1 speaking the real wire format: discovery, JWKS,
 * an authorization endpoint that signs in `currentUser` at once, and a token endpoint that checks
 * client secret, redirect URI and PKCE before signing an RS256 id_token. It also speaks the OAuth
 * side mail access needs: every code grant hands out a refresh token, the refresh_token grant renews
 * the access token (invalid_grant once revoked), and `accessTokenValid` tells the mail servers which
 * access tokens are current.
 */
export async function startOidcServer(client: { id: string; secret: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const state = {
    currentUser: null as OidcUser | null,
    tokenRequests: 0,
    refreshRequests: 0,
    /** The query of the last authorization request (scope, PKCE, state…). */
    lastAuthorization: null as Record<string, string> | null,
    /** Seconds an access token lives (expires_in). */
    accessTokenTtl: 3600,
    /** Told of each access token handed out (e.g. to let an IMAP test server accept it). */
    onAccessToken: null as ((email: string, token: string) => void) | null,
  };
  /** access token → its user's email; refresh token → user and whether it still works. */
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, { user: OidcUser; revoked: boolean }>();
  const issueAccess = (user: OidcUser) => {
    const token = `at-${randomBytes(12).toString('hex')}`;
    accessTokens.set(token, user.email);
    state.onAccessToken?.(user.email, token);
    return token;
  };
  let issuer = '';

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return send(res, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      state.lastAuthorization = Object.fromEntries(p);
      const redirect = new URL(p.get('redirect_uri') ?? '');
      if (p.get('client_id') !== client.id || p.get('code_challenge_method') !== 'S256' || !state.currentUser) {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        grants.set(code, { user: state.currentUser, clientId: client.id, redirectUri: redirect.href, nonce: p.get('nonce') ?? '', challenge: p.get('code_challenge') ?? '', scope: p.get('scope') ?? '' });
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: redirect.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        void (async () => {
          state.tokenRequests++;
          const form = new URLSearchParams(raw);
          const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
          const [id, secret] = basic ? basic.split(':').map(decodeURIComponent) : [form.get('client_id'), form.get('client_secret')];
          const grant = grants.get(form.get('code') ?? '');
          grants.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (id !== client.id || secret !== client.secret) return send(res, 401, { error: 'invalid_client' });
          if (form.get('grant_type') === 'refresh_token') {
            state.refreshRequests++;
            const held = refreshTokens.get(form.get('refresh_token') ?? '');
            if (!held || held.revoked) return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
            return send(res, 200, { access_token: issueAccess(held.user), token_type: 'Bearer', expires_in: state.accessTokenTtl }, { 'cache-control': 'no-store' });
          }
          if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) {
            return send(res, 400, { error: 'invalid_grant' });
          }
          const idToken = await new SignJWT({ ...grant.user, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
            .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
            .setIssuer(issuer)
            .setAudience(client.id)
            .setSubject(grant.user.sub)
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(privateKey);
          const refreshToken = `rt-${randomBytes(12).toString('hex')}`;
          refreshTokens.set(refreshToken, { user: grant.user, revoked: false });
          send(
            res,
            200,
            { access_token: issueAccess(grant.user), refresh_token: refreshToken, token_type: 'Bearer', expires_in: state.accessTokenTtl, scope: grant.scope, id_token: idToken },
            { 'cache-control': 'no-store' },
          );
        })();
      });
      return;
    }
    send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    state,
    /** Whether `token` is a current access token of `email` (what a mail server asks the provider). */
    accessTokenValid: (email: string, token: string) => accessTokens.get(token) === email,
    /** The newest access token handed out for `email`. */
    latestAccessToken: (email: string) => [...accessTokens].filter(([, e]) => e === email).at(-1)?.[0] ?? null,
    /** Withdraws every access and refresh token (the user removed the app's access). */
    revokeAll: () => {
      accessTokens.clear();
      for (const r of refreshTokens.values()) r.revoked = true;
    },
    /** Access tokens stop working (they expired), refresh tokens still renew them. */
    expireAccessTokens: () => accessTokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
