import { z } from 'zod';
import type { FeatureFlag } from '../brands';
import { calendlyAccessTokenSchema } from './integrations-calendly';
import { dbId, dbIdParam, int32, queryInt, text } from './primitives';

/**
 * Integrations (spec §7 Integrations, issue 27): the account's connections to a CRM, a calendar or Zapier, their
 * write ledger, quota and settings. The API's module is apps/api/src/modules/integrations (README there: how a
 * provider plugs in); the page is /cabinet/integrations.
 */

export const INTEGRATION_PROVIDERS = ['hubspot', 'salesforce', 'calendly', 'zapier'] as const;
export type IntegrationProviderId = (typeof INTEGRATION_PROVIDERS)[number];

export const INTEGRATION_PROVIDER_LABELS: Record<IntegrationProviderId, string> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
  calendly: 'Calendly',
  zapier: 'Zapier',
};

/**
 * The brand flag each provider needs besides `integrations` (spec §6): the server refuses, the router and the page
 * hide what the brand switches off.
 */
export const INTEGRATION_PROVIDER_FLAGS: Record<IntegrationProviderId, FeatureFlag> = {
  hubspot: 'crm_import_hubspot',
  salesforce: 'crm_import_salesforce',
  calendly: 'calendar_sections',
  zapier: 'zapier',
};

/**
 * connected: working; needs_reconnect: the vendor refused our refresh token (access withdrawn): the user connects
 * again; error: the vendor answered an error the user should read (status_message holds the vendor's words).
 */
