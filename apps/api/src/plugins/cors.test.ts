import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_ID } from '@shared/extension/ids';
import { parseExtensionOrigins } from '../config';
import { DB_KINDS, PGLITE_PASS } from '../testing/databases';
import { signIn, signedInUser, startTestApp, v1, type TestApp } from '../testing/harness';

const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
const STORE_ID = 'abcdefghijklmnopabcdefghijklmnop';
const exposed = (h: unknown) => String(h ?? '').split(/,\s*/).sort();

describe.each(DB_KINDS)('CORS on %s', (kind) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { EXTENSION_ORIGINS: `${STORE_ID}, moz-extension://firefox-build-uuid` } });
    user = await signedInUser(t, 'cors');
  });
  afterAll(() => t.close());

  it('answers the extension’s preflight with the auth headers allowed', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: v1('/persons'),
      headers: { origin: EXTENSION_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, access-token, client, expiry, uid' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['content-type', 'access-token', 'client', 'expiry', 'uid', 'token-type']) expect(allowed).toContain(h);
  });

  it('lets the extension read the auth headers of a sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: v1('/auth/sign_in'),
      headers: { origin: EXTENSION_ORIGIN },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
    expect(exposed(res.headers['access-control-expose-headers'])).toEqual(['access-token', 'client', 'expiry', 'token-type', 'uid']);
    expect(String(res.headers.vary).toLowerCase()).toContain('origin');
    // A refused request is readable too, so the popup can tell signed-out from unreachable.
    const denied = await t.app.inject({ method: 'GET', url: v1('/persons'), headers: { origin: EXTENSION_ORIGIN } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
  });

  it('allows the configured store build ids', async () => {
    for (const origin of [`chrome-extension://${STORE_ID}`, 'moz-extension://firefox-build-uuid']) {
      const res = await t.app.inject({ method: 'POST', url: v1('/linkedin_accounts/account-status'), headers: { origin }, payload: { profile_url: 'https://www.linkedin.com/in/x/' } });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
    }
  });

  it('gives any other origin no CORS headers', async () => {
    const headers = await signIn(t, user.email, user.password);
    for (const origin of [
      'https://evil.example',
      'http://localhost:5173',
      'chrome-extension://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      `${EXTENSION_ORIGIN}.evil.example`,
      'null',
    ]) {
      const get = await t.app.inject({ method: 'GET', url: v1('/persons'), headers: { ...headers, origin } });
      expect(get.statusCode).toBe(200);
      expect(get.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(get.headers['access-control-expose-headers'], origin).toBeUndefined();
      const pre = await t.app.inject({
        method: 'OPTIONS',
        url: v1('/linkedin_accounts/account-status'),
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(pre.headers['access-control-allow-headers'], origin).toBeUndefined();
    }
  });
});

describe.runIf(PGLITE_PASS)('EXTENSION_ORIGINS', () => {
  it('always holds the unpacked build’s id and takes ids or origins', () => {
    expect(parseExtensionOrigins(undefined)).toEqual([EXTENSION_ORIGIN]);
    expect(parseExtensionOrigins(` ${STORE_ID} ,chrome-extension://${STORE_ID}/ ,,`)).toEqual([EXTENSION_ORIGIN, `chrome-extension://${STORE_ID}`]);
  });
  it('refuses anything that is not an origin', () => {
    expect(() => parseExtensionOrigins('not an origin')).toThrow(/EXTENSION_ORIGINS/);
    expect(() => parseExtensionOrigins('https://example.com/path')).toThrow(/origin/);
  });
});
