import { index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { ApprovedClaim } from '@shared/schemas/claims';
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
    /** Free words about price beside the structured range ("volume discounts from 50 seats"). */
    pricingNotes: text('pricing_notes').notNull().default(''),
    /** The personas it fits (ids in this account; a deleted persona is dropped when read). */
    personaIds: jsonb('persona_ids').$type<number[]>().notNull().default([]),
    /** Who it is not for, in the user's words. */
    notFor: text('not_for').notNull().default(''),
    /** Proof: case studies and figures, one per line or paragraph. */
    proof: text('proof').notNull().default(''),
    /** The facts the agent may state about it, each with its source (the claims check compares drafts with these). */
    claims: jsonb('claims').$type<ApprovedClaim[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('offerings_account_idx').on(t.accountId)],
);

export type OfferingRow = typeof offerings.$inferSelect;
