import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ZodType } from 'zod';
import type { AppRoute } from './lib/route';
import { authHeaders, issueToken } from './modules/auth/tokens';
import { UNSAFE_TEXT_MESSAGE } from '@shared/schemas/primitives';
import { routes } from './routes';
import { DB_KINDS } from './testing/databases';
import { eq } from 'drizzle-orm';
import { accounts, users } from './db/schema';
import { signedInUser, startTestApp, uniqueEmail, type TestApp } from './testing/harness';

/**
 * A fuzz test generated from the route registry: for every route, payloads derived from its own zod
 * schemas (a plausible skeleton, then one field at a time replaced by NUL, lone surrogates, a wrong
 * type, a 1 MB string, huge, negative and zero ids…), plus unknown fields, deep nesting and bad
 * content types. No answer may be a 5xx or show a stack trace or SQL. A route added to the registry
 * joins by itself. The sample is bounded per route (a few leaves of each kind), so it stays quick.
 */

type Leaf = { path: Array<string | number>; kind: 'string' | 'number' };
type Def = { type: string; [k: string]: unknown };

const defOf = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const bagOf = (s: ZodType): Record<string, unknown> => (s as unknown as { _zod: { bag?: Record<string, unknown> } })._zod.bag ?? {};

/** A plausible value for a schema, recording where its strings and numbers are. */
function sample(schema: ZodType, path: Array<string | number>, leaves: Leaf[], depth = 0): unknown {
  if (depth > 12) return null;
  const def = defOf(schema);
  const next = (s: unknown, p = path) => sample(s as ZodType, p, leaves, depth + 1);
  switch (def.type) {
    case 'string': {
      leaves.push({ path, kind: 'string' });
      const bag = bagOf(schema);
      const format = (def.format as string | undefined) ?? (bag.format as string | undefined);
      if (format === 'email') return 'fuzz@example.com';
      if (format === 'url') return 'https://example.com/';
      if (format === 'uuid' || format === 'guid') return '00000000-0000-4000-8000-000000000000';
      const min = typeof bag.minimum === 'number' ? bag.minimum : 1;
      return 'fuzz'.padEnd(Math.min(Math.max(min, 4), 64), 'z');
    }
    case 'number': {
      leaves.push({ path, kind: 'number' });
      const bag = bagOf(schema);
      return typeof bag.minimum === 'number' && Number.isFinite(bag.minimum) && bag.minimum > 0 ? bag.minimum : 1;
    }
    case 'boolean':
      return true;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, ZodType>)) out[k] = next(v, [...path, k]);
      return out;
    }
    case 'array':
      return [next(def.element, [...path, 0])];
    case 'tuple':
      return (def.items as ZodType[]).map((item, i) => next(item, [...path, i]));
    case 'record':
      return { fuzz: next(def.valueType, [...path, 'fuzz']) };
    case 'union':
      return next((def.options as ZodType[])[0]);
    case 'intersection':
      return { ...(next(def.left) as object), ...(next(def.right) as object) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return next(def.in);
    case 'lazy':
      return next((def.getter as () => ZodType)());
    default:
      return 'fuzz';
  }
}

const setAt = (value: unknown, path: Array<string | number>, leaf: unknown): unknown => {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
};

/** At most n items, spread over the list (the first, the last and some between). */
const spread = <T,>(items: T[], n: number): T[] => (items.length <= n ? items : Array.from({ length: n }, (_, i) => items[Math.round((i * (items.length - 1)) / (n - 1))]!));

const NUL = 'fu\u0000zz';
const HIGH = 'fu\uD800zz';
const LOW = '\uDC00fuzz';
const MEGA = 'm'.repeat(1024 * 1024);
const STRING_ATTACKS: Array<[string, unknown]> = [
  ['NUL', NUL],
  ['a lone high surrogate', HIGH],
  ['a lone low surrogate', LOW],
  ['an object for a string', { $ne: 1 }],
  ['a number for a string', 12345],
];
const NUMBER_ATTACKS: Array<[string, unknown]> = [
  ['2^31', 2 ** 31],
  ['2^53', 2 ** 53],
  ['-1', -1],
  ['zero', 0],
  ['1e300', 1e300],
  ['a fraction', 1.5],
  ['a string for a number', '1'],
];
const PARAM_ATTACKS = ['2147483648', '9999999999999999999999', '-1', '0', '1.5', '1e400', 'abc', '%00', '%ED%A0%80'];
const QUERY_ATTACKS = ['%00', 'fu%00zz', '%ED%A0%80', '%ED%B0%80x', '2147483648', '-1', '0', `q${'x'.repeat(100_000)}`];

