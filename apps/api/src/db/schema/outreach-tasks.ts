import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { campaignEnrolments, campaigns, campaignSteps, STEP_KINDS } from './campaigns';
import { at, createdAt, updatedAt } from './common';
import { linkedinAccounts } from './linkedin-accounts';
import { prospects } from './prospects';
import { virtualEmployees } from './virtual-employees';

export const OUTREACH_TASK_STATUSES = ['pending', 'due', 'waiting', 'done', 'skipped', 'cancelled'] as const;

/**
 * A LinkedIn or call step of one enrolment, which the user performs (issue 14: the product never acts on
 * LinkedIn by itself). One row per (enrolment, step), written with its prepared text when the enrolment is
 * composed (pending), due when the sequence reaches it, waiting when a limit moved it to a later day,
 * then done, skipped or cancelled (the enrolment stopped). done_at also marks a skip: the next step
 * counts its delay from it. modules/campaigns writes and reaches them; modules/outreach-tasks serves them.
 */
export const outreachTasks = pgTable(
  'outreach_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => campaignEnrolments.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').references(() => campaignSteps.id, { onDelete: 'set null' }),
    stepPosition: smallint('step_position').notNull(),
    delayDays: smallint('delay_days').notNull().default(0),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    virtualEmployeeId: integer('virtual_employee_id').references(() => virtualEmployees.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['linkedin', 'call'] }).notNull(),
    kind: text('kind', { enum: STEP_KINDS }).notNull(),
    status: text('status', { enum: OUTREACH_TASK_STATUSES }).notNull().default('pending'),
    /** Not before this time (set when the sequence reaches the step; moved by working hours and limits). */
    dueAt: at('due_at'),
    /** Why a waiting task waits (the limit, in the user's words). */
    waitReason: text('wait_reason'),
    /** The connection note (≤ 300 characters), the message or the call script; empty for a profile view. */
    preparedText: text('prepared_text').notNull().default(''),
    /** A call's outcome (connected, voicemail, no_answer, wrong_number), or replied for a logged LinkedIn reply. */
    outcome: text('outcome'),
    /** What the user noted (a call note, the LinkedIn reply's text). */
    note: text('note'),
    doneAt: at('done_at'),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    /** The user's LinkedIn account that sent a connection request (the weekly invitation limit counts per LinkedIn account). */
    linkedinAccountId: integer('linkedin_account_id').references(() => linkedinAccounts.id, { onDelete: 'set null' }),
    provider: text('provider'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('outreach_tasks_enrolment_step_unique').on(t.enrolmentId, t.stepPosition),
    index('outreach_tasks_account_status_due_idx').on(t.accountId, t.status, t.dueAt),
    index('outreach_tasks_account_done_idx').on(t.accountId, t.channel, t.doneAt),
    index('outreach_tasks_account_prospect_idx').on(t.accountId, t.prospectId),
    check('outreach_tasks_channel_check', sql`${t.channel} in ('linkedin', 'call')`),
    check('outreach_tasks_status_check', sql`${t.status} in ('pending', 'due', 'waiting', 'done', 'skipped', 'cancelled')`),
  ],
);

export type OutreachTaskRow = typeof outreachTasks.$inferSelect;
