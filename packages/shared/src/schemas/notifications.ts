import { z } from 'zod';
import { text, int32, dbId, queryInt } from './primitives';

/**
 * Campaign notifications (spec §7: GET list, POST create, PUT update_by_provider, DELETE {id}) and
 * the in-app notifications they produce. Events are activity verbs of the account's activity log.
 */

export const NOTIFICATION_PROVIDERS = ['email', 'in_app', 'webhook'] as const;
export type NotificationProvider = (typeof NOTIFICATION_PROVIDERS)[number];

export const NOTIFICATION_PROVIDER_LABELS: Record<NotificationProvider, string> = {
  in_app: 'In the app',
  email: 'Email',
  webhook: 'Webhook (Slack-compatible)',
};

/** The activity verbs a rule can listen to: the ones worth interrupting someone for. */
export const NOTIFICATION_EVENTS = ['reply_received', 'reply_interested', 'meeting_requested', 'meeting_booked', 'deal_won', 'prospect_added', 'import_finished', 'plan_changed', 'mailbox_paused', 'mailbox_resumed', 'mailbox_failing', 'bounce_rate_high', 'campaign_finished', 'social_post_failed', 'social_profile_expired', 'integration_needs_reconnect', 'website_visited'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  reply_received: 'A prospect replied',
  reply_interested: 'A prospect replied with interest',
  meeting_requested: 'A prospect asked for a meeting',
  meeting_booked: 'A meeting was booked',
  deal_won: 'A deal was won',
  prospect_added: 'A prospect was added',
  import_finished: 'An import finished',
  plan_changed: 'Your plan changed',
  mailbox_paused: 'A mailbox was paused',
  mailbox_failing: 'A mailbox stopped sending',
  bounce_rate_high: 'A campaign’s bounce or complaint rate is too high',
  mailbox_resumed: 'A paused mailbox resumed by itself',
  campaign_finished: 'A campaign finished',
  social_post_failed: 'A LinkedIn post could not be published',
  social_profile_expired: 'A virtual employee’s LinkedIn connection expired',
  integration_needs_reconnect: 'An integration needs to be reconnected',
  website_visited: 'A prospect or their company visited your website',
};

/**
 * Events a new account's in-app rule leaves off: an interested reply or a meeting request is also a
 * reply_received, so they would notify twice; a user adds them to a rule of their own (e.g. "email me
 * only the interested ones").
 */
export const OPT_IN_NOTIFICATION_EVENTS: readonly NotificationEvent[] = ['reply_interested', 'meeting_requested'];

/** Defaults for a new account: everything in the app (but the opt-in ones); replies, meetings, a mailbox that stopped sending, a campaign paused for its bounces and a LinkedIn connection that expired (its posts stop) by email to its users. */
export const DEFAULT_NOTIFICATION_RULES: ReadonlyArray<{ provider: NotificationProvider; events: NotificationEvent[]; target: null }> = [
  { provider: 'in_app', events: NOTIFICATION_EVENTS.filter((e) => !OPT_IN_NOTIFICATION_EVENTS.includes(e)), target: null },
  { provider: 'email', events: ['reply_received', 'meeting_booked', 'mailbox_failing', 'bounce_rate_high', 'social_profile_expired', 'integration_needs_reconnect'], target: null },
];

