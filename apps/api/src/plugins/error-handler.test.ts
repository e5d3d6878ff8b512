import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { AppRoute } from '../lib/route';
import { issueToken, authHeaders } from '../modules/auth/tokens';
import { routes } from '../routes';
import { DB_KINDS, PGLITE_PASS } from '../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../testing/harness';

type Garbage = { name: string; request: Omit<InjectOptions, 'method' | 'url'>; query?: string };

const json = { 'content-type': 'application/json' };
const GARBAGE: Garbage[] = [
  { name: 'malformed JSON', request: { headers: json, payload: '{"email": "a@b.c", ' } },
  { name: 'an empty JSON body', request: { headers: json, payload: '' } },
  { name: 'an array instead of an object', request: { headers: json, payload: '[1,2,3]' } },
  { name: 'a JSON string', request: { headers: json, payload: '"hello"' } },
  { name: 'JSON null', request: { headers: json, payload: 'null' } },
  { name: 'wrong types', request: { payload: { email: { $ne: 1 }, password: [1], code: 123456, name: 42, phone: true, image: {} } } },
  { name: 'unknown fields', request: { payload: { zzz: 1, admin: true, account_id: 1 } } },
  { name: 'huge strings', request: { payload: { email: `${'a'.repeat(200_000)}@x.io`, password: 'p'.repeat(200_000), name: 'n'.repeat(200_000) } } },
  { name: 'a body over 1 MB', request: { headers: json, payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }) } },
  { name: 'text/plain', request: { headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.c' } },
  { name: 'form encoding', request: { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a%40b.c' } },
  { name: 'a bogus content-type', request: { headers: { 'content-type': 'application/json; charset=klingon' }, payload: '{}' } },
  { name: 'deep nesting', request: { headers: json, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` } },
  { name: 'query garbage', request: {}, query: '?confirmation_token[]=x&origin[a]=1&zzz=%00%ff&state=' },
  { name: 'a huge query', request: {}, query: `?confirmation_token=${'t'.repeat(50_000)}&origin=${'o'.repeat(5000)}` },
];

const fill = (url: string) => url.replace(/:[A-Za-z_]+/g, 'not-a-number');

/** Never a 500 for a client's mistake: throw garbage at every route, signed in or not. */
describe.each(DB_KINDS)('garbage input on %s', (kind) => {
  let t: TestApp;
  let userId: number;
  let uid: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const u = await signedInUser(t, 'garbage');
    userId = u.user.id;
    uid = u.user.uid;
  });
  afterAll(() => t.close());

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s answers every garbage input with a 4xx JSON error (a public page: a 4xx page) or succeeds', async (_n, r: AppRoute) => {
    for (const g of GARBAGE) {
      // A fresh token each time: a garbage call may legitimately sign out.
      const headers = { ...authHeaders(uid, await issueToken(t.db.db, userId)), ...(g.request.headers as Record<string, string>) };
      const res = await t.app.inject({ method: r.method, url: fill(r.url) + (g.query ?? ''), ...g.request, headers });
      expect(res.statusCode, `${g.name}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('text/html')) {
        // A page people open from an email (the unsubscribe link) answers their mistakes with a page.
        expect(r.access, `${g.name}: only a public page may answer HTML`).toBe('public');
        expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
        continue;
      }
      if (res.statusCode >= 400) {
        const body = res.json<{ errors: unknown }>();
        expect(Array.isArray(body.errors), g.name).toBe(true);
        for (const m of body.errors as unknown[]) expect(typeof m === 'string' && m.length > 0 && m.length < 500, `${g.name}: ${String(m)}`).toBe(true);
        expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
      }
    }
  });

  it('names the field in validation messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: v1('/auth'), payload: { email: 'not-an-email', password: 'short', password_confirmation: 'x', color: 'red' } });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as string[];
    expect(errors).toContain('Email is not a valid address');
    expect(errors).toContain('Password must be at least 8 characters');
    expect(errors.some((e) => e.includes('color'))).toBe(true);
  });

  it('answers malformed JSON, oversize bodies and wrong content types with their status', async () => {
    const bad = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), headers: json, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: ['The request body is not valid JSON.'] });
    const big = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), headers: json, payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }) });
    expect(big.statusCode).toBe(413);
    const text = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(415);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    for (const url of ['/api/v1/nope', '/api/nope', '/api/v1/auth/sign_in/extra']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0]).toContain('Not found');
    }
    const wrongMethod = await t.app.inject({ method: 'PATCH', url: v1('/user_info') });
    expect(wrongMethod.statusCode).toBe(404);
  });
});

describe.runIf(PGLITE_PASS)('the database backstop', () => {
  it('answers a PostgreSQL data exception (class 22) as 422, without SQL, however it is wrapped', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerErrorHandler, sqlStateOf } = await import('./error-handler');
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const dbError = (code: string) => Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00 in SELECT * FROM users'), { code });
    app.get('/untranslatable', () => {
      throw new Error('Failed query: select 1', { cause: dbError('22P05') });
    });
    app.get('/out-of-range', () => {
      throw dbError('22003');
    });
    app.get('/unique', () => {
      throw dbError('23505');
    });
    for (const url of ['/untranslatable', '/out-of-range']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors[0]).toMatch(/cannot be stored/);
      expect(res.body).not.toMatch(/SELECT|select|UTF8/);
    }
    // Other classes are not the client's mistake by themselves: still the generic 500.
    expect((await app.inject({ url: '/unique' })).statusCode).toBe(500);
    expect(sqlStateOf(new Error('x', { cause: { code: '22021' } }))).toBe('22021');
    expect(sqlStateOf(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY' }))).toBeNull();
    await app.close();
  });
});
