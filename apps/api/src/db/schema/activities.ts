import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { personas } from './personas';
import { prospects } from './prospects';

export const ACTOR_TYPES = ['user', 'agent', 'virtual_employee', 'system'] as const;
export const ACTIVITY_CHANNELS = ['email', 'linkedin', 'phone'] as const;

/** The account's activity log: who or what did what, when, on which channel, to which prospect and persona. */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    actorType: text('actor_type', { enum: ACTOR_TYPES }).notNull(),
    actorId: integer('actor_id'),
    verb: text('verb').notNull(),
    channel: text('channel', { enum: ACTIVITY_CHANNELS }),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_account_occurred_idx').on(t.accountId, t.occurredAt),
    index('activities_account_verb_occurred_idx').on(t.accountId, t.verb, t.occurredAt),
    // One prospect's timeline (the interactions' by_prospect, the agent-activity panel, the export's last touch).
    index('activities_account_prospect_occurred_idx').on(t.accountId, t.prospectId, t.occurredAt),
    // The account's newest activity (the insights snapshots' freshness token: one index probe).
    index('activities_account_id_idx').on(t.accountId, t.id),
    check('activities_actor_type_check', sql`${t.actorType} in ('user', 'agent', 'virtual_employee', 'system')`),
    check('activities_channel_check', sql`${t.channel} is null or ${t.channel} in ('email', 'linkedin', 'phone')`),
  ],
);

export type ActivityRow = typeof activities.$inferSelect;
