import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, type AppRoute } from './route';
import { startTestApp, signedInUser, type TestApp } from '../testing/harness';

/** What the handler got, and whether its shape holds an accessor of its own. */
let seen: { ownAccessors: string[]; holderId: number; origin: string; query: unknown; signedIn: boolean } | null = null;

const probe = defineRoute({
  method: 'GET',
  url: '/api/v1/test-route-context',
  access: 'optional',
  owner: 'none',
  summary: 'Reports what its handler context holds',
  schema: { querystring: z.object({ q: z.string().optional() }) },
  handler: (ctx) => {
    const ownAccessors = Object.entries(Object.getOwnPropertyDescriptors(ctx))
      .filter(([, d]) => d.get !== undefined || d.set !== undefined)
      .map(([k]) => k);
    seen = { ownAccessors, holderId: ctx.brand.holderId, origin: ctx.brand.origin, query: ctx.query, signedIn: ctx.auth !== null };
    return { ok: true };
  },
});
const extraRoutes: AppRoute[] = [probe];

describe("a handler's context", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { extraRoutes });
  });
  afterAll(() => t.close());

  it('carries the request, its auth and its brand, with no accessor of its own (a per-request hidden class keeps every request alive until a full GC)', async () => {
    const { headers } = await signedInUser(t, 'route-context');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-route-context?q=x', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(seen).toMatchObject({ ownAccessors: [], holderId: 0, query: { q: 'x' }, signedIn: true });
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/test-route-context', headers: { host: 'brand3.localhost' } });
    expect(anon.statusCode).toBe(200);
    expect(seen).toMatchObject({ ownAccessors: [], holderId: 3, signedIn: false });
    expect(seen!.origin).toContain('brand3');
  });
});