export const campaignNotificationSchema = z.object({
  id: dbId(),
  provider: z.enum(NOTIFICATION_PROVIDERS),
  events: z.array(text()),
  /** email: the address (null: the account's users); webhook: the URL; in_app: null. */
  target: text().nullable(),
  enabled: z.boolean(),
  /** 'ok', or the last delivery's error as shown to the user. */
  last_status: text().nullable(),
  last_sent_at: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type CampaignNotification = z.infer<typeof campaignNotificationSchema>;

const eventsField = z
  .array(z.enum(NOTIFICATION_EVENTS, { error: `Events must be among: ${NOTIFICATION_EVENTS.join(', ')}` }))
  .max(NOTIFICATION_EVENTS.length)
  .transform((list) => [...new Set(list)]);

/** An http(s) address without credentials, as a webhook target. */
export const webhookUrlSchema = text({ error: 'Webhook URL is required' })
  .trim()
  .max(2000, { error: 'Webhook URL must be at most 2000 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: 'Webhook URL must be an http or https address (no user name or password in it)' },
  );

/** An email target: a valid address of at most 254 characters (RFC 5321), stored lowercased. */
export const emailTargetSchema = z
  .email({ error: 'Email must be a valid address' })
  .max(254, { error: 'Email must be at most 254 characters' })
  .transform((s) => s.toLowerCase());

type TargetCheck = { provider: NotificationProvider; target?: string | null | undefined };

/** The target a provider needs: webhook a URL, email an address or none (the account's users), in_app none. */
function checkTarget(value: TargetCheck, ctx: z.RefinementCtx, required: boolean) {
  const { provider, target } = value;
  if (target === undefined && !required) return;
  if (provider === 'in_app') {
    if (target !== null && target !== undefined) ctx.addIssue({ code: 'custom', path: ['target'], message: 'In-app notifications have no target' });
    return;
  }
  if (provider === 'webhook') {
    const r = webhookUrlSchema.safeParse(target ?? undefined);
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['target'], message: r.error.issues[0]?.message ?? 'Webhook URL is invalid' });
    return;
  }
  if (target !== null && target !== undefined && target !== '') {
    const r = emailTargetSchema.safeParse(target);
    if (!r.success) ctx.addIssue({ code: 'custom', path: ['target'], message: r.error.issues[0]?.message ?? 'Email is invalid' });
  }
}

/** Normalises a checked target (trimmed URL, lowercased email, '' → null). */
function normaliseTarget(provider: NotificationProvider, target: string | null | undefined): string | null | undefined {
  if (target === undefined) return undefined;
  if (target === null || provider === 'in_app') return null;
  const t = target.trim();
  if (t === '') return null;
  return provider === 'email' ? t.toLowerCase() : t;
}

export const createCampaignNotificationBodySchema = z
  .strictObject({
    provider: z.enum(NOTIFICATION_PROVIDERS, { error: 'Provider must be email, in_app or webhook' }),
    events: eventsField.refine((l) => l.length > 0, { error: 'Choose at least one event' }),
    target: text().max(2000).nullable().optional(),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => checkTarget(v, ctx, true))
  .transform((v) => ({ ...v, target: normaliseTarget(v.provider, v.target) ?? null }));
export type CreateCampaignNotificationBody = z.input<typeof createCampaignNotificationBodySchema>;

/** PUT update_by_provider: changes every rule of the account with that provider (see docs/decisions.md). */
export const updateByProviderBodySchema = z
  .strictObject({
    provider: z.enum(NOTIFICATION_PROVIDERS, { error: 'Provider must be email, in_app or webhook' }),
    events: eventsField.optional(),
    target: text().max(2000).nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((v, ctx) => checkTarget(v, ctx, false))
  .transform((v) => ({ ...v, target: normaliseTarget(v.provider, v.target) }));
export type UpdateByProviderBody = z.input<typeof updateByProviderBodySchema>;

/** PUT campaign_notifications/{id}: one rule's events, enabled flag or target. */
export const updateCampaignNotificationBodySchema = z.strictObject({
  events: eventsField.optional(),
  target: text().max(2000).nullable().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateCampaignNotificationBody = z.input<typeof updateCampaignNotificationBodySchema>;

export const testSendResultSchema = z.object({ ok: z.literal(true), message: text(), rule: campaignNotificationSchema });
export type TestSendResult = z.infer<typeof testSendResultSchema>;

export const notificationSchema = z.object({
  id: dbId(),
  event: text(),
  title: text(),
  body: text(),
  url: text().nullable(),
  read_at: text().nullable(),
  created_at: text(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PER_PAGE = 20;

export const notificationListQuerySchema = z.strictObject({
  unread: z.enum(['0', '1', 'true', 'false']).optional().transform((v) => v === '1' || v === 'true'),
  page: queryInt().min(1).max(100_000).default(1),
  per_page: queryInt().min(1).max(100).default(NOTIFICATIONS_PER_PAGE),
  /** Only notifications newer than this id (the web app's poller). */
  after_id: queryInt().min(0).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({ page: int32(), per_page: int32(), total: int32(), unread: int32() }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** How often the web app asks for new in-app notifications (in constants.ts, so clients import it without the schemas). */
