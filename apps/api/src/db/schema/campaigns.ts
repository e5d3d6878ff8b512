import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn, accounts, users } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { personas } from './personas';
import { prospects } from './prospects';
import { userEmails } from './user-emails';
import { virtualEmployees } from './virtual-employees';
import type { ClaimFlag } from '@shared/schemas/claims';

export const CAMPAIGN_STATUSES = ['draft', 'running', 'paused', 'archived', 'finished'] as const;
export const CAMPAIGN_MODES = ['review', 'autonomous'] as const;
export const STEP_CHANNELS = ['email', 'linkedin', 'call'] as const;
/** What a step does: an email, one of the LinkedIn steps the user performs, or a call (packages/shared/src/schemas/campaigns.ts STEP_KINDS). */
export const STEP_KINDS = ['email', 'view_profile', 'connection_request', 'message', 'follow_up', 'call'] as const;

/** One variant of a step as stored: subject (null on a follow-up, which answers in the thread) and plain-text body. */
export type StepVariantValue = { subject: string | null; body: string };

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: CAMPAIGN_MODES }).notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    /** The user allows its prospects to be in another active campaign too. */
    allowOverlap: boolean('allow_overlap').notNull().default(false),
    /** A person's reply also stops this campaign's other prospects at the same company domain (not free-mail domains). */
    stopCompanyOnReply: boolean('stop_company_on_reply').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: at('started_at'),
    pausedAt: at('paused_at'),
    archivedAt: at('archived_at'),
    finishedAt: at('finished_at'),
    /** Set when the deliverability rule tripped (bounces or complaints; bounce_rate_high fired), cleared when it holds again: one event per crossing. */
    bounceRateHighAt: at('bounce_rate_high_at'),
    /** The deliverability rule's reason in plain words while bounce_rate_high_at is set (bounces or complaints). */
    deliverabilityReason: text('deliverability_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_account_idx').on(t.accountId, t.createdAt),
    index('campaigns_account_persona_idx').on(t.accountId, t.personaId),
    check('campaigns_mode_check', sql`${t.mode} in ('review', 'autonomous')`),
    check('campaigns_status_check', sql`${t.status} in ('draft', 'running', 'paused', 'archived', 'finished')`),
  ],
);

export const campaignVirtualEmployees = pgTable(
  'campaign_virtual_employees',
  {
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.virtualEmployeeId] }), index('campaign_virtual_employees_account_idx').on(t.accountId)],
);

/** The sequence: step 1 is the first message, the rest follow-ups `delay_days` after the step before. */
export const campaignSteps = pgTable(
  'campaign_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    channel: text('channel', { enum: STEP_CHANNELS }).notNull().default('email'),
    kind: text('kind', { enum: STEP_KINDS }).notNull().default('email'),
    delayDays: smallint('delay_days').notNull().default(0),
    /**
     * An email step's A/B variants (issue 26): 2–4 texts with {{fields}}, rotated evenly over the step's emails
     * (campaigns/variants.ts). Null: no variants, the agent writes each email as before.
     */
    variants: jsonb('variants').$type<StepVariantValue[]>(),
    /** "Send the winner from now on": the variant every email of the step is written from since winner_chosen_at. */
    winnerIndex: smallint('winner_index'),
    winnerChosenAt: at('winner_chosen_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaign_steps_campaign_position_unique').on(t.campaignId, t.position),
    index('campaign_steps_account_idx').on(t.accountId),
    check('campaign_steps_channel_check', sql`${t.channel} in ('email', 'linkedin', 'call')`),
    check('campaign_steps_variants_check', sql`${t.variants} is null or (jsonb_typeof(${t.variants}) = 'array' and jsonb_array_length(${t.variants}) between 2 and 4)`),
    check('campaign_steps_winner_check', sql`${t.winnerIndex} is null or (${t.variants} is not null and ${t.winnerIndex} >= 0 and ${t.winnerIndex} < jsonb_array_length(${t.variants}))`),
    check(
      'campaign_steps_kind_check',
      sql`(${t.channel} = 'email' and ${t.kind} = 'email') or (${t.channel} = 'linkedin' and ${t.kind} in ('view_profile', 'connection_request', 'message', 'follow_up')) or (${t.channel} = 'call' and ${t.kind} = 'call')`,
    ),
  ],
);

export const ENROLMENT_STATUSES = ['active', 'stopped', 'finished'] as const;

/**
 * A prospect in a campaign. `exclusive` (not allow_overlap) makes the partial unique index hold "a
 * prospect is in at most one active campaign of the account", also under concurrent enrolment.
 */
