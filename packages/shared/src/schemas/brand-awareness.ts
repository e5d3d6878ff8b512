import { z } from 'zod';
import { isValidTimeZone } from './auto-communication';
import { dbId, dbIdParam, int32, queryInt, text } from './primitives';

/**
 * Brand awareness: virtual employees post on their real social profiles (LinkedIn). One schema per
 * payload, used by the API's validation and the cabinet's forms (spec §7 virtual employees and
 * social_network_posts, linkedin_posts, linkedin_accounts/manage-posts).
 */

export const SOCIAL_NETWORKS = ['linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const socialNetworkSchema = z.enum(SOCIAL_NETWORKS, { error: 'social_network must be linkedin' });
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = { linkedin: 'LinkedIn' };

export const SOCIAL_POST_TONES = ['professional', 'friendly', 'thoughtful', 'bold', 'witty'] as const;
export type SocialPostTone = (typeof SOCIAL_POST_TONES)[number];
export const SOCIAL_POST_TONE_LABELS: Record<SocialPostTone, string> = {
  professional: 'Professional',
  friendly: 'Friendly',
  thoughtful: 'Thoughtful',
  bold: 'Bold',
  witty: 'Witty',
};

export const SOCIAL_POST_APPROVALS = ['required', 'automatic'] as const;
export type SocialPostApproval = (typeof SOCIAL_POST_APPROVALS)[number];

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** LinkedIn's limit for a post's text (the Posts API's commentary). */
export const SOCIAL_POST_MAX_CHARS = 3000;
export const SOCIAL_POSTS_PER_WEEK_MAX = 7;
export const SOCIAL_TOPICS_MAX = 12;

export const SOCIAL_PROFILE_STATUSES = ['not_connected', 'connected', 'expired'] as const;
export type SocialProfileStatus = (typeof SOCIAL_PROFILE_STATUSES)[number];

/** The virtual employee's member on the network (social_network_processing_profile); tokens never leave the server. */
export const socialProfileSchema = z.object({
  virtual_employee_id: dbId(),
  social_network: socialNetworkSchema,
  status: z.enum(SOCIAL_PROFILE_STATUSES),
  /** Why posting is paused (expired), else null. */
  status_reason: text().nullable(),
  member_id: text().nullable(),
  name: text().nullable(),
  email: text().nullable(),
  picture_url: text().nullable(),
  connected_at: text().nullable(),
  expires_at: text().nullable(),
  /** Whether this server can connect the network at all (its client id is configured). */
  configured: z.boolean(),
});
export type SocialProfile = z.infer<typeof socialProfileSchema>;

const timeOfDay = text({ error: 'Time is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Time must be HH:MM (24-hour)' });

export const socialPostsSettingsSchema = z.object({
  virtual_employee_id: dbId(),
  social_network: socialNetworkSchema,
  enabled: z.boolean(),
  topics: z.array(text()),
  posts_per_week: int32(),
  days: z.array(int32()),
  time: text(),
  time_zone: text(),
  tone: z.enum(SOCIAL_POST_TONES),
  approval: z.enum(SOCIAL_POST_APPROVALS),
  /** Topics drawn from the offerings, the personas' problems and the business information, to pick from. */
  topic_suggestions: z.array(text()),
  profile: socialProfileSchema,
  /** False until the settings were saved once (these are the defaults). */
  saved: z.boolean(),
});
export type SocialPostsSettings = z.infer<typeof socialPostsSettingsSchema>;

export const socialNetworkQuerySchema = z.strictObject({ social_network: socialNetworkSchema.default('linkedin') });

export const updateSocialPostsSettingsBodySchema = z
  .strictObject({
    social_network: socialNetworkSchema.default('linkedin'),
    enabled: z.boolean().optional(),
    topics: z
      .array(text().trim().min(2, { error: 'A topic needs at least 2 characters' }).max(200, { error: 'A topic has at most 200 characters' }))
      .max(SOCIAL_TOPICS_MAX, { error: `At most ${SOCIAL_TOPICS_MAX} topics` })
      .optional(),
    posts_per_week: int32({ error: 'Posts per week must be a number' }, 'Posts per week must be a whole number')
      .min(1, { error: 'At least 1 post per week' })
      .max(SOCIAL_POSTS_PER_WEEK_MAX, { error: `At most ${SOCIAL_POSTS_PER_WEEK_MAX} posts per week` })
      .optional(),
    days: z
      .array(int32().min(1).max(7), { error: 'Days must be weekdays 1 (Monday) to 7 (Sunday)' })
      .min(1, { error: 'Choose at least one day' })
      .max(7)
      .transform((d) => [...new Set(d)].sort((a, b) => a - b))
      .optional(),
    time: timeOfDay.optional(),
    time_zone: text().trim().refine(isValidTimeZone, { error: 'Time zone must be an IANA time zone such as Europe/Berlin' }).optional(),
    tone: z.enum(SOCIAL_POST_TONES, { error: 'Choose a tone' }).optional(),
    approval: z.enum(SOCIAL_POST_APPROVALS, { error: 'Approval must be required or automatic' }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.enabled && b.topics && b.topics.length === 0) ctx.addIssue({ code: 'custom', path: ['topics'], message: 'Choose at least one topic to post about' });
  });
export type UpdateSocialPostsSettingsBody = z.input<typeof updateSocialPostsSettingsBodySchema>;

export const SOCIAL_POST_STATUSES = ['pending_approval', 'approved', 'publishing', 'published', 'failed', 'paused', 'skipped', 'missed'] as const;
export type SocialPostStatus = (typeof SOCIAL_POST_STATUSES)[number];
export const SOCIAL_POST_STATUS_LABELS: Record<SocialPostStatus, string> = {
  pending_approval: 'Needs approval',
  approved: 'Approved',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  paused: 'Paused',
  skipped: 'Skipped',
  missed: 'Missed',
};
/** A post that has not gone out yet and can still be edited, regenerated, approved or skipped. */
export const EDITABLE_POST_STATUSES: readonly SocialPostStatus[] = ['pending_approval', 'approved', 'paused', 'failed', 'missed', 'skipped'];

export const socialPostSchema = z.object({
  id: dbId(),
  virtual_employee_id: dbId(),
  virtual_employee_name: text(),
  social_network: socialNetworkSchema,
  topic: text(),
  content: text(),
  image_url: text().nullable(),
  status: z.enum(SOCIAL_POST_STATUSES),
  scheduled_at: text(),
  published_at: text().nullable(),
  external_url: text().nullable(),
  error: text().nullable(),
  attempts: int32(),
  next_attempt_at: text().nullable(),
  written_by: text(),
  approved_at: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type SocialPost = z.infer<typeof socialPostSchema>;

const isoDate = text().refine((v) => !Number.isNaN(Date.parse(v)), { error: 'must be a date and time (ISO 8601)' });

export const socialPostsQuerySchema = z.strictObject({
  virtual_employee_id: dbIdParam('virtual_employee_id').optional(),
  social_network: socialNetworkSchema.optional(),
  status: z.enum(SOCIAL_POST_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: queryInt().min(1).default(1),
  per_page: queryInt().min(1).max(200).default(100),
});
export type SocialPostsQuery = z.input<typeof socialPostsQuerySchema>;

export const previewPostQuerySchema = z.strictObject({
  virtual_employee_id: dbIdParam('virtual_employee_id'),
  social_network: socialNetworkSchema.default('linkedin'),
  topic: text().trim().max(200).optional(),
  tone: z.enum(SOCIAL_POST_TONES).optional(),
});
export const previewPostSchema = z.object({ topic: text(), content: text(), written_by: text() });
export type PreviewPost = z.infer<typeof previewPostSchema>;

export const regeneratePostBodySchema = z.strictObject({ topic: text().trim().min(2).max(200).optional() }).optional();

/** Editing a post, or deciding on it, from the manage automated post panel. */
export const updateSocialPostBodySchema = z.strictObject({
  content: text()
    .trim()
    .min(1, { error: 'The post needs some text' })
    .max(SOCIAL_POST_MAX_CHARS, { error: `LinkedIn takes at most ${SOCIAL_POST_MAX_CHARS} characters` })
    .optional(),
  scheduled_at: isoDate.optional(),
  image_url: z
    .union([z.literal(''), z.null(), text().trim().max(2000).url({ protocol: /^https?$/, error: 'The image must be an http(s) address' })])
    .optional(),
  /** approved: publish at its time; skipped: never; pending_approval: take an approval back. */
  status: z.enum(['approved', 'skipped', 'pending_approval']).optional(),
});
export type UpdateSocialPostBody = z.input<typeof updateSocialPostBodySchema>;

export const MANAGE_POSTS_ACTIONS = ['approve', 'skip'] as const;
export const managePostsBodySchema = z.strictObject({
  post_ids: z.array(dbId()).min(1, { error: 'Choose at least one post' }).max(100),
  action: z.enum(MANAGE_POSTS_ACTIONS, { error: 'action must be approve or skip' }),
});
export type ManagePostsBody = z.input<typeof managePostsBodySchema>;

export const connectUrlSchema = z.object({ authorization_url: text() });
export const connectUrlBodySchema = z.strictObject({ social_network: socialNetworkSchema.default('linkedin') }).optional();

/** Where the OAuth callback lands: /cabinet/brand-awareness?social_connect=…; these are its error codes. */
export const SOCIAL_CONNECT_ERRORS = ['state_mismatch', 'expired', 'access_denied', 'exchange_failed', 'missing_scope'] as const;
export type SocialConnectError = (typeof SOCIAL_CONNECT_ERRORS)[number];
export const SOCIAL_CONNECT_ERROR_TEXT: Record<SocialConnectError, string> = {
  state_mismatch: 'The LinkedIn connection was started in another browser or tab. Start again from here.',
  expired: 'The LinkedIn connection took too long. Start again.',
  access_denied: 'LinkedIn access was not granted.',
  exchange_failed: 'LinkedIn did not complete the sign-in. Try again in a moment.',
  missing_scope: 'LinkedIn did not grant permission to post. Connect again and allow posting.',
};
