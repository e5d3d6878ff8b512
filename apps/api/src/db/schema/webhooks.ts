import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { at, createdAt, updatedAt } from './common';

/**
 * The product as the server of other tools (modules/webhooks): API keys that authenticate Zapier (or any script),
 * the hooks events are delivered to (a Zapier REST hook subscription, or a plain webhook added on the integrations
 * page), and each delivery's log.
 */

/** An account's API key: only its sha256 is kept, and the prefix shown to tell keys apart. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    /** Who created it: the actions a key takes are recorded as theirs (the key goes when they do). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the key (shown in lists; never enough to use it). */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_unique').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

export const WEBHOOK_SOURCES = ['zapier', 'manual'] as const;

/** Where events go: a REST hook Zapier subscribed with an API key, or a webhook the user added by hand. */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    source: text('source', { enum: WEBHOOK_SOURCES }).notNull(),
    /** The key Zapier subscribed with: revoking it removes its zaps' hooks. Null for a hook added by hand. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    targetUrl: text('target_url').notNull(),
    /** Trigger names (@shared/schemas/webhooks WEBHOOK_EVENTS). */
    events: text('events').array().notNull(),
    /** The signing secret, sealed (lib/secret-box.ts) to this row. */
    secretSealed: text('secret_sealed').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_subscriptions_account_idx').on(t.accountId), check('webhook_subscriptions_source_check', sql`${t.source} in ('zapier', 'manual')`)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'gone'] as const;

/**
 * One event for one hook: unique per (hook, event), so an event is never delivered twice to a hook; its attempts,
 * last answer and next try. Kept bounded per hook (modules/webhooks/deliveries.ts).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The domain event's key (or `test:<uuid>`): with the hook, the idempotency key sent. */
    eventKey: text('event_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    responseCode: smallint('response_code'),
    lastError: text('last_error'),
    nextAttemptAt: at('next_attempt_at'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_hook_event_unique').on(t.subscriptionId, t.eventKey),
    index('webhook_deliveries_account_hook_idx').on(t.accountId, t.subscriptionId, t.id),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed', 'gone')`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
