import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { at, createdAt, updatedAt } from './common';

export const NOTIFICATION_PROVIDERS = ['email', 'in_app', 'webhook'] as const;

/** Campaign notification rules: which events reach the account, and how (spec §7 campaign notifications). */
export const campaignNotifications = pgTable(
  'campaign_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    provider: text('provider', { enum: NOTIFICATION_PROVIDERS }).notNull(),
    /** Activity verbs that trigger the rule (reply_received, meeting_booked, import_finished, …). */
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    /** email: the address (null = the account's users); webhook: the URL; in_app: null. */
    target: text('target'),
    enabled: boolean('enabled').notNull().default(true),
    lastSentAt: at('last_sent_at'),
    /** The last delivery's outcome ('ok', or the error shown to the user). */
    lastStatus: text('last_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaign_notifications_account_idx').on(t.accountId),
    check('campaign_notifications_provider_check', sql`${t.provider} in ('email', 'in_app', 'webhook')`),
  ],
);

/** In-app notifications: shown as toasts when they arrive, kept until read. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    /** null: every user of the account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    url: text('url'),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_account_created_idx').on(t.accountId, t.createdAt)],
);

export type CampaignNotificationRow = typeof campaignNotifications.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
