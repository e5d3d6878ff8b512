import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { createdAt } from './common';

/**
 * A user's own LinkedIn account, connected by its profile URL. A LinkedIn member is one person:
 * the canonical URL is unique across all accounts.
 */
export const linkedinAccounts = pgTable(
  'linkedin_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileUrl: text('profile_url').notNull(),
    fullName: text('full_name'),
    headline: text('headline'),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('linkedin_accounts_profile_url_unique').on(t.profileUrl), index('linkedin_accounts_account_idx').on(t.accountId)],
);

export type LinkedinAccountRow = typeof linkedinAccounts.$inferSelect;
