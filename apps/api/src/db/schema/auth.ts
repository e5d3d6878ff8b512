import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt } from './common';

/** One row per signed-in client (device); only the sha256 of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: text('client').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_user_client_unique').on(t.userId, t.client)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** confirmation: the account's email; phone: the onboarding phone-number step (users.phone_verified_at). */
    purpose: text('purpose', { enum: ['confirmation', 'phone'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * One row per email the auth flow handed to the mailer (or skipped), per target address: the
 * per-address ceiling counts here, so it holds across API processes (modules/auth/mail.ts).
 */
export const authMailSends = pgTable(
  'auth_mail_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [index('auth_mail_sends_address_sent_at_idx').on(t.address, t.sentAt)],
);

/** OIDC sign-in in flight: state → nonce, PKCE verifier and where to send the browser back. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  origin: text('origin').notNull(),
  holderId: smallint('holder_id').notNull().default(0),
  expiresAt: at('expires_at')
    .notNull()
    .default(sql`now() + interval '10 minutes'`),
});
