import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { UserEmail } from '@shared/schemas/user-emails';
import type { EmailThread, EmailThreadMessage } from '@shared/schemas/email-threads';
import { blacklistedEmails, campaignEmails, campaignEnrolments, campaigns, emailThreadMessages, emailThreads, prospects as prospectsTable } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { personaWithProspects } from '../campaigns/ownership.test-helpers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';
import { agentAnswerOf, withAnswer } from './agent-answer-state';
import { ingestMessage, type IngestInput } from './ingest';

/**
 * Ownership probes for the inbox routes (spread into routes.test.ts): user B can neither see nor change
 * A's threads, messages or replies. A's thread is built as the engine builds it: a campaign email that
 * was sent (rows written straight into the database) and the prospect's reply taken in by ingestion
 * (modules/inbox/ingest.ts), so no mail server is needed.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

export type ThreadFixtureOptions = {
  mailbox?: UserEmail;
  /** The prospect's answer (plain text; a question by default). */
  reply?: string;
  subject?: string;
  /** Extra header lines of the reply (e.g. "Auto-Submitted: auto-replied"). */
  headers?: string[];
  campaignName?: string;
  prospect?: { fullName?: string; company?: string; title?: string; email?: string };
  /** When the reply was written (the thread's last_message_at). */
  repliedAt?: Date;
  /** The job queue ingestion schedules the agent's automatic answer with (auto_reply on); none by default. */
  jobs?: IngestInput['jobs'];
};

/** A campaign email sent by `p`'s account and the prospect's reply to it, ingested: the thread it made. */
export async function threadOf(t: TestApp, p: Person, options: ThreadFixtureOptions = {}) {
  const tag = `t${++seq}x${Date.now().toString(36)}`;
  const mailbox = options.mailbox ?? (await mailboxOf(t, p));
  const { accountId, persona, prospects } = await personaWithProspects(t, p, 1, tag);
  const o = options.prospect ?? {};
  const set = {
    ...(o.fullName ? { fullName: o.fullName, firstName: o.fullName.split(' ')[0] } : {}),
    ...(o.company ? { company: o.company } : {}),
    ...(o.title ? { title: o.title } : {}),
    ...(o.email ? { email: o.email } : {}),
    updatedAt: new Date(),
  };
  const [prospect] = await t.db.db.update(prospectsTable).set(set).where(eq(prospectsTable.id, prospects[0]!.id)).returning();
  const [campaign] = await t.db.db
    .insert(campaigns)
    .values({ accountId, name: options.campaignName ?? `Inbox campaign ${tag}`, personaId: persona.id, mode: 'review', status: 'running' })
    .returning();
  const [enrolment] = await t.db.db
    .insert(campaignEnrolments)
    .values({ accountId, campaignId: campaign!.id, prospectId: prospect!.id, email: prospect!.email!.toLowerCase(), userEmailId: mailbox.id })
    .returning();
  const domain = mailbox.email.split('@')[1]!;
  const subject = options.subject ?? `A question for ${prospect!.company ?? 'you'}`;
  const sentAt = new Date((options.repliedAt ?? new Date()).getTime() - 86_400_000);
  const [email] = await t.db.db
    .insert(campaignEmails)
    .values({
      accountId,
      campaignId: campaign!.id,
      enrolmentId: enrolment!.id,
      stepPosition: 1,
      prospectId: prospect!.id,
      userEmailId: mailbox.id,
      toEmail: prospect!.email!,
      subject,
      bodyHtml: '<p>Hello, would this help your team?</p>',
      bodyText: 'Hello, would this help your team?',
      messageId: `<${tag}@${domain}>`,
      status: 'sent',
      sentAt,
    })
    .returning();
  const replyId = `<reply-${tag}@prospect.example>`;
  const raw = [
    `From: ${prospect!.fullName ?? 'Prospect'} <${prospect!.email}>`,
    `To: ${mailbox.email}`,
    `Subject: Re: ${subject}`,
    `Message-ID: ${replyId}`,
    `In-Reply-To: ${email!.messageId}`,
    `References: ${email!.messageId}`,
    `Date: ${(options.repliedAt ?? new Date()).toUTCString()}`,
    ...(options.headers ?? []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.reply ?? 'Thanks, sounds interesting. Can you tell me more?',
    '',
    `On ${sentAt.toUTCString()}, ${mailbox.email} wrote:`,
    '> Hello, would this help your team?',
    '',
  ].join('\r\n');
  const ingested = await ingestMessage(t.db.db, { mailbox: { id: mailbox.id, accountId, email: mailbox.email }, folder: 'INBOX', role: 'inbox', raw, now: options.repliedAt, jobs: options.jobs });
  expect(ingested.outcome).toBe('stored');
  const threadId = (ingested as { threadId: number }).threadId;
  const messageRowId = (ingested as { messageRowId: number }).messageRowId;
  return { accountId, mailbox, persona, prospect: prospect!, campaign: campaign!, email: email!, threadId, messageRowId, replyMessageId: replyId, subject };
}

const get = (t: TestApp, p: Person, url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });

const threadRowOf = async (t: TestApp, id: number) => (await t.db.db.select().from(emailThreads).where(eq(emailThreads.id, id)))[0]!;

