import { formatDistanceStrict } from 'date-fns';
import { PIPELINE_STATUS_LABELS, type PipelineMove } from '@shared/schemas/pipeline';

/** Who made a move, as the card says it: the agent (the system's rules), you, or a teammate by name. */
export function moverOf(move: Pick<PipelineMove, 'actor'>, currentUserId: number | null): string {
  if (move.actor.type === 'system') return 'the agent';
  if (currentUserId !== null && move.actor.id === currentUserId) return 'you';
  return move.actor.name ?? 'a teammate';
}

/** How long ago, in words ("2 hours ago", "just now"). */
export function ageOf(at: string, now: Date): string {
  const then = new Date(at);
  if (now.getTime() - then.getTime() < 60_000) return 'just now';
  return formatDistanceStrict(then, now, { addSuffix: true });
}

/**
 * A move as one line of a card's history: "Moved to Meeting booked by the agent 2 hours ago",
 * "Opened in Interested by the agent …", "Moved back to Interested by you (undo) …".
 */
export function moveLine(move: PipelineMove, currentUserId: number | null, now: Date): string {
  const who = moverOf(move, currentUserId);
  const to = PIPELINE_STATUS_LABELS[move.to];
  const what = move.from === null ? `Opened in ${to}` : move.source === 'undo' ? `Moved back to ${to}` : `Moved to ${to}`;
  return `${what} by ${who}${move.source === 'undo' ? ' (undo)' : ''} ${ageOf(move.at, now)}`;
}
