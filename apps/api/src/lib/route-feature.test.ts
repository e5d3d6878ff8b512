import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, getBrand } from '@shared/brands';
import { FEATURE_NOT_AVAILABLE } from '../app';
import { routes } from '../routes';
import { DB_KINDS, PGLITE_PASS } from '../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../testing/harness';

const fill = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');
const featured = routes.filter((r) => r.feature);

describe.runIf(PGLITE_PASS)('routes that belong to a brand feature', () => {
  it('declare a flag the brands have, and cover LinkedIn accounts, brand-awareness posts and test calls', () => {
    const flags = Object.keys(getBrand(0).feature_flags);
    for (const r of featured) expect(flags, `${r.method} ${r.url}`).toContain(r.feature);
    // manage-posts lives under linkedin_accounts (spec §7) but decides on brand-awareness posts.
    expect(featured.filter((r) => r.url.includes('/linkedin_accounts') && !r.url.endsWith('/manage-posts')).every((r) => r.feature === 'linkedin')).toBe(true);
    for (const path of ['/linkedin_accounts/manage-posts', '/linkedin_posts', '/social_network_posts', '/virtual_employees/:id/social_posts_settings']) {
      expect(featured.find((r) => r.url.endsWith(path))?.feature, path).toBe('brand_awareness');
    }
    expect(featured.find((r) => r.url.endsWith('/test_call'))?.feature).toBe('phone_calls');
  });
});

describe.each(DB_KINDS)('a switched-off feature on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    headers = (await signedInUser(t, 'feature')).headers;
  });
  afterAll(() => t.close());

  it.each(featured.map((r) => [`${r.method} ${r.url}`, r] as const))('%s answers 404 on a brand without it, before auth and validation', async (_n, r) => {
    const off = BRANDS.find((b) => !b.feature_flags[r.feature!])!;
    expect(off, `some brand switches ${r.feature} off`).toBeDefined();
    const res = await t.app.inject({ method: r.method, url: fill(r.url), headers: { host: `brand${off.holder_id}.localhost` }, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: { zz: '\u0000' } }) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [FEATURE_NOT_AVAILABLE] });
  });

  it('answers as usual on a brand that has the feature', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/linkedin_accounts', headers: { ...headers, host: 'brand0.localhost' } });
    expect(res.statusCode, res.body).toBe(200);
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/linkedin_accounts', headers: { host: 'brand9.localhost' } });
    expect(anon.statusCode).toBe(404);
  });
});
