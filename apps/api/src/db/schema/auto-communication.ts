import { boolean, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { updatedAt } from './common';

/** What the AI sales agent may do on its own (one row per account; defaults until saved). */
export const autoCommunicationSettings = pgTable('auto_communication_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  workingDays: smallint('working_days').array().notNull(),
  /** 'HH:MM', local to time_zone. */
  workStart: text('work_start').notNull(),
  workEnd: text('work_end').notNull(),
  dailyLimitEmail: integer('daily_limit_email').notNull(),
  dailyLimitLinkedin: integer('daily_limit_linkedin').notNull(),
  dailyLimitPhone: integer('daily_limit_phone').notNull(),
  /** Connection requests per LinkedIn account per rolling 7 days (at most 100; new accounts ramp up to it). */
  weeklyInvitationLimit: smallint('weekly_invitation_limit').notNull().default(100),
  autoReply: boolean('auto_reply').notNull(),
  /** review: every outgoing message waits for approval; autonomous: the agent sends on its own. */
  mode: text('mode', { enum: ['review', 'autonomous'] }).notNull(),
  updatedAt: updatedAt(),
});

export type AutoCommunicationSettingsRow = typeof autoCommunicationSettings.$inferSelect;
