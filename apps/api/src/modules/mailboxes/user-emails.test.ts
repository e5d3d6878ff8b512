import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { ConnectionTest, SendingDomain, UserCredential, UserEmail } from '@shared/schemas/user-emails';
import { activities, userCredentials, userEmails } from '../../db/schema';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import { dnsResolver } from '../../lib/mail/dns';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { startAuthSmtpServer, startDnsServer, startDovecot, startHoodiecrow, TEST_CERT, DOVECOT_BIN } from '../../testing/mail-servers';

type Servers = {
  smtpStarttls: Awaited<ReturnType<typeof startAuthSmtpServer>>;
  smtpTls: Awaited<ReturnType<typeof startAuthSmtpServer>>;
  imap: Awaited<ReturnType<typeof startHoodiecrow>>;
  imapNoSent: Awaited<ReturnType<typeof startHoodiecrow>>;
  dns: Awaited<ReturnType<typeof startDnsServer>>;
};

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };

describe.each(DB_KINDS)('mailboxes (%s)', (kind) => {
  let t: TestApp;
  let s: Servers;

  beforeAll(async () => {
    s = {
      smtpStarttls: await startAuthSmtpServer({ security: 'starttls' }),
      smtpTls: await startAuthSmtpServer({ security: 'tls' }),
      imap: await startHoodiecrow(),
      imapNoSent: await startHoodiecrow({ sentFolder: 'none' }),
      dns: await startDnsServer({
        'good.example': { MX: [{ exchange: 'mx.good.example', priority: 10 }], TXT: ['v=spf1 include:_spf.google.com ~all'] },
        'google._domainkey.good.example': { TXT: ['v=DKIM1; k=rsa; p=MIIBIjANBgkq'] },
        '_dmarc.good.example': { TXT: ['v=DMARC1; p=quarantine'] },
        'bad.example': { TXT: ['v=spf1 +all'] },
        'custom._domainkey.bad.example': { TXT: ['v=DKIM1; p=MIGfMA0G'] },
      }),
    };
    t = await startTestApp(kind, {
      env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') },
      mail: { smtp: smtpConnector(mailOptions), imap: imapConnector(mailOptions), dns: dnsResolver({ servers: [s.dns.server] }) },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([s.smtpStarttls.close(), s.smtpTls.close(), s.imap.close(), s.imapNoSent.close(), s.dns.close()]);
  });

  const body = (over: Record<string, unknown> = {}) => ({
    email: `sender-${Math.random().toString(36).slice(2, 8)}@good.example`,
    sender_name: 'Ada Sender',
    smtp_host: 'localhost',
    smtp_port: s.smtpStarttls.port,
    smtp_security: 'starttls',
    smtp_username: 'sender@example.com',
    smtp_password: 'right-password',
    imap_host: '127.0.0.1',
    imap_port: s.imap.port,
    imap_security: 'none',
    imap_username: 'sender@example.com',
    imap_password: 'right-password',
    daily_limit: 40,
    hourly_limit: 10,
    min_gap_seconds: 0,
    ...over,
  });

  const post = (headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: v1('/user_emails'), headers, payload });

  it('connects a mailbox over STARTTLS + AUTH and IMAP, every step passed, and never returns or stores the passwords in clear', async () => {
    const u = await signedInUser(t, 'mb');
    const res = await post(u.headers, body({ min_gap_seconds: 0 }));
    expect(res.statusCode, res.body).toBe(200);
    const mailbox = res.json<{ data: UserEmail }>().data;
    expect(mailbox.id).toBeGreaterThan(0);
    expect(mailbox).toMatchObject({ status: 'active', status_reason: null, min_gap_seconds: 0, sent_folder: 'Outbox of mine', limit_today: 40, domain: 'good.example' });
    expect(mailbox.last_test!.steps.map((x) => [x.step, x.status])).toEqual([
      ['smtp_connect', 'passed'],
      ['smtp_tls', 'passed'],
      ['smtp_auth', 'passed'],
      ['imap_connect', 'passed'],
      ['imap_tls', 'skipped'],
      ['imap_login', 'passed'],
      ['imap_folders', 'passed'],
      ['imap_sent_folder', 'passed'],
    ]);
    expect(res.body).not.toContain('right-password');

    const creds = await t.app.inject({ method: 'GET', url: v1('/user_credentials'), headers: u.headers });
    expect(creds.statusCode).toBe(200);
    expect(creds.body).not.toContain('right-password');
    expect(creds.json<{ data: UserCredential[] }>().data.map((c) => [c.kind, c.state, c.user_email_id])).toEqual([
      ['imap_password', 'valid', mailbox.id],
      ['smtp_password', 'valid', mailbox.id],
    ]);
    const stored = await t.db.db.select().from(userCredentials).where(eq(userCredentials.userEmailId, mailbox.id));
    expect(stored).toHaveLength(2);
    for (const row of stored) expect(row.secret).not.toContain('right-password');

    const again = await post(u.headers, body({ email: mailbox.email }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual(['This mailbox is already connected']);
  });

  it('connects over TLS from the start (the certificate checked against the name)', async () => {
    const u = await signedInUser(t, 'mb');
    const res = await post(u.headers, body({ smtp_port: s.smtpTls.port, smtp_security: 'tls' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.last_test.steps[1]).toMatchObject({ step: 'smtp_tls', status: 'passed', message: 'Encrypted from the start (TLS)' });
  });

  it('answers 422 naming the step and the server’s reply on a wrong SMTP password, and saves nothing', async () => {
    const u = await signedInUser(t, 'mb');
    const res = await post(u.headers, body({ smtp_password: 'wrong' }));
    expect(res.statusCode, res.body).toBe(422);
    const answer = res.json<{ errors: string[]; failed_step: string; connection_test: ConnectionTest }>();
    expect(answer.failed_step).toBe('smtp_auth');
    expect(answer.errors[0]).toMatch(/^SMTP: sign in \(AUTH\) failed: .*server said: 535/);
    expect(answer.connection_test.steps.find((x) => x.step === 'imap_login')!.status).toBe('passed');
    const list = await t.app.inject({ method: 'GET', url: v1('/user_emails'), headers: u.headers });
    expect(list.json().data).toEqual([]);
  });

  it('names the IMAP login, the missing Sent folder and a TLS mismatch', async () => {
    const u = await signedInUser(t, 'mb');
    const wrongImap = await post(u.headers, body({ imap_password: 'wrong' }));
    expect(wrongImap.statusCode).toBe(422);
    expect(wrongImap.json().failed_step).toBe('imap_login');

    const noSent = await post(u.headers, body({ imap_port: s.imapNoSent.port }));
    expect(noSent.statusCode).toBe(422);
    expect(noSent.json().failed_step).toBe('imap_sent_folder');
    expect(noSent.json().errors[0]).toContain('No Sent folder found');

    // TLS chosen on a STARTTLS port: the handshake fails; the steps after it are skipped.
    const tlsMismatch = await post(u.headers, body({ smtp_security: 'tls' }));
    expect(tlsMismatch.statusCode).toBe(422);
    const steps = tlsMismatch.json<{ connection_test: ConnectionTest }>().connection_test.steps;
    expect(steps.slice(0, 3).map((x) => x.status)).toEqual(['passed', 'failed', 'skipped']);
  });

  it('refuses private and unlisted loopback hosts through the address guard, without connecting', async () => {
    const u = await signedInUser(t, 'mb');
    const res = await post(u.headers, body({ smtp_host: '10.1.2.3', imap_host: '169.254.169.254' }));
    expect(res.statusCode).toBe(422);
    const test = res.json<{ connection_test: ConnectionTest }>().connection_test;
    expect(test.steps.find((x) => x.step === 'smtp_connect')!.message).toMatch(/^Blocked: 10\.1\.2\.3:\d+ is not an allowed address/);
    expect(test.steps.find((x) => x.step === 'imap_connect')!.message).toMatch(/^Blocked: 169\.254\.169\.254/);
    const loop = await post(u.headers, body({ smtp_host: '127.0.0.2' }));
    expect(loop.json().errors[0]).toMatch(/Blocked: 127\.0\.0\.2/);
  });

  it('validates the fields with clear messages', async () => {
    const u = await signedInUser(t, 'mb');
    const bad = await post(u.headers, body({ smtp_security: 'ssl', smtp_port: 70000, min_gap_seconds: -1, extra: 1 }));
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toMatch(/Unknown field/);
    const bad2 = await post(u.headers, body({ smtp_security: 'ssl' }));
    expect(bad2.json().errors.join(' ')).toContain('SMTP security must be one of: tls, starttls, none');
  });

  it('updates without a test for sending fields, re-tests on connection changes, pauses, resumes, deletes', async () => {
    const u = await signedInUser(t, 'mb');
    const created = (await post(u.headers, body())).json<{ data: UserEmail }>().data;
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: v1(`/user_emails/${created.id}`), headers: u.headers, payload });

    const renamed = await put({ sender_name: 'Ada B.', warmup_enabled: true, warmup_start: 5, warmup_increase: 3, warmup_ceiling: 30 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ sender_name: 'Ada B.', warmup_enabled: true, limit_today: 5 });
    expect(renamed.json().data.last_test.tested_at).toBe(created.last_test!.tested_at);

    const wrong = await put({ smtp_password: 'wrong' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().failed_step).toBe('smtp_auth');
    // The stored password still works: a re-test of the saved settings passes.
    const retest = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${created.id}/test`), headers: u.headers });
    expect(retest.statusCode, retest.body).toBe(200);
    expect(retest.json().data.test.ok).toBe(true);

    const moved = await put({ smtp_port: s.smtpTls.port, smtp_security: 'tls' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ smtp_security: 'tls', smtp_port: s.smtpTls.port });

    const paused = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${created.id}/pause`), headers: u.headers });
    expect(paused.json().data).toMatchObject({ status: 'paused', status_reason: 'Paused by you' });
    const resumed = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${created.id}/resume`), headers: u.headers });
    expect(resumed.json().data).toMatchObject({ status: 'active', status_reason: null });

    const del = await t.app.inject({ method: 'DELETE', url: v1(`/user_emails/${created.id}`), headers: u.headers });
    expect(del.statusCode).toBe(200);
    expect(await t.db.db.select().from(userCredentials).where(eq(userCredentials.userEmailId, created.id))).toEqual([]);
    const gone = await t.app.inject({ method: 'GET', url: v1(`/user_emails/${created.id}`), headers: u.headers });
    expect(gone.statusCode).toBe(404);
  });

  it('marks a mailbox failing when its stored password stops working, and resumes it only after a passing test', async () => {
    const u = await signedInUser(t, 'mb');
    const created = (await post(u.headers, body())).json<{ data: UserEmail }>().data;
    // The server now points at one without the Sent folder (as if the provider changed): the test fails.
    await t.db.db.update(userEmails).set({ imapPort: s.imapNoSent.port }).where(eq(userEmails.id, created.id));
    const test = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${created.id}/test`), headers: u.headers });
    expect(test.json().data.mailbox).toMatchObject({ status: 'failing' });
    expect(test.json().data.mailbox.status_reason).toContain('IMAP: Sent folder found failed');
    const resume = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${created.id}/resume`), headers: u.headers });
    expect(resume.statusCode).toBe(422);
    await t.db.db.update(userEmails).set({ imapPort: s.imap.port }).where(eq(userEmails.id, created.id));
    const ok = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${created.id}/resume`), headers: u.headers });
    expect(ok.json().data).toMatchObject({ status: 'active', status_reason: null });
    await t.app.inject({ method: 'POST', url: v1(`/user_emails/${created.id}/pause`), headers: u.headers });

    // Each change of state is in the activity log (the dashboard's feed).
    const log = await t.db.db
      .select({ verb: activities.verb, actorType: activities.actorType })
      .from(activities)
      .where(sql`${activities.payload}->>'user_email_id' = ${String(created.id)}`)
      .orderBy(asc(activities.id));
    expect(log).toEqual([
      { verb: 'mailbox_connected', actorType: 'user' },
      { verb: 'mailbox_failing', actorType: 'system' },
      { verb: 'mailbox_resumed', actorType: 'user' },
      { verb: 'mailbox_paused', actorType: 'user' },
    ]);
  });

  it('checks each sending domain through DNS (MX, SPF, DKIM with the user’s selector, DMARC) and flags a failing one on its mailboxes', async () => {
    const u = await signedInUser(t, 'mb');
    const good = (await post(u.headers, body())).json<{ data: UserEmail }>().data;
    const bad = (await post(u.headers, body({ email: 'me@bad.example', dkim_selector: 'custom' }))).json<{ data: UserEmail }>().data;
    const res = await t.app.inject({ method: 'GET', url: v1('/domains'), headers: u.headers });
    expect(res.statusCode, res.body).toBe(200);
    const domains = res.json<{ data: SendingDomain[] }>().data;
    const g = domains.find((d) => d.domain === 'good.example')!;
    expect(g.status).toBe('pass');
    expect(g.user_email_ids).toEqual([good.id]);
    expect(g.checks.map((c) => [c.check, c.status])).toEqual([['mx', 'pass'], ['spf', 'pass'], ['dkim', 'pass'], ['dmarc', 'pass']]);
    expect(g.checks.find((c) => c.check === 'dkim')!.record).toBe('selector "google"');
    const b = domains.find((d) => d.domain === 'bad.example')!;
    expect(b.status).toBe('fail');
    expect(Object.fromEntries(b.checks.map((c) => [c.check, c.status]))).toEqual({ mx: 'fail', spf: 'fail', dkim: 'pass', dmarc: 'fail' });
    expect(b.checks.find((c) => c.check === 'spf')!.advice).toContain('+all');
    expect(b.checks.find((c) => c.check === 'dmarc')!.advice).toContain('_dmarc.bad.example');

    const list = (await t.app.inject({ method: 'GET', url: v1('/user_emails'), headers: u.headers })).json<{ data: UserEmail[] }>().data;
    expect(Object.fromEntries(list.map((m) => [m.id, m.domain_failing]))).toEqual({ [good.id]: false, [bad.id]: true });
  });
});