export const INTEGRATION_STATUSES = ['connected', 'needs_reconnect', 'error'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const INTEGRATION_STATUS_LABELS: Record<IntegrationStatus, string> = {
  connected: 'Connected',
  needs_reconnect: 'Needs reconnect',
  error: 'Error',
};

/** Which replies are pushed to the CRM without a click: none, the positive ones (interested, meeting), or every reply. */
export const AUTO_PUSH_MODES = ['off', 'positive', 'all'] as const;
export type AutoPushMode = (typeof AUTO_PUSH_MODES)[number];

/**
 * The user's settings of one integration (all optional; absent: the default). daily_cap: at most this many vendor
 * requests a day (null: the vendor's own limit only); log_conversation: also write the conversation on the CRM record
 * (HubSpot notes, Salesforce Tasks); auto_push: push replying prospects without a click; salesforce_object: push as
 * Lead or Contact (read by the Salesforce provider); suppression_list_id: the Salesforce list view whose members are
 * kept on the blacklist (customers; salesforce_lists marks it, the page imports it).
 */
export const integrationSettingsSchema = z.strictObject({
  daily_cap: int32().min(1, { error: 'Daily cap must be at least 1' }).max(1_000_000, { error: 'Daily cap must be at most 1000000' }).nullable().optional(),
  log_conversation: z.boolean().optional(),
  auto_push: z.enum(AUTO_PUSH_MODES).optional(),
  salesforce_object: z.enum(['Lead', 'Contact']).optional(),
  suppression_list_id: text().trim().max(100).nullable().optional(),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

export const integrationUsageSchema = z.object({
  /** Vendor requests the product made today (UTC). */
  today: int32(),
  /** The user's daily cap (settings.daily_cap), or null. */
  cap: int32().nullable(),
  /** The vendor's own daily allowance when it tells us (Salesforce), or null. */
  allowance: int32().nullable(),
  /** Writes and reads are paused until then (the vendor answered 429 with Retry-After), or null. */
  paused_until: text().nullable(),
});
export type IntegrationUsage = z.infer<typeof integrationUsageSchema>;

export const integrationSchema = z.object({
  id: dbId(),
  provider: z.enum(INTEGRATION_PROVIDERS),
  status: z.enum(INTEGRATION_STATUSES),
  /** The vendor's own message for needs_reconnect and error. */
  status_message: text().nullable(),
  /** The vendor's account: HubSpot portal id, Salesforce org id, Calendly user URI. */
  vendor_account_id: text().nullable(),
  vendor_account_name: text().nullable(),
  /** Salesforce: the org's API host. */
  instance_url: text().nullable(),
  settings: integrationSettingsSchema,
  last_sync_at: text().nullable(),
  usage: integrationUsageSchema,
  created_at: text(),
  updated_at: text(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const integrationProviderInfoSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDERS),
  label: text(),
  /** The server has this vendor's client id (HUBSPOT_CLIENT_ID, …): else it is shown as not configured, not as broken. */
  configured: z.boolean(),
  /** How the user connects: a vendor's consent page, a pasted token, or a key the product issues. */
  connect: z.array(z.enum(['oauth', 'token', 'api_key'])),
});
export type IntegrationProviderInfo = z.infer<typeof integrationProviderInfoSchema>;

export const integrationListSchema = z.object({
  data: z.array(integrationSchema),
  /** The providers of the request's brand, configured or not. */
  meta: z.object({ providers: z.array(integrationProviderInfoSchema) }),
});
export type IntegrationList = z.infer<typeof integrationListSchema>;

/**
 * POST integrations: one member per way of connecting, told apart by `provider` (a discriminated union the other
 * providers' bodies join: Calendly with a personal access token, Zapier's API key).
 */
export const createIntegrationBodySchema = z.discriminatedUnion(
  'provider',
  [
    z.strictObject({ provider: z.literal('hubspot') }),
    z.strictObject({ provider: z.literal('salesforce'), sandbox: z.boolean().optional() }),
    // Without access_token: Calendly's consent page (OAuth); with one: a personal access token, checked at Calendly.
    z.strictObject({ provider: z.literal('calendly'), access_token: calendlyAccessTokenSchema.optional() }),
    // Zapier: the answer is a new API key (shown once) and the connection's id (modules/integrations/zapier).
    z.strictObject({ provider: z.literal('zapier'), name: text({ error: 'Name must be text' }).trim().max(80, { error: 'Name must be at most 80 characters' }).optional() }),
  ],
  { error: `Provider must be one of: ${INTEGRATION_PROVIDERS.join(', ')}` },
);
export type CreateIntegrationBody = z.infer<typeof createIntegrationBodySchema>;

export const authorizeUrlAnswerSchema = z.object({ data: z.object({ authorize_url: text() }) });
/** POST integrations {provider: 'zapier'}: the connection's id and a new API key, shown this once. */
export const apiKeyAnswerSchema = z.object({ data: z.object({ id: dbId(), api_key: text() }) });

export const updateIntegrationBodySchema = z.strictObject({ settings: integrationSettingsSchema });

/** Where the OAuth callback lands: /cabinet/integrations?integration=<provider>&integration_status=connected|<error code>. */
export const INTEGRATION_OAUTH_ERRORS = ['state_mismatch', 'expired', 'access_denied', 'exchange_failed', 'not_configured'] as const;
export type IntegrationOAuthError = (typeof INTEGRATION_OAUTH_ERRORS)[number];
export const INTEGRATION_OAUTH_ERROR_TEXTS: Record<IntegrationOAuthError, string> = {
  state_mismatch: 'The connection was started in another browser or tab. Start again from this page.',
  expired: 'The connection took too long. Start again.',
  access_denied: 'The connection was cancelled at the vendor.',
  exchange_failed: 'The vendor did not accept the connection. Try again.',
  not_configured: 'This integration is not configured on this server.',
};

/**
 * The write ledger: every write to a vendor, with its idempotency key (one write per key, ever), the vendor's record
 * id, what was sent (summary), the vendor's answer (status), attempts and the last error.
 * pending: waiting for its job (or for the vendor's Retry-After); running; succeeded; failed (replayable).
 */
export const INTEGRATION_WRITE_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type IntegrationWriteStatus = (typeof INTEGRATION_WRITE_STATUSES)[number];

export const integrationWriteSchema = z.object({
  id: dbId(),
  integration_id: dbId().nullable(),
  provider: z.enum(INTEGRATION_PROVIDERS),
  operation: text(),
  idempotency_key: text(),
  prospect_id: dbId().nullable(),
  /** The vendor's record this write created or changed (HubSpot contact id, Salesforce Lead id…). */
  record_id: text().nullable(),
  /** What was (or will be) sent, for people: "Contact ada@acme.test: email, firstname, company". */
  summary: text(),
  status: z.enum(INTEGRATION_WRITE_STATUSES),
  /** The vendor's HTTP status of the last attempt. */
  response_status: int32().nullable(),
  attempts: int32(),
  error: text().nullable(),
  /** A failed write can be run again from the page. */
  replayable: z.boolean(),
  next_attempt_at: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type IntegrationWrite = z.infer<typeof integrationWriteSchema>;

export const integrationWriteListSchema = z.object({ data: z.array(integrationWriteSchema) });

export const integrationSyncParamsSchema = z.strictObject({ id: dbIdParam('id'), syncId: dbIdParam('syncId') });
export const integrationWriteParamsSchema = z.strictObject({ id: dbIdParam('id'), writeId: dbIdParam('writeId') });

/** A push answered at once: the ledger entry the durable job will run (or the one that already did). */
export const pushAnswerSchema = z.object({
  data: integrationWriteSchema,
  /** false: the same write was asked for before (same prospect, same data): nothing new is written. */
  created: z.boolean(),
});
export type PushAnswer = z.infer<typeof pushAnswerSchema>;

/**
 * A bulk read previewed before it applies (e.g. HubSpot contacts to the blacklist): previewing (the vendor is being
 * read), previewed (preview holds what applying would do), applying, applied (result), failed (error).
 */
export const INTEGRATION_SYNC_STATUSES = ['previewing', 'previewed', 'applying', 'applied', 'failed'] as const;

export const syncPreviewSchema = z.looseObject({
  /** Records read so far. */
  read: int32(),
  /** Would be added here. */
  create: int32(),
  /** Already here (e.g. on the blacklist): nothing to do. */
  existing: int32(),
  /** Skipped, and why (no email, invalid address…). */
  skipped: int32(),
  /** The first few of what would be added. */
  sample: z.array(text()),
  /** Stopped at the read cap (the rest is not read). */
  truncated: z.boolean(),
});
export type SyncPreview = z.infer<typeof syncPreviewSchema>;

export const integrationSyncSchema = z.object({
  id: dbId(),
  integration_id: dbId(),
  kind: text(),
  status: z.enum(INTEGRATION_SYNC_STATUSES),
  params: z.record(text(), z.unknown()),
  preview: syncPreviewSchema.nullable(),
  result: z.record(text(), z.unknown()).nullable(),
  error: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type IntegrationSync = z.infer<typeof integrationSyncSchema>;

/** GET integrations/hubspot_lists: one page of the portal's contact lists (HubSpot's offset paging). */
export const hubspotListsQuerySchema = z.strictObject({
  query: text().trim().max(200).optional(),
  offset: queryInt().min(0).max(100_000).default(0),
  count: queryInt().min(1).max(100).default(50),
});
export const hubspotListItemSchema = z.object({ id: text(), name: text(), size: int32().nullable(), processing_type: text() });
export type HubSpotListItem = z.infer<typeof hubspotListItemSchema>;
export const hubspotListsAnswerSchema = z.object({
  data: z.array(hubspotListItemSchema),
  meta: z.object({ offset: int32(), has_more: z.boolean(), total: int32() }),
});

/** GET hubspot_contacts: one page of the portal's contacts, or of a list's members (HubSpot's cursor: meta.next_after). */
export const hubspotContactsQuerySchema = z.strictObject({
  list_id: text().trim().regex(/^\d{1,20}$/, { error: 'List id must be a HubSpot list id (digits)' }).optional(),
  after: text().trim().max(200).optional(),
  limit: queryInt().min(1).max(100).default(50),
});
export const hubspotContactItemSchema = z.object({
  id: text(),
  email: text().nullable(),
  firstname: text().nullable(),
  lastname: text().nullable(),
  company: text().nullable(),
  jobtitle: text().nullable(),
});
export type HubSpotContactItem = z.infer<typeof hubspotContactItemSchema>;
export const hubspotContactsAnswerSchema = z.object({ data: z.array(hubspotContactItemSchema), meta: z.object({ next_after: text().nullable() }) });

/**
 * POST import_all_hubspot_contacts_to_blacklist: `{ list_id? }` starts a preview of every contact (or the list's
 * members) going to the blacklist; `{ sync_id, confirm: true }` applies that preview once the user has seen it.
 */
export const hubspotBlacklistImportBodySchema = z.union([
  z.strictObject({ sync_id: dbId('Import id'), confirm: z.literal(true, { error: 'confirm must be true' }) }),
  z.strictObject({
    list_id: text().trim().regex(/^\d{1,20}$/, { error: 'List id must be a HubSpot list id (digits)' }).nullable().optional(),
    list_name: text().trim().max(300).nullable().optional(),
  }),
]);
export const integrationSyncAnswerSchema = z.object({ data: integrationSyncSchema });

/** GET integrations/{id}/push_preview?auto_push=: what turning automatic pushes on would have done with the last days' replies. */
export const pushPreviewQuerySchema = z.strictObject({ auto_push: z.enum(['positive', 'all'], { error: 'auto_push must be positive or all' }) });
export const autoPushPreviewSchema = z.object({
  window_days: int32(),
  replies: int32(),
  /** Created at HubSpot (or, if HubSpot knows the address, an update of that contact). */
  create: int32(),
  /** The prospect's HubSpot record is known: updated. */
  update: int32(),
  /** Written before with the same data, or without an address. */
  skipped: int32(),
  sample: z.array(z.object({ email: text(), action: z.enum(['create', 'update', 'skip']) })),
});
export type AutoPushPreview = z.infer<typeof autoPushPreviewSchema>;
