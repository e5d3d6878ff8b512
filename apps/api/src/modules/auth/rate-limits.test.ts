import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../testing/databases';
import { startTestApp, uniqueEmail, v1, type TestApp } from '../../testing/harness';

describe.each(DB_KINDS)('auth rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The shipped defaults (an empty value means the default): 20 per IP per route per minute, 5 auth emails per address per hour.
    t = await startTestApp(kind, { env: { RATE_LIMIT_AUTH_IP_MAX: '', AUTH_MAIL_PER_ADDRESS_MAX: '' } });
  });
  afterAll(() => t.close());

  it('40 sign-ins with 40 different emails from one IP hit 429 with Retry-After; another IP is not blocked', async () => {
    const codes: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 40; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: v1('/auth/sign_in'),
        remoteAddress: '203.0.113.7',
        payload: { email: uniqueEmail(`spray${i}`), password: 'wrong-pass' },
      });
      codes.push(r.statusCode);
      if (r.statusCode === 429) {
        retryAfter = String(r.headers['retry-after']);
        expect(r.json().errors[0]).toMatch(/^Too many attempts from your network\. Please wait \d+ s and try again\.$/);
      }
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes.slice(20)).toEqual(Array(20).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const other = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), remoteAddress: '203.0.113.8', payload: { email: uniqueEmail('other'), password: 'wrong-pass' } });
    expect(other.statusCode).toBe(401);
  });

  it('per-IP ceilings also stand on sign-up, resend, reset and code sending', async () => {
    const routes = ['/auth', '/auth/confirmation', '/auth/password', '/send_sms_code'];
    for (const [i, url] of routes.entries()) {
      const remoteAddress = `198.51.100.${i + 1}`;
      let last = 0;
      for (let n = 0; n < 21; n++) {
        // Malformed bodies count too: the ceiling runs before validation.
        last = (await t.app.inject({ method: 'POST', url: v1(url), remoteAddress, payload: { email: 'not-an-email' } })).statusCode;
      }
      expect(last, url).toBe(429);
    }
  });

  it('30 sign-ups and 30 resends to one address do not send 30 emails: at most 5 per address per hour', async () => {
    const email = uniqueEmail('flood');
    // Spread over many IPs, so only the per-address ceiling (counted in the database) can stop them.
    for (let i = 0; i < 30; i++) {
      await t.app.inject({
        method: 'POST',
        url: v1('/auth'),
        remoteAddress: `192.0.2.${i + 1}`,
        payload: { email, password: 'secret-pass-1', password_confirmation: 'secret-pass-1' },
      });
      await t.app.inject({ method: 'POST', url: v1('/auth/confirmation'), remoteAddress: `192.0.2.${i + 101}`, payload: { email } });
    }
    await t.app.jobs.drain();
    const toFlooded = () => t.handedOff.filter((m) => m.to === email).length;
    expect(toFlooded()).toBe(5);
    // And the five did arrive at the SMTP server.
    await t.smtp.waitForMail(email, () => t.smtp.mails.filter((m) => m.to.includes(email)).length === 5);
  });
});
