import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailThreadMessages, type EmailThreadMessageRow } from '../../db/schema';
import { withinTransaction } from '../../db/transaction';
import { emitLiveEvent } from '../../lib/live-events';

/**
 * The state of the agent's automatic answer to a reply, kept on the reply's row (details.agent_answer) so
 * that every change of it is one conditional UPDATE of that row (agent-answer.ts explains the life cycle).
 */

export type AgentAnswerState = 'scheduled' | 'sending' | 'sent' | 'skipped' | 'failed' | 'uncertain';

export type AgentAnswer = {
  state: AgentAnswerState;
  /** When the reply was taken in (the delay counts from here). */
  received_at: string;
  /** When the agent answers (the delay, then the working window). */
  due_at: string;
  reason?: string | null;
  /** The claim of the run sending it. */
  token?: string;
  /** Our answer's Message-ID (fixed at the claim). */
  message_id?: string;
  /** The answer's row in the thread, once sent. */
  answer_id?: number;
  at?: string;
};

export const agentAnswerOf = (row: Pick<EmailThreadMessageRow, 'details'>): AgentAnswer | null =>
  ((row.details as { agent_answer?: AgentAnswer } | null)?.agent_answer ?? null) as AgentAnswer | null;


/** The reply's details with its agent_answer replaced, as one jsonb statement (other details stay). */
export const withAnswer = (answer: AgentAnswer) => sql`coalesce(${emailThreadMessages.details}, '{}'::jsonb) || jsonb_build_object('agent_answer', ${JSON.stringify(answer)}::jsonb)`;
export const stateIs = (state: AgentAnswerState) => sql`${emailThreadMessages.details}->'agent_answer'->>'state' = ${state}`;

/** Moves a reply's answer from one state to another (only from `from`, and only the claim's own run when `token`). */
export async function settle(db: Db, accountId: number, replyId: number, from: AgentAnswerState | AgentAnswerState[], to: Partial<AgentAnswer> & { state: AgentAnswerState }, token?: string): Promise<boolean> {
  const rows = await db
    .update(emailThreadMessages)
    .set({ details: sql`jsonb_set(${emailThreadMessages.details}, '{agent_answer}', (${emailThreadMessages.details}->'agent_answer') || ${JSON.stringify(to)}::jsonb)` })
    .where(
      and(
        eq(emailThreadMessages.accountId, accountId),
        eq(emailThreadMessages.id, replyId),
        Array.isArray(from) ? or(...from.map(stateIs)) : stateIs(from),
        token ? sql`${emailThreadMessages.details}->'agent_answer'->>'token' = ${token}` : undefined,
      ),
    )
    .returning({ id: emailThreadMessages.id });
  return rows.length > 0;
}

/**
 * Moves the reply's answer (`settle`) and, when it moved, tells every open cabinet of
 * the account to refetch the thread's messages (thread_changed), in one transaction: a thread on screen stops
 * saying "The agent will answer at …" the moment the job skips, fails or postpones the answer.
 */
export async function settleAndTell(db: Db, accountId: number, reply: Pick<EmailThreadMessageRow, 'id' | 'threadId'>, from: AgentAnswerState | AgentAnswerState[], to: Partial<AgentAnswer> & { state: AgentAnswerState }, token?: string): Promise<boolean> {
  return withinTransaction(db, async (tx) => {
    const moved = await settle(tx, accountId, reply.id, from, to, token);
    if (moved) await emitLiveEvent(tx, accountId, 'thread_changed', { thread_id: reply.threadId, changed: ['messages'] });
    return moved;
  });
}

/**
 * The user took the thread over (answered from the inbox, stopped it): its scheduled answers are skipped,
 * in the caller's transaction. A run that claimed one already is sending it now.
 */
export async function skipAgentAnswers(tx: Db, accountId: number, threadId: number, reason: string, now = new Date()): Promise<number> {
  const rows = await tx
    .update(emailThreadMessages)
    .set({ details: sql`jsonb_set(${emailThreadMessages.details}, '{agent_answer}', (${emailThreadMessages.details}->'agent_answer') || ${JSON.stringify({ state: 'skipped', reason, at: now.toISOString() })}::jsonb)` })
    .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, threadId), stateIs('scheduled')))
    .returning({ id: emailThreadMessages.id });
  return rows.length;
}

