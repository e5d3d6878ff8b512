import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { LiveEventData } from '@shared/live/events';
import { AUTO_ANSWER_REPLY_STATUSES, POSITIVE_REPLY_STATUSES, REPLY_STATUS_INFO, REPLY_STATUSES, type ReplyStatus } from '@shared/schemas/inbox';
import { AGENT_ANSWER_STOPPED_BY_USER } from '@shared/schemas/email-threads';
import type {
  EmailThread,
  EmailThreadFiltersParsed,
  EmailThreadMessage,
  emailThreadExportQuerySchema,
  emailThreadListQuerySchema,
  EmailThreadStats,
  Reply,
  ReplyStatusCorrections,
  updateEmailThreadBodySchema,
  updateReplyBodySchema,
} from '@shared/schemas/email-threads';
import type { Db } from '../../db/client';
import { EpochCache } from '../../db/epoch-cache';
import { activities, campaignEmails, campaignEnrolments, campaigns, emailThreadMessages, emailThreads, prospects, virtualEmployees, type EmailThreadMessageRow, type EmailThreadRow } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { emitLiveEvent } from '../../lib/live-events';
import { recordActivity } from '../activities/service';
import { suppress } from '../blacklist/suppression';
import { conversationOrder } from './conversation-order';
import { agentAnswerOf, settleAndTell, skipAgentAnswers, type AgentAnswerState } from './agent-answer-state';
import { filterConditions, type FilterTarget } from './filters';
import { publish } from '../../lib/events';
import { freshText, outOfOfficePause } from './wording';
import { stopEnrolmentsWhere } from '../campaigns/enrolment';
import { releaseReviewHold } from './review-hold';

/**
 * The inbox's reads and the user's marks (issue 12): the thread list with the sixteen filters of spec §3,
 * its counts, one thread, its messages, read/unread, starred, the reply status the user corrects, stopping
 * a thread's sequence, the CSV export and replies/{id}. Sending an answer is send-reply.ts; drafting one
 * is reply-draft.ts.
 */

export const INBOX_MESSAGES = {
  threadNotFound: 'Email thread not found',
  replyNotFound: 'Reply not found',
  agentAnswerNone: 'The agent has no answer waiting for this reply',
  agentAnswerSending: "The agent's answer is being sent right now: it can no longer be stopped",
  agentAnswerSent: "The agent's answer was already sent",
  agentAnswerFailed: "The agent's answer could not be sent: nothing is waiting to be stopped",
  agentAnswerUncertain: "The agent's answer may have gone out already: look in the mailbox's Sent folder before answering by hand",
};

type ListQuery = z.output<typeof emailThreadListQuerySchema>;
type ExportQuery = z.output<typeof emailThreadExportQuerySchema>;

const t = emailThreads;
const POSITIVE = POSITIVE_REPLY_STATUSES as readonly string[];

/** Where the thread list's columns are, for the filters shared with the interactions (filters.ts). */
const THREAD_TARGET = (accountId: number): FilterTarget => ({
  prospectId: t.prospectId,
  campaignId: t.campaignId,
  replyStatus: t.replyStatus,
  unread: t.unread,
  starred: t.starred,
  needsReview: t.needsReview,
  virtualEmployeeId: t.virtualEmployeeId,
  time: t.lastMessageAt,
  searchText: [t.prospectEmail, t.subject],
  // A thread holds email and, since LinkedIn replies are logged into it, LinkedIn messages (details.channel);
  // calls write no thread messages, so "call" finds only threads that hold one (none today).
  channels: (channels) =>
    sql`exists (select 1 from ${emailThreadMessages} m where m.account_id = ${accountId} and m.thread_id = ${t.id} and coalesce(m.details->>'channel', 'email') in (${sql.join(
      channels.map((c) => sql`${c}`),
      sql`, `,
    )}))`,
  landingPage: (like) =>
    sql`exists (select 1 from ${emailThreadMessages} m where m.account_id = ${accountId} and m.thread_id = ${t.id} and m.direction = 'outbound' and (m.text ilike ${like} or m.html ilike ${like}))`,
  messageSource: (sources) => {
    const bySource = {
      campaign: sql`m.campaign_email_id is not null`,
      inbox: sql`m.details->>'source' = 'inbox'`,
      agent: sql`m.details->>'source' = 'agent'`,
      mail_client: sql`(m.campaign_email_id is null and coalesce(m.details->>'source', '') not in ('inbox', 'agent'))`,
    };
    return sql`exists (select 1 from ${emailThreadMessages} m where m.account_id = ${accountId} and m.thread_id = ${t.id} and m.direction = 'outbound' and (${sql.join(
      sources.map((s) => bySource[s]),
      sql` or `,
    )}))`;
  },
});

