import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, accounts } from './accounts';
import { createdAt, updatedAt } from './common';
import { offerings } from './offerings';
import { personas } from './personas';
import { prospects } from './prospects';

export type CaseStudyJson = { title: string; summary: string; url: string | null };

/** One per account and persona, plus the account's default (persona_id null). */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'cascade' }),
    offeringId: integer('offering_id').references(() => offerings.id, { onDelete: 'set null' }),
    exampleProspectId: integer('example_prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    toneVoice: text('tone_voice').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** Rich text, sanitised on write (RICH_TEXT_FIELDS). */
    messageGuidelines: text('message_guidelines').notNull().default(''),
    instructionsScript: text('instructions_script').notNull().default(''),
    callToAction: text('call_to_action').notNull().default(''),
    caseStudies: jsonb('case_studies').$type<CaseStudyJson[]>().notNull().default([]),
    signature: text('signature').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('messaging_settings_account_persona_unique').on(t.accountId, sql`coalesce(${t.personaId}, 0)`)],
);

/** The account's follow-up cadence and stop rules (one row per account; defaults until saved). */
export const followupSettings = pgTable('followup_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  numberOfFollowups: smallint('number_of_followups').notNull(),
  spacingDays: smallint('spacing_days').notNull(),
  stopOnReply: boolean('stop_on_reply').notNull(),
  stopOnMeetingBooked: boolean('stop_on_meeting_booked').notNull(),
  stopOnUnsubscribe: boolean('stop_on_unsubscribe').notNull(),
  stopOnBounce: boolean('stop_on_bounce').notNull(),
  updatedAt: updatedAt(),
});

/** Message instructions by categories: one per account and category. */
export const messageInstructions = pgTable(
  'message_instructions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('message_instructions_account_category_unique').on(t.accountId, t.category)],
);

export type MessagingSettingRow = typeof messagingSettings.$inferSelect;
export type FollowupSettingsRow = typeof followupSettings.$inferSelect;
export type MessageInstructionRow = typeof messageInstructions.$inferSelect;
