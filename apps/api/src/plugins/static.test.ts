import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