/**
 * The conditions of spec §3's thread filters on email_threads, each bound to the account (the tenancy
 * guard checks every statement; the subqueries bind it too). Filters whose data does not exist yet
 * (LinkedIn and call interactions) filter on what exists: a thread is an email conversation, so asking
 * only for other channels finds none (docs/decisions.md).
 */
export function threadConditions(accountId: number, f: EmailThreadFiltersParsed = {}): SQL[] {
  return [eq(t.accountId, accountId), ...filterConditions(accountId, f, THREAD_TARGET(accountId))];
}

const SORT_COLUMNS = { last_message_at: t.lastMessageAt, replied_at: t.repliedAt, created_at: t.createdAt } as const;

/**
 * last_message_at and created_at are never null: plain asc/desc, which the (account_id, last_message_at) index
 * reads in either direction (an explicit "desc nulls last" would make PostgreSQL sort every row of the account).
 */
const orderOf = (q: Pick<ListQuery, 'sort' | 'sort_direction'>) => {
  const column = SORT_COLUMNS[q.sort];
  const nulls = q.sort === 'replied_at' ? sql` nulls last` : sql``;
  return q.sort_direction === 'asc' ? [sql`${column} asc${nulls}`, asc(t.id)] : [sql`${column} desc${nulls}`, desc(t.id)];
};

/** The newest message of a thread as one JSON array: [id, direction, kind, from, text (400 characters), sent_at]. */
type LastMessageJson = [number, EmailThreadMessage['direction'], EmailThreadMessage['kind'], string, string, string];

/**
 * A thread's row with its prospect, campaign and virtual employee, its newest message and the campaign email its
 * conversation grew from (its enrolment's first sent step, else its first step). The last two are subqueries in
 * the select list: PostgreSQL runs them after the sort and the limit, for the rows of the page only, so a page is
 * one statement and one round trip (each round trip costs the API a socket write and the server a parse).
 */
const threadColumnsOf = (accountId: number) => ({
  thread: t,
  prospectName: prospects.fullName,
  prospectCompany: prospects.company,
  prospectTitle: prospects.title,
  campaignName: campaigns.name,
  employeeName: virtualEmployees.name,
  lastMessage: sql<LastMessageJson | null>`(select json_build_array(m.id, m.direction, m.kind, m.from_email, left(m.text, 400), m.sent_at) from ${emailThreadMessages} m where m.account_id = ${accountId} and m.thread_id = ${t.id} order by m.sent_at desc, m.id desc limit 1)`,
  rootEmailId: sql<number | null>`(select ce.id from ${campaignEmails} ce where ce.account_id = ${accountId} and ce.enrolment_id = ${t.enrolmentId} order by (ce.status = 'sent') desc, ce.step_position asc limit 1)`,
});

/** Threads with their prospect, campaign and virtual employee (each join bound to the account). */
const joinedThreads = (db: Db, accountId: number, extra: { sortValue?: SQL<string> } = {}) =>
  db
    .select({ ...threadColumnsOf(accountId), sortValue: extra.sortValue ?? sql<string>`null` })
    .from(t)
    .leftJoin(prospects, and(eq(prospects.id, t.prospectId), eq(prospects.accountId, accountId)))
    .leftJoin(campaigns, and(eq(campaigns.id, t.campaignId), eq(campaigns.accountId, accountId)))
    .leftJoin(virtualEmployees, and(eq(virtualEmployees.id, t.virtualEmployeeId), eq(virtualEmployees.accountId, accountId)));

type JoinedThread = Awaited<ReturnType<ReturnType<typeof joinedThreads>['where']>>[number];

/** The message's own words (quoted history cut), on one line. */
export const snippetOf = (text: string) => freshText(text).replace(/\s+/g, ' ').trim().slice(0, 160);

