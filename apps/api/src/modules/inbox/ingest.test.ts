import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activities, blacklistedEmails, campaignEnrolments, campaignNotifications, campaigns, prospects, emailThreadMessages, emailThreads, notifications, type UserEmailRow } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { dispatcherFor } from '../notifications/dispatch';
import { ingestMessage, type FolderRole } from './ingest';
import { campaignEmailOf, enrolmentOf, fixture, seedMailbox, seedSentEmail, type SentEmail } from './seed.test-helpers';

const NOW = new Date('2026-11-24T12:00:00Z');

describe.each(DB_KINDS)('mail in: ingestion (%s)', (kind) => {
  let t: TestApp;
  let accountId: number;
  let userA: Awaited<ReturnType<typeof signedInUser>>;
  let otherAccountId: number;
  let mailbox: UserEmailRow;
  let otherMailbox: UserEmailRow;

  beforeAll(async () => {
    t = await startTestApp(kind);
    userA = await signedInUser(t, 'inbox-a');
    accountId = await accountIdOf(t, userA);
    otherAccountId = await accountIdOf(t, await signedInUser(t, 'inbox-b'));
    mailbox = await seedMailbox(t, accountId);
    otherMailbox = await seedMailbox(t, otherAccountId);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ingest = (name: string, sent: SentEmail, options: { role?: FolderRole; folder?: string; box?: UserEmailRow; messageId?: string; original?: string } = {}) => {
    const box = options.box ?? mailbox;
    const raw = fixture(name, { to: sent.prospectEmail, original: options.original ?? sent.step1.messageId, mailbox: box.email, subject: sent.step1.subject, messageId: options.messageId });
    return inAccount(box.accountId, null, () =>
      ingestMessage(t.db.db, { mailbox: box, folder: options.folder ?? 'INBOX', role: options.role ?? 'inbox', raw, uid: 1, now: NOW }),
    );
  };
  const threadOf = async (id: number) => (await t.db.db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, id))))[0]!;
  const messagesOf = (threadId: number) =>
    t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, threadId))).orderBy(emailThreadMessages.sentAt);
  const listed = async (email: string) =>
    (await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, email))))[0];
  const inConversation = async (prospectId: number) => (await t.db.db.select({ at: prospects.inConversationSince }).from(prospects).where(eq(prospects.id, prospectId)))[0]?.at ?? null;
  const verbsFor = async (prospectId: number) =>
    (await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.prospectId, prospectId)))).map((a) => a.verb);

  it('a reply threads by In-Reply-To: our email and the reply in one thread, the sequence stopped, reply_received logged', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const result = await ingest('reply-in-reply-to.eml', sent);
    expect(result).toMatchObject({ outcome: 'stored', direction: 'inbound', kind: 'human', effect: 'stopped' });
    if (result.outcome !== 'stored') return;
    const thread = await threadOf(result.threadId);
    expect(thread).toMatchObject({ prospectEmail: sent.prospectEmail, stopSending: true, unread: true, enrolmentId: sent.enrolmentId, subject: sent.step1.subject });
    const messages = await messagesOf(thread.id);
    expect(messages.map((m) => [m.direction, m.kind])).toEqual([
      ['outbound', 'own'],
      ['inbound', 'human'],
    ]);
    expect(messages[0]!.campaignEmailId).toBe(sent.step1.id);
    // Our email shows who sent it: the mailbox and its sender name.
    expect(messages[0]).toMatchObject({ fromEmail: mailbox.email.toLowerCase(), fromName: mailbox.senderName });
    expect(messages[1]!.fromColleague).toBe(false);
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('stopped');
    expect((await campaignEmailOf(t, accountId, sent.step2.id)).status).toBe('cancelled');
    // Our footer's "Unsubscribe" sits in the quoted history: a reply, not an unsubscription. A reply is not
    // do-not-contact: nothing on the blacklist (issue 25); the prospect is in conversation instead.
    expect(await listed(sent.prospectEmail)).toBeUndefined();
    expect(await inConversation(sent.prospectId)).not.toBeNull();
    expect(await verbsFor(sent.prospectId)).toContain('reply_received');
  });

  it("a reply dated before our email (the prospect's clock behind) still shows under it in the thread", async () => {
    // Our email left at 10:05 by our clock; the reply's Date header says 10:00.
    const sent = await seedSentEmail(t, accountId, mailbox, new Date('2026-11-24T10:05:00Z'));
    const result = await ingest('reply-in-reply-to.eml', sent);
    if (result.outcome !== 'stored') throw new Error(result.outcome);
    const res = await t.app.inject({ method: 'GET', url: v1(`/email_thread_messages/${result.threadId}`), headers: userA.headers });
    const shown = res.json<{ data: Array<{ direction: string; sent_at: string }> }>().data;
    expect(shown.map((m) => [m.direction, m.sent_at])).toEqual([
      ['outbound', '2026-11-24T10:05:00.000Z'],
      ['inbound', '2026-11-24T10:00:00.000Z'],
    ]);
  });

  it("a reply stops the prospect's other enrolments too (another address of theirs), and fires the reply_received notification rules", async () => {
    await t.db.db.insert(campaignNotifications).values({ accountId, provider: 'in_app', events: ['reply_received'] });
    const sent = await seedSentEmail(t, accountId, mailbox);
    const other = await seedSentEmail(t, accountId, mailbox);
    // The same prospect, enrolled elsewhere under a second address.
    await t.db.db.update(campaignEnrolments).set({ prospectId: sent.prospectId }).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, other.enrolmentId)));
    expect(await ingest('reply-in-reply-to.eml', sent)).toMatchObject({ outcome: 'stored', effect: 'stopped' });
    expect((await enrolmentOf(t, accountId, other.enrolmentId)).status).toBe('stopped');
    await dispatcherFor(t.db.db)!.settle();
    const inApp = await t.db.db.select().from(notifications).where(and(eq(notifications.accountId, accountId), eq(notifications.event, 'reply_received')));
    expect(inApp.length).toBeGreaterThanOrEqual(1);
    expect(inApp.at(-1)!.title).toMatch(/replied/);
  });

  it('a reply threads by References alone, whatever its subject', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const result = await ingest('reply-references-only.eml', sent);
    expect(result).toMatchObject({ outcome: 'stored', kind: 'human' });
    if (result.outcome === 'stored') expect((await threadOf(result.threadId)).enrolmentId).toBe(sent.enrolmentId);
  });

  it('never threads by subject or Reply-To: a message without threading headers is left alone', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    expect(await ingest('reply-subject-only.eml', sent)).toMatchObject({ outcome: 'unrelated' });
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
    expect(await listed(sent.prospectEmail)).toBeUndefined();
  });

  it('our own follow-up (in Sent, or from the mailbox address) is never a reply', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    // In Sent, before anyone answered: no thread is made for it.
    expect(await ingest('own-followup-sent.eml', sent, { role: 'sent', folder: 'Sent' })).toMatchObject({ outcome: 'unrelated' });
    // The same kind of message in INBOX (a copy to self): from the mailbox, so ours.
    expect(await ingest('own-followup-sent.eml', sent)).toMatchObject({ outcome: 'unrelated' });
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
    // Once the thread exists, what the user answers from their mail client joins it as outbound.
    const auto = await ingest('ooo-nodate.eml', sent);
    expect(auto).toMatchObject({ outcome: 'stored', kind: 'auto_reply' });
    const own = await ingest('own-followup-sent.eml', sent, { role: 'sent', folder: 'Sent' });
    expect(own).toMatchObject({ outcome: 'stored', direction: 'outbound', kind: 'own' });
    if (own.outcome === 'stored') expect((await threadOf(own.threadId)).stopSending).toBe(false);
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
    expect(await verbsFor(sent.prospectId)).not.toContain('reply_received');
  });

  it("a colleague's answer joins the thread, marked as a colleague's, its HTML sanitised (remote images are the viewer's to block)", async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const first = await ingest('reply-in-reply-to.eml', sent);
    const colleague = await ingest('colleague-reply.eml', sent);
    expect(colleague).toMatchObject({ outcome: 'stored', kind: 'human' });
    if (first.outcome !== 'stored' || colleague.outcome !== 'stored') return;
    expect(colleague.threadId).toBe(first.threadId);
    const [row] = await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, colleague.messageRowId)));
    expect(row!.fromColleague).toBe(true);
    expect(row!.fromEmail).toBe(`sam.colleague@${sent.prospectEmail.split('@')[1]}`);
    expect(row!.html).toContain("Let's talk");
    expect(row!.html).not.toMatch(/<script|alert/);
  });

  it('a 5.1.1 delivery report (Message-ID only in the returned message) suppresses the address and stops its enrolment; never a reply', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const result = await ingest('dsn-5.1.1.eml', sent);
    expect(result).toMatchObject({ outcome: 'stored', kind: 'bounce', effect: 'suppressed_bounce' });
    expect((await listed(sent.prospectEmail))?.reason).toBe('hard_bounce');
    expect((await listed(sent.prospectEmail))?.details).toContain('5.1.1');
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('stopped');
    expect((await campaignEmailOf(t, accountId, sent.step2.id)).status).toBe('cancelled');
    if (result.outcome === 'stored') expect(await threadOf(result.threadId)).toMatchObject({ stopSending: false, repliedAt: null, unread: false });
    const verbs = await verbsFor(sent.prospectId);
    expect(verbs).toContain('email_bounced');
    expect(verbs).not.toContain('reply_received');
  });

  it('a plain-text bounce (no report, the returned headers quoted in the body) is matched by the quoted Message-ID and taken as permanent', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    expect(await ingest('bounce-plain.eml', sent)).toMatchObject({ outcome: 'stored', kind: 'bounce', effect: 'suppressed_bounce' });
    expect((await listed(sent.prospectEmail))?.reason).toBe('hard_bounce');
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('stopped');
  });

  it('a 4.x.x delay (nested report, folded Message-ID in text/rfc822-headers) is recorded and changes nothing else', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const result = await ingest('dsn-4.4.7.eml', sent);
    expect(result).toMatchObject({ outcome: 'stored', kind: 'bounce', effect: 'delay_recorded' });
    if (result.outcome === 'stored') {
      const [row] = await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, result.messageRowId)));
      expect(row!.details).toMatchObject({ status: '4.4.7', action: 'delayed', final_recipient: sent.prospectEmail, permanent: false });
    }
    expect(await listed(sent.prospectEmail)).toBeUndefined();
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
    expect(await verbsFor(sent.prospectId)).toContain('email_delayed');
  });

  it.each(['ooo-en.eml', 'ooo-de.eml', 'ooo-fr.eml', 'ooo-es.eml', 'ooo-iso.eml'])('an out-of-office note with a return date (%s) pauses the sequence until then', async (name) => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const result = await ingest(name, sent);
    expect(result).toMatchObject({ outcome: 'stored', kind: 'auto_reply', effect: 'paused' });
    if (result.outcome === 'stored') expect(result.pausedUntil?.toISOString()).toBe('2026-12-03T00:00:00.000Z');
    const step2 = await campaignEmailOf(t, accountId, sent.step2.id);
    expect(step2.status).toBe('scheduled');
    expect(step2.sendAfter?.toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
    expect(await listed(sent.prospectEmail)).toBeUndefined();
    const verbs = await verbsFor(sent.prospectId);
    expect(verbs).toContain('enrolment_paused');
    expect(verbs).not.toContain('reply_received');
  });

  it('an out-of-office note without a date pauses for the set number of days; an automatic acknowledgement pauses nothing', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    expect(await ingest('ooo-nodate.eml', sent)).toMatchObject({ kind: 'auto_reply', effect: 'paused' });
    expect((await campaignEmailOf(t, accountId, sent.step2.id)).sendAfter?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    const other = await seedSentEmail(t, accountId, mailbox);
    expect(await ingest('auto-ack.eml', other)).toMatchObject({ outcome: 'stored', kind: 'auto_reply', effect: 'none' });
    expect((await campaignEmailOf(t, accountId, other.step2.id)).sendAfter).toBeNull();
    expect((await enrolmentOf(t, accountId, other.enrolmentId)).status).toBe('active');
  });

  it.each(['unsubscribe-en.eml', 'unsubscribe-de.eml', 'unsubscribe-fr.eml', 'unsubscribe-es.eml', 'unsubscribe-stop.eml'])(
    'unsubscribe wording (%s) suppresses the address as unsubscribed',
    async (name) => {
      const sent = await seedSentEmail(t, accountId, mailbox);
      expect(await ingest(name, sent)).toMatchObject({ outcome: 'stored', kind: 'human', effect: 'unsubscribed' });
      expect((await listed(sent.prospectEmail))?.reason).toBe('unsubscribed');
      expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('stopped');
    },
  );

  describe('reply status from the classifier', () => {
    const messageRow = async (id: number) => (await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, id))))[0]!;
    const inAppOf = (event: string) => t.db.db.select().from(notifications).where(and(eq(notifications.accountId, accountId), eq(notifications.event, event)));

    it('an interested reply makes the thread interested (source rules) and fires reply_interested; a meeting request fires meeting_requested', async () => {
      await t.db.db.insert(campaignNotifications).values({ accountId, provider: 'in_app', events: ['reply_interested', 'meeting_requested'] });
      const sent = await seedSentEmail(t, accountId, mailbox);
      const result = await ingest('reply-interested.eml', sent);
      expect(result).toMatchObject({ outcome: 'stored', kind: 'human', effect: 'stopped', replyStatus: 'interested', threadReplyStatus: 'interested' });
      if (result.outcome !== 'stored') return;
      expect(await threadOf(result.threadId)).toMatchObject({ replyStatus: 'interested', replyStatusSource: 'rules' });
      const row = await messageRow(result.messageRowId);
      expect(row.replyStatus).toBe('interested');
      expect(row.details).toMatchObject({ classification: { status: 'interested', source: 'rules' } });
      const verbs = await verbsFor(sent.prospectId);
      expect(verbs).toEqual(expect.arrayContaining(['reply_received', 'reply_interested', 'reply_status_changed']));
      expect(verbs).not.toContain('meeting_requested');
      // The quoted "not interested" and the footer's "Unsubscribe" in our own text decide nothing.
      expect(await listed(sent.prospectEmail)).toBeUndefined();

      const meeting = await seedSentEmail(t, accountId, mailbox);
      expect(await ingest('reply-in-reply-to.eml', meeting)).toMatchObject({ outcome: 'stored', kind: 'human', replyStatus: 'meeting_request' });
      expect(await verbsFor(meeting.prospectId)).toContain('meeting_requested');
      await dispatcherFor(t.db.db)!.settle();
      expect((await inAppOf('reply_interested')).map((n) => n.title)).toContain(`Pat Lee ${sent.prospectEmail.split('@')[0]!.slice(4)} is interested`);
      expect((await inAppOf('meeting_requested')).at(-1)?.title).toMatch(/asked for a meeting$/);
    });

    it('an out-of-office note is out_of_office; a later one does not replace a person’s answer', async () => {
      const sent = await seedSentEmail(t, accountId, mailbox);
      const ooo = await ingest('ooo-en.eml', sent);
      expect(ooo).toMatchObject({ outcome: 'stored', kind: 'auto_reply', effect: 'paused', replyStatus: 'out_of_office', threadReplyStatus: 'out_of_office' });
      if (ooo.outcome !== 'stored') return;
      expect(await threadOf(ooo.threadId)).toMatchObject({ replyStatus: 'out_of_office', replyStatusSource: 'rules' });
      expect(await ingest('reply-interested.eml', sent)).toMatchObject({ replyStatus: 'interested', threadReplyStatus: 'interested' });
      expect(await ingest('ooo-nodate.eml', sent)).toMatchObject({ kind: 'auto_reply', replyStatus: 'out_of_office', threadReplyStatus: 'interested' });
      expect((await threadOf(ooo.threadId)).replyStatus).toBe('interested');
    });

    it('a delivery report makes the thread bounce', async () => {
      const sent = await seedSentEmail(t, accountId, mailbox);
      const result = await ingest('dsn-5.1.1.eml', sent);
      expect(result).toMatchObject({ outcome: 'stored', kind: 'bounce', replyStatus: 'bounce' });
      if (result.outcome === 'stored') expect(await threadOf(result.threadId)).toMatchObject({ replyStatus: 'bounce', replyStatusSource: 'rules' });
    });

    it('the user’s correction (PUT email_threads/{id}) is kept across a later message; PUT replies/{id} too', async () => {
      const sent = await seedSentEmail(t, accountId, mailbox);
      const first = await ingest('reply-interested.eml', sent);
      if (first.outcome !== 'stored') throw new Error('not stored');
      const put = await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${first.threadId}`), headers: userA.headers, payload: { reply_status: 'not_now' } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data).toMatchObject({ reply_status: 'not_now', reply_status_source: 'user' });
      const later = await ingest('reply-not-interested.eml', sent);
      expect(later).toMatchObject({ outcome: 'stored', kind: 'human', replyStatus: 'not_interested', threadReplyStatus: 'not_now' });
      if (later.outcome !== 'stored') return;
      expect((await messageRow(later.messageRowId)).replyStatus).toBe('not_interested');
      const got = await t.app.inject({ method: 'GET', url: v1(`/email_threads/${first.threadId}`), headers: userA.headers });
      expect(got.json().data).toMatchObject({ reply_status: 'not_now', reply_status_source: 'user' });

      // Confirming the classifier's status through a reply makes it the user's too.
      const other = await seedSentEmail(t, accountId, mailbox);
      const reply = await ingest('reply-interested.eml', other);
      if (reply.outcome !== 'stored') throw new Error('not stored');
      const confirm = await t.app.inject({ method: 'PUT', url: v1(`/replies/${reply.messageRowId}`), headers: userA.headers, payload: { reply_status: 'interested' } });
      expect(confirm.json().data).toMatchObject({ reply_status: 'interested', reply_status_source: 'user' });
      expect(await ingest('ooo-nodate.eml', other)).toMatchObject({ threadReplyStatus: 'interested' });
      expect(await ingest('reply-not-interested.eml', other)).toMatchObject({ replyStatus: 'not_interested', threadReplyStatus: 'interested' });
      expect(await threadOf(reply.threadId)).toMatchObject({ replyStatus: 'interested', replyStatusSource: 'user' });
    });
  });

  it('stop_company_on_reply: a reply stops the same campaign’s prospects at the same company domain, never at a free-mail domain', async () => {
    const addEnrolment = async (campaignId: number, email: string) => {
      const [prospect] = await t.db.db.insert(prospects).values({ accountId, source: 'import', fullName: email, email }).returning();
      const [row] = await t.db.db.insert(campaignEnrolments).values({ accountId, campaignId, prospectId: prospect!.id, email, userEmailId: mailbox.id, exclusive: false }).returning();
      return row!.id;
    };
    const sent = await seedSentEmail(t, accountId, mailbox);
    const domain = sent.prospectEmail.split('@')[1]!;
    await t.db.db.update(campaigns).set({ stopCompanyOnReply: true }).where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, sent.campaignId)));
    const colleague = await addEnrolment(sent.campaignId, `sam@${domain}`);
    const otherCompany = await addEnrolment(sent.campaignId, `sam@elsewhere-${domain}`);
    const elsewhere = await seedSentEmail(t, accountId, mailbox);
    const otherCampaign = await addEnrolment(elsewhere.campaignId, `kim@${domain}`);
    expect(await ingest('reply-in-reply-to.eml', sent)).toMatchObject({ outcome: 'stored', kind: 'human', effect: 'stopped' });
    expect((await enrolmentOf(t, accountId, colleague)).status).toBe('stopped');
    expect((await enrolmentOf(t, accountId, colleague)).stopReason).toBe(`Someone at ${domain} replied`);
    expect((await enrolmentOf(t, accountId, otherCompany)).status).toBe('active');
    expect((await enrolmentOf(t, accountId, otherCampaign)).status).toBe('active');

    // A free-mail address says nothing about the company.
    const free = await seedSentEmail(t, accountId, mailbox);
    const freeEmail = `pat.${free.enrolmentId}@gmail.com`;
    await t.db.db.update(campaignEnrolments).set({ email: freeEmail }).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, free.enrolmentId)));
    await t.db.db.update(campaigns).set({ stopCompanyOnReply: true }).where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, free.campaignId)));
    const freeNeighbour = await addEnrolment(free.campaignId, `someone.${free.enrolmentId}@gmail.com`);
    expect(await ingest('reply-in-reply-to.eml', { ...free, prospectEmail: freeEmail })).toMatchObject({ outcome: 'stored', kind: 'human' });
    expect((await enrolmentOf(t, accountId, free.enrolmentId)).status).toBe('stopped');
    expect((await enrolmentOf(t, accountId, freeNeighbour)).status).toBe('active');
  });

  it('the same message ingested twice changes nothing the second time', async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const messageId = `<twice-${Date.now()}@prospect.example>`;
    const first = await ingest('reply-in-reply-to.eml', sent, { messageId });
    expect(first.outcome).toBe('stored');
    const before = { messages: (await t.db.db.select().from(emailThreadMessages).where(eq(emailThreadMessages.accountId, accountId))).length, verbs: await verbsFor(sent.prospectId) };
    expect(await ingest('reply-in-reply-to.eml', sent, { messageId })).toMatchObject({ outcome: 'duplicate' });
    // Found in another folder under the same mailbox: still the same message.
    expect(await ingest('reply-in-reply-to.eml', sent, { messageId, folder: 'Archive', role: 'other' })).toMatchObject({ outcome: 'duplicate' });
    expect((await t.db.db.select().from(emailThreadMessages).where(eq(emailThreadMessages.accountId, accountId))).length).toBe(before.messages);
    expect(await verbsFor(sent.prospectId)).toEqual(before.verbs);
    // The same for a bounce.
    const bounced = await seedSentEmail(t, accountId, mailbox);
    const bounceId = `<bounce-twice-${Date.now()}@mx.example>`;
    expect(await ingest('dsn-5.1.1.eml', bounced, { messageId: bounceId })).toMatchObject({ outcome: 'stored' });
    expect(await ingest('dsn-5.1.1.eml', bounced, { messageId: bounceId })).toMatchObject({ outcome: 'duplicate' });
    expect((await verbsFor(bounced.prospectId)).filter((v) => v === 'email_bounced')).toHaveLength(1);
  });

  it("cross-account: a message in B's mailbox that answers A's Message-ID attaches to nothing of A's", async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    for (const name of ['reply-in-reply-to.eml', 'dsn-5.1.1.eml', 'ooo-en.eml']) {
      expect(await ingest(name, sent, { box: otherMailbox })).toMatchObject({ outcome: 'unrelated' });
    }
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
    expect(await listed(sent.prospectEmail)).toBeUndefined();
    expect((await campaignEmailOf(t, accountId, sent.step2.id)).sendAfter).toBeNull();
    const threads = await t.db.db.select().from(emailThreads).where(eq(emailThreads.accountId, otherAccountId));
    expect(threads).toEqual([]);
  });
});
