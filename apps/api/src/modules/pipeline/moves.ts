import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { REPLY_STATUS_LABELS, type ReplyStatus } from '@shared/schemas/inbox';
import { automaticMove, PIPELINE_STATUS_LABELS, pipelineStatusForReply, type PipelineMoveSource, type PipelineStatus } from '@shared/schemas/pipeline';
import type { DomainEventPayloads } from '@shared/events';
import { CALL_OUTCOME_LABELS } from '@shared/schemas/outreach-tasks';
import type { Db } from '../../db/client';
import { activities, pipelineMoves, pipelineOpportunities, prospects, type ActivityRow, type PipelineMoveRow, type PipelineOpportunityRow } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import { recordActivity } from '../activities/service';

/**
 * THE way a pipeline card opens and changes stage (issue 13). Every change writes a pipeline_moves row
 * (who: a user or the system; from, to, why, when) and a pipeline_moved activity in the caller's
 * transaction, so the history, the board and the live events never disagree. Two milestones are
 * activities of their own, written the first time a card reaches them: meeting_booked (the dashboard's
 * meetings figure and a notification event) and deal_won (a notification event); an undo of the move
 * that wrote one deletes it, so the dashboard and the board keep agreeing.
 *
 * Automatic moves (a reply's classification at ingestion, a reply status the user corrects in the inbox,
 * a booked meeting) go through automaticMove (@shared/schemas/pipeline): forward along the funnel only,
 * never out of won, never over a stage the user set by hand on the board.
 */

export const PIPELINE_MESSAGES = {
  notFound: 'Pipeline prospect not found',
  nothingToUndo: 'There is no move to undo on this card',
  movedSince: 'This card has moved since; only its last move can be undone',
};

export type PipelineActor = { type: 'user'; id: number } | { type: 'system' };

/** Milestones: the activity a card's first arrival in the stage writes. */
const MILESTONES: Partial<Record<PipelineStatus, 'meeting_booked' | 'deal_won'>> = { meeting_booked: 'meeting_booked', won: 'deal_won' };

type MoveInput = {
  to: PipelineStatus;
  actor: PipelineActor;
  source: PipelineMoveSource;
  reason: string | null;
  /** The conversation the move came from (a reply), which the card then opens. */
  threadId?: number | null;
  now: Date;
  /** A meeting_booked activity exists already for this move (a booked meeting wrote it): write no second one. */
  meetingRecorded?: boolean;
};

const actorColumns = (actor: PipelineActor) => ({ actorType: actor.type, actorId: actor.type === 'user' ? actor.id : null });

async function lockCard(tx: Db, accountId: number, where: { id: number } | { prospectId: number }): Promise<PipelineOpportunityRow | null> {
  const o = pipelineOpportunities;
  const [row] = await tx
    .select()
    .from(o)
    .where(and(eq(o.accountId, accountId), 'id' in where ? eq(o.id, where.id) : eq(o.prospectId, where.prospectId)))
    .for('update');
  return row ?? null;
}

/** The card's pipeline_moved activity, and the milestone when this is the card's first (not undone) arrival there. */
async function recordMove(tx: Db, card: PipelineOpportunityRow, move: PipelineMoveRow, input: Pick<MoveInput, 'meetingRecorded'>): Promise<void> {
  const payload = {
    opportunity_id: card.id,
    move_id: move.id,
    from: move.fromStatus,
    to: move.toStatus,
    source: move.source,
    reason: move.reason,
    thread_id: move.threadId ?? card.threadId,
    ...(move.undoesMoveId ? { undoes_move_id: move.undoesMoveId } : {}),
  };
  const actor = { actorType: move.actorType, actorId: move.actorId } as const;
  await recordActivity(tx, { accountId: card.accountId, ...actor, verb: 'pipeline_moved', channel: 'email', prospectId: card.prospectId, payload, occurredAt: move.movedAt });
  const milestone = MILESTONES[move.toStatus];
  if (!milestone || move.source === 'undo' || (milestone === 'meeting_booked' && input.meetingRecorded)) return;
  const [earlier] = await tx
    .select({ id: pipelineMoves.id })
    .from(pipelineMoves)
    .where(
      and(
        eq(pipelineMoves.accountId, card.accountId),
        eq(pipelineMoves.opportunityId, card.id),
        eq(pipelineMoves.toStatus, move.toStatus),
        isNull(pipelineMoves.undoneAt),
        ne(pipelineMoves.id, move.id),
      ),
    )
    .limit(1);
  if (earlier) return;
  // The notification names the company ("Deal won: Ivy Chen (Initech)").
  const [prospect] = await tx
    .select({ company: prospects.company })
    .from(prospects)
    .where(and(eq(prospects.accountId, card.accountId), eq(prospects.id, card.prospectId)));
  await recordActivity(tx, { accountId: card.accountId, ...actor, verb: milestone, channel: 'email', prospectId: card.prospectId, payload: { ...payload, company: prospect?.company ?? null }, occurredAt: move.movedAt });
}