function toThreadJson(row: JoinedThread): EmailThread {
  const th = row.thread;
  const last = row.lastMessage;
  const status = (th.replyStatus as ReplyStatus | null) ?? null;
  return {
    id: th.id,
    prospect_email: th.prospectEmail,
    reply_status: status && (REPLY_STATUSES as readonly string[]).includes(status) ? status : null,
    reply_status_source: th.replyStatus !== null ? (th.replyStatusSource ?? null) : null,
    interested: status !== null && POSITIVE.includes(status),
    stop_sending: th.stopSending,
    needs_review: th.needsReview,
    subject: th.subject,
    last_message_at: th.lastMessageAt.toISOString(),
    replied_at: th.repliedAt?.toISOString() ?? null,
    unread: th.unread,
    starred: th.starred,
    user_email_id: th.userEmailId,
    prospect: th.prospectId !== null ? { id: th.prospectId, name: row.prospectName, company: row.prospectCompany, title: row.prospectTitle } : null,
    campaign: th.campaignId !== null && row.campaignName !== null ? { id: th.campaignId, name: row.campaignName } : null,
    virtual_employee: th.virtualEmployeeId !== null && row.employeeName !== null ? { id: th.virtualEmployeeId, name: row.employeeName } : null,
    campaign_email_id: th.enrolmentId !== null ? (row.rootEmailId ?? null) : null,
    last_message: last
      ? { id: last[0], direction: last[1], kind: last[2], from: last[3], snippet: snippetOf(last[4]), sent_at: new Date(last[5]).toISOString() }
      : null,
    created_at: th.createdAt.toISOString(),
  };
}

/** A keyset cursor: the sort column's value as PostgreSQL wrote it (exact to the microsecond) and the id. */
const encodeCursor = (value: string, id: number) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
function decodeCursor(cursor: string): { value: string; id: number } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && /^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(parsed[0]) && Number.isInteger(parsed[1]) && parsed[1] > 0 && parsed[1] <= 2_147_483_647) {
      return { value: parsed[0], id: parsed[1] as number };
    }
  } catch {
    // answered below
  }
  throw unprocessable('Cursor is not valid');
}

/**
 * The filtered list's totals: counting thousands of matching threads is most of a list request's database
 * work, and the same count is asked again on every page, poll and refetch until something is written. Kept
 * under the write epoch (email_threads, their messages and the prospects announce their changes).
 */
const threadTotals = new EpochCache<number>();

/**
 * GET email_threads: one page in the asked order (newest message first by default) over the
 * (account_id, last_message_at) index, the total of the filtered list, and each thread's last message.
 * With a cursor the page starts after the cursor's row (keyset: as fast on the thousandth page as on the first).
 */
export async function list(deps: Deps, auth: AuthContext, query: ListQuery) {
  const accountId = auth.account.id;
  const conditions = threadConditions(accountId, query.filters);
  const where = and(...conditions);
  const keyset = query.sort !== 'replied_at';
  if (query.cursor && !keyset) throw unprocessable('Cursor paging is for the sorts by last_message_at and created_at');
  const column = SORT_COLUMNS[query.sort];
  const paged = [...conditions];
  if (query.cursor) {
    const { value, id } = decodeCursor(query.cursor);
    const before = query.sort_direction === 'desc';
    paged.push(
      before
        ? sql`(${column} <= ${value}::timestamptz and (${column} < ${value}::timestamptz or ${t.id} < ${id}))`
        : sql`(${column} >= ${value}::timestamptz and (${column} > ${value}::timestamptz or ${t.id} > ${id}))`,
    );
  }
  const [rows, total] = await Promise.all([
    joinedThreads(deps.db, accountId, { sortValue: sql<string>`${column}::text` })
      .where(and(...paged))
      .orderBy(...orderOf(query))
      .limit(query.per_page)
      .offset(query.cursor ? 0 : (query.page - 1) * query.per_page),
    threadTotals.get(deps.db, JSON.stringify([accountId, query.filters ?? {}]), async () => {
      const [counted] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(t).where(where);
      return counted?.total ?? 0;
    }),
  ]);
  const end = rows.at(-1);
  const nextCursor = keyset && end && rows.length === query.per_page ? encodeCursor(end.sortValue, end.thread.id) : null;
  return {
    data: rows.map((r) => toThreadJson(r)),
    meta: { page: query.page, per_page: query.per_page, total, next_cursor: nextCursor },
  };
}

