import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, updatedAt } from './common';

/** Personas (the spec's `persons`): target audiences; `filters` holds the saved search (business information). */
export const personas = pgTable(
  'personas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('personas_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

export type PersonaRow = typeof personas.$inferSelect;