/** Moves a locked card to `input.to` (a different stage), with its history row and activities. */
async function applyMove(tx: Db, card: PipelineOpportunityRow, input: MoveInput & { undoesMoveId?: number; setByHand?: boolean }): Promise<PipelineMoveRow> {
  const [move] = await tx
    .insert(pipelineMoves)
    .values({
      accountId: card.accountId,
      opportunityId: card.id,
      fromStatus: card.status,
      toStatus: input.to,
      fromSetByHand: card.setByHand,
      fromEnteredAt: card.enteredAt,
      ...actorColumns(input.actor),
      source: input.source,
      reason: input.reason,
      threadId: input.threadId ?? null,
      undoesMoveId: input.undoesMoveId ?? null,
      movedAt: input.now,
    })
    .returning();
  const [updated] = await tx
    .update(pipelineOpportunities)
    .set({
      status: input.to,
      setByHand: input.setByHand ?? input.source === 'board',
      enteredAt: input.now,
      ...(input.threadId ? { threadId: input.threadId } : {}),
      updatedAt: input.now,
    })
    .where(and(eq(pipelineOpportunities.accountId, card.accountId), eq(pipelineOpportunities.id, card.id)))
    .returning();
  await recordMove(tx, updated!, move!, input);
  return move!;
}

/** Opens a prospect's card at `input.to` (the move that opens it has no "from"); an existing card is returned as it is. */
async function openCard(tx: Db, accountId: number, prospectId: number, input: MoveInput): Promise<{ card: PipelineOpportunityRow; move: PipelineMoveRow | null }> {
  const [card] = await tx
    .insert(pipelineOpportunities)
    .values({ accountId, prospectId, threadId: input.threadId ?? null, status: input.to, setByHand: input.source === 'board', enteredAt: input.now, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing({ target: [pipelineOpportunities.accountId, pipelineOpportunities.prospectId] })
    .returning();
  if (!card) return { card: (await lockCard(tx, accountId, { prospectId }))!, move: null };
  const [move] = await tx
    .insert(pipelineMoves)
    .values({
      accountId,
      opportunityId: card.id,
      fromStatus: null,
      toStatus: input.to,
      ...actorColumns(input.actor),
      source: input.source,
      reason: input.reason,
      threadId: input.threadId ?? null,
      movedAt: input.now,
    })
    .returning();
  await recordMove(tx, card, move!, input);
  return { card, move: move! };
}

export type FactsInput = MoveInput & {
  accountId: number;
  prospectId: number;
  /** No card yet: open one (a person answered). */
  open: boolean;
};

/**
 * An automatic move (the facts say where the card belongs): opens the card when `open` and there is none,
 * else moves it when automaticMove allows. A card that stays still opens the newest conversation.
 * Returns the move made, or null.
 */
export async function moveByFacts(tx: Db, input: FactsInput): Promise<PipelineMoveRow | null> {
  const card = await lockCard(tx, input.accountId, { prospectId: input.prospectId });
  if (!card) return input.open ? (await openCard(tx, input.accountId, input.prospectId, input)).move : null;
  const to = automaticMove({ status: card.status, setByHand: card.setByHand }, input.to);
  if (!to) {
    if (input.threadId && input.threadId !== card.threadId) {
      await tx
        .update(pipelineOpportunities)
        .set({ threadId: input.threadId, updatedAt: input.now })
        .where(and(eq(pipelineOpportunities.accountId, card.accountId), eq(pipelineOpportunities.id, card.id)));
    }
    return null;
  }
  return applyMove(tx, card, { ...input, to });
}

/** Why a reply moved a card, in the user's words (none for a reply that says nothing specific). */
export function reasonForReply(status: ReplyStatus): string | null {
  switch (status) {
    case 'interested':
      return 'Replied with interest';
    case 'meeting_request':
      return 'Asked for a meeting';
    case 'not_now':
      return 'Replied: not now';
    case 'not_interested':
      return 'Replied: not interested';
    case 'unsubscribe':
      return 'Asked to unsubscribe';
    case 'wrong_person':
      return 'Pointed to someone else';
    default:
      return null;
  }
}

/**
 * Inbox ingestion (modules/inbox/ingest.ts): a person's reply, classified. It opens the prospect's card
 * (in the stage its status says) or moves it forward. Automatic messages change nothing.
 */
export async function pipelineOnReply(tx: Db, input: { accountId: number; prospectId: number | null; threadId: number; replyStatus: ReplyStatus; now: Date }): Promise<PipelineMoveRow | null> {
  const to = pipelineStatusForReply(input.replyStatus);
  if (!to || input.prospectId === null) return null;
  return moveByFacts(tx, { accountId: input.accountId, prospectId: input.prospectId, threadId: input.threadId, to, actor: { type: 'system' }, source: 'reply', reason: reasonForReply(input.replyStatus), now: input.now, open: true });
}

/**
 * The pipeline's reaction to `prospect_answered` (src/reactions.ts), in the answer's transaction: an email reply
 * moves the card as its classified status says (pipelineOnReply); a LinkedIn reply logged on a task opens it as a
 * new reply; a connected call opens it as a new reply when nobody could judge the answer, else as interested or
 * not interested. Moved by the user who logged it, else by the system.
 */
export async function pipelineOnAnswer(tx: Db, accountId: number, answer: DomainEventPayloads['prospect_answered']): Promise<PipelineMoveRow | null> {
  const now = new Date(answer.at);
  const base = { accountId, prospectId: answer.prospect_id, threadId: answer.thread_id, source: 'reply' as const, now, open: true };
  const actor: PipelineActor = answer.user_id === null ? { type: 'system' } : { type: 'user', id: answer.user_id };
  if (answer.channel === 'email') {
    if (answer.thread_id === null || !answer.reply_status) return null;
    return pipelineOnReply(tx, { accountId, prospectId: answer.prospect_id, threadId: answer.thread_id, replyStatus: answer.reply_status as ReplyStatus, now });
  }
  if (answer.channel === 'linkedin') return moveByFacts(tx, { ...base, to: 'new_reply', actor, reason: 'Replied on LinkedIn' });
  const interested = answer.interested ?? null;
  if (interested === null) return moveByFacts(tx, { ...base, to: 'new_reply', actor, reason: `${CALL_OUTCOME_LABELS.connected} on the agent's call` });
  return moveByFacts(tx, {
    ...base,
    to: pipelineStatusForReply(interested ? 'interested' : 'not_interested')!,
    actor,
    reason: interested ? `${CALL_OUTCOME_LABELS.connected} on a call: interested` : `${CALL_OUTCOME_LABELS.connected} on a call: not interested`,
  });
}

/**
 * The user corrected a reply's status in the inbox (PUT email_threads/{id}, PUT replies/{id}): the card
 * follows as it would have followed the classifier (the same rule, so a stage set by hand on the board
 * stays), moved by that user. A correction to a person's status opens the card when there is none.
 */
export async function pipelineOnReplyStatusCorrected(tx: Db, input: { accountId: number; prospectId: number | null; threadId: number; replyStatus: ReplyStatus; userId: number; now: Date }): Promise<PipelineMoveRow | null> {
  const to = pipelineStatusForReply(input.replyStatus);
  if (!to || input.prospectId === null) return null;
  return moveByFacts(tx, {
    accountId: input.accountId,
    prospectId: input.prospectId,
    threadId: input.threadId,
    to,
    actor: { type: 'user', id: input.userId },
    source: 'inbox',
    reason: `Reply marked “${REPLY_STATUS_LABELS[input.replyStatus]}” in the inbox`,
    now: input.now,
    open: true,
  });
}

/**
 * The activity log's reaction to a meeting_booked activity written by anything but the pipeline (a
 * calendar booking): the prospect's card moves to "meeting booked" (or opens there), in the writer's
 * transaction. The activity is the meeting: the move writes no second one.
 */
export async function pipelineOnMeetingBooked(writer: Db, activity: ActivityRow): Promise<void> {
  const payload = (activity.payload ?? {}) as Record<string, unknown>;
  if (activity.prospectId === null || payload.opportunity_id !== undefined) return;
  const threadId = typeof payload.thread_id === 'number' ? payload.thread_id : null;
  const actor: PipelineActor = activity.actorType === 'user' && activity.actorId !== null ? { type: 'user', id: activity.actorId } : { type: 'system' };
  const prospectId = activity.prospectId;
  await writer.transaction(async (tx) => {
    await moveByFacts(tx, { accountId: activity.accountId, prospectId, threadId, to: 'meeting_booked', actor, source: 'meeting', reason: 'Meeting booked', now: activity.occurredAt, open: true, meetingRecorded: true });
  });
}

/**
 * A booked meeting was canceled on the calendar (reaction to calendar_meeting_canceled, in its transaction): a card
 * the booking put in "meeting booked" steps back to where it was (the booking's move is marked undone, so a later
 * booking counts again), "interested" when the booking opened it. A card the user moved since, set by hand, or held
 * there by another booked meeting of the prospect stays.
 */
export async function pipelineOnMeetingCanceled(tx: Db, accountId: number, meeting: DomainEventPayloads['calendar_meeting_canceled']): Promise<PipelineMoveRow | null> {
  if (meeting.prospect_id === null || meeting.other_booked > 0) return null;
  const card = await lockCard(tx, accountId, { prospectId: meeting.prospect_id });
  if (!card || card.status !== 'meeting_booked' || card.setByHand) return null;
  const m = pipelineMoves;
  const [last] = await tx
    .select()
    .from(m)
    .where(and(eq(m.accountId, accountId), eq(m.opportunityId, card.id), isNull(m.undoneAt), ne(m.source, 'undo')))
    .orderBy(desc(m.id))
    .limit(1);
  const byBooking = last && last.toStatus === 'meeting_booked' && last.source === 'meeting' ? last : null;
  const now = new Date(meeting.at);
  if (byBooking) {
    await tx
      .update(m)
      .set({ undoneAt: now })
      .where(and(eq(m.accountId, accountId), eq(m.id, byBooking.id)));
  }
  return applyMove(tx, card, {
    to: byBooking?.fromStatus ?? 'interested',
    actor: { type: 'system' },
    source: 'meeting',
    reason: `Meeting canceled${meeting.reason ? `: ${meeting.reason}` : ''}`,
    now,
    setByHand: byBooking?.fromSetByHand ?? false,
  });
}

/** The user moves a card on the board (or through the API): any stage, held as set by hand. */
export async function moveByHand(tx: Db, input: { accountId: number; cardId: number; to: PipelineStatus; userId: number; reason: string | null; now: Date }): Promise<PipelineMoveRow | null> {
  const card = await lockCard(tx, input.accountId, { id: input.cardId });
  if (!card) throw notFound(PIPELINE_MESSAGES.notFound);
  if (card.status === input.to) return null;
  return applyMove(tx, card, { to: input.to, actor: { type: 'user', id: input.userId }, source: 'board', reason: input.reason, now: input.now });
}

/**
 * Takes back a card's last move (the newest one neither undone nor an undo itself; the move that opened
 * the card cannot be undone): the card returns to the stage, the by-hand mark and the place in its column
 * it had, the move is marked undone, and the undo is a move of its own in the history. A milestone the
 * move wrote (meeting_booked, deal_won) is deleted. `moveId`, when given, must be that move.
 */
export async function undoLastMove(tx: Db, input: { accountId: number; cardId: number; moveId?: number; userId: number; now: Date }): Promise<PipelineMoveRow> {
  const card = await lockCard(tx, input.accountId, { id: input.cardId });
  if (!card) throw notFound(PIPELINE_MESSAGES.notFound);
  const m = pipelineMoves;
  const [last] = await tx
    .select()
    .from(m)
    .where(and(eq(m.accountId, input.accountId), eq(m.opportunityId, card.id), isNull(m.undoneAt), ne(m.source, 'undo')))
    .orderBy(desc(m.id))
    .limit(1);
  if (!last || last.fromStatus === null) throw unprocessable(PIPELINE_MESSAGES.nothingToUndo);
  if (input.moveId !== undefined && input.moveId !== last.id) throw unprocessable(PIPELINE_MESSAGES.movedSince);
  await tx
    .update(m)
    .set({ undoneAt: input.now })
    .where(and(eq(m.accountId, input.accountId), eq(m.id, last.id)));
  await tx
    .delete(activities)
    .where(and(eq(activities.accountId, input.accountId), inArray(activities.verb, ['meeting_booked', 'deal_won']), sql`${activities.payload}->>'move_id' = ${String(last.id)}`));
  const undo = await applyMove(tx, card, {
    to: last.fromStatus,
    actor: { type: 'user', id: input.userId },
    source: 'undo',
    reason: `Undid the move to ${PIPELINE_STATUS_LABELS[last.toStatus]}`,
    now: input.now,
    undoesMoveId: last.id,
    setByHand: last.fromSetByHand,
  });
  // Back to its place in the column: the moment it had entered that stage.
  if (last.fromEnteredAt) {
    await tx
      .update(pipelineOpportunities)
      .set({ enteredAt: last.fromEnteredAt })
      .where(and(eq(pipelineOpportunities.accountId, input.accountId), eq(pipelineOpportunities.id, card.id)));
  }
  return undo;
}