/** GET email_threads/stats: the account's threads counted by reply status, unread, starred, stopped, interested. */
export async function stats(deps: Deps, auth: AuthContext): Promise<EmailThreadStats> {
  const accountId = auth.account.id;
  const [totals] = await deps.db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${t.unread}))::int`,
      starred: sql<number>`(count(*) filter (where ${t.starred}))::int`,
      stopped: sql<number>`(count(*) filter (where ${t.stopSending}))::int`,
      interested: sql<number>`(count(*) filter (where ${inArray(t.replyStatus, [...POSITIVE])}))::int`,
      needsReview: sql<number>`(count(*) filter (where ${t.needsReview}))::int`,
    })
    .from(t)
    .where(eq(t.accountId, accountId));
  const byStatus = await deps.db
    .select({ status: t.replyStatus, n: sql<number>`count(*)::int` })
    .from(t)
    .where(eq(t.accountId, accountId))
    .groupBy(t.replyStatus);
  const counts = Object.fromEntries([...REPLY_STATUSES, 'unclassified'].map((s) => [s, 0])) as EmailThreadStats['by_reply_status'];
  for (const { status, n } of byStatus) {
    const key = status && (REPLY_STATUSES as readonly string[]).includes(status) ? (status as ReplyStatus) : 'unclassified';
    counts[key] += n;
  }
  return { total: totals?.total ?? 0, unread: totals?.unread ?? 0, starred: totals?.starred ?? 0, stopped: totals?.stopped ?? 0, interested: totals?.interested ?? 0, needs_review: totals?.needsReview ?? 0, by_reply_status: counts };
}

export async function threadRow(db: Db, accountId: number, id: number): Promise<EmailThreadRow> {
  const [row] = await db.select().from(t).where(and(eq(t.accountId, accountId), eq(t.id, id)));
  if (!row) throw notFound(INBOX_MESSAGES.threadNotFound);
  return row;
}

export async function show(deps: Deps, auth: AuthContext, id: number): Promise<EmailThread> {
  const accountId = auth.account.id;
  const [row] = await joinedThreads(deps.db, accountId).where(and(eq(t.accountId, accountId), eq(t.id, id)));
  if (!row) throw notFound(INBOX_MESSAGES.threadNotFound);
  return toThreadJson(row);
}

/**
 * The user's correction of a thread's reply status, stored with source 'user' so ingestion keeps it
 * (nextReplyStatus in @shared/schemas/inbox). Setting the status the classifier already gave confirms
 * it (the source becomes 'user', no activity); a change writes reply_status_changed (source user).
 */
async function setReplyStatus(tx: Db, auth: AuthContext, thread: EmailThreadRow, status: ReplyStatus, via: 'thread' | 'reply', now: Date, replyId?: number) {
  if (thread.needsReview) await decideReview(tx, auth, thread, status, now);
  if (thread.replyStatus === status && thread.replyStatusSource === 'user') return;
  await tx
    .update(t)
    .set({ replyStatus: status, replyStatusSource: 'user', updatedAt: new Date() })
    .where(and(eq(t.accountId, thread.accountId), eq(t.id, thread.id)));
  // The pipeline card follows the corrected status (opened, or moved forward; a stage set on the board by hand stays).
  await publish(tx, thread.accountId, 'reply_status_corrected', { prospect_id: thread.prospectId, thread_id: thread.id, reply_status: status, user_id: auth.user.id, at: new Date().toISOString() });
  // Re-marked as something the agent does not answer: its waiting automatic answer does not go.
  if (!AUTO_ANSWER_REPLY_STATUSES.includes(status)) await skipAgentAnswers(tx, thread.accountId, thread.id, `Marked ${REPLY_STATUS_INFO[status].label} by hand`);
  if (thread.replyStatus === status) return;
  await recordActivity(tx, {
    accountId: thread.accountId,
    actorType: 'user',
    actorId: auth.user.id,
    verb: 'reply_status_changed',
    channel: 'email',
    prospectId: thread.prospectId,
    // from_source: whose status the user changed (the classifier's counts as a correction: GET reply_status_corrections).
    payload: { thread_id: thread.id, from: thread.replyStatus, from_source: thread.replyStatusSource, to: status, source: 'user', via, ...(replyId ? { reply_id: replyId } : {}) },
  });
}

/**
 * The user decides a thread that needs review (docs/decisions.md, "Needs your review"): the mark clears (on the
 * thread and its messages) and the decision applies to the held sequence. An out-of-office releases the hold
 * until the note's return date (else OUT_OF_OFFICE_PAUSE_DAYS), as ingestion pauses; an auto-reply releases it;
 * an unsubscribe suppresses the address (unsubscribed, which stops its enrolments); anything else is a person's
 * answer (or a bounce): the prospect's enrolments stop and the thread stops sending.
 */
async function decideReview(tx: Db, auth: AuthContext, thread: EmailThreadRow, status: ReplyStatus, now: Date) {
  const accountId = thread.accountId;
  const whom = { email: thread.prospectEmail, prospectId: thread.prospectId };
  await tx
    .update(t)
    .set({ needsReview: false, updatedAt: new Date() })
    .where(and(eq(t.accountId, accountId), eq(t.id, thread.id)));
  const [unsure] = await tx
    .select()
    .from(emailThreadMessages)
    .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, thread.id), eq(emailThreadMessages.needsReview, true)))
    .orderBy(desc(emailThreadMessages.sentAt), desc(emailThreadMessages.id))
    .limit(1);
  await tx
    .update(emailThreadMessages)
    .set({ needsReview: false })
    .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, thread.id), eq(emailThreadMessages.needsReview, true)));
  await emitLiveEvent(tx, accountId, 'thread_changed', { thread_id: thread.id, changed: ['needs_review'], needs_review: false });
  if (status === 'out_of_office' || status === 'auto_reply') {
    const pause = status === 'out_of_office' ? outOfOfficePause(unsure?.subject ?? '', unsure?.text ?? '', unsure?.sentAt ?? now, now) : null;
    const released = await releaseReviewHold(tx, accountId, whom, pause?.pausedUntil ?? null);
    if (pause && released.length) {
      await recordActivity(tx, {
        accountId,
        actorType: 'user',
        actorId: auth.user.id,
        verb: 'enrolment_paused',
        channel: 'email',
        prospectId: thread.prospectId,
        payload: { thread_id: thread.id, enrolment_ids: released, until: pause.pausedUntil.toISOString(), reason: 'out of office', return_date: pause.returnDate?.toISOString().slice(0, 10) ?? null },
      });
    }
    return;
  }
  const details = `Marked ${REPLY_STATUS_INFO[status].label} after review of email thread #${thread.id}`;
  if (status === 'unsubscribe') await suppress(tx, accountId, thread.prospectEmail, 'unsubscribed', details, { campaignEmailId: unsure?.campaignEmailId ?? null });
  const reason = status === 'unsubscribe' ? 'The prospect asked to unsubscribe in a reply' : 'The prospect replied';
  const stopped = await stopEnrolmentsWhere(tx, accountId, thread.prospectId === null ? eq(campaignEnrolments.email, thread.prospectEmail) : or(eq(campaignEnrolments.email, thread.prospectEmail), eq(campaignEnrolments.prospectId, thread.prospectId)), reason);
  for (const s of stopped) {
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'enrolment_stopped', channel: 'email', prospectId: s.prospectId, payload: { campaign_id: s.campaignId, enrolment_id: s.id, reason, thread_id: thread.id } });
  }
  if (!thread.stopSending) {
    await tx
      .update(t)
      .set({ stopSending: true, updatedAt: new Date() })
      .where(and(eq(t.accountId, accountId), eq(t.id, thread.id)));
    await emitLiveEvent(tx, accountId, 'thread_changed', { thread_id: thread.id, changed: ['stop_sending'], stop_sending: true });
  }
}

