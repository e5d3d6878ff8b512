import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { at, createdAt } from './common';

/**
 * An invitation to join an account (modules/account-members): sent by email with a link that carries a
 * random token, of which only the sha256 is kept; it expires, can be revoked, and a resend replaces the
 * token (the earlier link stops working). Accepted or revoked rows stay as the account's record.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    /** Lowercased (the shared schema normalises it). */
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentAt: at('sent_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_invitations_token_hash_unique').on(t.tokenHash),
    // One open invitation per address and account: inviting again resends it.
    uniqueIndex('account_invitations_open_unique')
      .on(t.accountId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('account_invitations_account_idx').on(t.accountId, t.createdAt),
    check('account_invitations_role_check', sql`${t.role} in ('admin', 'member')`),
  ],
);

export type AccountInvitationRow = typeof accountInvitations.$inferSelect;
