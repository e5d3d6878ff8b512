import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, users } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import {
  confirmationCode,
  confirmByLink,
  headersOf,
  register,
  signedInUser,
  signIn,
  startTestApp,
  uniqueEmail,
  v1,
  type TestApp,
} from '../../testing/harness';
import { logSms } from '../../lib/sms';
import { loadConfig } from '../../config';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { linkIn } from '../../testing/smtp';
import { getBrand } from '@shared/brands';
import { MESSAGES } from './service';
import { findUserByEmail } from '../auth/repository';

describe.each(DB_KINDS)('auth on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('register → confirm by link → sign in → user_info → sign out → the old token is refused', async () => {
    const email = uniqueEmail('link');
    const user = await register(t, email, 'secret-pass-1', { name: 'Dana Scully', phone: '+1 202 555 0101' });
    expect(user).toMatchObject({ email, uid: email, provider: 'email', confirmed: false, name: 'Dana Scully', holder_id: 0, tariff_plan: 'Trial' });

    const mail = await t.smtp.waitForMail(email);
    expect(mail.text).toContain('From: Pipelane <hello@pipelane.io>');
    const confirmed = await confirmByLink(t, email);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(
      `http://localhost:3000/auth/signin?account_confirmation_success=true&email=${encodeURIComponent(email)}`,
    );

    const signInRes = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email: email.toUpperCase(), password: 'secret-pass-1' } });
    expect(signInRes.statusCode).toBe(200);
    expect(signInRes.headers['token-type']).toBe('Bearer');
    const headers = headersOf(signInRes);
    expect(Number(headers.expiry)).toBeGreaterThan(Date.now() / 1000 + 13 * 86400);
    expect(headers.uid).toBe(email);

    const info = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ email, confirmed: true, onboarding_finished: false });
    expect(info.headers['access-token']).toBe(headers['access-token']);

    const out = await t.app.inject({ method: 'DELETE', url: v1('/auth/sign_out'), headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(out.headers['access-token']).toBeUndefined();

    const after = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ errors: ['You need to sign in or sign up before continuing.'] });
  });

  it('registers under the brand of the Host: holder, sender and link origin', async () => {
    const email = uniqueEmail('brand5');
    const res = await t.app.inject({
      method: 'POST',
      url: v1('/auth'),
      headers: { host: 'brand5.localhost:3000' },
      payload: { email, password: 'secret-pass-1', password_confirmation: 'secret-pass-1', confirm_success_url: 'https://evil.example/x' },
    });
    expect(res.statusCode).toBe(200);
    expect((await findUserByEmail(t.db.db, 5, email))?.account.holderId).toBe(5);
    const mail = await t.smtp.waitForMail(email);
    const brand5 = getBrand(5);
    expect(mail.raw).toContain(brand5.system_email);
    expect(mail.text).toContain(`http://brand5.localhost:3000/api/v1/auth/confirmation?confirmation_token=`);
    expect(mail.text).not.toContain('evil.example');
    // A second click on the same link still lands on sign-in.
    expect((await confirmByLink(t, email)).headers.location).toContain('account_confirmation_success=true');
    expect((await confirmByLink(t, email)).headers.location).toContain('account_confirmation_success=true');
  });

  it('stores tokens hashed, never in clear', async () => {
    const { headers, user } = await signedInUser(t, 'hashed');
    const rows = await t.db.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(headers['access-token']);
    const [stored] = await t.db.db.select().from(users).where(eq(users.id, user.id));
    // The cost this app is configured with (the harness lowers it); production's default is 2^14.
    expect(stored!.encryptedPassword).toMatch(new RegExp(`^scrypt\\$${t.config.passwordScryptN}\\$8\\$1\\$`));
    expect(t.config.passwordScryptN).toBe(1024);
    expect(loadConfig({}).passwordScryptN).toBe(16384);
    expect(() => loadConfig({ PASSWORD_SCRYPT_N: '1000' })).toThrow(/power of two/);
    expect(() => loadConfig({ PASSWORD_SCRYPT_N: '512' })).toThrow(/power of two/);
    // A hash keeps its own cost: one made at the default still verifies under another setting, and a wrong password fails.
    const strong = await hashPassword('secret-pass-1');
    expect(strong).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('secret-pass-1', strong)).toBe(true);
    expect(await verifyPassword('secret-pass-2', strong)).toBe(false);
  });

  it('a link confirmation with a bad token redirects to /auth/verify with an error', async () => {
    const res = await t.app.inject({ method: 'GET', url: v1('/auth/confirmation?confirmation_token=nope'), headers: { host: 'brand3.localhost:3000' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('http://brand3.localhost:3000/auth/verify?confirmation_error=invalid');
  });

  it('register → confirm by the emailed code; a wrong code is refused with a message', async () => {
    const email = uniqueEmail('code');
    await register(t, email);
    const code = await confirmationCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.app.inject({ method: 'POST', url: v1('/verify_by_code'), payload: { email, code: wrong } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: [MESSAGES.codeRefused] });

    const ok = await t.app.inject({ method: 'POST', url: v1('/verify_by_code'), payload: { email, code } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ email, confirmed: true });
    await signIn(t, email);
  });

  it('send_sms_code texts the code when the user gave a phone, else emails it; the answer is the same for unknown emails', async () => {
    const withPhone = uniqueEmail('sms');
    await register(t, withPhone, 'secret-pass-1', { phone: '+44 20 7946 0958' });
    const res = await t.app.inject({ method: 'POST', url: v1('/send_sms_code'), payload: { email: withPhone } });
    expect(res.statusCode).toBe(200);
    const sms = t.sms.find((s) => s.to === '+44 20 7946 0958');
    const code = /(\d{6})/.exec(sms!.text)![1]!;
    const ok = await t.app.inject({ method: 'POST', url: v1('/verify_by_code'), payload: { email: withPhone, code } });
    expect(ok.statusCode).toBe(200);

    const unknown = await t.app.inject({ method: 'POST', url: v1('/send_sms_code'), payload: { email: uniqueEmail('ghost') } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
  });

  it('send_sms_code emails the code to a user with a phone when no SMS provider is configured (log-only sender)', async () => {
    const plain = await startTestApp(kind, { sms: logSms({ info: () => undefined } as never) });
    try {
      const email = uniqueEmail('sms-log-only');
      await register(plain, email, 'secret-pass-1', { phone: '+44 20 7946 0958' });
      await plain.smtp.waitForMail(email);
      const before = plain.smtp.mails.length;
      expect((await plain.app.inject({ method: 'POST', url: v1('/send_sms_code'), payload: { email } })).statusCode).toBe(200);
      const mail = await plain.smtp.waitForMail(email, () => plain.smtp.mails.length > before);
      const code = /code is (\d{6})/.exec(mail.text)![1]!;
      const ok = await plain.app.inject({ method: 'POST', url: v1('/verify_by_code'), payload: { email, code } });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('limits wrong code attempts', async () => {
    const email = uniqueEmail('attempts');
    await register(t, email);
    const code = await confirmationCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({ method: 'POST', url: v1('/verify_by_code'), payload: { email, code: wrong } });
      answers.push(r.json().errors[0]);
    }
    expect(answers.at(-1)).toBe(MESSAGES.codeRefused);
    // After five wrong tries even the right code is refused (the same answer: no hint for a stranger).
    const late = await t.app.inject({ method: 'POST', url: v1('/verify_by_code'), payload: { email, code } });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual([MESSAGES.codeRefused]);
  });

  it('refuses an unconfirmed sign-in with a message to confirm first, and a wrong password', async () => {
    const email = uniqueEmail('unconfirmed');
    await register(t, email);
    const res = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email, password: 'secret-pass-1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0]).toMatch(/confirm your email/);

    const { email: confirmedEmail } = await signedInUser(t, 'wrongpw');
    const wrong = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email: confirmedEmail, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ errors: [MESSAGES.invalidCredentials] });
    const nobody = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email: uniqueEmail('nobody'), password: 'whatever1' } });
    expect(nobody.json()).toEqual({ errors: [MESSAGES.invalidCredentials] });
  });

  it('refuses an expired token', async () => {
    const { headers, user } = await signedInUser(t, 'expired');
    await t.db.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.userId, user.id));
    const res = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers });
    expect(res.statusCode).toBe(401);
  });

  it('someone who registered an address first keeps no password once its owner signs up again and confirms', async () => {
    const email = uniqueEmail('squatted');
    await register(t, email, 'squatter-pass-1');
    await register(t, email, 'owner-pass-123');
    await t.app.jobs.drain();
    // The owner follows the newest confirmation link (the earlier one was replaced).
    const mails = t.smtp.mails.filter((m) => m.to.includes(email) && m.text.includes('confirmation_token='));
    const latest = mails.at(-1)!;
    const link = new URL(linkIn(latest, /https?:\/\/[^\s"<>]+confirmation_token=[A-Za-z0-9_-]+/));
    expect((await t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { host: link.host } })).statusCode).toBe(302);
    const squatter = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email, password: 'squatter-pass-1' } });
    expect(squatter.statusCode).toBe(401);
    await signIn(t, email, 'owner-pass-123');
  });

  it('no enumeration: sign-up, resend, reset and verify_by_code answer the same for new, unconfirmed and confirmed emails', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: v1(url), payload });
    const signUp = (email: string, password = 'another-pass') => post('/auth', { email, password, password_confirmation: password });
    const handed = (email: string) => t.handedOff.filter((m) => m.to === email);

    const fresh = await signUp(uniqueEmail('dup-fresh'));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ status: 'success', message: MESSAGES.signUpReceived });

    // Taken but unconfirmed: the same answer, and a fresh confirmation (the person is likely retrying).
    const pending = uniqueEmail('dup-pending');
    await register(t, pending);
    const again = await signUp(pending);
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: fresh.statusCode, body: fresh.json() });
    await t.app.jobs.drain();
    expect(handed(pending).filter((m) => m.subject.startsWith('Confirm your'))).toHaveLength(2);

    // Taken and confirmed: the same answer; the owner is told, with sign-in and reset links; nothing changes.
    const owner = await signedInUser(t, 'dup-owner');
    const taken = await signUp(owner.email, 'attacker-pass-1');
    expect({ status: taken.statusCode, body: taken.json() }).toEqual({ status: fresh.statusCode, body: fresh.json() });
    const notice = await t.smtp.waitForMail(owner.email, (m) => m.text.includes('tried to create'));
    expect(notice.text).toContain(`http://localhost:3000/auth/signin?email=${encodeURIComponent(owner.email)}`);
    expect(notice.text).toContain(`http://localhost:3000/auth/recover?email=${encodeURIComponent(owner.email)}`);
    await signIn(t, owner.email, owner.password);

    // verify_by_code: unknown and confirmed accounts answer alike.
    const unknownCode = await post('/verify_by_code', { email: uniqueEmail('ghost'), code: '123456' });
    const confirmedCode = await post('/verify_by_code', { email: owner.email, code: '123456' });
    expect(unknownCode.statusCode).toBe(422);
    expect({ status: confirmedCode.statusCode, body: confirmedCode.json() }).toEqual({ status: unknownCode.statusCode, body: unknownCode.json() });
    // …and an unconfirmed account with a live code and a wrong guess answers the same again.
    const waiting = uniqueEmail('waiting');
    await register(t, waiting);
    const pendingCode = await post('/verify_by_code', { email: waiting, code: (await confirmationCode(t, waiting)) === '123456' ? '654321' : '123456' });
    expect({ status: pendingCode.statusCode, body: pendingCode.json() }).toEqual({ status: unknownCode.statusCode, body: unknownCode.json() });

    // Resend and reset: known and unknown addresses answer alike.
    for (const url of ['/auth/confirmation', '/auth/password', '/send_sms_code']) {
      const known = await post(url, { email: url === '/auth/password' ? owner.email : pending });
      const ghost = await post(url, { email: uniqueEmail('ghost') });
      expect(known.statusCode, url).toBe(200);
      expect(ghost.json(), url).toEqual(known.json());
    }
  });

  it('reset by the emailed link, then sign in with the new password; old tokens are revoked', async () => {
    const { email, headers } = await signedInUser(t, 'reset');
    const ask = await t.app.inject({
      method: 'POST',
      url: v1('/auth/password'),
      // The account's own brand: a reset asked on another brand's host finds no account (brands are separate tenants).
      headers: { host: 'brand0.localhost:3000' },
      payload: { email },
    });
    expect(ask.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail(email, (m) => m.text.includes('reset_password_token='));
    expect(mail.text).toContain('hello@'); // from the brand's system email
    const link = new URL(linkIn(mail, /https?:\/\/[^\s"<>]+reset_password_token=[A-Za-z0-9_-]+/));
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/auth/reset-password');
    const token = link.searchParams.get('reset_password_token')!;

    const bad = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      payload: { reset_password_token: 'wrong', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([MESSAGES.resetTokenInvalid]);

    const done = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      payload: { reset_password_token: token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
    });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers })).statusCode).toBe(401);
    await signIn(t, email, 'brand-new-pass');
    const reused = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      payload: { reset_password_token: token, password: 'other-pass-99', password_confirmation: 'other-pass-99' },
    });
    expect(reused.statusCode).toBe(422);
  });

  it('changes the password with current_password while signed in', async () => {
    const { email, headers } = await signedInUser(t, 'change');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      headers,
      payload: { current_password: 'nope-nope', password: 'changed-pass-1', password_confirmation: 'changed-pass-1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([MESSAGES.currentPasswordWrong]);

    const noAuth = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      payload: { current_password: 'secret-pass-1', password: 'changed-pass-1', password_confirmation: 'changed-pass-1' },
    });
    expect(noAuth.statusCode).toBe(401);

    const ok = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      headers,
      payload: { current_password: 'secret-pass-1', password: 'changed-pass-1', password_confirmation: 'changed-pass-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers })).statusCode).toBe(200);
    await signIn(t, email, 'changed-pass-1');
  });

  it('edits the profile: name, phone and photo at once (a new email waits for its link: users/email-change.test.ts)', async () => {
    const a = await signedInUser(t, 'profile-a');
    const res = await t.app.inject({
      method: 'PUT',
      url: v1('/users'),
      headers: a.headers,
      payload: { name: 'Fox Mulder', phone: '+1 202 555 0199', image: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Fox Mulder', email: a.email, uid: a.email, phone: '+1 202 555 0199' });
  });

  it('answers 429 with a clear message once the auth rate limit is reached', async () => {
    const limited = await startTestApp(kind, { env: { RATE_LIMIT_AUTH_MAX: '3' } });
    try {
      const email = uniqueEmail('limit');
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email, password: 'wrong-pass' } });
        codes.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json().errors[0]).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      // Keyed by IP and email: another email from the same IP is not blocked.
      const other = await limited.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email: uniqueEmail('other'), password: 'wrong-pass' } });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
