import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { at, createdAt, updatedAt } from './common';

/**
 * The mailboxes the agent sends from (spec §7 user_emails). Connection settings in clear, secrets in
 * user_credentials (encrypted). status: active, or paused (by the user or the engine) / failing (the last
 * connection test or send could not sign in), with the reason shown to the user.
 */
export const userEmails = pgTable(
  'user_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    email: text('email').notNull(),
    /** The part after @, lower case: the sending domain GET domains checks. */
    domain: text('domain').notNull(),
    senderName: text('sender_name').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSecurity: text('smtp_security', { enum: ['tls', 'starttls', 'none'] }).notNull(),
    smtpUsername: text('smtp_username').notNull(),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapSecurity: text('imap_security', { enum: ['tls', 'starttls', 'none'] }).notNull(),
    imapUsername: text('imap_username').notNull(),
    /** password: the stored SMTP and IMAP passwords; xoauth2: an OAuth access token of oauth_provider, refreshed as needed. */
    authMethod: text('auth_method', { enum: ['password', 'xoauth2'] }).notNull().default('password'),
    oauthProvider: text('oauth_provider', { enum: ['google', 'microsoft'] }),
    /** The Sent folder's path found by the last connection test. */
    sentFolder: text('sent_folder'),
    dailyLimit: integer('daily_limit').notNull(),
    hourlyLimit: integer('hourly_limit').notNull(),
    minGapSeconds: integer('min_gap_seconds').notNull(),
    warmupEnabled: boolean('warmup_enabled').notNull().default(false),
    warmupStart: integer('warmup_start').notNull().default(10),
    warmupIncrease: integer('warmup_increase').notNull().default(5),
    warmupCeiling: integer('warmup_ceiling').notNull().default(50),
    /** The day the ramp started (day 0 sends warmup_start). */
    warmupStartedOn: date('warmup_started_on', { mode: 'string' }),
    /** A selector to look for besides the common ones (GET domains). */
    dkimSelector: text('dkim_selector'),
    status: text('status', { enum: ['active', 'paused', 'failing'] }).notNull().default('active'),
    statusReason: text('status_reason'),
    /** The user's "resume automatically" (issue 26): a pause of the deliverability rule ends by itself after its cool-down. */
    autoResume: boolean('auto_resume').notNull().default(true),
    /** When the deliverability rule's pause ends by itself (null: not paused by the rule, or it needs a human). */
    autoResumeAt: at('auto_resume_at'),
    /** When it last resumed by itself: its daily limit ramps back from a reduced share from that day on. */
    autoResumedAt: at('auto_resumed_at'),
    /** The last live connection test, step by step (ConnectionTest of @shared/schemas/user-emails). */
    lastTest: jsonb('last_test'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_emails_account_email_idx').on(t.accountId, t.email),
    index('user_emails_account_domain_idx').on(t.accountId, t.domain),
    check('user_emails_status_check', sql`${t.status} in ('active', 'paused', 'failing')`),
  ],
);

/**
 * The secrets of a mailbox, encrypted at rest with AES-256-GCM (lib/secret-box.ts; the key is
 * MAIL_CREDENTIALS_KEY or one generated into the data folder). Never returned by the API:
 * GET user_credentials lists kind and state only.
 */
export const userCredentials = pgTable(
  'user_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    userEmailId: integer('user_email_id')
      .notNull()
      .references(() => userEmails.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['smtp_password', 'imap_password', 'oauth_access_token', 'oauth_refresh_token'] }).notNull(),
    /** "v1.<iv>.<tag>.<ciphertext>", bound to (account, mailbox, kind) as associated data. */
    secret: text('secret').notNull(),
    /** When an OAuth access token stops working (null for passwords and refresh tokens). */
    expiresAt: at('expires_at'),
    state: text('state', { enum: ['valid', 'invalid', 'untested'] }).notNull().default('untested'),
    error: text('error'),
    verifiedAt: at('verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_credentials_mailbox_kind_idx').on(t.userEmailId, t.kind), index('user_credentials_account_idx').on(t.accountId)],
);

export type UserEmailRow = typeof userEmails.$inferSelect;
export type UserCredentialRow = typeof userCredentials.$inferSelect;

/**
 * The last DNS check of each sending domain of an account (GET domains): refreshed when older than an
 * hour or when asked, so the mailbox list can flag a failing domain without asking DNS each time.
 */
export const sendingDomains = pgTable(
  'sending_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    domain: text('domain').notNull(),
    status: text('status', { enum: ['pass', 'fail'] }).notNull(),
    /** DnsCheck[] of @shared/schemas/user-emails. */
    checks: jsonb('checks').notNull(),
    checkedAt: at('checked_at').notNull(),
  },
  (t) => [uniqueIndex('sending_domains_account_domain_idx').on(t.accountId, t.domain)],
);

export type SendingDomainRow = typeof sendingDomains.$inferSelect;
