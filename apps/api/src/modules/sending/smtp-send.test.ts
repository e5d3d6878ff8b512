import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { accounts, activities, blacklistedEmails, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { suppress } from '../blacklist/suppression';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { unsubscribeLinks, verifyUnsubscribeToken } from '../blacklist/unsubscribe-token';
import { classifySmtpResult, CONNECTION_FAILURES_TO_PAUSE, MAX_SEND_ATTEMPTS, newMessageId, sendFromMailbox, smtpSend, type OutgoingMessage } from './smtp-send';

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const NOW = new Date('2026-06-10T09:00:00Z');

let seq = 0;
const message = (to: string, over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  to,
  toName: 'Ann Prospect',
  subject: 'A question about Acme’s pipeline',
  text: 'Hi Ann,\n\nOne question about your pipeline.\n\nBest, Ada',
  html: '<p>Hi Ann,</p><p>One question about <a href="https://example.com/pipeline?x=1">your pipeline</a>.</p><script>alert(1)</script><img src="https://tracker.example/p.gif"><p>Best, Ada</p>',
  messageId: `<outbox-${++seq}.${Date.now()}@good.example>`,
  date: new Date('2026-06-10T09:00:00Z'),
  unsubscribe: { url: 'https://app.example.com/unsubscribe?token=abc.def', mailto: 'mailto:ada@good.example?subject=unsubscribe%20abc.def' },
  ...over,
});
const MAILBOX = { email: 'ada@good.example', senderName: 'Ada Sender' };

