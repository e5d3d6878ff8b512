import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { createdAt } from './common';

/**
 * The suppression list (issue 11, /cabinet/blacklist): addresses and domains no agent may write to.
 * One row per account and address (stored lowercased) or domain (stored normalised: lowercase, no
 * leading "@" or "www.", no trailing dot). The reason says how it got here; the first reason wins.
 */
export const SUPPRESSION_REASONS = ['manual', 'unsubscribed', 'hard_bounce', 'stopped', 'complained', 'crm'] as const;

export const blacklistedEmails = pgTable(
  'blacklisted_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    email: text('email').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull().default('manual'),
    /** Where it came from, for people: "Added by hand", "CSV file", "Unsubscribe link", the SMTP reply of a bounce. */
    details: text('details'),
    /** The campaign email that led to it (an unsubscribe link, a bounce), when known; campaign emails come with the engine. */
    campaignEmailId: integer('campaign_email_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blacklisted_emails_account_email_unique').on(t.accountId, t.email),
    index('blacklisted_emails_account_created_idx').on(t.accountId, t.createdAt),
    check('blacklisted_emails_reason_check', sql`${t.reason} in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'complained', 'crm')`),
    check('blacklisted_emails_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export const blacklistedDomains = pgTable(
  'blacklisted_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    domain: text('domain').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull().default('manual'),
    details: text('details'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blacklisted_domains_account_domain_unique').on(t.accountId, t.domain),
    index('blacklisted_domains_account_created_idx').on(t.accountId, t.createdAt),
    check('blacklisted_domains_reason_check', sql`${t.reason} in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'complained', 'crm')`),
    check('blacklisted_domains_domain_lower_check', sql`${t.domain} = lower(${t.domain})`),
  ],
);

export type BlacklistedEmailRow = typeof blacklistedEmails.$inferSelect;
export type BlacklistedDomainRow = typeof blacklistedDomains.$inferSelect;
