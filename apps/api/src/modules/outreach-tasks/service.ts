import { and, asc, desc, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityVerb } from '@shared/events';
import type {
  CallOutcomeBody,
  OutreachTask,
  OutreachTaskChannel,
  OutreachTaskSummary,
  TaskCapacity,
  outreachTaskListQuerySchema,
} from '@shared/schemas/outreach-tasks';
import { AGENT_CALL_BACK_TO_USER } from '@shared/schemas/outreach-tasks';
import type { Db } from '../../db/client';
import {
  campaignEmails,
  campaignEnrolments,
  campaigns,
  emailThreadMessages,
  emailThreads,
  linkedinAccounts,
  outreachTasks,
  phoneCalls,
  prospects,
  type OutreachTaskRow,
} from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { stopEnrolmentsWhere } from '../campaigns/enrolment';
import { finishDoneCampaigns } from '../campaigns/lifecycle';
import { scheduleNextStep } from '../campaigns/outbox';
import { kickCalls, kickSending } from '../../lib/jobs/kicks';
import { publish } from '../../lib/events';
import { threadOfCampaignEmail } from '../inbox/ingest';
import { emitLiveEvent } from '../../lib/live-events';
import type { Capacity } from './limits';
import { agentCall, capacityNow, live } from './plan';

export const TASK_MESSAGES = {
  notFound: 'Task not found',
  notOpen: (status: string) => `This task is ${status}: only a due or waiting task can be changed`,
  notLinkedin: 'Only a LinkedIn task takes a LinkedIn reply',
  notCall: 'Only a call task takes a call outcome',
  notAvailable: 'This feature is not available',
};

type ListQuery = z.output<typeof outreachTaskListQuerySchema>;

const capacityJson = (c: Capacity): TaskCapacity => ({
  day: c.day,
  time_zone: c.timeZone,
  working_now: c.workingNow,
  next_working_at: c.nextWorkingAt?.toISOString() ?? null,
  linkedin: { limit: c.linkedin.limit, used: c.linkedin.used, left: c.linkedin.left, settings_limit: c.linkedin.settingsLimit, plan_limit: c.linkedin.planLimit },
  invitations: { limit: c.invitations.limit, used: c.invitations.used, left: c.invitations.left, weekly_limit: c.invitations.weeklyLimit, ramp_limit: c.invitations.rampLimit },
  calls: { limit: c.calls.limit, used: c.calls.used, left: c.calls.left },
});

// ---------------------------------------------------------------- reading