/** The status a thread gets from the "interested" switch: on → interested (a meeting request stays one); off → a positive status becomes not_interested. */
export function statusFromInterested(current: string | null, interested: boolean): ReplyStatus | null {
  const positive = current !== null && POSITIVE.includes(current);
  if (interested) return positive ? null : 'interested';
  return positive ? 'not_interested' : null;
}

/** PUT email_threads/{id}: unread, starred, interested, reply_status. */
export async function update(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof updateEmailThreadBodySchema>): Promise<EmailThread> {
  const accountId = auth.account.id;
  await deps.db.transaction(async (tx) => {
    const thread = await threadRow(tx, accountId, id);
    const set: Partial<typeof t.$inferInsert> = {};
    if (body.unread !== undefined) set.unread = body.unread;
    if (body.starred !== undefined) set.starred = body.starred;
    if (Object.keys(set).length) {
      await tx
        .update(t)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(t.accountId, accountId), eq(t.id, id)));
    }
    const status = body.reply_status ?? (body.interested !== undefined ? statusFromInterested(thread.replyStatus, body.interested) : null);
    if (status) await setReplyStatus(tx, auth, thread, status, 'thread', deps.clock?.() ?? new Date());
    // Every cabinet of the account shows the new marks (the user's other tabs and colleagues).
    const event: LiveEventData['thread_changed'] = { thread_id: id, changed: [] };
    if (set.unread !== undefined && set.unread !== thread.unread) {
      event.changed.push('unread');
      event.unread = set.unread;
    }
    if (set.starred !== undefined && set.starred !== thread.starred) {
      event.changed.push('starred');
      event.starred = set.starred;
    }
    if (status && status !== thread.replyStatus) {
      event.changed.push('reply_status');
      event.reply_status = status;
    }
    if (event.changed.length) await emitLiveEvent(tx, accountId, 'thread_changed', event);
  });
  return show(deps, auth, id);
}

