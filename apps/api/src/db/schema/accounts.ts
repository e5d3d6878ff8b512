import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, updatedAt } from './common';

/** Roles in an account, lowest first (packages/shared ACCOUNT_ROLES is the same list). */
export const ACCOUNT_ROLES = ['member', 'admin', 'owner'] as const;

/** The tenant: every business row belongs to an account; holder_id is the brand it signed up under. */
export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  holderId: smallint('holder_id').notNull().default(0),
  tariffPlan: text('tariff_plan').notNull().default('Trial'),
  /** Stripe: the customer and subscription behind a paid plan (null on Trial / Not paid). */
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  planPaidAt: at('plan_paid_at'),
  /**
   * The compliance footer of campaign emails (GET/PUT compliance_settings): on by default, it appends the
   * unsubscribe link and postal_address; gdpr_notice adds where the prospect's data came from (GDPR Art. 14).
   */
  complianceFooter: boolean('compliance_footer').notNull().default(true),
  postalAddress: text('postal_address'),
  gdprNotice: boolean('gdpr_notice').notNull().default(false),
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
    /** The brand (tenant of sign-in) this user signed up under: its account's holder_id, kept here for the per-brand unique email. */
    holderId: smallint('holder_id').notNull().default(0),
    /** Always stored lowercased (the shared schema normalises it); unique per brand (holder_id). */
    email: text('email').notNull(),
    provider: text('provider', { enum: ['email', 'google_oauth2'] }).notNull().default('email'),
    /**
     * The user's role in their account (modules/account-members): owner (plan, billing, ownership; one per
     * account), admin (everything else, members included) or member (inbox, pipeline, prospects, tasks).
     * A user works in one account at a time (account_id); existing users were their account's owner.
     */
    role: text('role', { enum: ACCOUNT_ROLES }).notNull().default('owner'),
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
    /** Set when the phone was confirmed by code (onboarding); cleared when the phone changes. */
    phoneVerifiedAt: at('phone_verified_at'),
    jobTitle: text('job_title'),
    /** A requested new sign-in email, waiting for its confirmation link (email_change_token_hash). */
    unconfirmedEmail: text('unconfirmed_email'),
    emailChangeTokenHash: text('email_change_token_hash'),
    emailChangeSentAt: at('email_change_sent_at'),
    /** The undo link mailed to the old address: restores email_undo_address and revokes every token. */
    emailUndoTokenHash: text('email_undo_token_hash'),
    emailUndoAddress: text('email_undo_address'),
    emailUndoSentAt: at('email_undo_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Brands are separate tenants: the same email may hold one account per brand.
    uniqueIndex('users_holder_email_unique').on(t.holderId, sql`lower(${t.email})`),
    // The uid header finds the user within the request's brand: emails contain '@', OIDC subjects never do.
    uniqueIndex('users_holder_uid_unique').on(t.holderId, t.uid),
    uniqueIndex('users_email_change_token_hash_unique').on(t.emailChangeTokenHash),
    uniqueIndex('users_email_undo_token_hash_unique').on(t.emailUndoTokenHash),
    index('users_account_id_idx').on(t.accountId),
    // One owner per account: a hand-over demotes the old owner before it promotes the new one.
    uniqueIndex('users_account_owner_unique').on(t.accountId).where(sql`${t.role} = 'owner'`),
    check('users_role_check', sql`${t.role} in ('member', 'admin', 'owner')`),
    uniqueIndex('users_confirmation_token_hash_unique').on(t.confirmationTokenHash),
    uniqueIndex('users_reset_password_token_hash_unique').on(t.resetPasswordTokenHash),
  ],
);

/** The account_id column of an account-owned table (the other schema files build theirs with it). */
export const accountIdColumn = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;
