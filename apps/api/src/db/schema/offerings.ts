import { index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { createdAt, updatedAt } from './common';

/** The products or services the agent sells. */
export const offerings = pgTable(
  'offerings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMin: numeric('price_min', { precision: 14, scale: 2, mode: 'number' }),
    priceMax: numeric('price_max', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('USD'),
    pricePeriod: text('price_period').notNull().default('one_time'),
    url: text('url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('offerings_account_idx').on(t.accountId)],
);

export type OfferingRow = typeof offerings.$inferSelect;
