import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { EmailThread, EmailThreadList, EmailThreadStats, ReplyStatusCorrections } from '@shared/schemas/email-threads';
import { activities, blacklistedEmails, emailThreadMessages, emailThreads, outreachTasks, type UserEmailRow } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { ingestMessage, type IngestResult } from './ingest';
import { REVIEW_HOLD_UNTIL } from './review-hold';
import { campaignEmailOf, enrolmentOf, fixture, seedMailbox, seedSentEmail, type SentEmail } from './seed.test-helpers';

/** "Needs your review" (docs/decisions.md): an unsure reply holds the sequence until the user's status decides it. */
const NOW = new Date('2026-11-24T12:00:00Z');

describe.each(DB_KINDS)('needs your review (%s)', (kind) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let accountId: number;
  let mailbox: UserEmailRow;

  beforeAll(async () => {
    t = await startTestApp(kind, { clock: () => NOW });
    user = await signedInUser(t, 'review-a');
    accountId = await accountIdOf(t, user);
    mailbox = await seedMailbox(t, accountId);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ingest = (name: string, sent: SentEmail) =>
    inAccount(accountId, null, () =>
      ingestMessage(t.db.db, {
        mailbox,
        folder: 'INBOX',
        role: 'inbox',
        raw: fixture(name, { to: sent.prospectEmail, original: sent.step1.messageId, mailbox: mailbox.email, subject: sent.step1.subject }),
        uid: 1,
        now: NOW,
      }),
    );
  const stored = (r: IngestResult) => {
    if (r.outcome !== 'stored') throw new Error(`not stored: ${r.outcome}`);
    return r;
  };
  const threadRow = async (id: number) => (await t.db.db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, id))))[0]!;
  const api = async <T>(method: 'GET' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: v1(url), headers: user.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  /** An unsure reply (no AI provider): held, needing review. The enrolment also has a LinkedIn task due. */
  const unsure = async () => {
    const sent = await seedSentEmail(t, accountId, mailbox);
    const [task] = await t.db.db
      .insert(outreachTasks)
      .values({ accountId, campaignId: sent.campaignId, enrolmentId: sent.enrolmentId, prospectId: sent.prospectId, stepPosition: 3, channel: 'linkedin', kind: 'connection_request', status: 'due', dueAt: NOW })
      .returning();
    const result = stored(await ingest('reply-unsure.eml', sent));
    return { sent, result, taskId: task!.id };
  };
  const taskRow = async (id: number) => (await t.db.db.select().from(outreachTasks).where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.id, id))))[0]!;

  it('an unsure reply holds the sequence and marks the thread and the message; the list shows, filters and counts it', async () => {
    const { sent, result, taskId } = await unsure();
    expect(result).toMatchObject({ kind: 'human', effect: 'held', replyStatus: 'other' });
    expect(await taskRow(taskId)).toMatchObject({ status: 'due', dueAt: REVIEW_HOLD_UNTIL });
    // Counted as a reply (most likely a person's), but nothing acts on the sequence.
    expect((await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.prospectId, sent.prospectId)))).map((a) => a.verb)).toEqual(expect.arrayContaining(['reply_received', 'enrolment_paused']));
    expect(await threadRow(result.threadId)).toMatchObject({ needsReview: true, unread: true, stopSending: false });
    const [message] = await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, result.messageRowId)));
    expect(message!.needsReview).toBe(true);
    // Nothing more goes out: the enrolment stays active, its next email waits for the user.
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
    expect((await campaignEmailOf(t, accountId, sent.step2.id))).toMatchObject({ status: 'scheduled', sendAfter: REVIEW_HOLD_UNTIL });
    // Not suppressed as replied: the decision is the user's.
    expect(await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, sent.prospectEmail)))).toEqual([]);

    expect(await api<EmailThread>('GET', `/email_threads/${result.threadId}`)).toMatchObject({ needs_review: true, reply_status: 'other' });
    const list = await t.app.inject({ method: 'GET', url: v1('/email_threads'), query: { filters: JSON.stringify({ by_needs_review: true }) }, headers: user.headers });
    const listed = list.json<EmailThreadList>().data;
    expect(listed.map((th) => th.id)).toContain(result.threadId);
    expect(listed.every((th) => th.needs_review)).toBe(true);
    const messages = await api<Array<{ id: number; needs_review: boolean }>>('GET', `/email_thread_messages/${result.threadId}`);
    expect(messages.find((m) => m.id === result.messageRowId)?.needs_review).toBe(true);
    expect((await api<EmailThreadStats>('GET', '/email_threads/stats')).needs_review).toBeGreaterThanOrEqual(1);
    // A sure reply is no review.
    const sure = stored(await ingest('reply-interested.eml', await seedSentEmail(t, accountId, mailbox)));
    expect(sure).toMatchObject({ effect: 'stopped' });
    expect((await threadRow(sure.threadId)).needsReview).toBe(false);
  });

  it('the user decides out of office: the mark clears and the hold becomes the usual pause (no date: the set number of days)', async () => {
    const { sent, result, taskId } = await unsure();
    expect(await api<EmailThread>('PUT', `/email_threads/${result.threadId}`, { reply_status: 'out_of_office' })).toMatchObject({ needs_review: false, reply_status: 'out_of_office', reply_status_source: 'user', stop_sending: false });
    expect((await campaignEmailOf(t, accountId, sent.step2.id)).sendAfter?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect((await taskRow(taskId)).dueAt?.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('active');
  });

  it('the user decides auto-reply: the hold is released as scheduled', async () => {
    const { sent, result } = await unsure();
    await api('PUT', `/replies/${result.messageRowId}`, { reply_status: 'auto_reply' });
    expect((await threadRow(result.threadId)).needsReview).toBe(false);
    expect((await campaignEmailOf(t, accountId, sent.step2.id))).toMatchObject({ status: 'scheduled', sendAfter: null });
  });

  it("the user decides a person's answer (PUT replies/{id}): the sequence stops", async () => {
    const { sent, result, taskId } = await unsure();
    await api('PUT', `/replies/${result.messageRowId}`, { reply_status: 'wrong_person' });
    expect((await taskRow(taskId)).status).toBe('cancelled');
    expect(await threadRow(result.threadId)).toMatchObject({ needsReview: false, stopSending: true, replyStatus: 'wrong_person', replyStatusSource: 'user' });
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('stopped');
    expect((await campaignEmailOf(t, accountId, sent.step2.id)).status).toBe('cancelled');
    const [m] = await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, result.messageRowId)));
    expect(m!.needsReview).toBe(false);
  });

  it('the user decides unsubscribe: the address is suppressed as unsubscribed and the sequence stops', async () => {
    const { sent, result } = await unsure();
    await api('PUT', `/email_threads/${result.threadId}`, { reply_status: 'unsubscribe' });
    const [listed] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, sent.prospectEmail)));
    expect(listed?.reason).toBe('unsubscribed');
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('stopped');
  });

  it("confirming the classifier's own status decides too (the mark clears, the decision applies)", async () => {
    const { sent, result } = await unsure();
    await api('PUT', `/email_threads/${result.threadId}`, { reply_status: 'other' });
    expect(await threadRow(result.threadId)).toMatchObject({ needsReview: false, stopSending: true });
    expect((await enrolmentOf(t, accountId, sent.enrolmentId)).status).toBe('stopped');
  });

  it('GET reply_status_corrections counts per label what the classifier gave and what the user changed it to, for this account only', async () => {
    const other = await signedInUser(t, 'review-b');
    const before = await api<ReplyStatusCorrections['data']>('GET', '/reply_status_corrections');
    const was = (label: string) => before.find((r) => r.label === label)!;
    const a = await unsure();
    const b = await unsure();
    await api('PUT', `/email_threads/${a.result.threadId}`, { reply_status: 'interested' });
    await api('PUT', `/email_threads/${b.result.threadId}`, { reply_status: 'interested' });
    // A second change of the user's own status is no correction of the classifier.
    await api('PUT', `/email_threads/${b.result.threadId}`, { reply_status: 'meeting_request' });
    const after = await api<ReplyStatusCorrections['data']>('GET', '/reply_status_corrections');
    const row = after.find((r) => r.label === 'other')!;
    expect(row.given).toBe(was('other').given + 2);
    expect(row.corrected).toBe(was('other').corrected + 2);
    expect(row.corrected_to[0]).toMatchObject({ label: 'interested' });
    expect(after.find((r) => r.label === 'interested')!.corrected).toBe(was('interested').corrected);
    expect(await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'reply_status_changed')))).not.toEqual([]);
    // Another account sees none of it.
    const theirs = await t.app.inject({ method: 'GET', url: v1('/reply_status_corrections'), headers: other.headers });
    expect(theirs.json<ReplyStatusCorrections>().data.every((r) => r.given === 0 && r.corrected === 0)).toBe(true);
  });
});
