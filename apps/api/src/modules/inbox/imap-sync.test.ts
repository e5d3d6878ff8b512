import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Campaign, VirtualEmployee } from '@shared/schemas/campaigns';
import { activities, autoCommunicationSettings, campaignEmails, campaignEnrolments, emailThreadMessages, emailThreads, imapSyncStates, personaProspects, personas, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { DOVECOT_BIN, startDovecot, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { postJson } from '../campaigns/ownership.test-helpers';
import { runSendTick } from '../campaigns/send-job';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { mailboxSyncJob, syncMailbox, type FolderSync, takeSyncLease, releaseSyncLease } from './imap-sync';
import { fixture } from './seed.test-helpers';

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);

describe.skipIf(!DOVECOT_BIN).each(DB_KINDS)('mail in over IMAP with dovecot (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let dovecot: NonNullable<Awaited<ReturnType<typeof startDovecot>>>;
  let accountId: number;
  let mailboxId: number;
  let u: Awaited<ReturnType<typeof signedInUser>>;
  let employee: VirtualEmployee;
  let seq = 0;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    dovecot = (await startDovecot('right-password'))!;
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
    u = await signedInUser(t, 'imapsync');
    accountId = await accountIdOf(t, u);
    await t.db.db.insert(autoCommunicationSettings).values({
      accountId,
      timeZone: 'UTC',
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      workStart: '00:00',
      workEnd: '23:59',
      dailyLimitEmail: 100,
      dailyLimitLinkedin: 20,
      dailyLimitPhone: 10,
      autoReply: false,
      mode: 'autonomous',
    });
    const mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: dovecot.port }, { hourly_limit: 40, min_gap_seconds: 0 });
    mailboxId = mailbox.id;
    employee = await postJson<VirtualEmployee>(t, u, '/virtual_employees', { name: 'Ada Agent', title: 'SDR', user_email_ids: [mailbox.id] });
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await dovecot?.close();
  });

  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap } }) as unknown as Deps;
  const endpoint = () => ({ host: '127.0.0.1', port: dovecot.port, security: 'none' as const, username: 'sender@example.com', password: 'right-password' });
  const mailboxRow = async () => (await t.db.db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, mailboxId))))[0]!;
  const sync = async () => inAccount(accountId, null, async () => syncMailbox(deps(), await mailboxRow()));
  async function withImap<T>(fn: (client: Awaited<ReturnType<typeof imap.open>>) => Promise<T>): Promise<T> {
    const client = await imap.open(endpoint());
    try {
      return await fn(client);
    } finally {
      await client.logout();
    }
  }

  /** A running campaign over one prospect whose step 1 went out through the mailbox (enrol → compose → send on the queue). */
  async function sentToOneProspect() {
    const tag = `s${++seq}x${Date.now().toString(36)}`;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Persona ${tag}` }).returning();
    const [prospect] = await seedProspects(t, accountId, [{ fullName: 'Pat Lee', firstName: 'Pat', company: 'Acme', title: 'Head of Sales', email: `pat@${tag}.example` }]);
    await t.db.db.insert(personaProspects).values({ accountId, personaId: persona!.id, prospectId: prospect!.id });
    const campaign = await postJson<Campaign>(t, u, '/campaigns', { name: `Campaign ${tag}`, person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    // Drained (delays skipped), then one more tick: a composition's ask for a tick can land on the key of a
    // tick that already ran in the same second when delays are skipped (as in sending.test.ts).
    await t.app.jobs.drain({ skipDelays: true });
    await inAccount(accountId, null, () => runSendTick(deps(), accountId));
    await t.app.jobs.drain({ skipDelays: true });
    const rows = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id))).orderBy(campaignEmails.stepPosition);
    const step1 = rows.find((r) => r.stepPosition === 1)!;
    expect(step1.status).toBe('sent');
    return { step1, followUps: rows.filter((r) => r.stepPosition > 1), prospectEmail: `pat@${tag}.example` };
  }

  const threadOfEnrolment = async (enrolmentId: number) =>
    (await t.db.db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.enrolmentId, enrolmentId))))[0];
  const messagesOf = (threadId: number) =>
    t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, threadId))).orderBy(emailThreadMessages.id);

  it('a reply appended to INBOX lands in its thread through the durable sync job, and stops the sequence', async () => {
    const { step1, followUps, prospectEmail } = await sentToOneProspect();
    // Unrelated mail in the inbox is never taken in.
    await withImap((c) => c.append('INBOX', 'From: news@shop.example\r\nTo: ada@good.example\r\nSubject: Sale\r\nMessage-ID: <n1@shop.example>\r\n\r\nBuy now\r\n'));
    const reply = fixture('reply-in-reply-to.eml', { to: prospectEmail, original: step1.messageId, mailbox: 'ada@good.example', subject: step1.subject });
    await withImap((c) => c.append('INBOX', reply));
    // A poll of the mailbox on the queue (a kick's key is per second: the send's own kick may have used this one).
    await t.app.jobs.send(mailboxSyncJob, { account_id: accountId, user_email_id: mailboxId });
    await t.app.jobs.drain({ skipDelays: true });

    const thread = await threadOfEnrolment(step1.enrolmentId);
    expect(thread).toMatchObject({ prospectEmail, stopSending: true, unread: true });
    const messages = await messagesOf(thread!.id);
    expect(messages.map((m) => [m.direction, m.kind, m.imapFolder])).toEqual([
      ['outbound', 'own', null],
      ['inbound', 'human', 'INBOX'],
    ]);
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, step1.enrolmentId)));
    expect(enrolment!.status).toBe('stopped');
    for (const f of followUps) {
      const [row] = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.id, f.id)));
      expect(row!.status).toBe('cancelled');
    }
    const replies = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'reply_received')));
    expect(replies.filter((a) => (a.payload as { thread_id?: number }).thread_id === thread!.id)).toHaveLength(1);
    const [state] = await t.db.db.select().from(imapSyncStates).where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailboxId), eq(imapSyncStates.folder, 'INBOX')));
    expect(state).toMatchObject({ error: null });
    expect(state!.lastUid).toBeGreaterThanOrEqual(2);

    // A second pass takes nothing again.
    const again = await sync();
    expect(again.ok).toBe(true);
    expect(again.folders.find((f) => f.folder === 'INBOX')).toMatchObject({ seen: 0, stored: 0 });
    expect(await messagesOf(thread!.id)).toHaveLength(2);

    // A process that died after taking the messages in but before saving its cursor: the next run repeats them, doubling nothing.
    await t.db.db.update(imapSyncStates).set({ lastUid: 0 }).where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailboxId), eq(imapSyncStates.folder, 'INBOX')));
    const repeated = await sync();
    expect(repeated.folders.find((f) => f.folder === 'INBOX')).toMatchObject({ stored: 0, duplicates: 1 });
    expect(await messagesOf(thread!.id)).toHaveLength(2);
    expect((await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'reply_received')))).filter((a) => (a.payload as { thread_id?: number }).thread_id === thread!.id)).toHaveLength(1);
  });

  it('our follow-up in Sent is never a reply; a recreated Sent folder (new UIDVALIDITY) is rescanned without duplicates', async () => {
    const { step1, prospectEmail } = await sentToOneProspect();
    // The prospect's out-of-office opens the thread and leaves the sequence running.
    await withImap((c) => c.append('INBOX', fixture('ooo-nodate.eml', { to: prospectEmail, original: step1.messageId, mailbox: 'ada@good.example', subject: step1.subject })));
    const followUp = fixture('own-followup-sent.eml', { to: prospectEmail, original: step1.messageId, mailbox: 'ada@good.example', subject: step1.subject, messageId: `<answer-${seq}@good.example>` });
    await withImap((c) => c.append('Sent', followUp, ['\\Seen']));
    const first = await sync();
    expect(first.ok, first.error ?? '').toBe(true);
    const thread = (await threadOfEnrolment(step1.enrolmentId))!;
    expect(thread.stopSending).toBe(false);
    expect((await messagesOf(thread.id)).map((m) => [m.direction, m.kind])).toEqual([
      ['outbound', 'own'],
      ['inbound', 'auto_reply'],
      ['outbound', 'own'],
    ]);
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, step1.enrolmentId)));
    expect(enrolment!.status).toBe('active');
    const stateOf = async () =>
      (await t.db.db.select().from(imapSyncStates).where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailboxId), eq(imapSyncStates.folder, 'Sent'))))[0]!;
    const before = await stateOf();

    // The folder is deleted and made again (as a server migration would): new UIDVALIDITY, the same message, and one more.
    await withImap(async (c) => {
      await c.mailboxDelete('Sent');
      await c.mailboxCreate('Sent');
      await c.append('Sent', followUp, ['\\Seen']);
      await c.append('Sent', fixture('own-followup-sent.eml', { to: prospectEmail, original: step1.messageId, mailbox: 'ada@good.example', subject: step1.subject, messageId: `<answer-b-${seq}@good.example>` }), ['\\Seen']);
    });
    const second = await sync();
    expect(second.ok, second.error ?? '').toBe(true);
    const after = await stateOf();
    expect(after.uidValidity).not.toBe(before.uidValidity);
    expect(second.folders.find((f) => f.folder === 'Sent')).toMatchObject({ rescanned: true, stored: 1, duplicates: 1 });
    expect((await messagesOf(thread.id)).map((m) => m.messageId).filter((id) => id.startsWith('<answer'))).toEqual([`<answer-${seq}@good.example>`, `<answer-b-${seq}@good.example>`]);
  });

  it('IDLE: a reply appended while the run waits in IDLE is taken in within that round', async () => {
    const { step1, prospectEmail } = await sentToOneProspect();
    await sync();
    const reply = fixture('reply-references-only.eml', { to: prospectEmail, original: step1.messageId, mailbox: 'ada@good.example', subject: step1.subject });
    const controller = new AbortController();
    let appended: Promise<unknown> | null = null;
    let taken!: (r: FolderSync) => void;
    const arrival = new Promise<FolderSync>((resolve) => (taken = resolve));
    const row = await mailboxRow();
    const run = inAccount(accountId, null, () =>
      syncMailbox(deps(), row, new Date(), {
        // Long enough never to be what ends the test: the arrival does.
        idleMs: 120_000,
        signal: controller.signal,
        onIdle: () => void (appended ??= withImap((c) => c.append('INBOX', reply))),
        onSynced: (r) => r.stored > 0 && taken(r),
      }),
    );
    const result = await arrival;
    controller.abort();
    const whole = await run;
    expect(result).toMatchObject({ folder: 'INBOX', stored: 1 });
    expect(whole.ok).toBe(true);
    const thread = await threadOfEnrolment(step1.enrolmentId);
    expect(thread).toMatchObject({ stopSending: true });
    expect((await messagesOf(thread!.id)).map((m) => m.kind)).toEqual(['own', 'human']);
  });

  it('one sync per mailbox across processes: the lease is taken once', async () => {
    const take = () => inAccount(accountId, null, () => takeSyncLease(t.db.db, accountId, mailboxId));
    const both = await Promise.all([take(), take()]);
    const holder = both.find((h) => h !== null)!;
    expect(both.filter((h) => h !== null)).toHaveLength(1);
    await inAccount(accountId, null, () => releaseSyncLease(t.db.db, accountId, mailboxId, holder));
    const next = await take();
    expect(next).not.toBeNull();
    await inAccount(accountId, null, () => releaseSyncLease(t.db.db, accountId, mailboxId, next!));
  });

  it('a wrong password is recorded on the cursor, not thrown', async () => {
    const row = await mailboxRow();
    const result = await inAccount(accountId, null, () => syncMailbox({ ...deps(), mail: { ...deps().mail, imap: { ...imap, open: (e) => imap.open({ ...e, password: 'wrong' }) } } }, row));
    expect(result.ok).toBe(false);
    const [state] = await t.db.db.select().from(imapSyncStates).where(and(eq(imapSyncStates.accountId, accountId), eq(imapSyncStates.userEmailId, mailboxId), eq(imapSyncStates.folder, 'INBOX')));
    expect(state!.error).toMatch(/IMAP/);
    // The cursor it had is kept.
    expect(state!.lastUid).toBeGreaterThan(0);
    expect((await sync()).ok).toBe(true);
  });
});