/** B touching A's thread by id: 404, nothing of A's in the answer, A's thread unchanged. */
const touchingThread = (method: 'GET' | 'PUT' | 'POST', suffix = '', payload?: object): Probe => async (t, a, b) => {
  const fixture = await threadOf(t, a);
  const before = await threadRowOf(t, fixture.threadId);
  const messagesBefore = await t.db.db.select().from(emailThreadMessages).where(eq(emailThreadMessages.threadId, fixture.threadId));
  const res = await t.app.inject({ method, url: v1(`/email_threads/${fixture.threadId}${suffix}`), headers: b.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toEqual({ errors: ['Email thread not found'] });
  const after = await threadRowOf(t, fixture.threadId);
  expect({ unread: after.unread, starred: after.starred, replyStatus: after.replyStatus, stopSending: after.stopSending }).toEqual({
    unread: before.unread,
    starred: before.starred,
    replyStatus: before.replyStatus,
    stopSending: before.stopSending,
  });
  expect(await t.db.db.select().from(emailThreadMessages).where(eq(emailThreadMessages.threadId, fixture.threadId))).toHaveLength(messagesBefore.length);
};

export const inboxOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/email_threads': async (t, a, b) => {
    const { prospect, campaign } = await threadOf(t, a);
    for (const filters of [undefined, { by_campaign: campaign.id }, { by_search_query: prospect.email }]) {
      const res = await get(t, b, `/email_threads${filters ? `?filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(prospect.email!);
    }
  },
  'GET /api/v1/email_threads/stats': async (t, a, b) => {
    const before = (await get(t, b, '/email_threads/stats')).json().data;
    await threadOf(t, a);
    const res = await get(t, b, '/email_threads/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(before);
  },
  'GET /api/v1/email_threads/export_to_csv': async (t, a, b) => {
    const { prospect } = await threadOf(t, a);
    const res = await get(t, b, '/email_threads/export_to_csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(prospect.email!);
  },
  'GET /api/v1/email_threads/:id': touchingThread('GET'),
  'PUT /api/v1/email_threads/:id': touchingThread('PUT', '', { unread: false, starred: true, reply_status: 'not_interested' }),
  'PUT /api/v1/email_threads/:id/mark_stop_sending': async (t, a, b) => {
    const fixture = await threadOf(t, a);
    // B's stop must not reach A's list (a reply puts nothing there) or enrolments.
    const res = await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${fixture.threadId}/mark_stop_sending`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    const bList = await t.db.db.select().from(blacklistedEmails).where(eq(blacklistedEmails.email, fixture.prospect.email!.toLowerCase()));
    expect(bList.every((row) => row.accountId === fixture.accountId)).toBe(true);
    expect(bList).toEqual([]);
  },
  'POST /api/v1/email_threads/:id/send_reply': touchingThread('POST', '/send_reply', { body: 'Taken over' }),
  'POST /api/v1/email_threads/:id/reply_text': touchingThread('POST', '/reply_text'),
  'GET /api/v1/email_thread_messages/:id': async (t, a, b) => {
    const fixture = await threadOf(t, a);
    const res = await get(t, b, `/email_thread_messages/${fixture.threadId}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(fixture.prospect.email!);
    const mine = (await get(t, a, `/email_thread_messages/${fixture.threadId}`)).json<{ data: EmailThreadMessage[] }>().data;
    expect(mine.map((m) => m.direction)).toEqual(['outbound', 'inbound']);
  },
  'PUT /api/v1/replies/:id': async (t, a, b) => {
    const fixture = await threadOf(t, a);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/replies/${fixture.messageRowId}`), headers: b.headers, payload: { reply_status: 'unsubscribe', unread: false } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Reply not found'] });
    const mine = (await get(t, a, `/email_threads/${fixture.threadId}`)).json<{ data: EmailThread }>().data;
    // A's status is still the classifier's (the reply reads as interested), not B's "unsubscribe".
    expect({ reply_status: mine.reply_status, reply_status_source: mine.reply_status_source, unread: mine.unread }).toEqual({ reply_status: 'interested', reply_status_source: 'rules', unread: true });
    const [row] = await t.db.db.select().from(emailThreads).where(and(eq(emailThreads.id, fixture.threadId), eq(emailThreads.accountId, fixture.accountId)));
    expect(row?.replyStatus).toBe('interested');
  },
  'POST /api/v1/replies/:id/skip_agent_answer': async (t, a, b) => {
    const fixture = await threadOf(t, a);
    // A's agent answers this reply on Monday (as ingestion schedules it with auto_reply on).
    const due = new Date(Date.now() + 86_400_000).toISOString();
    await t.db.db
      .update(emailThreadMessages)
      .set({ details: withAnswer({ state: 'scheduled', received_at: new Date().toISOString(), due_at: due }) })
      .where(eq(emailThreadMessages.id, fixture.messageRowId));
    const res = await t.app.inject({ method: 'POST', url: v1(`/replies/${fixture.messageRowId}/skip_agent_answer`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Reply not found'] });
    const [row] = await t.db.db.select().from(emailThreadMessages).where(eq(emailThreadMessages.id, fixture.messageRowId));
    expect(agentAnswerOf(row!)).toMatchObject({ state: 'scheduled', due_at: due });
    // A stops it.
    const mine = await t.app.inject({ method: 'POST', url: v1(`/replies/${fixture.messageRowId}/skip_agent_answer`), headers: a.headers });
    expect(mine.json<{ data: EmailThreadMessage }>().data.agent_answer).toMatchObject({ state: 'skipped' });
  },
  'GET /api/v1/reply_status_corrections': async (t, a, b) => {
    const before = (await get(t, b, '/reply_status_corrections')).json().data;
    // A's classifier labels a reply and A corrects it: B's counts do not move.
    const fixture = await threadOf(t, a);
    const put = await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${fixture.threadId}`), headers: a.headers, payload: { reply_status: 'not_now' } });
    expect(put.statusCode).toBe(200);
    const res = await get(t, b, '/reply_status_corrections');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(before);
  },
};
