import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUTO_ANSWER_DELAY_MINUTES, AUTO_ANSWER_REPLY_STATUSES, REPLY_STATUS_INFO, REPLY_STATUSES, type ReplyStatus } from '@shared/schemas/inbox';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { autoCommunicationSettings, emailThreadMessages, emailThreads, userEmails, type EmailThreadMessageRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { defineJob, type JobQueue } from '../../lib/jobs/queue';
import { agentAnswerOf, settle, settleAndTell, stateIs, withAnswer, type AgentAnswer, type AgentAnswerState } from './agent-answer-state';
import type { Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { suppressionsOf } from '../blacklist/suppression';
import { nextWindowStart, windowOf, type SendWindow } from '../sending/schedule';
import { newMessageId } from '../sending/smtp-send';
import { draftReply } from './reply-draft';
import { deliverReply } from './send-reply';
import { heldForClaimsReason } from '@shared/claims/check';
import { claimsCheckIn } from '../offerings/claims';

/**
 * The agent's automatic answer (auto_communication_settings.auto_reply; issue 12 "Answering"). When it is
 * on and a person's reply is taken in (ingest.ts) with a status the agent answers (AUTO_ANSWER_REPLY_STATUSES),
 * the ingestion's own transaction marks the reply `details.agent_answer = {state: 'scheduled', …}` and
 * enqueues job `agent-answer` (keyed by the reply: one job per reply). The job waits AUTO_ANSWER_DELAY_MINUTES
 * and for the account's working window (working days and hours in its time zone), then drafts the answer as
 * reply_text does (reply-draft.ts) and sends it as send_reply does (send-reply.ts deliverReply: the thread's
 * mailbox, threading headers, "Re:", the Sent folder), as the agent.
 *
 * At most once per reply, whatever runs it (a retry, a second API process, a restart): the send is preceded
 * by a conditional claim, one UPDATE of the reply's row from state 'scheduled' to 'sending' that also checks,
 * against what is committed, that nothing made the answer moot (a later message in the thread: the user's
 * answer from the inbox or their mail client, or a newer reply, which gets its own answer; a thread status
 * the agent does not answer). Only the run whose UPDATE changed the row sends. The answer's row is stored
 * with state 'sent' in one transaction. A run that finds 'sending' was interrupted mid-send (its process
 * died): the answer may have left, so it is marked 'uncertain' and never sent again. A refusal before the
 * message left (the mail server asked to try later, could not connect) gives the claim back and the job
 * retries; other refusals end as 'failed'. Failures and uncertain sends are logged (agent_reply_failed);
 * the user answers by hand then.
 */

const DELAY_MS = AUTO_ANSWER_DELAY_MINUTES * 60_000;
/** A claim older than this is taken for dead: longer than a run may take (the job's expiry). */
export const CLAIM_STALE_MS = 10 * 60_000;

export const answersStatus = (status: string | null | undefined): boolean => !!status && (AUTO_ANSWER_REPLY_STATUSES as readonly string[]).includes(status);

/**
 * When the agent answers a reply taken in at `receivedAt`, asked at `now`: AUTO_ANSWER_DELAY_MINUTES after
 * it, and not before the working window opens (the next window start when that moment or `now` is outside
 * it). null: the window never opens.
 */
export function agentAnswerDueAt(receivedAt: Date, window: SendWindow, now: Date = receivedAt): Date | null {
  const earliest = Math.max(receivedAt.getTime() + DELAY_MS, now.getTime());
  const next = nextWindowStart(earliest, window);
  if (next === null) return new Date(earliest);
  return Number.isNaN(next) ? null : new Date(next);
}

type Payload = { account_id: number; reply_id: number };

/**
 * In ingestion's transaction, for a person's reply just stored: when the account's auto_reply is on and the
 * status is one the agent answers, the reply is marked scheduled and the job enqueued in `tx` (both commit
 * with the reply or neither). Answers when the agent will answer, or null.
 */
export async function scheduleAgentAnswer(
  tx: Db,
  jobs: Pick<JobQueue<Deps>, 'send'>,
  reply: { accountId: number; id: number; status: ReplyStatus },
  now: Date,
): Promise<Date | null> {
  if (!answersStatus(reply.status)) return null;
  const [settings] = await tx.select().from(autoCommunicationSettings).where(eq(autoCommunicationSettings.accountId, reply.accountId));
  // The default is off: an account that never saved its settings gets no automatic answers.
  if (!settings?.autoReply) return null;
  const due = agentAnswerDueAt(now, windowOf(settings));
  if (!due) return null;
  const answer: AgentAnswer = { state: 'scheduled', received_at: now.toISOString(), due_at: due.toISOString() };
  await tx
    .update(emailThreadMessages)
    .set({ details: withAnswer(answer) })
    .where(and(eq(emailThreadMessages.accountId, reply.accountId), eq(emailThreadMessages.id, reply.id)));
  await jobs.send(agentAnswerJob, { account_id: reply.accountId, reply_id: reply.id }, { tx, startAfter: due, key: String(reply.id) });
  return due;
}

export type AgentAnswerOutcome =
  | { state: 'sent'; answerId: number }
  | { state: 'waiting'; until: Date }
  | { state: 'skipped' | 'failed' | 'uncertain'; reason: string }
  /** Nothing to do: no such reply, never scheduled, or already settled (its state). */
  | { state: 'none'; was: AgentAnswerState | null };

/** Why the agent must not answer this reply now (checked before drafting; the claim checks again), or null. */
async function whyNot(db: Db, accountId: number, reply: EmailThreadMessageRow): Promise<string | null> {
  const [settings] = await db.select({ autoReply: autoCommunicationSettings.autoReply }).from(autoCommunicationSettings).where(eq(autoCommunicationSettings.accountId, accountId));
  if (!settings?.autoReply) return 'Automatic answers were switched off';
  const [thread] = await db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, reply.threadId)));
  if (!thread) return 'The conversation is gone';
  const status = thread.replyStatus ?? reply.replyStatus;
  if (!answersStatus(status)) {
    const label = status && (REPLY_STATUSES as readonly string[]).includes(status) ? REPLY_STATUS_INFO[status as ReplyStatus].label : 'not classified';
    return `The reply is marked ${label}: the agent answers interested, meeting-request and other replies only`;
  }
  const [later] = await db
    .select({ direction: emailThreadMessages.direction })
    .from(emailThreadMessages)
    .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, reply.threadId), laterMessage(reply.id)))
    .limit(1);
  if (later) return later.direction === 'outbound' ? 'Answered by hand first' : 'A newer reply came in: the agent answers that one';
  const blocking = (await suppressionsOf(db, accountId, thread.prospectEmail))[0];
  if (blocking) return `${blocking.value} is on the blacklist (${blocking.reason})`;
  return null;
}

