import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { register, signedInUser, startTestApp, uniqueEmail, v1, type TestApp } from '../../testing/harness';
import { linkIn } from '../../testing/smtp';

const CONFIRM_LINK = /https?:\/\/[^\s"<>]+confirmation_token=[A-Za-z0-9_-]+/;
const RESET_LINK = /https?:\/\/[^\s"<>]+reset_password_token=[A-Za-z0-9_-]+/;

describe.runIf(PGLITE_PASS)('public origins from configuration', () => {
  it('takes BRAND_ORIGINS first, then the PUBLIC_ORIGIN template, then the brand config', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://x/y', BRAND_ORIGINS: '3=https://sales.acme.test' });
    expect(c.publicOrigins[0]).toBe('https://app.pipelane.io');
    expect(c.publicOrigins[3]).toBe('https://sales.acme.test');
    const t = loadConfig({ DATABASE_URL: 'postgres://x/y', PUBLIC_ORIGIN: 'http://brand{holder}.localhost:4000' });
    expect(t.publicOrigins[7]).toBe('http://brand7.localhost:4000');
    // The embedded database (on your machine) defaults to the local brand hosts on PORT.
    expect(loadConfig({ PORT: '3202' }).publicOrigins[2]).toBe('http://brand2.localhost:3202');
  });

  it('refuses an origin with a path or a bad holder id', () => {
    expect(() => loadConfig({ BRAND_ORIGINS: '3=https://x.test/path' })).toThrow(/origin/);
    expect(() => loadConfig({ BRAND_ORIGINS: '12=https://x.test' })).toThrow(/BRAND_ORIGINS/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://x.test' })).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe.each(DB_KINDS)('links in auth emails on %s', (kind) => {
  for (const trustProxy of [false, true]) {
    describe(trustProxy ? 'behind a trusted proxy' : 'without TRUST_PROXY', () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await startTestApp(kind, {
          env: { BRAND_ORIGINS: '0=https://app.zero.test,4=https://app.four.test', ...(trustProxy ? { TRUST_PROXY: '1' } : {}) },
        });
      });
      afterAll(() => t.close());

      const forged = { host: 'evil.test', 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' };

      it('a confirmation on a foreign Host / X-Forwarded-Host links to brand 0’s configured origin', async () => {
        const email = uniqueEmail('forged-confirm');
        const res = await t.app.inject({
          method: 'POST',
          url: v1('/auth'),
          headers: forged,
          payload: { email, password: 'secret-pass-1', password_confirmation: 'secret-pass-1', confirm_success_url: 'https://evil.test/' },
        });
        expect(res.statusCode, res.body).toBe(200);
        const link = new URL(linkIn(await t.smtp.waitForMail(email), CONFIRM_LINK));
        expect(link.origin).toBe('https://app.zero.test');
        expect(link.href).not.toContain('evil');

        const before = t.smtp.mails.length;
        await t.app.inject({ method: 'POST', url: v1('/auth/confirmation'), headers: forged, payload: { email, redirect_url: 'https://evil.test/' } });
        const again = await t.smtp.waitForMail(email, () => t.smtp.mails.length > before);
        const second = new URL(linkIn(again, CONFIRM_LINK));
        expect(second.origin).toBe('https://app.zero.test');
        // Following the link lands on the configured origin, whatever the request's host or redirect_url say.
        const follow = await t.app.inject({ method: 'GET', url: `${v1('/auth/confirmation')}${second.search}&redirect_url=https://evil.test`, headers: forged });
        expect(follow.headers.location).toMatch(/^https:\/\/app\.zero\.test\/auth\/signin\?account_confirmation_success=true/);
      });

      it('a reset request on a foreign Host / X-Forwarded-Host links to brand 0’s configured origin', async () => {
        const { email } = await signedInUser(t, 'forged-reset');
        const res = await t.app.inject({ method: 'POST', url: v1('/auth/password'), headers: forged, payload: { email, redirect_url: 'https://evil.test' } });
        expect(res.statusCode).toBe(200);
        const link = new URL(linkIn(await t.smtp.waitForMail(email, (m) => m.text.includes('reset_password_token=')), RESET_LINK));
        expect(link.origin).toBe('https://app.zero.test');
        expect(link.pathname).toBe('/auth/reset-password');
      });

      it('a brand host gets that brand’s configured origin (the proxy’s forwarded host when trusted)', async () => {
        const email = uniqueEmail('brand-four');
        await t.app.inject({
          method: 'POST',
          url: v1('/auth'),
          headers: { host: 'brand4.localhost:3000', 'x-forwarded-host': 'evil.test' },
          payload: { email, password: 'secret-pass-1', password_confirmation: 'secret-pass-1' },
        });
        const link = new URL(linkIn(await t.smtp.waitForMail(email), CONFIRM_LINK));
        // Trusted, the proxy says the host is evil.test: unknown, so brand 0. Untrusted, the Host says brand 4.
        expect(link.origin).toBe(trustProxy ? 'https://app.zero.test' : 'https://app.four.test');
      });
    });
  }

  it('brand hosts in dev/test keep working: the link follows back to the same brand', async () => {
    const t = await startTestApp(kind);
    try {
      const email = uniqueEmail('local');
      await register(t, email, 'secret-pass-1', {}, { host: 'brand3.localhost:3000' });
      const link = new URL(linkIn(await t.smtp.waitForMail(email), CONFIRM_LINK));
      expect(link.origin).toBe('http://brand3.localhost:3000');
    } finally {
      await t.close();
    }
  });
});
