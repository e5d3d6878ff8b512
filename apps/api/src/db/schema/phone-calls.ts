import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { outreachTasks } from './outreach-tasks';
import { prospects } from './prospects';

/**
 * A call the agent placed through the phone provider (Twilio) for a call task (issue 14): one row per task
 * at most, inserted before the provider is asked (the claim: a task is dialled once, whatever crashes), then
 * the provider's call sid, each status callback (the timeline), the answering-machine result, the duration
 * and the outcome. A row left in `placing` by a process that died is `uncertain` and never dialled again.
 */
export const phoneCalls = pgTable(
  'phone_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    outreachTaskId: integer('outreach_task_id')
      .notNull()
      .references(() => outreachTasks.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerCallId: text('provider_call_id'),
    toNumber: text('to_number').notNull(),
    /** placing (claimed, provider asked), queued, initiated, ringing, in-progress, then completed, busy, no-answer, failed, canceled; uncertain: a crash while placing. */
    status: text('status').notNull().default('placing'),
    /** Twilio's AnsweredBy (human, machine_end_beep, …, unknown, fax). */
    answeredBy: text('answered_by'),
    durationSeconds: integer('duration_seconds'),
    /** The call task's outcome it ended with (connected, voicemail, no_answer, wrong_number). */
    outcome: text('outcome'),
    error: text('error'),
    /** Each status callback as it came: [{ status, at }]. */
    timeline: jsonb('timeline').$type<Array<{ status: string; at: string }>>().notNull().default([]),
    /** The status callback URL given to the provider: its signature is checked against exactly this. */
    callbackUrl: text('callback_url').notNull(),
    placedAt: at('placed_at'),
    answeredAt: at('answered_at'),
    endedAt: at('ended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('phone_calls_task_unique').on(t.outreachTaskId),
    index('phone_calls_account_created_idx').on(t.accountId, t.createdAt),
    index('phone_calls_provider_call_idx').on(t.providerCallId),
  ],
);

export type PhoneCallRow = typeof phoneCalls.$inferSelect;