export const campaignEnrolments = pgTable(
  'campaign_enrolments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    /** The address written to, lowercased when enrolled. */
    email: text('email').notNull(),
    virtualEmployeeId: integer('virtual_employee_id').references(() => virtualEmployees.id, { onDelete: 'set null' }),
    /** The mailbox of step 1; every follow-up leaves from it. */
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('active'),
    exclusive: boolean('exclusive').notNull().default(true),
    stopReason: text('stop_reason'),
    stoppedAt: at('stopped_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_enrolments_campaign_prospect_unique').on(t.campaignId, t.prospectId),
    uniqueIndex('campaign_enrolments_one_active_unique').on(t.accountId, t.prospectId).where(sql`${t.status} = 'active' and ${t.exclusive}`),
    index('campaign_enrolments_account_email_idx').on(t.accountId, t.email),
    index('campaign_enrolments_account_campaign_idx').on(t.accountId, t.campaignId),
    check('campaign_enrolments_status_check', sql`${t.status} in ('active', 'stopped', 'finished')`),
  ],
);

export const CAMPAIGN_EMAIL_STATUSES = ['draft', 'scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'skipped', 'cancelled'] as const;

/**
 * The outbox: one row per (enrolment, step), the unique key that makes a second composition (or a
 * retry) a no-op. The Message-ID is generated when the row is created, before any SMTP transaction;
 * a follow-up carries In-Reply-To / References of the earlier steps and leaves from step 1's mailbox.
 */
export const campaignEmails = pgTable(
  'campaign_emails',
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
    /** The step's variant this email was written from (0 = A); null: the step has no variants (or a row from before them). */
    variantIndex: smallint('variant_index'),
    /** Days after the step before is sent (0 for step 1). */
    delayDays: smallint('delay_days').notNull().default(0),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    virtualEmployeeId: integer('virtual_employee_id').references(() => virtualEmployees.id, { onDelete: 'set null' }),
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised rich text; body_text is its plain-text part. */
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    /** "<…@mailbox-domain>", with the angle brackets. */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    /** Space-separated Message-IDs of the earlier steps, oldest first. */
    references: text('references'),
    status: text('status', { enum: CAMPAIGN_EMAIL_STATUSES }).notNull(),
    statusReason: text('status_reason'),
    /** The claims check's flags on this text (sentences it cannot support, and why); empty: nothing unsupported. */
    claimFlags: jsonb('claim_flags').$type<ClaimFlag[]>().notNull().default([]),
    /** Not before this time (step 1: when composed; a follow-up: set when the step before is sent). */
    dueAt: at('due_at'),
    approvedAt: at('approved_at'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: at('sent_at'),
    provider: text('provider'),
    /** SMTP attempts so far (a 4xx or a broken connection before hand-over counts one). */
    attempts: smallint('attempts').notNull().default(0),
    /** When the last attempt claimed the row (scheduled → sending): a row left in sending long after is resolved by the Sent folder. */
    attemptedAt: at('attempted_at'),
    /** Not before this time (a retry's backoff, a mailbox's connection trouble); null: whenever due. */
    sendAfter: at('send_after'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_emails_enrolment_step_unique').on(t.enrolmentId, t.stepPosition),
    uniqueIndex('campaign_emails_message_id_unique').on(t.messageId),
    index('campaign_emails_account_status_idx').on(t.accountId, t.status, t.dueAt),
    index('campaign_emails_account_campaign_idx').on(t.accountId, t.campaignId, t.stepPosition),
    // The rotation's count of a step's assignments per variant (campaigns/variants.ts), only over rows with a variant.
    index('campaign_emails_step_variant_idx')
      .on(t.accountId, t.stepId, t.variantIndex)
      .where(sql`${t.variantIndex} is not null`),
    check(
      'campaign_emails_status_check',
      sql`${t.status} in ('draft', 'scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'skipped', 'cancelled')`,
    ),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignStepRow = typeof campaignSteps.$inferSelect;
export type CampaignEnrolmentRow = typeof campaignEnrolments.$inferSelect;
export type CampaignEmailRow = typeof campaignEmails.$inferSelect;

/**
 * Who runs an account's sending tick now (campaigns/send-job.ts): one process at a time, so the limits
 * hold across API processes (each tick counts the sends it makes). A lease, not a lock: a process that
 * dies holding it frees it when `expires_at` passes.
 */
export const sendTickLeases = pgTable('send_tick_leases', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
