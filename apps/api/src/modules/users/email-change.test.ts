import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, signIn, startTestApp, uniqueEmail, v1, type TestApp } from '../../testing/harness';
import { linkIn } from '../../testing/smtp';
import { MESSAGES } from '../auth/service';
import { EMAIL_CHANGE_MESSAGES } from './service';

const CONFIRM = /https?:\/\/[^\s"<>]+\/users\/email_confirmation\?token=[A-Za-z0-9_-]+/;
const UNDO = /https?:\/\/[^\s"<>]+\/users\/email_undo\?token=[A-Za-z0-9_-]+/;

describe.each(DB_KINDS)('changing the sign-in email on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const put = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'PUT', url: v1('/users'), headers, payload });
  const RESET = /https?:\/\/[^\s"<>]+reset_password_token=[A-Za-z0-9_-]+/;
  /** After an undo the password no longer works: the reset link mailed to the restored address sets a new one. */
  const resetByMail = async (email: string, password: string) => {
    const mail = await t.smtp.waitForMail(email, (m) => m.text.includes('reset_password_token='));
    const token = new URL(linkIn(mail, RESET)).searchParams.get('reset_password_token');
    const res = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      payload: { reset_password_token: token, password, password_confirmation: password },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const follow = (link: string) => {
    const url = new URL(link);
    return t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { host: url.host } });
  };

  it('needs the current password; a wrong one is refused; other fields still change at once', async () => {
    const a = await signedInUser(t, 'pw-needed');
    const newEmail = uniqueEmail('pw-needed-new');
    const none = await put(a.headers, { email: newEmail });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual([EMAIL_CHANGE_MESSAGES.passwordNeeded]);
    const wrong = await put(a.headers, { email: newEmail, current_password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([MESSAGES.currentPasswordWrong]);
    const name = await put(a.headers, { name: 'Only The Name' });
    expect(name.statusCode).toBe(200);
    expect(name.json().data).toMatchObject({ name: 'Only The Name', email: a.email, unconfirmed_email: null });
  });

  it('the new address takes effect only when its link is followed; then every session ends', async () => {
    const a = await signedInUser(t, 'change');
    const newEmail = uniqueEmail('change-new');
    const res = await put(a.headers, { email: newEmail, current_password: a.password, name: 'Fox Mulder' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: a.email, uid: a.email, unconfirmed_email: newEmail, name: 'Fox Mulder' });

    // Nothing changed yet: the old email still signs in, the session still works.
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).statusCode).toBe(200);
    await signIn(t, a.email, a.password);

    const notice = await t.smtp.waitForMail(a.email, (m) => m.text.includes('email_undo?token='));
    expect(notice.text).toContain(newEmail);
    const confirmMail = await t.smtp.waitForMail(newEmail, (m) => m.text.includes('email_confirmation?token='));
    const confirmed = await follow(linkIn(confirmMail, CONFIRM));
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(`http://localhost:3000/auth/signin?email_change=confirmed&email=${encodeURIComponent(newEmail)}`);

    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).statusCode).toBe(401);
    const h = await signIn(t, newEmail, a.password);
    const info = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: h });
    expect(info.json().data).toMatchObject({ email: newEmail, uid: newEmail, unconfirmed_email: null });
    const old = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email: a.email, password: a.password } });
    expect(old.statusCode).toBe(401);
    // A link works once.
    expect((await follow(linkIn(confirmMail, CONFIRM))).headers.location).toContain('email_change=invalid');
  });

  it('the undo link mailed to the old address restores it after the change, revokes every token and the password (a reset link goes to the old address)', async () => {
    const a = await signedInUser(t, 'undo');
    const newEmail = uniqueEmail('undo-new');
    expect((await put(a.headers, { email: newEmail, current_password: a.password })).statusCode).toBe(200);
    await follow(linkIn(await t.smtp.waitForMail(newEmail, (m) => m.text.includes('email_confirmation?token=')), CONFIRM));
    const h = await signIn(t, newEmail, a.password);

    const undo = await follow(linkIn(await t.smtp.waitForMail(a.email, (m) => m.text.includes('email_undo?token=')), UNDO));
    expect(undo.headers.location).toBe(`http://localhost:3000/auth/signin?email_change=undone&email=${encodeURIComponent(a.email)}`);
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: h })).statusCode).toBe(401);
    // Whoever made the change knew the password: it no longer signs in, on either address.
    const oldPassword = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email: a.email, password: a.password } });
    expect(oldPassword.statusCode).toBe(401);
    const gone = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email: newEmail, password: a.password } });
    expect(gone.statusCode).toBe(401);
    await resetByMail(a.email, 'taken-back-pass-1');
    await signIn(t, a.email, 'taken-back-pass-1');
  });

  it('a change that took effect cannot be followed by another while its undo link lives (it would void that link)', async () => {
    const a = await signedInUser(t, 'chain');
    const b = uniqueEmail('chain-b');
    expect((await put(a.headers, { email: b, current_password: a.password })).statusCode).toBe(200);
    await follow(linkIn(await t.smtp.waitForMail(b, (m) => m.text.includes('email_confirmation?token=')), CONFIRM));
    const hb = await signIn(t, b, a.password);
    const again = await put(hb, { email: uniqueEmail('chain-c'), current_password: a.password });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatch(/^Your sign-in email was changed recently/);
    // A's undo link still works.
    const undo = await follow(linkIn(await t.smtp.waitForMail(a.email, (m) => m.text.includes('email_undo?token=')), UNDO));
    expect(undo.headers.location).toContain('email_change=undone');
  });

  it('a pending change may be corrected before it takes effect (the old address gets a fresh undo link)', async () => {
    const a = await signedInUser(t, 'typo');
    expect((await put(a.headers, { email: uniqueEmail('typo-wrong'), current_password: a.password })).statusCode).toBe(200);
    const right = uniqueEmail('typo-right');
    const res = await put(a.headers, { email: right, current_password: a.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: a.email, unconfirmed_email: right });
  });

  it('a password reset drops a pending change: its confirmation link then fails', async () => {
    const a = await signedInUser(t, 'reset-drops');
    const newEmail = uniqueEmail('reset-drops-new');
    expect((await put(a.headers, { email: newEmail, current_password: a.password })).statusCode).toBe(200);
    const confirmMail = await t.smtp.waitForMail(newEmail, (m) => m.text.includes('email_confirmation?token='));
    expect((await t.app.inject({ method: 'POST', url: v1('/auth/password'), payload: { email: a.email } })).statusCode).toBe(200);
    await resetByMail(a.email, 'fresh-pass-123');
    expect((await follow(linkIn(confirmMail, CONFIRM))).headers.location).toContain('email_change=invalid');
    const h = await signIn(t, a.email, 'fresh-pass-123');
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: h })).json().data).toMatchObject({ email: a.email, unconfirmed_email: null });
  });

  it('the undo link before confirmation cancels the pending change; its confirmation link then fails', async () => {
    const a = await signedInUser(t, 'cancel');
    const newEmail = uniqueEmail('cancel-new');
    expect((await put(a.headers, { email: newEmail, current_password: a.password })).statusCode).toBe(200);
    const confirmMail = await t.smtp.waitForMail(newEmail, (m) => m.text.includes('email_confirmation?token='));
    const undo = await follow(linkIn(await t.smtp.waitForMail(a.email, (m) => m.text.includes('email_undo?token=')), UNDO));
    expect(undo.headers.location).toContain('email_change=undone');
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).statusCode).toBe(401);
    expect((await follow(linkIn(confirmMail, CONFIRM))).headers.location).toContain('email_change=invalid');
    await resetByMail(a.email, 'cancelled-pass-1');
    const h = await signIn(t, a.email, 'cancelled-pass-1');
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: h })).json().data).toMatchObject({ email: a.email, unconfirmed_email: null });
  });

  it('an address taken in the brand is refused', async () => {
    const a = await signedInUser(t, 'taken-a');
    const b = await signedInUser(t, 'taken-b');
    const res = await put(a.headers, { email: b.email, current_password: a.password });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([MESSAGES.emailTaken]);
  });
});
