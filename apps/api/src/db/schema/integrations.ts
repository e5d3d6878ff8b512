import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { prospects } from './prospects';

/**
 * The account's connections to vendors (modules/integrations, issue 27): one row per provider and account. Tokens
 * are sealed (lib/secret-box.ts, bound to the row and kind as associated data), never returned by the API.
 */
export const INTEGRATION_PROVIDER_VALUES = ['hubspot', 'salesforce', 'calendly', 'zapier'] as const;
export const INTEGRATION_STATUS_VALUES = ['connected', 'needs_reconnect', 'error'] as const;

export const integrations = pgTable(
  'integrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    provider: text('provider', { enum: INTEGRATION_PROVIDER_VALUES }).notNull(),
    status: text('status', { enum: INTEGRATION_STATUS_VALUES }).notNull().default('connected'),
    /** The vendor's own words for needs_reconnect and error. */
    statusMessage: text('status_message'),
    /** Sealed ("v1.<kid>.<iv>.<tag>.<body>"), context integrations:<account>:<id>:access_token. */
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: at('token_expires_at'),
    /** HubSpot portal id (hub_id), Salesforce org id, Calendly user URI. */
    vendorAccountId: text('vendor_account_id'),
    vendorAccountName: text('vendor_account_name'),
    /** Salesforce: the org's API host from the token answer. */
    instanceUrl: text('instance_url'),
    scopes: text('scopes'),
    /** IntegrationSettings of @shared/schemas/integrations. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Provider-specific state the user never edits (Salesforce's daily allowance, Calendly's webhook subscription). */
    vendorState: jsonb('vendor_state').$type<Record<string, unknown>>().notNull().default({}),
    /** The vendor answered 429: no request to it before then (Retry-After). */
    pausedUntil: at('paused_until'),
    lastSyncAt: at('last_sync_at'),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integrations_account_provider_unique').on(t.accountId, t.provider),
    check('integrations_status_check', sql`${t.status} in ('connected', 'needs_reconnect', 'error')`),
  ],
);
export type IntegrationRow = typeof integrations.$inferSelect;

export const INTEGRATION_WRITE_STATUS_VALUES = ['pending', 'running', 'succeeded', 'failed'] as const;

/**
 * THE write ledger: every write to a vendor (modules/integrations/ledger.ts). One row per idempotency key and account:
 * a key that was asked for before is never written again. The durable job `integration-write` runs it; a failed
 * one is replayed from the page.
 */
export const integrationWrites = pgTable(
  'integration_writes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    integrationId: integer('integration_id').references(() => integrations.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: INTEGRATION_PROVIDER_VALUES }).notNull(),
    /** The registered operation that performs it ("hubspot.upsert_contact"). */
    operation: text('operation').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    recordId: text('record_id'),
    summary: text('summary').notNull(),
    /** The operation's input (what it needs to run again on a replay). */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /** The operation's answer beyond the record id (e.g. a note's id). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    status: text('status', { enum: INTEGRATION_WRITE_STATUS_VALUES }).notNull().default('pending'),
    responseStatus: integer('response_status'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    nextAttemptAt: at('next_attempt_at'),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integration_writes_account_key_unique').on(t.accountId, t.idempotencyKey),
    index('integration_writes_account_integration_idx').on(t.accountId, t.integrationId, t.createdAt),
    check('integration_writes_status_check', sql`${t.status} in ('pending', 'running', 'succeeded', 'failed')`),
  ],
);
export type IntegrationWriteRow = typeof integrationWrites.$inferSelect;

/**
 * Requests to a vendor per integration and window (modules/integrations/quota.ts): `day` rows (window_start is the
 * UTC day at midnight) are the quota meter and the user's cap; short windows (`burst`, `search`) pace requests to
 * the vendor's limits across every process, and are pruned once past.
 */
export const integrationQuota = pgTable(
  'integration_quota',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    window: text('window').notNull(),
    windowStart: at('window_start').notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [uniqueIndex('integration_quota_window_unique').on(t.integrationId, t.window, t.windowStart), index('integration_quota_account_idx').on(t.accountId)],
);

/**
 * Identity by the CRM's own record id (issue 27): which vendor record a prospect is, per vendor account (HubSpot
 * portal, Salesforce org), so an email change updates that record and a merge is followed to the surviving id.
 * Keyed by the vendor account rather than the integration row: disconnecting and connecting the same portal again
 * keeps the mapping.
 */
export const integrationRecords = pgTable(
  'integration_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    provider: text('provider', { enum: INTEGRATION_PROVIDER_VALUES }).notNull(),
    vendorAccountId: text('vendor_account_id').notNull().default(''),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    /** contact (HubSpot), Lead or Contact (Salesforce). */
    objectType: text('object_type').notNull(),
    recordId: text('record_id').notNull(),
    /** The address the record had at the last write (an email change shows as a difference). */
    email: text('email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('integration_records_prospect_unique').on(t.accountId, t.provider, t.vendorAccountId, t.objectType, t.prospectId),
    index('integration_records_record_idx').on(t.accountId, t.provider, t.recordId),
  ],
);
export type IntegrationRecordRow = typeof integrationRecords.$inferSelect;

export const INTEGRATION_SYNC_STATUS_VALUES = ['previewing', 'previewed', 'applying', 'applied', 'failed'] as const;

/**
 * A bulk read from a vendor and what it would do here (modules/integrations/syncs.ts): e.g. a HubSpot list's members
 * to the blacklist. A durable job reads the vendor and stores the preview (created, skipped); the user confirms;
 * another job applies it. Nothing is written before the user has seen the preview.
 */
export const integrationSyncs = pgTable(
  'integration_syncs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    /** "hubspot.blacklist_import" … */
    kind: text('kind').notNull(),
    status: text('status', { enum: INTEGRATION_SYNC_STATUS_VALUES }).notNull().default('previewing'),
    /** What was asked (a list id, …). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** Counts and a sample, for the page. */
    preview: jsonb('preview').$type<Record<string, unknown>>(),
    /** What applying will write (e.g. the addresses), kept from the preview so the user confirms exactly that. */
    items: jsonb('items').$type<unknown[]>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('integration_syncs_account_idx').on(t.accountId, t.createdAt),
    check('integration_syncs_status_check', sql`${t.status} in ('previewing', 'previewed', 'applying', 'applied', 'failed')`),
  ],
);
export type IntegrationSyncRow = typeof integrationSyncs.$inferSelect;
