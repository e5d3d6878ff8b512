import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { personas } from './personas';

/**
 * A LinkedIn people search or Sales Navigator lead search saved for a persona (issue 14). `search_key`
 * is the search's address without the parameters that change as the user pages (shared
 * parseLinkedInSearchUrl): one search per persona, saved twice answers the first.
 */
export const linkedinSearches = pgTable(
  'linkedin_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    /** Who saved it (kept when that user leaves). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    searchKey: text('search_key').notNull(),
    kind: text('kind', { enum: ['classic', 'sales_navigator'] }).notNull(),
    /** Prospects this search put into the persona. */
    addedCount: integer('added_count').notNull().default(0),
    lastPage: integer('last_page'),
    lastCapturedAt: at('last_captured_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('linkedin_searches_persona_key_unique').on(t.accountId, t.personaId, t.searchKey),
    index('linkedin_searches_persona_idx').on(t.personaId),
    check('linkedin_searches_kind_check', sql`${t.kind} in ('classic', 'sales_navigator')`),
  ],
);

export type LinkedinSearchRow = typeof linkedinSearches.$inferSelect;
