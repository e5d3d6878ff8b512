import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export type OidcUser = { sub: string; email: string; email_verified: boolean; name?: string; picture?: string };

type Grant = { user: OidcUser; clientId: string; redirectUri: string; nonce: string; challenge: string };

/**
 * A small OpenID Connect provider on 127.0.0.1 speaking the real wire format: discovery, JWKS,
 * an authorization endpoint that signs in `currentUser` at once, and a token endpoint that checks
 * client secret, redirect URI and PKCE before signing an RS256 id_token.
 */
export async function startOidcServer(client: { id: string; secret: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const state = { currentUser: null as OidcUser | null, tokenRequests: 0 };
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
      const redirect = new URL(p.get('redirect_uri') ?? '');
      if (p.get('client_id') !== client.id || p.get('code_challenge_method') !== 'S256' || !state.currentUser) {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        grants.set(code, { user: state.currentUser, clientId: client.id, redirectUri: redirect.href, nonce: p.get('nonce') ?? '', challenge: p.get('code_challenge') ?? '' });
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
          if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) {
            return send(res, 400, { error: 'invalid_grant' });
          }
          const idToken = await new SignJWT({ ...grant.user, nonce: grant.nonce })
            .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
            .setIssuer(issuer)
            .setAudience(client.id)
            .setSubject(grant.user.sub)
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(privateKey);
          send(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken }, { 'cache-control': 'no-store' });
        })();
      });
      return;
    }
    send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
