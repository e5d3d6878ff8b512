import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { emailThreads } from './inbox';
import { prospects } from './prospects';

// The pipeline (issue 13): modules/pipeline.

export const PIPELINE_STATUS_VALUES = ['new_reply', 'interested', 'meeting_booked', 'proposal', 'won', 'not_now', 'lost'] as const;
export const PIPELINE_MOVE_SOURCE_VALUES = ['board', 'reply', 'inbox', 'meeting', 'undo'] as const;
const pipelineStatusList = sql.raw(PIPELINE_STATUS_VALUES.map((s) => `'${s}'`).join(', '));

/**
 * A pipeline card: one opportunity per (account, prospect), opened when the prospect first answers as a
 * person (modules/inbox/ingest.ts) or when the user says a message was a person's answer (a reply status
 * corrected in the inbox). Its stage changes only through modules/pipeline/moves.ts, which writes a
 * pipeline_moves row (and a pipeline_moved activity) for every change.
 */
export const pipelineOpportunities = pgTable(
  'pipeline_opportunities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    /** The prospect's latest conversation (the card opens it). */
    threadId: integer('thread_id').references(() => emailThreads.id, { onDelete: 'set null' }),
    status: text('status', { enum: PIPELINE_STATUS_VALUES }).notNull(),
    /** The user put the card in this stage on the board: automatic moves respect it (automaticMove in @shared/schemas/pipeline). */
    setByHand: boolean('set_by_hand').notNull().default(false),
    /** When it entered its stage (the column's order: newest first). */
    enteredAt: at('entered_at').notNull().defaultNow(),
    /** What the deal is worth, in the account's own currency, as the user enters it on the card; null: not said. */
    dealValue: numeric('deal_value', { precision: 14, scale: 2 }),
    /** When the user expects it to close (a calendar day); null: not said. */
    expectedCloseOn: date('expected_close_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pipeline_opportunities_account_prospect_unique').on(t.accountId, t.prospectId),
    index('pipeline_opportunities_account_status_entered_idx').on(t.accountId, t.status, t.enteredAt),
    index('pipeline_opportunities_account_entered_idx').on(t.accountId, t.enteredAt),
    // The account's newest card change (a deal value edit writes no activity): part of the insights snapshots' token.
    index('pipeline_opportunities_account_updated_idx').on(t.accountId, t.updatedAt),
    check('pipeline_opportunities_status_check', sql`${t.status} in (${pipelineStatusList})`),
    check('pipeline_opportunities_deal_value_check', sql`${t.dealValue} is null or ${t.dealValue} >= 0`),
  ],
);

/**
 * The history of a card: every move with who or what made it (a user, or the system's rules), from which
 * stage to which, why, and when. An undo is a move of its own (source undo) that marks the move it takes
 * back undone; from_set_by_hand lets it restore the card exactly as it was.
 */
export const pipelineMoves = pgTable(
  'pipeline_moves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => pipelineOpportunities.id, { onDelete: 'cascade' }),
    /** null: this move opened the card. */
    fromStatus: text('from_status', { enum: PIPELINE_STATUS_VALUES }),
    toStatus: text('to_status', { enum: PIPELINE_STATUS_VALUES }).notNull(),
    /** The card as it was before: an undo restores its stage, whether it was set by hand, and when it entered it. */
    fromSetByHand: boolean('from_set_by_hand').notNull().default(false),
    fromEnteredAt: at('from_entered_at'),
    actorType: text('actor_type', { enum: ['user', 'system'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: PIPELINE_MOVE_SOURCE_VALUES }).notNull(),
    reason: text('reason'),
    /** The thread whose message caused it (reply, inbox). */
    threadId: integer('thread_id').references(() => emailThreads.id, { onDelete: 'set null' }),
    /** An undo: the move it took back. */
    undoesMoveId: integer('undoes_move_id'),
    undoneAt: at('undone_at'),
    movedAt: at('moved_at').notNull().defaultNow(),
  },
  (t) => [
    index('pipeline_moves_account_opportunity_idx').on(t.accountId, t.opportunityId, t.id),
    check('pipeline_moves_to_status_check', sql`${t.toStatus} in (${pipelineStatusList})`),
    check('pipeline_moves_from_status_check', sql`${t.fromStatus} is null or ${t.fromStatus} in (${pipelineStatusList})`),
    check('pipeline_moves_actor_type_check', sql`${t.actorType} in ('user', 'system')`),
    check('pipeline_moves_source_check', sql`${t.source} in ('board', 'reply', 'inbox', 'meeting', 'undo')`),
  ],
);

export type PipelineOpportunityRow = typeof pipelineOpportunities.$inferSelect;
export type PipelineMoveRow = typeof pipelineMoves.$inferSelect;
