import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRoute } from './lib/route';
import { routes } from './routes';
import { DB_KINDS } from './testing/databases';
import { signedInUser, signIn, startTestApp, v1, type AuthHeaders, type TestApp } from './testing/harness';

const key = (r: Pick<AppRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
const fillParams = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

/**
 * For every route that touches a user's or an account's rows: proof that user B cannot read or
 * change user A's data through it. A route added with owner 'self' or 'account' must add its probe.
 */
const ownershipProbes: Record<string, Probe> = {
  'GET /api/v1/user_info': async (t, a, b) => {
    const res = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: b.headers });
    expect(res.json().data.email).toBe(b.email);
    expect(res.body).not.toContain(a.email);
  },
  'PUT /api/v1/users': async (t, a, b) => {
    const steal = await t.app.inject({ method: 'PUT', url: v1('/users'), headers: b.headers, payload: { email: a.email } });
    expect(steal.statusCode).toBe(422);
    await t.app.inject({ method: 'PUT', url: v1('/users'), headers: b.headers, payload: { name: 'Changed by B' } });
    const aInfo = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers });
    expect(aInfo.json().data).toMatchObject({ email: a.email, name: null });
  },
  'DELETE /api/v1/auth/sign_out': async (t, a, b) => {
    const fresh = await signIn(t, b.email, b.password);
    expect((await t.app.inject({ method: 'DELETE', url: v1('/auth/sign_out'), headers: fresh })).statusCode).toBe(200);
    // B's sign-out with A's client id revokes nothing of A's.
    await t.app.inject({ method: 'DELETE', url: v1('/auth/sign_out'), headers: { ...b.headers, client: a.headers.client } });
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).statusCode).toBe(200);
  },
  'PUT /api/v1/auth/password': async (t, a, b) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      headers: b.headers,
      payload: { current_password: a.password, password: 'taken-over-1', password_confirmation: 'taken-over-1' },
    });
    // A's password is B's too here; the change still applies to B only.
    expect(res.statusCode).toBe(200);
    await signIn(t, a.email, a.password);
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).statusCode).toBe(200);
  },
};

describe('the route registry', () => {
  it('declares access, owner and a summary for every route, each method+url once', () => {
    const seen = new Set<string>();
    for (const r of routes) {
      expect(['public', 'optional', 'user'], key(r)).toContain(r.access);
      expect(['none', 'self', 'account'], key(r)).toContain(r.owner);
      expect(r.summary, key(r)).toBeTruthy();
      expect(seen.has(key(r)), `${key(r)} declared twice`).toBe(false);
      seen.add(key(r));
      if (r.access === 'public') expect(r.owner, `${key(r)}: a public route cannot own rows`).toBe('none');
    }
  });

  it('has an ownership probe for every route that touches a user or account', () => {
    const owned = routes.filter((r) => r.owner !== 'none').map(key);
    expect(owned.filter((k) => !ownershipProbes[k])).toEqual([]);
  });
});

describe.each(DB_KINDS)('every route on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let b: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    a = await signedInUser(t, 'owner-a');
    b = await signedInUser(t, 'owner-b');
  });
  afterAll(() => t.close());

  const bogus = (h: AuthHeaders): Record<string, Record<string, string>> => ({
    'no headers': {},
    'a bogus token': { ...h, 'access-token': 'bogus-token' },
    'another client': { ...h, client: 'someone-elses-client' },
    'a missing uid': { 'access-token': h['access-token'], client: h.client, expiry: h.expiry },
  });

  it.each(routes.filter((r) => r.access === 'user').map((r) => [key(r), r] as const))('%s answers 401 without valid auth', async (_name, r) => {
    for (const [why, headers] of Object.entries(bogus(a.headers))) {
      const res = await t.app.inject({
        method: r.method,
        url: fillParams(r.url),
        headers,
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${why}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ errors: ['You need to sign in or sign up before continuing.'] });
      expect(res.headers['access-token']).toBeUndefined();
    }
  });

  it.each(Object.entries(ownershipProbes))('%s keeps user A’s data from user B', async (_name, probe) => {
    await probe(t, a, b);
  });
});
