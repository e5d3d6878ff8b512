import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@shared/brands';
import { WEB_ROUTE_PATTERNS } from '@shared/web-routes';
import { startTestApp, type TestApp } from '../testing/harness';

// Static files do not touch the database: PGlite is enough here.
describe('static files', () => {
  let built: TestApp;
  let unbuilt: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html class="dark"><body>SPA</body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.mkdirSync(path.join(dist, 'ext'));
    fs.writeFileSync(path.join(dist, 'ext', 'outreach-platform-0.1.0-chrome.zip'), 'PK\u0003\u0004 old');
    fs.writeFileSync(path.join(dist, 'ext', 'outreach-platform-0.2.0-chrome.zip'), 'PK\u0003\u0004 newest');
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dist, 'ext', 'outreach-platform-0.1.0-chrome.zip'), past, past);
    built = await startTestApp('pglite', { env: { WEB_DIST: dist, EXTENSION_DIST: path.join(dist, 'ext') } });
    unbuilt = await startTestApp('pglite');
  });
  afterAll(async () => {
    await built.close();
    await unbuilt.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves index.html for app routes, never cached', async () => {
    for (const url of ['/', '/auth/signin', '/cabinet/profile-edit/password?x=1']) {
      const res = await built.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('SPA');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers every page of the shared route list with 200, and a path that is no page with 404 and the app (its 404 screen)', async () => {
    for (const pattern of WEB_ROUTE_PATTERNS) {
      const url = pattern.replace(/:[a-z]+/gi, '7');
      expect((await built.app.inject({ method: 'GET', url, headers: html })).statusCode, url).toBe(200);
    }
    for (const url of ['/no-such-page', '/cabinet/nope', '/cabinet/onboarding/no-such-step', '/cabinet/chat/1/more?x=1']) {
      const res = await built.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('SPA');
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it("sends every HTML page with the brand's Content-Security-Policy: its head-script origins and nothing else", async () => {
    const directives = (res: { headers: Record<string, unknown> }) =>
      Object.fromEntries(String(res.headers['content-security-policy']).split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    for (const [host, id] of [['localhost', 0], ['brand6.localhost', 6], ['brand9.localhost', 9]] as const) {
      for (const url of ['/', '/auth/signin', '/no-such-page']) {
        const res = await built.app.inject({ method: 'GET', url, headers: { ...html, host } });
        const d = directives(res);
        const scripts = Object.values(getBrand(id).scripts).map((src) => new URL(src!).origin);
        expect(d['script-src']!.sort(), `${host}${url}`).toEqual(["'self'", ...new Set(scripts)].sort());
        expect(d['script-src']).not.toContain("'unsafe-inline'");
        expect(d['script-src']).not.toContain("'unsafe-eval'");
        expect(d['frame-ancestors']).toEqual(["'none'"]);
        expect(d['object-src']).toEqual(["'none'"]);
        expect(d['base-uri']).toEqual(["'self'"]);
        expect(d['connect-src']!.sort()).toEqual(["'self'", ...new Set(scripts)].sort());
      }
    }
    expect(String((await built.app.inject({ method: 'GET', url: '/', headers: { ...html, host: 'brand6.localhost' } })).headers['content-security-policy'])).toContain('https://client.crisp.chat');
    expect(String((await built.app.inject({ method: 'GET', url: '/', headers: html })).headers['content-security-policy'])).not.toContain('crisp');
    // The "not built" page is HTML too.
    expect((await unbuilt.app.inject({ method: 'GET', url: '/cabinet', headers: html })).headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // JSON answers and assets carry none.
    expect((await built.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['content-security-policy']).toBeUndefined();
    expect((await built.app.inject({ method: 'GET', url: '/api/headers' })).headers['content-security-policy']).toBeUndefined();
  });

  it('serves hashed assets as immutable; a missing asset is a 404', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await built.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps unknown API paths as 404 JSON even for browsers', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/v1/nope', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toBeTruthy();
  });

  it('serves brand assets, not brand configs or files outside brands/', async () => {
    const logo = await built.app.inject({ method: 'GET', url: '/brands/6/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect((await built.app.inject({ method: 'GET', url: '/brands/6/config.json' })).statusCode).toBe(404);
    expect((await built.app.inject({ method: 'GET', url: '/brands/../package.json' })).statusCode).toBe(404);
  });

  it('offers the newest built extension zip for download', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/downloads/extension.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toContain('newest');
  });

  it('says to build the extension when there is no zip', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/downloads/extension.zip' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toContain('npm run build:extension');
  });

  it('says to build when the web app is not built', async () => {
    const res = await unbuilt.app.inject({ method: 'GET', url: '/auth/signin', headers: html });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});
