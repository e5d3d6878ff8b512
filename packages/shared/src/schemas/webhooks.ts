import { z } from 'zod';
import { normaliseBlacklistEmail } from './blacklist';
import { canonicalLinkedInProfileUrl } from './linkedin';
import { pipelineStatusSchema, PIPELINE_REASON_MAX } from './pipeline';
import { dbId, int32, queryInt, text } from './primitives';
import { webhookUrlSchema } from './notifications';

/**
 * The product as the server of other tools (issue 27): API keys (Zapier's connection), REST hook subscriptions,
 * plain signed webhooks, the triggers they carry and the actions a key may take. The wire format (headers,
 * signature, payloads, retries) is in apps/api/src/modules/webhooks/README.md and docs/decisions.md.
 */

/** The triggers: what an account's hooks can listen to. */
export const WEBHOOK_EVENTS = [
  'reply.received',
  'reply.positive',
  'reply.status_changed',
  'meeting.booked',
  'pipeline.stage_changed',
  'prospect.created',
  'prospect.bounced_or_unsubscribed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'reply.received': 'New reply',
  'reply.positive': 'Positive reply (interested or asking for a meeting)',
  'reply.status_changed': 'Reply status changed',
  'meeting.booked': 'Meeting booked',
  'pipeline.stage_changed': 'Pipeline stage changed',
  'prospect.created': 'New prospect',
  'prospect.bounced_or_unsubscribed': 'Prospect bounced or unsubscribed',
};

/** What a delivery's test event is called (never a trigger a hook subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Header names of a delivery (and of the API key). */
export const WEBHOOK_HEADERS = {
  signature: 'X-Signature',
  event: 'X-Webhook-Event',
  hookId: 'X-Webhook-Id',
  idempotencyKey: 'Idempotency-Key',
  apiKey: 'X-API-Key',
} as const;

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: `Event must be one of ${WEBHOOK_EVENTS.join(', ')}` });

/** The newest deliveries kept per hook (older finished ones are deleted). */
export const WEBHOOK_DELIVERIES_KEPT = 50;
export const API_KEYS_MAX = 20;
export const WEBHOOKS_MAX = 25;
export const WEBHOOK_SECRET_MIN = 16;

// ---------------------------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------------------------