describe.runIf(PGLITE_PASS)('smtp-send against a real SMTP server on loopback', () => {
  let server: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let tlsServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  const smtp = smtpConnector(mailOptions);
  const endpoint = (over: Record<string, unknown> = {}) => ({ host: 'localhost', port: server.port, security: 'starttls' as const, username: 'sender@example.com', password: 'right-password', ...over });

  beforeAll(async () => {
    server = await startRecordingSmtpServer({ security: 'starttls' });
    tlsServer = await startRecordingSmtpServer({ security: 'tls' });
  });
  afterAll(async () => {
    await server.close();
    await tlsServer.close();
  });

  it('sends over STARTTLS with AUTH, with every header the issue lists and nothing added', async () => {
    const first = message('ann@acme.example');
    const sent = await smtpSend(smtp, endpoint(), MAILBOX, first, { attempt: 1, now: NOW });
    expect(sent).toMatchObject({ status: 'sent' });
    const got = server.received.at(-1)!;
    expect(got).toMatchObject({ from: 'ada@good.example', to: ['ann@acme.example'], secure: true, user: 'sender@example.com' });
    const parsed = await simpleParser(got.raw);
    expect(parsed.from?.value).toEqual([{ name: 'Ada Sender', address: 'ada@good.example' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : null).toEqual([{ name: 'Ann Prospect', address: 'ann@acme.example' }]);
    expect(parsed.subject).toBe('A question about Acme’s pipeline');
    expect(parsed.date?.toISOString()).toBe('2026-06-10T09:00:00.000Z');
    expect(parsed.messageId).toBe(first.messageId);
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.text?.trim()).toBe(first.text);
    // Sanitised: no script, no image (no pixel); the link as written (no rewriting).
    expect(parsed.html).toContain('<a href="https://example.com/pipeline?x=1"');
    expect(parsed.html).not.toMatch(/script|<img|tracker/);
    const raw = got.raw.toString('utf8');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/app\.example\.com\/unsubscribe\?token=abc\.def>,\s+<mailto:ada@good\.example\?subject=unsubscribe%20abc\.def>\r$/m);
    expect(raw).not.toMatch(/^X-Mailer:/im);

    // A follow-up in the same thread.
    const followUp = message('ann@acme.example', { subject: 'Re: A question about Acme’s pipeline', inReplyTo: first.messageId, references: [first.messageId], html: null });
    expect(await smtpSend(smtp, endpoint(), MAILBOX, followUp, { attempt: 1, now: NOW })).toMatchObject({ status: 'sent' });
    const reply = await simpleParser(server.received.at(-1)!.raw);
    expect(reply.inReplyTo).toBe(first.messageId);
    expect(reply.references).toBe(first.messageId);
    expect(reply.html).toBe(false);
  });

  it('sends over implicit TLS too', async () => {
    const out = await smtpSend(smtp, { ...endpoint(), port: tlsServer.port, security: 'tls' }, MAILBOX, message('bob@acme.example'), { attempt: 1, now: NOW });
    expect(out).toMatchObject({ status: 'sent' });
    expect(tlsServer.received.at(-1)).toMatchObject({ secure: true, to: ['bob@acme.example'] });
  });

  it('classifies the answers on RCPT: 4xx retried with backoff then failed, 5.1.1 bounced, 5.7.1 blaming the sender holds the mailbox, 5.7.1 blaming the recipient fails the message', async () => {
    const later = await smtpSend(smtp, endpoint(), MAILBOX, message('later@acme.example'), { attempt: 1, now: NOW });
    expect(later).toMatchObject({ status: 'retry', attempt: 1, code: 451, retryAt: new Date(NOW.getTime() + 5 * 60_000) });
    const again = await smtpSend(smtp, endpoint(), MAILBOX, message('later@acme.example'), { attempt: 3, now: NOW });
    expect(again).toMatchObject({ status: 'retry', retryAt: new Date(NOW.getTime() + 45 * 60_000) });
    const giveUp = await smtpSend(smtp, endpoint(), MAILBOX, message('later@acme.example'), { attempt: MAX_SEND_ATTEMPTS, now: NOW });
    expect(giveUp).toMatchObject({ status: 'failed', code: 451 });

    const unknown = await smtpSend(smtp, endpoint(), MAILBOX, message('unknown@acme.example'), { attempt: 1, now: NOW });
    expect(unknown).toMatchObject({ status: 'bounced', code: 550 });
    expect(unknown.status === 'bounced' && unknown.response).toContain('5.1.1');

    const blocked = await smtpSend(smtp, endpoint(), MAILBOX, message('blocked@acme.example'), { attempt: 1, now: NOW });
    expect(blocked).toMatchObject({ status: 'mailbox_held', mailboxStatus: 'paused', code: 550, retryAt: null });
    expect(blocked.status === 'mailbox_held' && blocked.reason).toContain('Spamhaus');

    const denied = await smtpSend(smtp, endpoint(), MAILBOX, message('denied@acme.example'), { attempt: 1, now: NOW });
    expect(denied).toMatchObject({ status: 'failed', code: 550 });
    expect(server.received.some((r) => r.to.some((a) => /^(later|unknown|blocked|denied)@/.test(a)))).toBe(false);
  });

  it('a connection dropped after the message was handed over is uncertain (never resent blindly); one dropped before, and a refused sign-in, are connection failures', async () => {
    const dropped = await smtpSend(smtp, endpoint(), MAILBOX, message('drop@acme.example'), { attempt: 1, now: NOW });
    expect(dropped).toMatchObject({ status: 'uncertain' });
    expect(server.received.at(-1)!.to).toEqual(['drop@acme.example']);
    // Dropped inside the transaction but before DATA: nodemailer cannot tell us where, so it is uncertain too (the Sent folder decides).
    const count = server.received.length;
    expect(await smtpSend(smtp, endpoint(), MAILBOX, message('droprcpt@acme.example'), { attempt: 1, now: NOW })).toMatchObject({ status: 'uncertain' });
    expect(server.received.length).toBe(count);

    const badPassword = await smtpSend(smtp, endpoint({ password: 'wrong' }), MAILBOX, message('ann@acme.example'), { attempt: 1, now: NOW });
    expect(badPassword).toMatchObject({ status: 'connection_failed', stage: 'auth', code: 535 });

    server.state.refuseAll = true;
    try {
      const down = await smtpSend(smtp, endpoint(), MAILBOX, message('ann@acme.example'), { attempt: 1, now: NOW });
      expect(down).toMatchObject({ status: 'connection_failed', stage: 'connect', code: 421 });
    } finally {
      server.state.refuseAll = false;
    }
    const closedPort = await smtpSend(smtp, endpoint({ port: 1 }), MAILBOX, message('ann@acme.example'), { attempt: 1, now: NOW });
    expect(closedPort).toMatchObject({ status: 'connection_failed', stage: 'connect' });
    const guarded = await smtpSend(smtpConnector({ allowHosts: [] }), endpoint(), MAILBOX, message('ann@acme.example'), { attempt: 1, now: NOW });
    expect(guarded).toMatchObject({ status: 'connection_failed', stage: 'connect' });
  });

  it('classifies replies by their words where the code is shared', () => {
    const fail = (stage: 'rcpt_to' | 'data' | 'mail_from', code: number, response: string) => classifySmtpResult({ ok: false, stage, code, enhanced: /\d\.\d+\.\d+/.exec(response)?.[0] ?? null, response, message: '' }, 1, NOW);
    expect(fail('rcpt_to', 550, '550 5.7.26 Unauthenticated email from good.example is not accepted due to domain\'s DMARC policy')).toMatchObject({ status: 'mailbox_held' });
    expect(fail('data', 554, '554 5.7.1 Message rejected as spam')).toMatchObject({ status: 'mailbox_held' });
    expect(fail('mail_from', 553, '553 5.1.8 Sender address domain does not exist')).toMatchObject({ status: 'mailbox_held' });
    expect(fail('rcpt_to', 550, '550 User unknown')).toMatchObject({ status: 'bounced' });
    expect(fail('rcpt_to', 552, '552 5.2.2 Mailbox full')).toMatchObject({ status: 'failed' });
    expect(fail('rcpt_to', 550, '550 5.1.2 Host unknown')).toMatchObject({ status: 'bounced' });
    expect(newMessageId({ domain: 'good.example' })).toMatch(/^<[0-9a-f-]{36}@good\.example>$/);
  });
});

