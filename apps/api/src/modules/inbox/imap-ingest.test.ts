import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { activities, blacklistedEmails, campaignEmails, campaignEnrolments, emailThreadMessages, emailThreads, imapSyncStates, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { DOVECOT_BIN, startDovecot, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { syncMailbox, type SyncHooks } from './imap-sync';
import { fixture, seedSentEmail, type SentEmail } from './seed.test-helpers';

/**
 * The mailbox sync's batches through a real IMAP server (dovecot): a mixed mailbox ends with each message in the
 * right thread and state; a crash inside a batch or between batches, and a UIDVALIDITY change, lose and double nothing.
 * Each test has its own dovecot user (its own INBOX and Sent) and its own sent emails.
 */

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);
const MAILBOX = 'ada@good.example';

describe.skipIf(!DOVECOT_BIN).each(DB_KINDS)('mail in by batches through dovecot (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let dovecot: NonNullable<Awaited<ReturnType<typeof startDovecot>>>;
  let accountId: number;
  let mailboxId: number;
  let user = 0;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    dovecot = (await startDovecot('right-password'))!;
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
    const u = await signedInUser(t, 'imapingest');
    accountId = await accountIdOf(t, u);
    mailboxId = (await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: dovecot.port })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await dovecot?.close();
  });

  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap } }) as unknown as Deps;
  const mailboxRow = async () => (await t.db.db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, mailboxId))))[0]!;
  // A fixed clock for the sync (out-of-office pauses count from it): no test reads the wall clock.
  const now = new Date('2026-11-24T12:00:00Z');
  const sync = async (hooks?: SyncHooks) => inAccount(accountId, null, async () => syncMailbox(deps(), await mailboxRow(), now, { idleMs: 0, ...(hooks ? { hooks } : {}) }));
  const inbox = (r: Awaited<ReturnType<typeof sync>>) => r.folders.find((f) => f.folder === 'INBOX')!;

  /** A new dovecot user behind the mailbox (empty INBOX and Sent), and no cursor yet. */
  async function freshServerMailbox(): Promise<string> {
    const username = `ingest${++user}@example.com`;
    await t.db.db.update(userEmails).set({ imapUsername: username }).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, mailboxId)));
    await t.db.db.delete(imapSyncStates).where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailboxId)));
    return username;
  }
  async function append(username: string, folder: string, messages: string[]) {
    const client = await imap.open({ host: '127.0.0.1', port: dovecot.port, security: 'none', username, password: 'right-password' });
    try {
      for (const m of messages) await client.append(folder, m, folder === 'Sent' ? ['\\Seen'] : []);
    } finally {
      await client.logout();
    }
  }

  type Mixed = { sent: SentEmail[]; ids: Record<string, string>; inboxCount: number };

  /**
   * A mailbox holding a mixed batch: a person's reply and a second one answering it, a colleague's reply, an
   * out-of-office, a DSN bounce (5.1.1), a delayed DSN (4.4.7), a plain-text bounce, an acknowledgement, our own
   * follow-up in Sent, and unrelated mail (a newsletter, an internal thread, an invoice with an attachment).
   */
  async function mixedMailbox(): Promise<Mixed> {
    const username = await freshServerMailbox();
    const mailbox = await mailboxRow();
    const sent: SentEmail[] = [];
    for (let i = 0; i < 8; i++) sent.push(await seedSentEmail(t, accountId, mailbox, new Date('2026-11-23T09:00:00Z')));
    const tag = `${user}x${Date.now().toString(36)}`;
    const ids: Record<string, string> = {
      reply: `<reply-${tag}@prospect.example>`,
      again: `<again-${tag}@prospect.example>`,
      colleague: `<colleague-${tag}@prospect.example>`,
      ooo: `<ooo-${tag}@prospect.example>`,
      dsn5: `<dsn5-${tag}@mx.example>`,
      dsn4: `<dsn4-${tag}@mx.example>`,
      plain: `<plain-${tag}@mx.example>`,
      ack: `<ack-${tag}@prospect.example>`,
      own: `<own-${tag}@good.example>`,
    };
    const f = (name: string, e: SentEmail, messageId: string, original = e.step1.messageId) => fixture(name, { to: e.prospectEmail, original, mailbox: MAILBOX, subject: e.step1.subject, messageId });
    const unrelated = [
      `From: news@shop.example\r\nTo: ${MAILBOX}\r\nSubject: Sale\r\nMessage-ID: <n-${tag}@shop.example>\r\nList-Unsubscribe: <https://shop.example/u>\r\n\r\nBuy now\r\n`,
      `From: sam@good.example\r\nTo: ${MAILBOX}\r\nSubject: Re: Offsite\r\nMessage-ID: <i-${tag}@good.example>\r\nIn-Reply-To: <internal-${tag}@good.example>\r\n\r\nThursday works.\r\n`,
      `From: billing@vendor.example\r\nTo: ${MAILBOX}\r\nSubject: Invoice\r\nMessage-ID: <inv-${tag}@vendor.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nAttached.\r\n--b\r\nContent-Type: application/pdf; name="i.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK\r\n--b--\r\n`,
    ];
    const messages = [
      unrelated[0]!,
      f('reply-in-reply-to.eml', sent[0]!, ids.reply!),
      // The prospect writes again, answering their own first reply (in the same batch).
      fixture('reply-references-only.eml', { to: sent[0]!.prospectEmail, original: ids.reply!, mailbox: MAILBOX, subject: sent[0]!.step1.subject, messageId: ids.again }),
      f('colleague-reply.eml', sent[1]!, ids.colleague!),
      unrelated[1]!,
      f('ooo-en.eml', sent[2]!, ids.ooo!),
      f('dsn-5.1.1.eml', sent[3]!, ids.dsn5!),
      f('dsn-4.4.7.eml', sent[4]!, ids.dsn4!),
      unrelated[2]!,
      f('bounce-plain.eml', sent[5]!, ids.plain!),
      f('auto-ack.eml', sent[6]!, ids.ack!),
    ];
    await append(username, 'INBOX', messages);
    await append(username, 'Sent', [f('own-followup-sent.eml', sent[0]!, ids.own!)]);
    return { sent, ids, inboxCount: messages.length };
  }

  const threadOf = async (e: SentEmail) => (await t.db.db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.enrolmentId, e.enrolmentId))))[0];
  const kindsOf = async (threadId: number) =>
    (await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, threadId))).orderBy(emailThreadMessages.id)).map((m) => [m.messageId, m.direction, m.kind]);
  const enrolmentStatus = async (e: SentEmail) =>
    (await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, e.enrolmentId))))[0]!.status;

  /** Every message in its thread, once, and each thread and sequence in the state its messages make. */
  async function expectIngested({ sent, ids }: Mixed) {
    const [e0, e1, e2, e3, e4, e5, e6, e7] = sent as [SentEmail, SentEmail, SentEmail, SentEmail, SentEmail, SentEmail, SentEmail, SentEmail];
    const t0 = (await threadOf(e0))!;
    expect(await kindsOf(t0.id)).toEqual([
      [e0.step1.messageId, 'outbound', 'own'],
      [ids.reply, 'inbound', 'human'],
      [ids.again, 'inbound', 'human'],
      [ids.own, 'outbound', 'own'],
    ]);
    expect(t0).toMatchObject({ stopSending: true, unread: true });
    expect(await enrolmentStatus(e0)).toBe('stopped');
    const t1 = (await threadOf(e1))!;
    expect(await kindsOf(t1.id)).toEqual([
      [e1.step1.messageId, 'outbound', 'own'],
      [ids.colleague, 'inbound', 'human'],
    ]);
    expect(await enrolmentStatus(e1)).toBe('stopped');
    const t2 = (await threadOf(e2))!;
    expect(await kindsOf(t2.id)).toEqual([
      [e2.step1.messageId, 'outbound', 'own'],
      [ids.ooo, 'inbound', 'auto_reply'],
    ]);
    expect(t2).toMatchObject({ stopSending: false, replyStatus: 'out_of_office' });
    expect(await enrolmentStatus(e2)).toBe('active');
    const [step2] = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.id, e2.step2.id)));
    expect(step2!.sendAfter!.getTime()).toBeGreaterThan(now.getTime());
    for (const [e, id] of [
      [e3, ids.dsn5],
      [e4, ids.dsn4],
      [e5, ids.plain],
    ] as const) {
      const th = (await threadOf(e))!;
      expect(await kindsOf(th.id)).toEqual([
        [e.step1.messageId, 'outbound', 'own'],
        [id, 'inbound', 'bounce'],
      ]);
      expect(th).toMatchObject({ replyStatus: 'bounce', unread: false });
    }
    const hard = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), inArray(blacklistedEmails.email, [e3.prospectEmail, e4.prospectEmail, e5.prospectEmail])));
    expect(hard.map((b) => [b.email, b.reason]).sort()).toEqual([
      [e3.prospectEmail, 'hard_bounce'],
      [e5.prospectEmail, 'hard_bounce'],
    ].sort());
    const t6 = (await threadOf(e6))!;
    expect((await kindsOf(t6.id)).map(([, d, k]) => [d, k])).toEqual([
      ['outbound', 'own'],
      ['inbound', 'auto_reply'],
    ]);
    expect(await enrolmentStatus(e6)).toBe('active');
    // Nobody answered this one: no thread.
    expect(await threadOf(e7)).toBeUndefined();
    // Unrelated mail is not stored; each activity once.
    const stored = await t.db.db.select({ messageId: emailThreadMessages.messageId }).from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.userEmailId, mailboxId)));
    expect(stored.filter((m) => /@(shop|vendor)\.example>$|^<i-/.test(m.messageId))).toEqual([]);
    const threadIds = [t0.id, t1.id, t2.id, t6.id];
    const acts = (await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), inArray(activities.verb, ['reply_received', 'auto_reply_received', 'email_bounced', 'email_delayed', 'mail_client_reply_sent'])))).filter(
      (a) => threadIds.includes((a.payload as { thread_id?: number }).thread_id ?? -1) || [e3.step1.id, e4.step1.id, e5.step1.id].includes((a.payload as { campaign_email_id?: number }).campaign_email_id ?? -1),
    );
    const count = (verb: string) => acts.filter((a) => a.verb === verb).length;
    expect([count('reply_received'), count('auto_reply_received'), count('email_bounced'), count('email_delayed'), count('mail_client_reply_sent')]).toEqual([3, 2, 2, 1, 1]);
  }

  it('a mixed mailbox ends with each message in its thread and state, and a second pass takes nothing', async () => {
    const mixed = await mixedMailbox();
    const first = await sync();
    expect(first.ok, first.error ?? '').toBe(true);
    expect(inbox(first)).toMatchObject({ rescanned: true, seen: mixed.inboxCount, stored: 8, duplicates: 0, unrelated: 3 });
    expect(first.folders.find((f) => f.folder === 'Sent')).toMatchObject({ stored: 1 });
    await expectIngested(mixed);
    const again = await sync();
    expect(inbox(again)).toMatchObject({ seen: 0, stored: 0 });
    await expectIngested(mixed);
  });

  it('a crash inside a batch (after some messages were taken in) loses and doubles nothing', async () => {
    const mixed = await mixedMailbox();
    let taken = 0;
    const crashed = await sync({
      batchSize: 5,
      ingest: {
        afterMessage: () => {
          // The second batch dies after its second message: that batch's transaction is lost, as with kill -9.
          if (++taken === 5) throw new Error('killed');
        },
      },
    });
    expect(crashed.ok).toBe(false);
    expect(crashed.error).toBe('killed');
    // The first batch (UIDs 1-5) committed and the cursor moved past it; the second did not.
    const [state] = await t.db.db.select().from(imapSyncStates).where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailboxId), eq(imapSyncStates.folder, 'INBOX')));
    expect(state!.lastUid).toBe(5);
    const resumed = await sync({ batchSize: 5 });
    expect(resumed.ok, resumed.error ?? '').toBe(true);
    expect(inbox(resumed)).toMatchObject({ rescanned: false, seen: mixed.inboxCount - 5, stored: 5, duplicates: 0 });
    await expectIngested(mixed);
  });

  it('a crash between batches, then a lost cursor, loses and doubles nothing', async () => {
    const mixed = await mixedMailbox();
    let batches = 0;
    const crashed = await sync({
      batchSize: 3,
      afterBatch: () => {
        if (++batches === 2) throw new Error('killed');
      },
    });
    expect(crashed.ok).toBe(false);
    const resumed = await sync({ batchSize: 3 });
    expect(resumed.ok, resumed.error ?? '').toBe(true);
    expect(inbox(resumed).seen).toBe(mixed.inboxCount - 6);
    await expectIngested(mixed);
    // A process that died before saving its cursor at all: everything again, all duplicates.
    await t.db.db.update(imapSyncStates).set({ lastUid: 0 }).where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailboxId), eq(imapSyncStates.folder, 'INBOX')));
    const repeated = await sync({ batchSize: 4 });
    expect(inbox(repeated)).toMatchObject({ seen: mixed.inboxCount, stored: 0, duplicates: 8 });
    await expectIngested(mixed);
  });

  it('a new UIDVALIDITY rescans the folder and doubles nothing', async () => {
    const mixed = await mixedMailbox();
    expect((await sync()).ok).toBe(true);
    // The server renumbered the folder (as a migration would): the cursor's UIDVALIDITY no longer matches.
    await t.db.db.update(imapSyncStates).set({ uidValidity: 1, lastUid: 999 }).where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailboxId), eq(imapSyncStates.folder, 'INBOX')));
    const rescanned = await sync();
    expect(inbox(rescanned)).toMatchObject({ rescanned: true, seen: mixed.inboxCount, stored: 0, duplicates: 8, unrelated: 3 });
    await expectIngested(mixed);
  });
});
