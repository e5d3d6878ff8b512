import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../routes';
import { DB_KINDS } from '../../testing/databases';
import { startTestApp, v1, type TestApp } from '../../testing/harness';

type Operation = { security?: Array<Record<string, string[]>> };
type OpenApi = {
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

const AUTH_HEADERS = ['access-token', 'client', 'expiry', 'uid'];
/** Fastify's `/:id` is OpenAPI's `/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe.each(DB_KINDS)('the served OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({ method: 'GET', url: v1('/openapi.json') });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApi>();
  });
  afterAll(() => t.close());

  it('declares the four auth headers as apiKey schemes in the header, and the API key (X-API-Key or Bearer)', () => {
    const schemes = doc.components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual([...AUTH_HEADERS, 'X-API-Key', 'bearer'].sort());
    for (const name of AUTH_HEADERS) expect(schemes[name]).toMatchObject({ type: 'apiKey', in: 'header', name });
    expect(schemes['X-API-Key']).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it("states each operation's security from its route's access", () => {
    const documented = routes.filter((r) => !r.hidden);
    expect(documented.length).toBeGreaterThan(20);
    const allFour = Object.fromEntries(AUTH_HEADERS.map((h) => [h, []]));
    for (const r of documented) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url} is in the document`).toBeDefined();
      const expected = r.access === 'public' ? [] : r.access === 'user' ? [allFour] : r.access === 'api_key' ? [{ 'X-API-Key': [] }, { bearer: [] }] : [{}, allFour];
      expect(op!.security, `${r.method} ${r.url} (${r.access})`).toEqual(expected);
    }
  });
});