export const phoneOf = (profile: Record<string, unknown> | null): string | null => {
  for (const key of ['phone', 'phone_number', 'mobile', 'mobile_phone', 'work_phone']) {
    const v = profile?.[key];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return null;
};

type Joined = { task: OutreachTaskRow; campaignName: string | null; prospect: typeof prospects.$inferSelect | null; call: { status: string; placedAt: Date | null; error: string | null } | null };

function toJson(r: Joined): OutreachTask {
  const t = r.task;
  const p = r.prospect;
  return {
    id: t.id,
    campaign_id: t.campaignId,
    campaign_name: r.campaignName,
    enrolment_id: t.enrolmentId,
    step: t.stepPosition,
    channel: t.channel,
    kind: t.kind,
    status: t.status,
    due_at: t.dueAt?.toISOString() ?? null,
    wait_reason: t.waitReason,
    prepared_text: t.preparedText,
    outcome: t.outcome,
    note: t.note,
    done_at: t.doneAt?.toISOString() ?? null,
    prospect: {
      id: t.prospectId,
      full_name: p?.fullName ?? null,
      title: p?.title ?? null,
      company: p?.company ?? null,
      linkedin_url: p?.linkedinUrl ?? null,
      phone: p ? phoneOf(p.profile ?? null) : null,
      email: p?.email ?? null,
    },
    agent_call: r.call ? { status: r.call.status, placed_at: r.call.placedAt?.toISOString() ?? null, error: r.call.error } : null,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

const joined = (db: Db, accountId: number) =>
  db
    .select({ task: outreachTasks, campaignName: campaigns.name, prospect: prospects, call: { status: phoneCalls.status, placedAt: phoneCalls.placedAt, error: phoneCalls.error } })
    .from(outreachTasks)
    .leftJoin(campaigns, and(eq(campaigns.id, outreachTasks.campaignId), eq(campaigns.accountId, accountId)))
    .leftJoin(prospects, and(eq(prospects.id, outreachTasks.prospectId), eq(prospects.accountId, accountId)))
    .leftJoin(phoneCalls, and(eq(phoneCalls.outreachTaskId, outreachTasks.id), eq(phoneCalls.accountId, accountId)));

/**
 * A view's tasks. `withAgentCalls`: today's list also shows the calls the agent is placing (or placed) through the
 * phone provider, marked as the agent's; the counts leave them out (not the user's to make; one it could not
 * place is).
 */
function viewWhere(accountId: number, view: ListQuery['view'], now: Date, channels: readonly OutreachTaskChannel[], channel?: OutreachTaskChannel, withAgentCalls = false): SQL {
  const conditions: Array<SQL | undefined> = [eq(outreachTasks.accountId, accountId), inArray(outreachTasks.channel, channel ? [channel].filter((c) => channels.includes(c)) : [...channels])];
  if (view === 'today') {
    conditions.push(eq(outreachTasks.status, 'due'), lte(outreachTasks.dueAt, now), live(accountId));
    if (!withAgentCalls) conditions.push(sql`not ${agentCall(accountId, [...AGENT_CALL_BACK_TO_USER])}`);
  }
  // Waiting: a later time, or held by a limit (until the tick plans it again at its time).
  if (view === 'waiting') conditions.push(or(eq(outreachTasks.status, 'waiting'), and(eq(outreachTasks.status, 'due'), gt(outreachTasks.dueAt, now))), live(accountId));
  if (view === 'done') conditions.push(inArray(outreachTasks.status, ['done', 'skipped']));
  return and(...conditions)!;
}

async function countsOf(db: Db, accountId: number, view: 'today' | 'waiting', now: Date, channels: readonly OutreachTaskChannel[]) {
  const counts = { linkedin: 0, call: 0 };
  if (channels.length === 0) return counts;
  const rows = await db
    .select({ channel: outreachTasks.channel, n: sql<number>`count(*)::int` })
    .from(outreachTasks)
    .where(viewWhere(accountId, view, now, channels))
    .groupBy(outreachTasks.channel);
  for (const r of rows) counts[r.channel] = Number(r.n);
  return counts;
}

/** Today's and the waiting tasks per channel, and today's capacity: the popup's "Today on LinkedIn: 12". */
export async function summary(db: Db, accountId: number, now: Date, channels: readonly OutreachTaskChannel[]): Promise<OutreachTaskSummary> {
  // A read: the engine's tick (plan.ts planToday) wrote what the limits allow; this only counts it.
  const capacity = await capacityNow(db, accountId, now);
  return { today: await countsOf(db, accountId, 'today', now, channels), waiting: await countsOf(db, accountId, 'waiting', now, channels), capacity: capacityJson(capacity) };
}

export async function list(db: Db, accountId: number, query: ListQuery, now: Date, channels: readonly OutreachTaskChannel[]) {
  const head = await summary(db, accountId, now, channels);
  const where = viewWhere(accountId, query.view, now, channels, query.channel, true);
  const order = query.view === 'done' ? [desc(outreachTasks.doneAt), desc(outreachTasks.id)] : [asc(outreachTasks.dueAt), asc(outreachTasks.id)];
  const rows = channels.length === 0 ? [] : await joined(db, accountId).where(where).orderBy(...order).limit(query.per_page).offset((query.page - 1) * query.per_page);
  const [{ total }] = (channels.length === 0 ? [{ total: 0 }] : await db.select({ total: sql<number>`count(*)::int` }).from(outreachTasks).where(where)) as [{ total: number }];
  return { data: rows.map(toJson), meta: { page: query.page, per_page: query.per_page, total: Number(total), today: head.today, waiting: head.waiting, capacity: head.capacity } };
}

async function taskRow(db: Db, accountId: number, id: number, channels: readonly OutreachTaskChannel[]): Promise<OutreachTaskRow> {
  const [row] = await db.select().from(outreachTasks).where(and(eq(outreachTasks.id, id), eq(outreachTasks.accountId, accountId)));
  // A channel the brand does not offer does not exist for its users.
  if (!row || !channels.includes(row.channel)) throw notFound(TASK_MESSAGES.notFound);
  return row;
}

export async function show(db: Db, accountId: number, id: number, channels: readonly OutreachTaskChannel[]): Promise<OutreachTask> {
  await taskRow(db, accountId, id, channels);
  const [row] = await joined(db, accountId).where(and(eq(outreachTasks.id, id), eq(outreachTasks.accountId, accountId)));
  return toJson(row!);
}

// ---------------------------------------------------------------- acting

const OPEN = ['due', 'waiting'] as const;

/** Who closes a task: a user (by hand), or the agent (userId null: a call placed through the phone provider). */
export type TaskActor = { accountId: number; userId: number | null };
const actorOf = (by: AuthContext | TaskActor): TaskActor => ('account' in by ? { accountId: by.account.id, userId: by.user.id } : by);
const activityChannel = (t: OutreachTaskRow) => (t.channel === 'call' ? ('phone' as const) : ('linkedin' as const));
const DONE_VERB: Record<OutreachTaskRow['kind'], ActivityVerb> = {
  email: 'task_done',
  view_profile: 'linkedin_profile_viewed',
  connection_request: 'linkedin_invitation_sent',
  message: 'linkedin_message_sent',
  follow_up: 'linkedin_message_sent',
  call: 'call_made',
};

/**
 * Closes an open task (done or skipped) in one transaction: the conditional update (a double click or a
 * second tab changes nothing twice), the activity, and the sequence's next step (an email's due time, or
 * the next task due), then the campaign may finish. Answers the closed row, or null when it was not open.
 */
async function closeTask(
  deps: Pick<Deps, 'jobs' | 'config'>,
  tx: Db,
  by: AuthContext | TaskActor,
  row: OutreachTaskRow,
  close: { status: 'done' | 'skipped'; outcome?: string | null; note?: string | null; now: Date; advance: boolean; details?: Record<string, unknown> },
): Promise<OutreachTaskRow | null> {
  const actor = actorOf(by);
  const accountId = actor.accountId;
  let linkedinAccountId: number | null = null;
  if (row.kind === 'connection_request' && close.status === 'done' && actor.userId !== null) {
    const [own] = await tx.select({ id: linkedinAccounts.id }).from(linkedinAccounts).where(and(eq(linkedinAccounts.accountId, accountId), eq(linkedinAccounts.userId, actor.userId)));
    linkedinAccountId = own?.id ?? null;
  }
  const [closed] = await tx
    .update(outreachTasks)
    .set({ status: close.status, outcome: close.outcome ?? null, note: close.note ?? null, doneAt: close.now, doneBy: actor.userId, linkedinAccountId, waitReason: null, updatedAt: close.now })
    .where(and(eq(outreachTasks.id, row.id), eq(outreachTasks.accountId, accountId), inArray(outreachTasks.status, [...OPEN])))
    .returning();
  if (!closed) return null;
  const [campaign] = await tx.select({ personaId: campaigns.personaId }).from(campaigns).where(and(eq(campaigns.id, row.campaignId), eq(campaigns.accountId, accountId)));
  await recordActivity(tx, {
    accountId,
    actorType: actor.userId === null ? 'agent' : 'user',
    actorId: actor.userId,
    verb: close.status === 'done' ? DONE_VERB[row.kind] : 'task_skipped',
    channel: activityChannel(row),
    prospectId: row.prospectId,
    personaId: campaign?.personaId ?? null,
    payload: { kind: row.kind, campaign_id: row.campaignId, enrolment_id: row.enrolmentId, outreach_task_id: row.id, step: row.stepPosition, outcome: close.outcome ?? null, ...close.details },
    occurredAt: close.now,
  });
  if (close.advance) {
    const reached = await scheduleNextStep(tx, accountId, { enrolmentId: row.enrolmentId, stepPosition: row.stepPosition }, close.now);
    // The engine's tick sends a reached email and plans a reached task into today's limits; the call queue dials a reached call.
    await kickSending(deps, accountId, tx);
    if (reached.task) await kickCalls(deps, accountId, tx);
    await finishDoneCampaigns(tx, accountId, close.now, [row.campaignId]);
  }
  return closed;
}

async function openRow(db: Db, accountId: number, id: number, channels: readonly OutreachTaskChannel[]): Promise<OutreachTaskRow> {
  const row = await taskRow(db, accountId, id, channels);
  if (!(OPEN as readonly string[]).includes(row.status)) throw unprocessable(TASK_MESSAGES.notOpen(row.status));
  return row;
}

/** Done: the sequence moves on (the next email gets its due time, or the next task comes due). A repeat answers the task as it is. */
export async function markDone(deps: Deps, auth: AuthContext, id: number, now: Date, channels: readonly OutreachTaskChannel[]): Promise<OutreachTask> {
  const row = await taskRow(deps.db, auth.account.id, id, channels);
  if (row.status === 'done') return show(deps.db, auth.account.id, id, channels);
  await openRow(deps.db, auth.account.id, id, channels);
  await deps.db.transaction(async (tx) => {
    if (!(await closeTask(deps, tx, auth, row, { status: 'done', now, advance: true }))) throw unprocessable('This task changed meanwhile: reload it and try again');
  });
  return show(deps.db, auth.account.id, id, channels);
}

/** Skipped: the step is passed over and the sequence moves on as after a done step. */
export async function skip(deps: Deps, auth: AuthContext, id: number, now: Date, channels: readonly OutreachTaskChannel[]): Promise<OutreachTask> {
  const row = await taskRow(deps.db, auth.account.id, id, channels);
  if (row.status === 'skipped') return show(deps.db, auth.account.id, id, channels);
  await openRow(deps.db, auth.account.id, id, channels);
  await deps.db.transaction(async (tx) => {
    if (!(await closeTask(deps, tx, auth, row, { status: 'skipped', now, advance: true }))) throw unprocessable('This task changed meanwhile: reload it and try again');
  });
  return show(deps.db, auth.account.id, id, channels);
}

/**
 * The person answered (a LinkedIn reply, a connected call): like a human email reply, nothing more goes
 * out to them on any channel of any campaign: their enrolments (and those of their address) stop and every
 * open task is cancelled. No blacklist entry (it means do-not-contact, issue 25): the prospect_answered event the
 * caller publishes marks them in conversation, which keeps later campaigns from enrolling them automatically.
 */
async function stopForAnswer(tx: Db, accountId: number, row: OutreachTaskRow, reason: string, channel: 'linkedin' | 'phone'): Promise<void> {
  const [enrolment] = await tx.select({ email: campaignEnrolments.email }).from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, row.enrolmentId)));
  const byAddress = enrolment?.email ? [eq(campaignEnrolments.email, enrolment.email)] : [];
  const where = row.prospectId === null ? or(eq(campaignEnrolments.id, row.enrolmentId), ...byAddress) : or(eq(campaignEnrolments.prospectId, row.prospectId), ...byAddress);
  for (const s of await stopEnrolmentsWhere(tx, accountId, and(where), reason)) {
    await recordActivity(tx, { accountId, actorType: 'system', verb: 'enrolment_stopped', channel, prospectId: s.prospectId, payload: { campaign_id: s.campaignId, enrolment_id: s.id, reason } });
  }
}