/** A message after the reply that makes its answer moot: anything we sent, or a newer message from a person. */
const laterMessage = (replyId: number) =>
  sql`${emailThreadMessages.id} > ${replyId} and (${emailThreadMessages.direction} = 'outbound' or ${emailThreadMessages.kind} = 'human')`;

/**
 * One run for one reply at `now` (the job passes the real clock; tests pass theirs), in the account's scope.
 * Waits (enqueues itself for later) before the delay and outside the working window.
 */
export async function runAgentAnswer(deps: Pick<Deps, 'db' | 'config' | 'jobs' | 'mail'>, accountId: number, replyId: number, now: Date): Promise<AgentAnswerOutcome> {
  const db = deps.db;
  const [reply] = await db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, replyId)));
  const answer = reply ? agentAnswerOf(reply) : null;
  if (!reply || !answer) return { state: 'none', was: null };
  if (answer.state === 'sending') {
    // Another run holds the claim. A duplicate run (a second job for the reply) can meet a live claim: it looks
    // again once the claim could be stale, and only then takes it for dead.
    const staleAt = new Date(new Date(answer.at ?? answer.received_at).getTime() + CLAIM_STALE_MS);
    if (staleAt > now) {
      await deps.jobs.send(agentAnswerJob, { account_id: accountId, reply_id: replyId }, { startAfter: staleAt, key: `${replyId}:stale:${answer.token ?? ''}` });
      return { state: 'waiting', until: staleAt };
    }
    // The run that claimed it did not finish (its process died, or the store after the send failed): it may have left.
    const reason = 'Interrupted while sending: the answer may have gone out. Look in the mailbox’s Sent folder before answering by hand';
    if (await settleAndTell(db, accountId, reply, 'sending', { state: 'uncertain', reason, at: now.toISOString() }, answer.token)) await logFailure(db, accountId, reply, reason, true);
    return { state: 'uncertain', reason };
  }
  if (answer.state !== 'scheduled') return { state: 'none', was: answer.state };

  // Skipped only while still scheduled: a run that finds another run's answer sent (or sending) changes nothing.
  const skip = async (reason: string): Promise<AgentAnswerOutcome> => {
    if (await settleAndTell(db, accountId, reply, 'scheduled', { state: 'skipped', reason, at: now.toISOString() })) return { state: 'skipped', reason };
    const [current] = await db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, replyId)));
    return { state: 'none', was: current ? (agentAnswerOf(current)?.state ?? null) : null };
  };
  const reason = await whyNot(db, accountId, reply);
  if (reason) return skip(reason);

  // Not before the delay, and within working hours (the window as saved now).
  const [settings] = await db.select().from(autoCommunicationSettings).where(eq(autoCommunicationSettings.accountId, accountId));
  const due = agentAnswerDueAt(new Date(answer.received_at), windowOf(settings!), now);
  if (!due) return skip('The working hours never open (no working day)');
  if (due > now) {
    if (due.toISOString() !== answer.due_at) await settleAndTell(db, accountId, reply, 'scheduled', { state: 'scheduled', due_at: due.toISOString() });
    await deps.jobs.send(agentAnswerJob, { account_id: accountId, reply_id: replyId }, { startAfter: due, key: `${replyId}:${due.toISOString()}` });
    return { state: 'waiting', until: due };
  }

  // Drafted before the claim: a slow AI provider holds nothing, and a failure leaves it scheduled for the retry.
  let text: string;
  try {
    text = (await draftReply(deps, accountId, reply.threadId)).text;
  } catch (err) {
    // 422: nothing to answer (the status or the list say no); anything else (the provider failed) is retried.
    if (err instanceof HttpError && err.statusCode === 422) return skip(err.messages[0] ?? 'Nothing to answer');
    throw err;
  }

  // The claims check (docs/decisions.md "The claims check"): an automatic answer that states what no approved claim
  // supports is not sent; the user sees why on the reply and answers it themselves.
  const { flags } = await claimsCheckIn(db, accountId, { body: text, email_thread_id: reply.threadId });
  if (flags.length) return skip(heldForClaimsReason(flags));

  const [thread] = await db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, reply.threadId)));
  const [mailbox] = thread?.userEmailId ? await db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, thread.userEmailId))) : [];
  const token = randomUUID();
  const messageId = mailbox ? newMessageId(mailbox) : undefined;
  // THE claim: only the run whose update changes the row sends, and only while nothing made the answer moot.
  const claimed = await db
    .update(emailThreadMessages)
    .set({ details: withAnswer({ ...answer, state: 'sending', token, ...(messageId ? { message_id: messageId } : {}), at: now.toISOString() }) })
    .where(
      and(
        eq(emailThreadMessages.accountId, accountId),
        eq(emailThreadMessages.id, replyId),
        stateIs('scheduled'),
        sql`not exists (select 1 from ${emailThreadMessages} m where m.account_id = ${accountId} and m.thread_id = ${reply.threadId} and m.id > ${replyId} and (m.direction = 'outbound' or m.kind = 'human'))`,
        sql`exists (select 1 from ${emailThreads} th where th.account_id = ${accountId} and th.id = ${reply.threadId} and coalesce(th.reply_status, ${reply.replyStatus}) in (${sql.join(
          AUTO_ANSWER_REPLY_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
      ),
    )
    .returning({ id: emailThreadMessages.id });
  // Another run has it, or something changed since the checks above: say what (when it is still scheduled).
  if (!claimed.length) return skip((await whyNot(db, accountId, reply)) ?? 'The conversation changed before the answer went out');

  const result = await deliverReply(deps, accountId, reply.threadId, text, {
    now,
    author: { kind: 'agent' },
    messageId,
    onStored: async (tx, stored) => {
      // Sent, also when a run took this claim for dead meanwhile (it marked it uncertain): it did go.
      await settle(tx, accountId, replyId, ['sending', 'uncertain'], { state: 'sent', answer_id: stored.id, message_id: stored.messageId, at: now.toISOString(), reason: null }, token);
    },
  });
  if (result.ok) return { state: 'sent', answerId: result.row.id };
  const why = result.error.messages[0] ?? 'The answer could not be sent';
  if (result.retryable) {
    // Nothing left: the claim goes back and the job tries again (with back-off).
    await settleAndTell(db, accountId, reply, 'sending', { state: 'scheduled', reason: why }, token);
    throw new Error(`The agent's answer was not sent, trying again: ${why}`);
  }
  const state = result.mayHaveGone ? 'uncertain' : 'failed';
  await settleAndTell(db, accountId, reply, 'sending', { state, reason: why, at: now.toISOString() }, token);
  await logFailure(db, accountId, reply, why, result.mayHaveGone);
  return { state, reason: why };
}

