import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { virtualEmployees } from './virtual-employees';

// Brand awareness (modules/brand-awareness).

export const SOCIAL_NETWORKS = ['linkedin'] as const;
export const SOCIAL_PROFILE_STATUSES = ['connected', 'expired'] as const;

/**
 * A virtual employee's real member on a social network, connected by OAuth (LinkedIn: OpenID Connect plus
 * w_member_social). The tokens are sealed with AES-256-GCM (lib/secret-box.ts, bound to account, employee,
 * network and kind); unlinking revokes them at the network and deletes the row. `expired`: the network
 * refused the token (401), posting is paused until the member connects again.
 */
export const socialProfiles = pgTable(
  'social_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    socialNetwork: text('social_network', { enum: SOCIAL_NETWORKS }).notNull(),
    /** The member's id at the network (OpenID Connect `sub`; the author URN is urn:li:person:<sub>). */
    memberId: text('member_id').notNull(),
    name: text('name'),
    email: text('email'),
    pictureUrl: text('picture_url'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    expiresAt: at('expires_at').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    status: text('status', { enum: SOCIAL_PROFILE_STATUSES }).notNull().default('connected'),
    statusReason: text('status_reason'),
    connectedByUserId: integer('connected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('social_profiles_employee_network_unique').on(t.virtualEmployeeId, t.socialNetwork), index('social_profiles_account_idx').on(t.accountId)],
);

export const SOCIAL_POST_APPROVALS = ['required', 'automatic'] as const;

/** What a virtual employee posts on a network, and when (update_social_posts_settings); defaults until saved. */
export const socialPostSettings = pgTable(
  'social_post_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    socialNetwork: text('social_network', { enum: SOCIAL_NETWORKS }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    postsPerWeek: smallint('posts_per_week').notNull().default(2),
    /** ISO weekdays (1 = Monday … 7 = Sunday) the posts go out on. */
    days: jsonb('days').$type<number[]>().notNull().default([2, 4]),
    /** "HH:MM" in time_zone. */
    time: text('time').notNull().default('09:30'),
    timeZone: text('time_zone').notNull().default('UTC'),
    tone: text('tone').notNull().default('professional'),
    approval: text('approval', { enum: SOCIAL_POST_APPROVALS }).notNull().default('required'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('social_post_settings_employee_network_unique').on(t.virtualEmployeeId, t.socialNetwork), index('social_post_settings_account_idx').on(t.accountId)],
);

export const SOCIAL_POST_STATUSES = ['pending_approval', 'approved', 'publishing', 'published', 'failed', 'paused', 'skipped', 'missed'] as const;

/**
 * A planned or published post of a virtual employee (social_network_posts). The planner writes one per
 * slot (unique per employee, network and time); the publish job claims an approved, due row
 * (approved → publishing, one statement) so a post goes out at most once, whatever the retries.
 */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    socialNetwork: text('social_network', { enum: SOCIAL_NETWORKS }).notNull(),
    topic: text('topic').notNull(),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    status: text('status', { enum: SOCIAL_POST_STATUSES }).notNull(),
    scheduledAt: at('scheduled_at').notNull(),
    /** Who wrote the text: the AI provider's name, or 'user' once edited. */
    writtenBy: text('written_by').notNull().default('composer'),
    approvedAt: at('approved_at'),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: at('claimed_at'),
    publishedAt: at('published_at'),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    /** Why it failed, is paused, or waits for a retry (shown on the post). */
    error: text('error'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('social_posts_employee_slot_unique').on(t.virtualEmployeeId, t.socialNetwork, t.scheduledAt),
    index('social_posts_account_scheduled_idx').on(t.accountId, t.scheduledAt),
  ],
);

export type SocialProfileRow = typeof socialProfiles.$inferSelect;
export type SocialPostSettingsRow = typeof socialPostSettings.$inferSelect;
export type SocialPostRow = typeof socialPosts.$inferSelect;
