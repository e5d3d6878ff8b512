import { and, eq, like } from 'drizzle-orm';
import type { PipelineStatus } from '@shared/schemas/pipeline';
import { moveByHand } from '../pipeline/moves';
import type { Db } from '../../db/client';
import { emailThreadMessages, pipelineMoves, pipelineOpportunities } from '../../db/schema';

/**
 * The demo account's pipeline: the cards are what ingestion made of the demo inbox's answers
 * (inbox.ts: interested, meeting requests, not now, not interested, …); on top, the demo user moved
 * two deals on by hand, through the same service as the board: the prospect who asked for a meeting got it
 * booked, then a proposal, and then signed (won), and the one who asked for pricing got a proposal. Once: nothing
 * happens when the account has a move made on the board already.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Which demo answer (DEMO_REPLIES key) moves where, days after the answer came. */
const DEMO_HAND_MOVES: ReadonlyArray<{ reply: string; to: PipelineStatus; afterDays: number }> = [
  // A meeting request is interest (issue 27): the user books it (on their calendar) and says so on the board.
  { reply: 'meeting-answered', to: 'meeting_booked', afterDays: 0.5 },
  { reply: 'meeting-answered', to: 'proposal', afterDays: 1 },
  { reply: 'meeting-answered', to: 'won', afterDays: 2.5 },
  { reply: 'interested-pricing', to: 'proposal', afterDays: 1 },
];

export async function seedDemoPipeline(db: Db, accountId: number, userId: number, now: Date): Promise<number> {
  const [byHand] = await db
    .select({ id: pipelineMoves.id })
    .from(pipelineMoves)
    .where(and(eq(pipelineMoves.accountId, accountId), eq(pipelineMoves.source, 'board')))
    .limit(1);
  if (byHand) return 0;
  let made = 0;
  for (const step of DEMO_HAND_MOVES) {
    // The answer's message (its Message-ID names the demo answer) leads to its thread, and the thread to the card.
    const [answer] = await db
      .select({ threadId: emailThreadMessages.threadId, sentAt: emailThreadMessages.sentAt })
      .from(emailThreadMessages)
      .where(and(eq(emailThreadMessages.accountId, accountId), like(emailThreadMessages.messageId, `<demo-${step.reply}-%`)))
      .limit(1);
    if (!answer) continue;
    const [card] = await db
      .select({ id: pipelineOpportunities.id, enteredAt: pipelineOpportunities.enteredAt })
      .from(pipelineOpportunities)
      .where(and(eq(pipelineOpportunities.accountId, accountId), eq(pipelineOpportunities.threadId, answer.threadId)));
    if (!card) continue;
    // After the card's last move, before now: a story in order even when the answer was recent.
    const wanted = answer.sentAt.getTime() + step.afterDays * DAY_MS;
    const at = new Date(Math.max(card.enteredAt.getTime() + HOUR_MS, Math.min(wanted, now.getTime() - (DEMO_HAND_MOVES.length - made) * HOUR_MS)));
    if (at >= now) continue;
    if (await moveByHand(db, { accountId, cardId: card.id, to: step.to, userId, reason: null, now: at })) made++;
  }
  return made;
}