describe.runIf(PGLITE_PASS)('IMAP connector over TLS and STARTTLS (hoodiecrow)', () => {
  const endpoint = { host: 'localhost', username: 'sender@example.com', password: 'right-password' };

  it('signs in over TLS from the start and over STARTTLS, checking the certificate', async () => {
    const tls = await startHoodiecrow({ tls: true, sentFolder: 'named' });
    const starttls = await startHoodiecrow({ starttls: true });
    try {
      const imap = imapConnector(mailOptions);
      const overTls = await imap.test({ ...endpoint, port: tls.port, security: 'tls' });
      expect(overTls.steps.map((x) => x.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed']);
      expect(overTls.sentFolder).toBe('Sent Items');
      const upgraded = await imap.test({ ...endpoint, port: starttls.port, security: 'starttls' });
      expect(upgraded.steps.map((x) => x.status)).toEqual(['passed', 'passed', 'passed', 'passed', 'passed']);
      // Without the test certificate trusted, the TLS step fails and nothing is sent further.
      const untrusted = await imapConnector({ allowHosts: ALLOW }).test({ ...endpoint, port: tls.port, security: 'tls' });
      expect(untrusted.steps.slice(0, 3).map((x) => x.status)).toEqual(['passed', 'failed', 'skipped']);
      expect(untrusted.steps[1]!.message).toMatch(/certificate/i);
    } finally {
      await Promise.all([tls.close(), starttls.close()]);
    }
  });

  it('says when the server offers no STARTTLS', async () => {
    const plain = await startHoodiecrow();
    try {
      const result = await imapConnector(mailOptions).test({ ...endpoint, port: plain.port, security: 'starttls' });
      expect(result.steps.find((x) => x.step === 'imap_tls')).toMatchObject({ status: 'failed' });
      expect(result.steps.find((x) => x.step === 'imap_login')!.status).toBe('skipped');
    } finally {
      await plain.close();
    }
  });
});

describe.skipIf(!DOVECOT_BIN || !PGLITE_PASS)('IMAP test against Debian’s dovecot', () => {
  it('logs in, lists the folders and finds the \\Sent folder; a wrong password is the login step', async () => {
    const dovecot = (await startDovecot('right-password'))!;
    try {
      const imap = imapConnector({ allowHosts: ['127.0.0.1'] });
      const endpoint = { host: '127.0.0.1', port: dovecot.port, security: 'none' as const, username: 'ada', password: 'right-password' };
      const ok = await imap.test(endpoint);
      expect(ok.steps.map((x) => x.status)).toEqual(['passed', 'skipped', 'passed', 'passed', 'passed']);
      expect(ok.sentFolder).toBe('Sent');
      const wrong = await imap.test({ ...endpoint, password: 'wrong' });
      expect(wrong.steps.find((x) => x.step === 'imap_login')).toMatchObject({ status: 'failed' });
      expect(wrong.steps.find((x) => x.step === 'imap_login')!.server_reply).toMatch(/AUTHENTICATIONFAILED|Authentication failed/i);
    } finally {
      await dovecot.close();
    }
  });
});

if (!DOVECOT_BIN) console.warn('dovecot is not installed: the dovecot IMAP test is skipped (apt-get install -y dovecot-imapd; .ci/run installs it)');