/**
 * The enrolment's conversation in the inbox: its email thread (created as the inbox creates it, with the
 * emails sent so far), or for an enrolment that has no email yet a thread of its own.
 */
async function threadOfEnrolment(tx: Db, accountId: number, row: OutreachTaskRow, now: Date) {
  const [email] = await tx
    .select()
    .from(campaignEmails)
    // Not the email steps skipped for a prospect without an address: their conversation is the task's own.
    .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, row.enrolmentId), ne(campaignEmails.toEmail, '')))
    .orderBy(asc(campaignEmails.stepPosition))
    .limit(1);
  if (email) return threadOfCampaignEmail(tx, email, now);
  const [enrolment] = await tx.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, row.enrolmentId)));
  await tx
    .insert(emailThreads)
    .values({
      accountId,
      prospectId: row.prospectId,
      enrolmentId: row.enrolmentId,
      campaignId: row.campaignId,
      userEmailId: enrolment?.userEmailId ?? null,
      virtualEmployeeId: enrolment?.virtualEmployeeId ?? null,
      subject: 'LinkedIn conversation',
      prospectEmail: (enrolment?.email ?? '').toLowerCase(),
      lastMessageAt: now,
    })
    .onConflictDoNothing({ target: [emailThreads.accountId, emailThreads.enrolmentId] });
  const [thread] = await tx.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.enrolmentId, row.enrolmentId)));
  return thread!;
}