describe.each(DB_KINDS)('sendFromMailbox in an account scope (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imap: Awaited<ReturnType<typeof startHoodiecrow>>;
  let accountId: number;
  let mailboxId: number;
  let holderId: number;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imap = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap: imapConnector(mailOptions) } });
    const u = await signedInUser(t, 'sender');
    accountId = await accountIdOf(t, u);
    holderId = (await t.db.db.select({ holderId: accounts.holderId }).from(accounts).where(eq(accounts.id, accountId)))[0]!.holderId;
    mailboxId = (await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imap.port })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imap?.close();
  });

  const mailbox = async () => (await t.db.db.select().from(userEmails).where(eq(userEmails.id, mailboxId)))[0]!;
  const deps = () => ({ db: t.db.db, config: t.config, mail: { smtp: smtpConnector(mailOptions) } });
  /** As a job would: in the account's scope, so the tenancy guard checks every statement. */
  const send = async (to: string, over: Partial<OutgoingMessage> = {}, attempt = 1) => {
    const row = await mailbox();
    const links = unsubscribeLinks(t.config, { holderId, accountId, email: to, mailbox: row.email });
    return inAccount(accountId, null, () => sendFromMailbox(deps(), row, message(to, { unsubscribe: links, ...over }), { attempt, now: NOW }));
  };
  const setActive = () => t.db.db.update(userEmails).set({ status: 'active', statusReason: null }).where(eq(userEmails.id, mailboxId));
  const verbs = async () => (await t.db.db.select({ verb: activities.verb, payload: activities.payload }).from(activities).where(eq(activities.accountId, accountId))).map((a) => a.verb);

  it('sends with the stored password and a signed unsubscribe link that names the recipient', async () => {
    const out = await send('ann@acme.example');
    expect(out).toMatchObject({ status: 'sent' });
    const raw = smtpServer.received.at(-1)!.raw.toString('utf8').replace(/\r\n\s+/g, ' ');
    const token = /^List-Unsubscribe: <https?:\/\/[^>]+\/unsubscribe\?token=([\w-]+\.[\w-]{43})>, <mailto:ada@good\.example\?subject=unsubscribe%20([\w.-]+)>$/m.exec(raw);
    expect(token, raw).not.toBeNull();
    expect(verifyUnsubscribeToken(t.config, token![1])).toMatchObject({ accountId, email: 'ann@acme.example' });
    expect(token![2]).toBe(token![1]);
  });

  it('a hard bounce suppresses the address (hard_bounce, the server reply kept); the next send is refused before SMTP', async () => {
    const out = await send('unknown.person@acme.example');
    expect(out).toMatchObject({ status: 'bounced' });
    const [entry] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, 'unknown.person@acme.example')));
    expect(entry).toMatchObject({ reason: 'hard_bounce' });
    expect(entry!.details).toContain('5.1.1');
    const before = smtpServer.state.connections;
    expect(await send('unknown.person@acme.example')).toMatchObject({ status: 'suppressed', suppression: { reason: 'hard_bounce' } });
    expect(smtpServer.state.connections).toBe(before);
    await inAccount(accountId, null, () => suppress(t.db.db, accountId, 'gone@acme.example', 'unsubscribed'));
    expect(await send('gone@acme.example')).toMatchObject({ status: 'suppressed', suppression: { reason: 'unsubscribed' } });
  });

  it('a 5.7.1 that blames the sender pauses the mailbox with the reason, logs it, and suppresses nobody', async () => {
    const out = await send('blocked@acme.example');
    expect(out).toMatchObject({ status: 'mailbox_held', mailboxStatus: 'paused' });
    const row = await mailbox();
    expect(row.status).toBe('paused');
    expect(row.statusReason).toMatch(/refused mail from this mailbox: .*Spamhaus/);
    expect(await verbs()).toContain('mailbox_paused');
    const blamed = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, 'blocked@acme.example')));
    expect(blamed).toEqual([]);
    // Paused: nothing more leaves until the user resumes it.
    const before = smtpServer.state.connections;
    expect(await send('ann@acme.example')).toMatchObject({ status: 'mailbox_held', mailboxStatus: 'paused' });
    expect(smtpServer.state.connections).toBe(before);
    await setActive();
  });

  it(`${CONNECTION_FAILURES_TO_PAUSE} connection failures in a row mark the mailbox failing; a send between resets the count`, async () => {
    smtpServer.state.refuseAll = true;
    try {
      expect(await send('ann@acme.example')).toMatchObject({ status: 'connection_failed' });
      expect(await send('ann@acme.example')).toMatchObject({ status: 'connection_failed' });
      smtpServer.state.refuseAll = false;
      // The outbox logs the send with the mailbox's id: that ends the run of failures.
      expect(await send('ann@acme.example')).toMatchObject({ status: 'sent' });
      await inAccount(accountId, null, () =>
        t.db.db.insert(activities).values({ accountId, actorType: 'agent', verb: 'email_sent', channel: 'email', payload: { user_email_id: mailboxId } }),
      );
      smtpServer.state.refuseAll = true;
      for (let i = 1; i < CONNECTION_FAILURES_TO_PAUSE; i++) expect(await send('ann@acme.example')).toMatchObject({ status: 'connection_failed' });
      expect((await mailbox()).status).toBe('active');
      const last = await send('ann@acme.example');
      expect(last).toMatchObject({ status: 'mailbox_held', mailboxStatus: 'failing', retryAt: null });
      const row = await mailbox();
      expect(row.status).toBe('failing');
      expect(row.statusReason).toMatch(/3 connection attempts in a row failed/);
      expect(await verbs()).toContain('mailbox_failing');
    } finally {
      smtpServer.state.refuseAll = false;
      await setActive();
    }
  });
});