const SOURCE_OF = (m: Pick<EmailThreadMessageRow, 'direction' | 'campaignEmailId' | 'details'>): EmailThreadMessage['source'] => {
  if (m.direction !== 'outbound') return null;
  if (m.campaignEmailId !== null) return 'campaign';
  const source = (m.details as { source?: string } | null)?.source;
  return source === 'inbox' || source === 'agent' ? source : 'mail_client';
};

/** A reply's automatic answer as the user sees it: its state, when, and why (never the claim's token or ids). */
function agentAnswerJson(m: EmailThreadMessageRow): EmailThreadMessage['agent_answer'] {
  if (m.direction !== 'inbound') return null;
  const answer = agentAnswerOf(m);
  if (!answer) return null;
  return { state: answer.state, due_at: answer.due_at, reason: answer.reason ?? null };
}

export function toMessageJson(m: EmailThreadMessageRow): EmailThreadMessage {
  return {
    id: m.id,
    thread_id: m.threadId,
    direction: m.direction,
    kind: m.kind,
    from: m.fromEmail,
    from_name: m.fromName,
    to: m.toEmails,
    cc: m.ccEmails,
    subject: m.subject,
    text: m.text,
    html: m.html,
    sent_at: m.sentAt.toISOString(),
    from_colleague: m.fromColleague,
    source: SOURCE_OF(m),
    campaign_email_id: m.campaignEmailId,
    agent_answer: agentAnswerJson(m),
    needs_review: m.needsReview,
  };
}

/** Every message of a thread, oldest first. */
export async function messagesOf(db: Db, accountId: number, threadId: number): Promise<EmailThreadMessageRow[]> {
  const rows = await db
    .select()
    .from(emailThreadMessages)
    .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, threadId)))
    .orderBy(asc(emailThreadMessages.sentAt), asc(emailThreadMessages.id));
  // An answer after what it answers, whatever the sender's clock said (conversation-order.ts).
  return conversationOrder(rows);
}

/** GET email_thread_messages/{id} (id: the thread's): its messages in order; HTML was sanitised when stored. */
export async function messages(deps: Deps, auth: AuthContext, threadId: number): Promise<EmailThreadMessage[]> {
  const thread = await threadRow(deps.db, auth.account.id, threadId);
  return (await messagesOf(deps.db, auth.account.id, thread.id)).map(toMessageJson);
}

/**
 * PUT email_threads/{id}/mark_stop_sending: nothing more goes to this prospect (as campaign_emails'
 * mark_stop_sending: the address is suppressed with reason stopped, its enrolments stop and their unsent
 * emails are cancelled), and the thread says so.
 */