/**
 * The user logs the prospect's LinkedIn reply on the task: the task is done (the reply came on its step),
 * the reply joins the prospect's thread in the inbox (an inbound message marked as from LinkedIn) and the
 * interactions (reply_received on the linkedin channel), the pipeline card opens, and every channel stops.
 */
export async function logLinkedinReply(deps: Deps, auth: AuthContext, id: number, text: string, now: Date, channels: readonly OutreachTaskChannel[]): Promise<OutreachTask> {
  const accountId = auth.account.id;
  const row = await taskRow(deps.db, accountId, id, channels);
  if (row.channel !== 'linkedin') throw unprocessable(TASK_MESSAGES.notLinkedin);
  if (row.status === 'cancelled' && row.outcome === 'replied') return show(deps.db, accountId, id, channels);
  await deps.db.transaction(async (tx) => {
    // An open task closes as done with the reply; a task done earlier (the invitation, then the answer) keeps its state.
    if ((OPEN as readonly string[]).includes(row.status)) await closeTask(deps, tx, auth, row, { status: 'done', outcome: 'replied', note: text, now, advance: false });
    const thread = await threadOfEnrolment(tx, accountId, row, now);
    const [prospect] = row.prospectId ? await tx.select({ fullName: prospects.fullName, email: prospects.email }).from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, row.prospectId))) : [];
    const [message] = await tx
      .insert(emailThreadMessages)
      .values({
        accountId,
        threadId: thread.id,
        userEmailId: null,
        direction: 'inbound',
        kind: 'human',
        messageId: `<linkedin-reply-${row.id}-${now.getTime()}@tasks.local>`,
        fromEmail: thread.prospectEmail || prospect?.email || '',
        fromName: prospect?.fullName ?? null,
        subject: thread.subject,
        text,
        sentAt: now,
        details: { channel: 'linkedin', outreach_task_id: row.id, logged_by: auth.user.id },
        replyStatus: 'other',
      })
      .returning({ id: emailThreadMessages.id });
    await tx
      .update(emailThreads)
      .set({ lastMessageAt: sql`greatest(${emailThreads.lastMessageAt}, ${now.toISOString()}::timestamptz)`, unread: true, stopSending: true, repliedAt: sql`coalesce(${emailThreads.repliedAt}, ${now.toISOString()}::timestamptz)`, replyStatus: sql`coalesce(${emailThreads.replyStatus}, 'other')`, updatedAt: now })
      .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, thread.id)));
    await emitLiveEvent(tx, accountId, 'thread_changed', { thread_id: thread.id, changed: ['messages', 'unread', 'stop_sending'], unread: true, stop_sending: true });
    await stopForAnswer(tx, accountId, row, 'The prospect replied on LinkedIn', 'linkedin');
    await recordActivity(tx, {
      accountId,
      actorType: 'user',
      actorId: auth.user.id,
      verb: 'reply_received',
      channel: 'linkedin',
      prospectId: row.prospectId,
      payload: { kind: 'linkedin', thread_id: thread.id, thread_message_id: message?.id ?? null, campaign_id: row.campaignId, enrolment_id: row.enrolmentId, outreach_task_id: row.id, snippet: text.replace(/\s+/g, ' ').trim().slice(0, 200) },
      occurredAt: now,
    });
    if (row.prospectId !== null) {
      await publish(tx, accountId, 'prospect_answered', { prospect_id: row.prospectId, thread_id: thread.id, channel: 'linkedin', reply_status: null, user_id: auth.user.id, at: now.toISOString() });
    }
    // Marks the reply on the task even when it was closed before (the invitation was done, the answer came later).
    await tx.update(outreachTasks).set({ outcome: 'replied', note: text, updatedAt: now }).where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.id, row.id)));
  });
  return show(deps.db, accountId, id, channels);
}