/** The user is told (activity log, notification rules) that the agent's answer did not go, or may have. */
async function logFailure(db: Db, accountId: number, reply: EmailThreadMessageRow, reason: string, uncertain: boolean) {
  const [thread] = await db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, reply.threadId)));
  await recordActivity(db, {
    accountId,
    actorType: 'agent',
    verb: 'agent_reply_failed',
    channel: 'email',
    prospectId: thread?.prospectId ?? null,
    payload: { thread_id: reply.threadId, reply_id: reply.id, campaign_id: thread?.campaignId ?? null, reason, uncertain },
  });
}

export const agentAnswerJob = defineJob<Payload, Deps>({
  name: 'agent-answer',
  payload: z.object({ account_id: dbId(), reply_id: dbId() }),
  scope: (_deps, payload) => payload.account_id,
  retryLimit: 4,
  retryDelaySeconds: 60,
  expireInSeconds: CLAIM_STALE_MS / 1000,
  concurrency: 2,
  handler: async (deps, payload) => {
    const outcome = await runAgentAnswer(deps, payload.account_id, payload.reply_id, new Date());
    return 'until' in outcome ? { ...outcome, until: outcome.until.toISOString() } : outcome;
  },
  // The last retry failed too: what is still scheduled ends as failed (a claim still held is resolved as uncertain by no one: say so).
  onGaveUp: async (deps, payload, reason) => {
    const [reply] = await deps.db
      .select()
      .from(emailThreadMessages)
      .where(and(eq(emailThreadMessages.accountId, payload.account_id), eq(emailThreadMessages.id, payload.reply_id)));
    const answer = reply ? agentAnswerOf(reply) : null;
    if (!reply || !answer || (answer.state !== 'scheduled' && answer.state !== 'sending')) return;
    const uncertain = answer.state === 'sending';
    const why = uncertain ? 'Interrupted while sending: the answer may have gone out' : `Could not send the agent's answer: ${reason}`;
    if (await settleAndTell(deps.db, payload.account_id, reply, answer.state, { state: uncertain ? 'uncertain' : 'failed', reason: why, at: new Date().toISOString() })) {
      await logFailure(deps.db, payload.account_id, reply, why, uncertain);
    }
  },
});
