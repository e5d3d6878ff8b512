import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { at } from './common';

// Insights (issue 26): modules/insights.

/**
 * Who hosts a recipient domain's mail, from its MX records (modules/insights/providers.ts): public DNS facts shared
 * by every account (a global table: it holds no account's data, only which provider a domain's MX points to), looked
 * up once per RECIPIENT_PROVIDER_TTL_DAYS through the configured resolvers, in a background job, never in a request.
 */
export const recipientDomains = pgTable(
  'recipient_domains',
  {
    domain: text('domain').primaryKey(),
    /** One of RECIPIENT_PROVIDERS (@shared/schemas/insights) but pending. */
    provider: text('provider').notNull(),
    /** The preferred MX host, lower-cased (null: none). */
    mx: text('mx'),
    checkedAt: at('checked_at').notNull(),
  },
  (t) => [index('recipient_domains_checked_idx').on(t.checkedAt)],
);

export type RecipientDomainRow = typeof recipientDomains.$inferSelect;

/**
 * The last answer of an insights call per account and parameters (modules/insights/snapshots.ts): a big account's
 * figures are served from here while nothing they read has changed (`token`: the account's newest activity and
 * pipeline change), and refreshed in the background when something has; a small account's are computed on every
 * request. Rebuilt from the engine's tables, never edited: deleting every row loses nothing.
 */
export const insightSnapshots = pgTable(
  'insight_snapshots',
  {
    accountId: accountIdColumn(),
    /** The call and its parameters, e.g. `overall-stats:month:` or `target_audience:job_title:quarter:12`. */
    key: text('key').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    /** What the figures were computed from: the account's newest activity id and pipeline change when it ran. */
    token: text('token').notNull(),
    /** The `now` the figures were computed for, and the start of its period window. */
    asOf: at('as_of').notNull(),
    windowStart: at('window_start').notNull(),
    computedInMs: integer('computed_in_ms').notNull(),
    /** Set while one process refreshes it (a lease: another process leaves it alone until it is stale). */
    refreshingSince: at('refreshing_since'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

export type InsightSnapshotRow = typeof insightSnapshots.$inferSelect;