/**
 * The outcome of a call task. Connected: the prospect talked to us. With interest, the sequence stops on
 * every channel and the pipeline card moves to Interested; without, it stops too (a person answered, as a
 * human reply does) and the card records Not interested (lost). Voicemail, no answer, wrong number: the
 * task is done and the sequence moves on to its next step.
 */
export async function logCallOutcome(deps: Deps, auth: AuthContext, id: number, body: CallOutcomeBody, now: Date, channels: readonly OutreachTaskChannel[]): Promise<OutreachTask> {
  const accountId = auth.account.id;
  const row = await openRow(deps.db, accountId, id, channels);
  if (row.channel !== 'call') throw unprocessable(TASK_MESSAGES.notCall);
  await deps.db.transaction(async (tx) => {
    const closed = await applyCallOutcome(deps, tx, auth, row, { outcome: body.outcome, interested: body.interested === true, note: body.note ?? null }, now);
    if (!closed) throw unprocessable('This task changed meanwhile: reload it and try again');
  });
  return show(deps.db, accountId, id, channels);
}

/**
 * A call's outcome on its task, logged by the user or reported by the phone provider for a call the agent
 * placed (modules/phone-calls): the same rules. `interested` null: nobody could say (the agent spoke its
 * script, nobody judged the answer): a connected call then stops the sequence and opens the pipeline card
 * as a new reply, for the user to follow up. Answers the closed task, or null when it was not open.
 */
export async function applyCallOutcome(
  deps: Pick<Deps, 'jobs' | 'config'>,
  tx: Db,
  by: AuthContext | TaskActor,
  row: OutreachTaskRow,
  result: { outcome: CallOutcomeBody['outcome']; interested: boolean | null; note: string | null; details?: Record<string, unknown> },
  now: Date,
): Promise<OutreachTaskRow | null> {
  const actor = actorOf(by);
  const accountId = actor.accountId;
  const connected = result.outcome === 'connected';
  const closed = await closeTask(deps, tx, actor, row, { status: 'done', outcome: result.outcome, note: result.note, now, advance: !connected, details: result.details });
  if (!closed || !connected) return closed;
  const interested = result.interested;
  await stopForAnswer(tx, accountId, row, interested === true ? 'Interested on a call' : interested === false ? 'Talked on a call' : 'Answered the agent\'s call', 'phone');
  if (row.prospectId !== null) {
    await publish(tx, accountId, 'prospect_answered', { prospect_id: row.prospectId, thread_id: null, channel: 'phone', reply_status: null, interested, user_id: actor.userId, at: now.toISOString() });
  }
  return closed;
}
