import { holderIdForHost } from '@shared/brands';
import { brandOrigin } from '../../lib/brand-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, seedDemo } from '../demo/seed';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, signIn, startTestApp, uniqueEmail, v1, type TestApp } from '../../testing/harness';
import { codeIn } from '../../testing/smtp';
import { MESSAGES } from './service';

const B0 = 'brand0.localhost:3000';
const B3 = 'brand3.localhost:3000';

describe.each(DB_KINDS)('brands are separate tenants on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, host: string, payload: object) => t.app.inject({ method: 'POST', url: v1(url), headers: { host }, payload });

  it('an account of brand 0 is unknown on brand 3: sign-in answers as for unknown credentials', async () => {
    const a = await signedInUser(t, 'tenant-a');
    const elsewhere = await post('/auth/sign_in', B3, { email: a.email, password: a.password });
    const nobody = await post('/auth/sign_in', B3, { email: uniqueEmail('nobody'), password: a.password });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toEqual({ errors: [MESSAGES.invalidCredentials] });
    expect(elsewhere.json()).toEqual(nobody.json());
  });

  it('a token presented on another brand’s host is refused (401), and works on its own', async () => {
    const a = await signedInUser(t, 'tenant-token');
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: { ...a.headers, host: B0 } })).statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: { ...a.headers, host: B3 } });
    expect(other.statusCode).toBe(401);
    expect(other.headers['access-token']).toBeUndefined();
  });

  it('the same email holds a separate account on each brand, with its own password', async () => {
    const email = uniqueEmail('twice');
    for (const [host, password] of [[B0, 'password-zero'], [B3, 'password-three']] as const) {
      expect((await post('/auth', host, { email, password, password_confirmation: password })).statusCode).toBe(200);
      // Each brand's mail links to its own configured origin (brand 0's embedded default is localhost).
      const origin = brandOrigin(t.config, holderIdForHost(host, t.config.brandDomains));
      const code = codeIn(await t.smtp.waitForMail(email, (m) => m.text.includes(`${origin}/`)));
      // The code of brand 0's account means nothing on brand 3 and the other way round: codes are per account.
      const ok = await post('/verify_by_code', host, { email, code });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const zero = await signIn(t, email, 'password-zero', B0);
    const three = await signIn(t, email, 'password-three', B3);
    expect((await post('/auth/sign_in', B3, { email, password: 'password-zero' })).statusCode).toBe(401);
    const info0 = (await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: { ...zero, host: B0 } })).json().data;
    const info3 = (await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: { ...three, host: B3 } })).json().data;
    expect(info0).toMatchObject({ email, holder_id: 0 });
    expect(info3).toMatchObject({ email, holder_id: 3 });
    expect(info3.account_id).not.toBe(info0.account_id);
  });

  it('reset and confirmation look-ups are per brand: asking on another brand sends nothing', async () => {
    const a = await signedInUser(t, 'tenant-reset');
    await t.app.jobs.drain();
    const before = t.handedOff.length;
    expect((await post('/auth/password', B3, { email: a.email })).statusCode).toBe(200);
    expect((await post('/auth/confirmation', B3, { email: a.email })).statusCode).toBe(200);
    expect((await post('/send_sms_code', B3, { email: a.email })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(t.handedOff.length).toBe(before);
    expect((await post('/auth/password', B0, { email: a.email })).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(t.handedOff.slice(before).map((m) => m.to)).toEqual([a.email]);
  });

  it('the demo account exists on every brand', async () => {
    await seedDemo(t.db.db);
    for (const holderId of [0, 5, 9]) {
      const host = `brand${holderId}.localhost:3000`;
      const headers = await signIn(t, DEMO_USER.email, DEMO_USER.password, host);
      const info = (await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: { ...headers, host } })).json().data;
      expect(info).toMatchObject({ email: DEMO_USER.email, holder_id: holderId, onboarding_finished: true });
      const personas = (await t.app.inject({ method: 'GET', url: v1('/persons'), headers: { ...headers, host } })).json();
      expect(personas.meta.total).toBe(2);
    }
  });
});
