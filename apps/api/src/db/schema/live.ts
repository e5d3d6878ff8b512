import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, accounts } from './accounts';

/**
 * The account's live events (modules/live): an outbox written in the transaction of the change it
 * describes. `seq` is null until commit: a deferred constraint trigger (migration 0020) takes the next
 * number from the account's counter row at commit, stamps `committed_at` and NOTIFYs `live_events`, so
 * numbers are dense per account and commit order is seq order. A rolled-back change leaves no event.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    seq: bigint('seq', { mode: 'number' }),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('live_events_account_seq_unique').on(t.accountId, t.seq), index('live_events_committed_at_idx').on(t.committedAt)],
);

/** The last live event number of each account (one row per account, locked by the commit that takes a number). */
export const liveEventCounters = pgTable('live_event_counters', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
});

export type LiveEventRow = typeof liveEvents.$inferSelect;
