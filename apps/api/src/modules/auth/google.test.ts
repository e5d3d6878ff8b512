import { holderIdForHost } from '@shared/brands';
import { brandOrigin } from '../../lib/brand-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../testing/databases';
import { register, confirmByLink, startTestApp, uniqueEmail, v1, type TestApp } from '../../testing/harness';
import { startOidcServer } from '../../testing/oidc-server';

const CLIENT = { id: 'test-client.apps.example', secret: 'test-secret' };

describe.each(DB_KINDS)('Google (OIDC) sign-in on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;
  let idp: Awaited<ReturnType<typeof startOidcServer>>;
  beforeAll(async () => {
    idp = await startOidcServer(CLIENT);
    t = await startTestApp(kind, { env: { GOOGLE_CLIENT_ID: CLIENT.id, GOOGLE_CLIENT_SECRET: CLIENT.secret, GOOGLE_ISSUER: idp.issuer } });
    off = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    await idp.close();
  });

  /** The browser's walk: our start URL → the provider → back to our callback, cookie included. */
  async function walk(origin: string, host = 'localhost:3000') {
    const start = await t.app.inject({ method: 'GET', url: `${v1('/auth/google_oauth2')}?origin=${encodeURIComponent(origin)}`, headers: { host } });
    expect(start.statusCode, start.body).toBe(302);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const atIdp = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(atIdp.headers.get('location')!);
    // Back on the brand's configured origin, whatever Host the start request carried.
    expect(back.origin).toBe(brandOrigin(t.config, holderIdForHost(new URL(origin).host, t.config.brandDomains)));
    return { start, cookie, callback: back.pathname + back.search };
  }

  it('answers google:true in providers when configured, and false with 404 routes when not', async () => {
    expect((await t.app.inject({ method: 'GET', url: v1('/auth/providers') })).json()).toEqual({ google: true });
    expect((await off.app.inject({ method: 'GET', url: v1('/auth/providers') })).json()).toEqual({ google: false });
    const hidden = await off.app.inject({ method: 'GET', url: `${v1('/auth/google_oauth2')}?origin=http://localhost:3000` });
    expect(hidden.statusCode).toBe(404);
    expect((await off.app.inject({ method: 'GET', url: `${v1('/auth/google_oauth2/callback')}?state=x&code=y` })).statusCode).toBe(404);
  });

  it('signs a new user in and hands devise_token_auth parameters to /auth/omniauth', async () => {
    const email = uniqueEmail('google');
    idp.state.currentUser = { sub: `1${Date.now()}`, email, email_verified: true, name: 'Gina Google', picture: 'https://example.com/p.png' };
    const { start, cookie, callback } = await walk('http://brand2.localhost:3000', 'brand2.localhost:3000');
    const authUrl = new URL(String(start.headers.location));
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();

    const done = await t.app.inject({ method: 'GET', url: callback, headers: { host: 'brand2.localhost:3000', cookie } });
    expect(done.statusCode, done.body).toBe(302);
    const to = new URL(String(done.headers.location));
    expect(to.origin + to.pathname).toBe('http://brand2.localhost:3000/auth/omniauth');
    const p = to.searchParams;
    expect(p.get('uid')).toBe(idp.state.currentUser.sub);
    expect(Number(p.get('expiry'))).toBeGreaterThan(Date.now() / 1000);

    const info = await t.app.inject({
      method: 'GET',
      url: v1('/user_info'),
      // On its own brand's host: brands are separate tenants (another brand's host answers 401).
      headers: { host: 'brand2.localhost:3000', 'access-token': p.get('auth_token')!, client: p.get('client_id')!, uid: p.get('uid')!, expiry: p.get('expiry')! },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ email, provider: 'google_oauth2', confirmed: true, name: 'Gina Google', holder_id: 2 });

    // The state is single use.
    expect((await t.app.inject({ method: 'GET', url: callback, headers: { host: 'brand2.localhost:3000', cookie } })).statusCode).toBe(400);
  });

  it('signs an existing email user into the same account', async () => {
    const email = uniqueEmail('both');
    const user = await register(t, email);
    await confirmByLink(t, email);
    idp.state.currentUser = { sub: `2${Date.now()}`, email, email_verified: true };
    const { cookie, callback } = await walk('http://localhost:3000');
    const done = await t.app.inject({ method: 'GET', url: callback, headers: { host: 'localhost:3000', cookie } });
    const p = new URL(String(done.headers.location)).searchParams;
    expect(p.get('uid')).toBe(email);
    const info = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: { 'access-token': p.get('auth_token')!, client: p.get('client_id')!, uid: email, expiry: '1' } });
    expect(info.json().data.id).toBe(user.id);
  });

  it('refuses a foreign origin: never an open redirect', async () => {
    for (const origin of ['https://evil.example', 'javascript:alert(1)', 'http://localhost.evil.example', '//evil.example', 'http://user@brand1.localhost:3000']) {
      const res = await t.app.inject({ method: 'GET', url: `${v1('/auth/google_oauth2')}?origin=${encodeURIComponent(origin)}`, headers: { host: 'localhost:3000' } });
      expect(res.statusCode, origin).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('refuses a callback from another browser (no state cookie) and an unverified email', async () => {
    idp.state.currentUser = { sub: `3${Date.now()}`, email: uniqueEmail('nocookie'), email_verified: true };
    const before = idp.state.tokenRequests;
    const { callback } = await walk('http://localhost:3000');
    const res = await t.app.inject({ method: 'GET', url: callback, headers: { host: 'localhost:3000' } });
    expect(res.headers.location).toBe('http://localhost:3000/auth/signin?oauth_error=state_mismatch');
    expect(idp.state.tokenRequests).toBe(before);

    idp.state.currentUser = { sub: `4${Date.now()}`, email: uniqueEmail('unverified'), email_verified: false };
    const second = await walk('http://localhost:3000');
    const res2 = await t.app.inject({ method: 'GET', url: second.callback, headers: { host: 'localhost:3000', cookie: second.cookie } });
    expect(res2.headers.location).toBe('http://localhost:3000/auth/signin?oauth_error=email_not_verified');
  });
});