export async function markStopSending(deps: Deps, auth: AuthContext, id: number): Promise<EmailThread> {
  const accountId = auth.account.id;
  await deps.db.transaction(async (tx) => {
    const thread = await threadRow(tx, accountId, id);
    await suppress(tx, accountId, thread.prospectEmail, 'stopped', `Stopped from email thread #${thread.id}`);
    // Stopped means stopped: the agent's automatic answer waiting for the working hours does not go either.
    await skipAgentAnswers(tx, accountId, thread.id, 'The conversation was stopped by hand');
    await tx
      .update(t)
      .set({ stopSending: true, updatedAt: new Date() })
      .where(and(eq(t.accountId, accountId), eq(t.id, id)));
    if (!thread.stopSending) {
      await emitLiveEvent(tx, accountId, 'thread_changed', { thread_id: id, changed: ['stop_sending'], stop_sending: true });
      await recordActivity(tx, {
        accountId,
        actorType: 'user',
        actorId: auth.user.id,
        verb: 'sequence_stopped',
        channel: 'email',
        prospectId: thread.prospectId,
        payload: { campaign_id: thread.campaignId, thread_id: thread.id, enrolment_id: thread.enrolmentId },
      });
    }
  });
  return show(deps, auth, id);
}

export const THREADS_CSV_HEADER = [
  'Prospect email',
  'Prospect',
  'Company',
  'Title',
  'Campaign',
  'Virtual employee',
  'Reply status',
  'Subject',
  'Last message at',
  'Replied at',
  'Unread',
  'Starred',
  'Stopped',
  'Last message from',
  'Last message',
];
const EXPORT_CHUNK = 2000;

/** GET email_threads/export_to_csv: every thread the filters find, in the list's order (read in chunks). */
export async function exportCsv(deps: Deps, auth: AuthContext, query: ExportQuery): Promise<string> {
  const accountId = auth.account.id;
  const where = and(...threadConditions(accountId, query.filters));
  const out: unknown[][] = [];
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const rows = await joinedThreads(deps.db, accountId).where(where).orderBy(...orderOf(query)).limit(EXPORT_CHUNK).offset(offset);
    for (const r of rows) {
      const j = toThreadJson(r);
      out.push([
        j.prospect_email,
        j.prospect?.name,
        j.prospect?.company,
        j.prospect?.title,
        j.campaign?.name,
        j.virtual_employee?.name,
        j.reply_status,
        j.subject,
        j.last_message_at,
        j.replied_at,
        j.unread ? 'yes' : 'no',
        j.starred ? 'yes' : 'no',
        j.stop_sending ? 'yes' : 'no',
        j.last_message?.from,
        j.last_message?.snippet,
      ]);
    }
    if (rows.length < EXPORT_CHUNK) break;
  }
  return toCsv(THREADS_CSV_HEADER, out);
}

// ---------------------------------------------------------------- replies (spec §7 replies/{id})

async function replyRow(db: Db, accountId: number, id: number): Promise<EmailThreadMessageRow> {
  const [row] = await db
    .select()
    .from(emailThreadMessages)
    .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, id), eq(emailThreadMessages.direction, 'inbound')));
  if (!row) throw notFound(INBOX_MESSAGES.replyNotFound);
  return row;
}

/**
 * PUT replies/{id}: a reply is one inbound message of a thread; the user marks it (its status, read or
 * unread), which is its thread's status and read state (statuses are per conversation).
 */
export async function updateReply(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof updateReplyBodySchema>): Promise<Reply> {
  const accountId = auth.account.id;
  const row = await deps.db.transaction(async (tx) => {
    const reply = await replyRow(tx, accountId, id);
    const thread = await threadRow(tx, accountId, reply.threadId);
    if (body.unread !== undefined) {
      await tx
        .update(t)
        .set({ unread: body.unread, updatedAt: new Date() })
        .where(and(eq(t.accountId, accountId), eq(t.id, thread.id)));
    }
    if (body.reply_status) {
      await setReplyStatus(tx, auth, thread, body.reply_status, 'reply', deps.clock?.() ?? new Date(), reply.id);
      await tx
        .update(emailThreadMessages)
        .set({ replyStatus: body.reply_status })
        .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, reply.id)));
    }
    return reply;
  });
  const thread = await threadRow(deps.db, accountId, row.threadId);
  const status = thread.replyStatus && (REPLY_STATUSES as readonly string[]).includes(thread.replyStatus) ? (thread.replyStatus as ReplyStatus) : null;
  return { ...toMessageJson(row), reply_status: status, reply_status_source: status ? (thread.replyStatusSource ?? null) : null };
}

