import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { prospects } from './prospects';

// Calendly (issue 27): modules/integrations/calendly.

export const CALENDAR_MEETING_STATUS_VALUES = ['booked', 'rescheduling', 'canceled'] as const;
export type CalendarMeetingStatus = (typeof CALENDAR_MEETING_STATUS_VALUES)[number];

/**
 * A meeting booked on a connected calendar: one row per booking, kept across reschedules (Calendly makes a new
 * invitee for each new time; `invitee_uri` is the current one, `previous_invitee_uris` the ones it replaced, so a late
 * or repeated delivery about an old one changes nothing). `prospect_id`: the account's prospect with the invitee's
 * email when it was booked (null: someone the account never contacted). `booked_activity_id`: its meeting_booked
 * activity (what the dashboard counts and what moved the pipeline card), deleted when the meeting is canceled.
 */
export const calendarMeetings = pgTable(
  'calendar_meetings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    /** The integration whose webhook told us (null once that integration is disconnected). */
    integrationId: integer('integration_id'),
    provider: text('provider', { enum: ['calendly'] }).notNull(),
    inviteeUri: text('invitee_uri').notNull(),
    previousInviteeUris: text('previous_invitee_uris').array().notNull().default(sql`'{}'::text[]`),
    eventUri: text('event_uri').notNull(),
    eventName: text('event_name'),
    email: text('email').notNull(),
    name: text('name'),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    status: text('status', { enum: CALENDAR_MEETING_STATUS_VALUES }).notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    location: text('location'),
    rescheduledCount: integer('rescheduled_count').notNull().default(0),
    canceledAt: at('canceled_at'),
    cancelReason: text('cancel_reason'),
    bookedActivityId: integer('booked_activity_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('calendar_meetings_account_invitee_unique').on(t.accountId, t.provider, t.inviteeUri),
    index('calendar_meetings_account_starts_idx').on(t.accountId, t.startsAt),
    index('calendar_meetings_account_prospect_idx').on(t.accountId, t.prospectId),
    index('calendar_meetings_previous_invitees_idx').using('gin', t.previousInviteeUris),
    check('calendar_meetings_status_check', sql`${t.status} in ('booked', 'rescheduling', 'canceled')`),
  ],
);

export type CalendarMeetingRow = typeof calendarMeetings.$inferSelect;