export const apiKeySchema = z.object({
  id: dbId(),
  name: text(),
  /** The key's first characters: enough to tell keys apart, never to use one. */
  prefix: text(),
  created_at: text(),
  last_used_at: text().nullable(),
  created_by: text().nullable(),
  /** The Zapier hooks subscribed with it (revoking the key removes them). */
  subscriptions: int32(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyBodySchema = z.strictObject({
  name: text({ error: 'Name must be text' })
    .trim()
    .max(80, { error: 'Name must be at most 80 characters' })
    .optional(),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** The answer to a created key: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ api_key: text() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// ---------------------------------------------------------------------------------------------
// Hooks and deliveries
// ---------------------------------------------------------------------------------------------

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'gone'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: dbId(),
  event: text(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: int32(),
  response_code: int32().nullable(),
  last_error: text().nullable(),
  next_attempt_at: text().nullable(),
  delivered_at: text().nullable(),
  created_at: text(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: dbId(),
  source: z.enum(['zapier', 'manual']),
  url: text(),
  events: z.array(text()),
  description: text().nullable(),
  created_at: text(),
  /** The newest deliveries (at most 5 in the list; GET webhooks/{id}/deliveries for the log). */
  recent_deliveries: z.array(webhookDeliverySchema),
});
export type Webhook = z.infer<typeof webhookSchema>;

const eventsField = z
  .array(webhookEventSchema, { error: 'Events must be a list' })
  .min(1, { error: 'Events must name at least one trigger' })
  .max(WEBHOOK_EVENTS.length)
  .transform((list) => [...new Set(list)]);

export const createWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema,
  events: eventsField,
  /** The signing secret; left out, one is generated (and shown once). */
  secret: text({ error: 'Secret must be text' })
    .trim()
    .min(WEBHOOK_SECRET_MIN, { error: `Secret must be at least ${WEBHOOK_SECRET_MIN} characters` })
    .max(200, { error: 'Secret must be at most 200 characters' })
    .optional(),
  description: text({ error: 'Description must be text' })
    .trim()
    .max(200, { error: 'Description must be at most 200 characters' })
    .optional(),
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** A created hook and its secret: the only time the secret is shown. */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: text() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliveriesQuerySchema = z.strictObject({
  limit: queryInt().min(1).max(WEBHOOK_DELIVERIES_KEPT).optional().default(20),
});

// ---------------------------------------------------------------------------------------------
// Zapier (API-key routes)
// ---------------------------------------------------------------------------------------------

export const zapierSubscribeBodySchema = z.object({
  target_url: webhookUrlSchema,
  event: webhookEventSchema,
});
export type ZapierSubscribeBody = z.input<typeof zapierSubscribeBodySchema>;

export const zapierMeSchema = z.object({
  account_id: dbId(),
  account_name: text(),
  user_email: text(),
  key_name: text(),
  key_prefix: text(),
});
export type ZapierMe = z.infer<typeof zapierMeSchema>;

export const zapierTriggerParamsSchema = z.strictObject({ event: webhookEventSchema });
export const zapierSamplesQuerySchema = z.strictObject({
  limit: queryInt().min(1).max(100).optional().default(25),
});

/** One event as a hook receives it and as a trigger's list shows it (`id` is stable: Zapier dedupes on it). */
export const webhookEventItemSchema = z.object({
  id: text(),
  event: text(),
  occurred_at: text(),
  data: z.record(text(), z.unknown()),
});
export type WebhookEventItem = z.infer<typeof webhookEventItemSchema>;

const optionalText = (name: string, max: number) =>
  text({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));

const actionEmail = text({ error: 'Email is required' })
  .trim()
  .transform((v, ctx) => {
    const email = normaliseBlacklistEmail(v);
    if (!email) {
      ctx.addIssue({ code: 'custom', message: 'Email must be a valid address' });
      return z.NEVER;
    }
    return email;
  });

export const createProspectActionSchema = z.strictObject({
  persona_id: dbId('Persona id'),
  email: actionEmail,
  first_name: optionalText('First name', 100),
  last_name: optionalText('Last name', 100),
  full_name: optionalText('Full name', 200),
  company: optionalText('Company', 200),
  title: optionalText('Title', 200),
  linkedin_url: text({ error: 'LinkedIn URL must be text' })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const url = canonicalLinkedInProfileUrl(v);
      if (!url) {
        ctx.addIssue({ code: 'custom', message: 'LinkedIn URL must be a linkedin.com/in/ profile address' });
        return z.NEVER;
      }
      return url;
    }),
});
export type CreateProspectAction = z.input<typeof createProspectActionSchema>;

export const blacklistActionSchema = z.strictObject({ email: actionEmail });

/** A prospect named by id or by email (one of the two). */
const prospectRef = {
  prospect_id: dbId('Prospect id').optional(),
  email: actionEmail.optional(),
};
const oneProspect = (v: { prospect_id?: number; email?: string }) => (v.prospect_id === undefined) !== (v.email === undefined);
const ONE_PROSPECT = { error: 'Give either a prospect id or an email', path: ['prospect_id'] };

export const stopSendingActionSchema = z.strictObject(prospectRef).refine(oneProspect, ONE_PROSPECT);

export const movePipelineCardActionSchema = z
  .strictObject({
    ...prospectRef,
    pipeline_status: pipelineStatusSchema,
    reason: text()
      .trim()
      .max(PIPELINE_REASON_MAX, { error: `Reason must be at most ${PIPELINE_REASON_MAX} characters` })
      .optional(),
  })
  .refine(oneProspect, ONE_PROSPECT);