/** Why a reply's automatic answer cannot be stopped in this state (the 409's message). */
function whyNotStoppable(state: AgentAnswerState | null): string {
  switch (state) {
    case 'sending':
      return INBOX_MESSAGES.agentAnswerSending;
    case 'sent':
      return INBOX_MESSAGES.agentAnswerSent;
    case 'failed':
      return INBOX_MESSAGES.agentAnswerFailed;
    case 'uncertain':
      return INBOX_MESSAGES.agentAnswerUncertain;
    default:
      return INBOX_MESSAGES.agentAnswerNone;
  }
}

/**
 * POST replies/{id}/skip_agent_answer: the user stops the agent's automatic answer waiting for this reply
 * (docs/decisions.md). One conditional UPDATE, scheduled → skipped (agent-answer-state.ts `settle`): the job's
 * claim (scheduled → sending) and this cannot both win. Already skipped (by the user or for another reason):
 * the reply as it is. Sending, sent, failed, uncertain or never scheduled: 409 saying so. Every cabinet of the
 * account refetches the thread's messages (thread_changed, written in the same transaction).
 */
export async function skipAgentAnswer(deps: Deps, auth: AuthContext, id: number, now = new Date()): Promise<EmailThreadMessage> {
  const accountId = auth.account.id;
  const row = await deps.db.transaction(async (tx) => {
    const reply = await replyRow(tx, accountId, id);
    if (agentAnswerOf(reply)?.state === 'scheduled' && (await settleAndTell(tx, accountId, reply, 'scheduled', { state: 'skipped', reason: AGENT_ANSWER_STOPPED_BY_USER, at: now.toISOString() }))) {
      return replyRow(tx, accountId, id);
    }
    // Not waiting, or a run claimed it between the read and the update: answered by what it is now.
    const current = await replyRow(tx, accountId, id);
    const state = agentAnswerOf(current)?.state ?? null;
    if (state === 'skipped') return current;
    throw new HttpError(409, [whyNotStoppable(state)]);
  });
  return toMessageJson(row);
}

// ---------------------------------------------------------------- the user's corrections of the classifier

/**
 * GET reply_status_corrections: per label, how often the classifier (rules or AI) set it as a thread's status
 * (reply_status_changed by the system) and how often the user then changed a status the classifier had given
 * (reply_status_changed by the user from a rules/ai status; activities before from_source was written count
 * as the classifier's), to what. Confirming the classifier's status is no correction. Account-scoped.
 */
export async function replyStatusCorrections(deps: Deps, auth: AuthContext): Promise<ReplyStatusCorrections['data']> {
  const accountId = auth.account.id;
  const a = activities;
  const given = await deps.db
    .select({ label: sql<string>`${a.payload}->>'to'`, n: sql<number>`count(*)::int` })
    .from(a)
    .where(and(eq(a.accountId, accountId), eq(a.verb, 'reply_status_changed'), eq(a.actorType, 'system')))
    .groupBy(sql`${a.payload}->>'to'`);
  const corrected = await deps.db
    .select({ from: sql<string>`${a.payload}->>'from'`, to: sql<string>`${a.payload}->>'to'`, n: sql<number>`count(*)::int` })
    .from(a)
    .where(and(eq(a.accountId, accountId), eq(a.verb, 'reply_status_changed'), eq(a.actorType, 'user'), sql`${a.payload}->>'from' is not null`, sql`coalesce(${a.payload}->>'from_source', 'rules') <> 'user'`))
    .groupBy(sql`${a.payload}->>'from'`, sql`${a.payload}->>'to'`);
  const known = (s: string | null): s is ReplyStatus => s !== null && (REPLY_STATUSES as readonly string[]).includes(s);
  return REPLY_STATUSES.map((label) => {
    const to = corrected
      .filter((c) => c.from === label && known(c.to))
      .map((c) => ({ label: c.to as ReplyStatus, count: Number(c.n) }))
      .sort((x, y) => y.count - x.count || REPLY_STATUSES.indexOf(x.label) - REPLY_STATUSES.indexOf(y.label));
    return { label, given: Number(given.find((g) => g.label === label)?.n ?? 0), corrected: to.reduce((sum, c) => sum + c.count, 0), corrected_to: to };
  });
}
