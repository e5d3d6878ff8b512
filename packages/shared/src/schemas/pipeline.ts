import { z } from 'zod';
import { dbId, int32, queryInt, text } from './primitives';
import { REPLY_STATUSES, type ReplyStatus } from './inbox';

/**
 * The pipeline (issue 13; spec §2 /cabinet/pipeline, §7 campaign_emails/pipeline_prospects with
 * pipeline_status and page). A card is one opportunity per (account, prospect): opened when the
 * prospect first answers as a person (inbox ingestion), or when the user says a message was a
 * person's answer (a reply status corrected in the inbox). Every move is kept in a history with who
 * or what made it, and can be undone. docs/decisions.md "Pipeline (issue 13)" explains the choices.
 */

/**
 * The stages, in the order the board shows them: the funnel first (new reply → won), then the two
 * lanes off it (not now: parked for later; lost: closed without a deal).
 */
export const PIPELINE_STATUSES = ['new_reply', 'interested', 'meeting_booked', 'proposal', 'won', 'not_now', 'lost'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

export const pipelineStatusSchema = z.enum(PIPELINE_STATUSES, { error: `Pipeline status must be one of ${PIPELINE_STATUSES.join(', ')}` });

export const PIPELINE_STATUS_INFO: Record<PipelineStatus, { label: string; meaning: string }> = {
  new_reply: { label: 'New reply', meaning: 'Answered; not sorted yet. Read the reply and move the card on.' },
  interested: { label: 'Interested', meaning: 'Wants to know more: asked for details, pricing, a demo or a meeting.' },
  meeting_booked: { label: 'Meeting booked', meaning: 'A call or meeting is on the calendar: booked through your scheduling link, or set by you.' },
  proposal: { label: 'Proposal', meaning: 'An offer or a quote went out; waiting for the decision.' },
  won: { label: 'Won', meaning: 'Became a customer.' },
  not_now: { label: 'Not now', meaning: 'Open later: asked to be contacted again another time.' },
  lost: { label: 'Lost', meaning: 'Declined, unsubscribed or chose something else.' },
};

export const PIPELINE_STATUS_LABELS: Record<PipelineStatus, string> = Object.fromEntries(PIPELINE_STATUSES.map((s) => [s, PIPELINE_STATUS_INFO[s].label])) as Record<PipelineStatus, string>;

/** The funnel, in order: automatic moves only go forward along it. */
export const PIPELINE_FUNNEL: readonly PipelineStatus[] = ['new_reply', 'interested', 'meeting_booked', 'proposal', 'won'];
const rank = (s: PipelineStatus) => PIPELINE_FUNNEL.indexOf(s);
export const isFunnelStatus = (s: PipelineStatus): boolean => rank(s) >= 0;

/**
 * What a person's reply says about the deal: where its card goes (null: an automatic message, which
 * opens and moves nothing). A reply that says nothing specific (other, a referral) opens a card in
 * "new reply" but never moves an existing one. A meeting request is interest, not a meeting: only a
 * booking (a calendar's, or the user's move on the board) puts a card in "meeting booked" (issue 27).
 */
export function pipelineStatusForReply(status: ReplyStatus): PipelineStatus | null {
  switch (status) {
    case 'interested':
    case 'meeting_request':
      return 'interested';
    case 'not_now':
      return 'not_now';
    case 'not_interested':
    case 'unsubscribe':
      return 'lost';
    case 'wrong_person':
    case 'other':
      return 'new_reply';
    default:
      return null;
  }
}

/** Where a card is, and whether the user put it there on the board (a stage set by hand). */
export type PipelinePosition = { status: PipelineStatus; setByHand: boolean };

/**
 * THE rule of automatic moves (a reply's classification, a status corrected in the inbox, a booked
 * meeting): the stage to move to, or null to stay. Facts only push a card forward along the funnel,
 * so they never pull it back past a stage the user chose (a late "interested" reply leaves a card in
 * "won", in "proposal" or in "meeting booked"):
 * - won stays won;
 * - into the funnel: only forward; out of not now or lost when the prospect comes back with interest,
 *   unless the user closed it as lost by hand;
 * - into not now or lost: only when the card's stage came from the facts too, never over one the
 *   user set by hand;
 * - "new reply" (a reply that says nothing specific) never moves an existing card.
 * No card yet: it opens at the target.
 */
export function automaticMove(current: PipelinePosition | null, target: PipelineStatus): PipelineStatus | null {
  if (!current) return target;
  if (current.status === target || current.status === 'won') return null;
  if (isFunnelStatus(target)) {
    if (target === 'new_reply') return null;
    if (isFunnelStatus(current.status)) return rank(target) > rank(current.status) ? target : null;
    return current.status === 'lost' && current.setByHand ? null : target;
  }
  return current.setByHand ? null : target;
}

// ---------------------------------------------------------------- wire format

/** Who made a move: a user (on the board, or correcting a reply's status in the inbox) or the system (the agent's rules). */
export const PIPELINE_ACTOR_TYPES = ['user', 'system'] as const;
/**
 * What a move came from: board (the user moved the card), reply (a reply's classification at
 * ingestion), inbox (the user corrected a reply's status), meeting (a booked meeting), undo.
 */
export const PIPELINE_MOVE_SOURCES = ['board', 'reply', 'inbox', 'meeting', 'undo'] as const;
export type PipelineMoveSource = (typeof PIPELINE_MOVE_SOURCES)[number];

export const PIPELINE_PER_PAGE_DEFAULT = 20;
export const PIPELINE_PER_PAGE_MAX = 100;
/** The newest moves each card carries (the full count is in moves_count). */
export const PIPELINE_RECENT_MOVES = 5;
export const PIPELINE_REASON_MAX = 300;

export const pipelineMoveSchema = z.object({
  id: int32(),
  /** null: the card was opened by this move. */
  from: z.enum(PIPELINE_STATUSES).nullable(),
  to: z.enum(PIPELINE_STATUSES),
  actor: z.object({ type: z.enum(PIPELINE_ACTOR_TYPES), id: int32().nullable(), name: text().nullable() }),
  source: z.enum(PIPELINE_MOVE_SOURCES),
  /** Why, in the user's words ("Dana asked for a meeting", "Moved on the board"). */
  reason: text().nullable(),
  at: text(),
  /** An undo took it back. */
  undone: z.boolean(),
});
export type PipelineMove = z.infer<typeof pipelineMoveSchema>;

export const pipelineProspectSchema = z.object({
  id: int32(),
  pipeline_status: z.enum(PIPELINE_STATUSES),
  /** The user put the card in this stage on the board: automatic moves never take it backwards or sideways (automaticMove). */
  set_by_hand: z.boolean(),
  /** When it entered its stage. */
  entered_at: text(),
  created_at: text(),
  prospect: z.object({ id: int32(), name: text().nullable(), email: text().nullable(), title: text().nullable(), company: text().nullable() }),
  /** The conversation to open (the prospect's latest thread); null when there is none. */
  thread_id: int32().nullable(),
  reply_status: z.enum(REPLY_STATUSES).nullable(),
  campaign: z.object({ id: int32(), name: text() }).nullable(),
  last_message: z.object({ snippet: text(), direction: z.enum(['inbound', 'outbound']), sent_at: text() }).nullable(),
  moves_count: int32(),
  /** Newest first, at most PIPELINE_RECENT_MOVES. */
  recent_moves: z.array(pipelineMoveSchema),
  /** The move an undo takes back (null: nothing to undo; the move that opened the card is not undone). */
  undoable_move_id: int32().nullable(),
  /** What the deal is worth, in the account's own currency (two decimals); null: not said. */
  deal_value: z.number().min(0).nullable(),
  /** The day the user expects it to close (YYYY-MM-DD); null: not said. */
  expected_close_on: text().nullable(),
});
export type PipelineProspect = z.infer<typeof pipelineProspectSchema>;

export const pipelineCountsSchema = z.record(z.enum(PIPELINE_STATUSES), int32());
export type PipelineCounts = z.infer<typeof pipelineCountsSchema>;

export const pipelineListQuerySchema = z.strictObject({
  /** One column; without it, every card (the list view), most recently moved first. */
  pipeline_status: pipelineStatusSchema.optional(),
  page: queryInt().min(1, { error: 'Page must be at least 1' }).max(100000, { error: 'Page is too large' }).optional().default(1),
  per_page: queryInt()
    .min(1, { error: 'Per page must be at least 1' })
    .max(PIPELINE_PER_PAGE_MAX, { error: `Per page must be at most ${PIPELINE_PER_PAGE_MAX}` })
    .optional()
    .default(PIPELINE_PER_PAGE_DEFAULT),
});
export type PipelineListQuery = z.input<typeof pipelineListQuerySchema>;

export const pipelineListSchema = z.object({
  data: z.array(pipelineProspectSchema),
  /** total: the cards of this query; counts: every column's, for the board's headings. */
  meta: z.object({ page: int32(), per_page: int32(), total: int32(), counts: pipelineCountsSchema }),
});
export type PipelineList = z.infer<typeof pipelineListSchema>;

export const movePipelineProspectBodySchema = z.strictObject({
  pipeline_status: pipelineStatusSchema,
  reason: text()
    .trim()
    .max(PIPELINE_REASON_MAX, { error: `Reason must be at most ${PIPELINE_REASON_MAX} characters` })
    .optional(),
});
export type MovePipelineProspectBody = z.input<typeof movePipelineProspectBodySchema>;

export const undoPipelineMoveBodySchema = z.strictObject({
  /** The move to take back (the toast's); it must still be the card's last. Without it: the card's last move. */
  move_id: dbId('Move id').optional(),
});
export type UndoPipelineMoveBody = z.input<typeof undoPipelineMoveBodySchema>;

/** The largest deal value a card takes (numeric(14, 2)). */
export const PIPELINE_DEAL_VALUE_MAX = 999_999_999_999.99;

const calendarDay = text().refine(
  (v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && Number(m[1]) >= 2000 && Number(m[1]) <= 2100;
  },
  { error: 'Expected close date must be a day between 2000 and 2100 (YYYY-MM-DD)' },
);

/** PUT campaign_emails/pipeline_prospects/{id}/deal: the card's deal value and expected close date (null clears one; an absent field is kept). */
export const updatePipelineDealBodySchema = z
  .strictObject({
    deal_value: z
      .number({ error: 'Deal value must be a number' })
      .min(0, { error: 'Deal value cannot be negative' })
      .max(PIPELINE_DEAL_VALUE_MAX, { error: 'Deal value is too large' })
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'Deal value takes at most two decimals' })
      .nullable()
      .optional(),
    expected_close_on: calendarDay.nullable().optional(),
  })
  .refine((b) => b.deal_value !== undefined || b.expected_close_on !== undefined, { error: 'Deal value or expected close date is required', path: ['deal_value'] });
export type UpdatePipelineDealBody = z.input<typeof updatePipelineDealBodySchema>;

export const pipelineProspectResponseSchema = z.object({ data: pipelineProspectSchema });
