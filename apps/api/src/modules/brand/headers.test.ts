import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/harness';

describe.each(DB_KINDS)('GET /api/headers on %s', (kind) => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { BRAND_DOMAINS: 'outreach.acme.test=4, Sales.Example.org=7' } });
    proxied = await startTestApp(kind, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  const holderFor = async (app: TestApp, headers: Record<string, string>) => {
    const res = await app.app.inject({ method: 'GET', url: '/api/headers', headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ holder_id: number; holder_uid: string; holder_name: string }>();
  };

  it('resolves the brand from the Host', async () => {
    expect(await holderFor(t, { host: 'brand6.localhost:3000' })).toMatchObject({ holder_id: 6 });
    expect((await holderFor(t, { host: 'brand6.localhost:3000' })).holder_uid).toBeTruthy();
    expect(await holderFor(t, { host: 'localhost:3000' })).toMatchObject({ holder_id: 0 });
    expect(await holderFor(t, { host: '127.0.0.1:3000' })).toMatchObject({ holder_id: 0 });
    expect(await holderFor(t, { host: 'unknown.example.net' })).toMatchObject({ holder_id: 0 });
    expect(await holderFor(t, { host: 'outreach.acme.test' })).toMatchObject({ holder_id: 4 });
    expect(await holderFor(t, { host: 'sales.example.org:8443' })).toMatchObject({ holder_id: 7 });
  });

  it('honours the proxy holder header only when TRUST_PROXY is on', async () => {
    expect(await holderFor(t, { host: 'localhost', 'x-holder-id': '5' })).toMatchObject({ holder_id: 0 });
    expect(await holderFor(proxied, { host: 'localhost', 'x-holder-id': '5' })).toMatchObject({ holder_id: 5 });
    expect(await holderFor(proxied, { host: 'brand2.localhost', 'x-holder-id': 'junk' })).toMatchObject({ holder_id: 2 });
    expect(await holderFor(proxied, { host: 'x', 'x-forwarded-host': 'brand8.localhost' })).toMatchObject({ holder_id: 8 });
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/sign_in']?.post?.requestBody).toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/headers', '/api/v1/user_info', '/api/v1/users']));
  });
});
