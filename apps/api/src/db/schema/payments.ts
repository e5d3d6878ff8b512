import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { at, createdAt } from './common';

/** Stripe Checkout sessions this product created: session → account and plan (approve and webhook look here). */
export const stripeCheckoutSessions = pgTable(
  'stripe_checkout_sessions',
  {
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    plan: text('plan').notNull(),
    status: text('status', { enum: ['open', 'paid', 'expired'] }).notNull().default('open'),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [index('stripe_checkout_sessions_account_idx').on(t.accountId)],
);

/** Stripe webhook events already handled (idempotency: a redelivered event changes nothing). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type StripeCheckoutSessionRow = typeof stripeCheckoutSessions.$inferSelect;