/** No stack frames, file paths or SQL in an answer. */
const LEAKS = [/node_modules/, /\n\s+at /, /\bat [\w.<>]+ \(/, /\.(ts|js|mjs):\d+/, /\bSELECT\b/, /\bINSERT INTO\b/, /\bDELETE FROM\b/, /\bUPDATE "/, /relation "/i, /syntax error/i, /violates/i, /failed query/i, /drizzle/i, /pglite/i];

type Case = { name: string; request: InjectOptions };

function casesFor(r: AppRoute): Case[] {
  const cases: Case[] = [];
  const leaves: Leaf[] = [];
  const params = r.schema.params ? (sample(r.schema.params, [], []) as Record<string, unknown>) : {};
  const fillUrl = (p: Record<string, unknown>) => r.url.replace(/:([A-Za-z_]+)/g, (_m, k: string) => String(p[k] ?? '1'));
  const url = fillUrl(params);
  const body = r.schema.body ? sample(r.schema.body, [], leaves) : undefined;
  const queryLeaves: Leaf[] = [];
  const query = r.schema.querystring ? (sample(r.schema.querystring, [], queryLeaves) as Record<string, unknown>) : {};
  const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
  const qs = (q: Record<string, unknown>, raw: Record<string, string> = {}) => {
    const parts = Object.entries(q)
      .filter(([k, v]) => v !== undefined && !(k in raw))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`);
    for (const [k, v] of Object.entries(raw)) parts.push(`${encodeURIComponent(k)}=${v}`);
    return parts.length ? `?${parts.join('&')}` : '';
  };
  const base = (extra: Partial<InjectOptions> = {}): InjectOptions => ({ method: r.method, url: url + qs(query), ...(hasBody && body !== undefined ? { payload: body as object } : {}), ...extra });

  cases.push({ name: 'the skeleton', request: base() });
  // Path params.
  for (const key of Object.keys(params)) {
    for (const v of PARAM_ATTACKS) cases.push({ name: `param ${key}=${v}`, request: { ...base(), url: fillUrl({ ...params, [key]: v }) + qs(query) } });
  }
  // Query string: every key (few), each attack; a repeated key; an unknown key.
  for (const key of spread(Object.keys(query), 6)) {
    for (const v of QUERY_ATTACKS) cases.push({ name: `query ${key}=${v.slice(0, 20)}`, request: { ...base(), url: url + qs(query, { [key]: v }) } });
    cases.push({ name: `query ${key} twice`, request: { ...base(), url: `${url + qs(query)}${Object.keys(query).length ? '&' : '?'}${encodeURIComponent(key)}=a` } });
  }
  cases.push({ name: 'an unknown query field', request: { ...base(), url: `${url + qs(query)}${Object.keys(query).length ? '&' : '?'}zz%00z=%00` } });
  if (!hasBody) return cases;

  // Body: one leaf at a time.
  const strings = spread(leaves.filter((l) => l.kind === 'string'), 6);
  const numbers = spread(leaves.filter((l) => l.kind === 'number'), 4);
  for (const leaf of strings) {
    for (const [what, v] of STRING_ATTACKS) cases.push({ name: `${what} in ${leaf.path.join('.') || 'the body'}`, request: base({ payload: setAt(body, leaf.path, v) as object }) });
  }
  if (strings[0]) cases.push({ name: `1 MB in ${strings[0].path.join('.')}`, request: base({ payload: setAt(body, strings[0].path, MEGA) as object }) });
  for (const leaf of numbers) {
    for (const [what, v] of NUMBER_ATTACKS) cases.push({ name: `${what} in ${leaf.path.join('.') || 'the body'}`, request: base({ payload: setAt(body, leaf.path, v) as object }) });
  }
  // Whole-body shapes.
  const json = { 'content-type': 'application/json' };
  const withUnknown = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, zz_unknown: 1, ['fu\u0000zz']: 'x' } : { zz_unknown: 1 };
  cases.push(
    { name: 'unknown fields', request: base({ payload: withUnknown }) },
    { name: 'a body of null', request: base({ headers: json, payload: 'null' }) },
    { name: 'an array body', request: base({ headers: json, payload: '[1,2]' }) },
    { name: 'a string body', request: base({ headers: json, payload: '"fu\\u0000zz"' }) },
    { name: '10k nested arrays', request: base({ headers: json, payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` }) },
    { name: '10k nested objects', request: base({ headers: json, payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` }) },
    { name: 'text/plain', request: base({ headers: { 'content-type': 'text/plain' }, payload: 'fuzz' }) },
    { name: 'application/xml', request: base({ headers: { 'content-type': 'application/xml' }, payload: '<a>fuzz</a>' }) },
    { name: 'form encoding', request: base({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00' }) },
    { name: 'broken multipart', request: base({ headers: { 'content-type': 'multipart/form-data; boundary=zz' }, payload: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000' }) },
    { name: 'a bogus charset', request: base({ headers: { 'content-type': 'application/json; charset=klingon' }, payload: '{}' }) },
  );
  return cases;
}

function expectSafe(r: AppRoute, c: Case, res: LightMyRequestResponse) {
  const where = `${r.method} ${r.url} with ${c.name}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  // 503 is an honest "not configured on this server" (payments without Stripe), not a crash.
  if (res.statusCode === 503) expect(res.json<{ errors: string[] }>().errors[0], where).toMatch(/not configured/);
  else expect(res.statusCode, where).toBeLessThan(500);
  // The OpenAPI document is the one answer that may mention SQL-ish words in its descriptions.
  if (r.hidden && res.statusCode < 300) return;
  for (const leak of LEAKS) expect(res.body, `${where} shows ${leak}`).not.toMatch(leak);
}

const key = (r: AppRoute) => `${r.method} ${r.url}`;

describe.each(DB_KINDS)('the route fuzz on %s', (kind) => {
  let t: TestApp;
  let shared: { id: number; uid: string };
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { RATE_LIMIT_OUTBOUND_MAX: '100000' } });
    const u = await signedInUser(t, 'fuzz');
    shared = { id: u.user.id, uid: u.user.uid };
  });
  afterAll(() => t.close());

  /** A confirmed user of a new account, with the shared user's password, without the mail round trip. */
  let n = 0;
  async function freshUser() {
    const [row] = await t.db.db.select({ encryptedPassword: users.encryptedPassword }).from(users).where(eq(users.id, shared.id));
    const [account] = await t.db.db.insert(accounts).values({ name: `Fuzz ${++n}` }).returning();
    const email = uniqueEmail('fuzz-w');
    const [user] = await t.db.db.insert(users).values({ accountId: account!.id, email, uid: email, encryptedPassword: row!.encryptedPassword, confirmedAt: new Date() }).returning();
    return { id: user!.id, uid: user!.uid };
  }

  it('finds strings and numbers to attack in the schemas', () => {
    const total = routes.reduce((n, r) => n + casesFor(r).length, 0);
    expect(total).toBeGreaterThan(routes.length * 5);
    const users = routes.find((r) => key(r) === 'PUT /api/v1/users')!;
    expect(casesFor(users).map((c) => c.name)).toContain('NUL in name');
  });

  // Reads share one user; a route that writes gets a user of its own, so a sign-out, a password or
  // email change, or a deletion cannot spoil the routes after it.
  it.each(routes.map((r) => [key(r), r] as const))('%s: no 5xx and nothing internal shown', async (_name, r) => {
    const owner = r.method === 'GET' ? shared : await freshUser();
    const token = async () => (r.access === 'public' ? {} : authHeaders(owner.uid, await issueToken(t.db.db, owner.id)));
    let auth = await token();
    for (const c of casesFor(r)) {
      const send = () => t.app.inject({ ...c.request, headers: { ...auth, ...(c.request.headers as Record<string, string>) } });
      let res = await send();
      if (res.statusCode === 401 && r.access !== 'public') {
        // An earlier case signed this session out (or changed the password): a new token, once.
        auth = await token();
        res = await send();
      }
      expectSafe(r, c, res);
      const attacked = /^(NUL|a lone)/.test(c.name) && !c.name.endsWith('the body');
      // A NUL or a lone surrogate in a schema's string field is always refused, never stored.
      if (attacked && !r.rawBody) {
        expect(res.statusCode, `${key(r)} with ${c.name}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        // …by the schema, naming the field or saying why (not only the database backstop in the error handler).
        const field = c.name.split(' in ')[1]?.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? '';
        if (res.statusCode === 422) {
          const body = res.body.toLowerCase();
          expect(body.includes(UNSAFE_TEXT_MESSAGE) || body.includes(field.toLowerCase()) || body.includes(field.replace(/_/g, ' ').toLowerCase()), `${key(r)} with ${c.name}: ${res.body.slice(0, 300)}`).toBe(true);
        }
      }
    }
  });
});
