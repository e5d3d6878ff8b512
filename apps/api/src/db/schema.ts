import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The tenant: every business row belongs to an account; holder_id is the brand it signed up under. */
export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  holderId: smallint('holder_id').notNull().default(0),
  tariffPlan: text('tariff_plan').notNull().default('Trial'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Always stored lowercased (the shared schema normalises it), so a plain unique index suffices. */
    email: text('email').notNull(),
    provider: text('provider', { enum: ['email', 'google_oauth2'] }).notNull().default('email'),
    /** devise_token_auth's uid: the email for email users, the subject for OAuth users. */
    uid: text('uid').notNull(),
    encryptedPassword: text('encrypted_password'),
    name: text('name'),
    phone: text('phone'),
    image: text('image'),
    confirmedAt: at('confirmed_at'),
    confirmationTokenHash: text('confirmation_token_hash'),
    confirmationSentAt: at('confirmation_sent_at'),
    resetPasswordTokenHash: text('reset_password_token_hash'),
    resetPasswordSentAt: at('reset_password_sent_at'),
    onboardingFinishedAt: at('onboarding_finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // The uid header alone finds the user: emails contain '@', OIDC subjects never do.
    uniqueIndex('users_uid_unique').on(t.uid),
    index('users_account_id_idx').on(t.accountId),
    uniqueIndex('users_confirmation_token_hash_unique').on(t.confirmationTokenHash),
    uniqueIndex('users_reset_password_token_hash_unique').on(t.resetPasswordTokenHash),
  ],
);

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
    purpose: text('purpose', { enum: ['confirmation'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
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

export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;
