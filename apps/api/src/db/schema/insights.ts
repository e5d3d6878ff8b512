import { index, pgTable, text } from 'drizzle-orm/pg-core';
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
