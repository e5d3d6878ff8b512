import { z } from 'zod';
import { dbId, int32, text } from './primitives';

/**
 * Mailboxes the agent sends from (spec §7: GET/POST user_emails, PUT user_emails/{id}, GET user_credentials)
 * and their sending domains (GET domains). Passwords go in, never come out: user_credentials says which
 * secrets exist and their state.
 */

export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];
export const MAIL_SECURITY_LABELS: Record<MailSecurity, string> = {
  tls: 'TLS (SSL) from the start',
  starttls: 'STARTTLS',
  none: 'None (not encrypted)',
};

export const MAIL_AUTH_METHODS = ['password', 'xoauth2'] as const;
export type MailAuthMethod = (typeof MAIL_AUTH_METHODS)[number];
/** Providers a mailbox can be connected to by OAuth (XOAUTH2), when the server has their client id. */
export const MAIL_OAUTH_PROVIDERS = ['google', 'microsoft'] as const;
export type MailOAuthProvider = (typeof MAIL_OAUTH_PROVIDERS)[number];
export const MAIL_OAUTH_PROVIDER_LABELS: Record<MailOAuthProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

/** GET user_emails/oauth_providers: the providers this server is configured for (none: no button shows). */
export const mailOAuthProviderSchema = z.object({ provider: z.enum(MAIL_OAUTH_PROVIDERS), label: text() });
export type MailOAuthProviderInfo = z.infer<typeof mailOAuthProviderSchema>;

/** POST user_emails/oauth/{provider}: where to send the browser (the provider's consent page). */
export const mailOAuthStartSchema = z.object({ authorization_url: text() });

/**
 * How the OAuth callback lands back on /cabinet/mailboxes: ?mailbox_oauth=connected|failing&user_email_id=N,
 * or ?mailbox_oauth_error=<code> with one of these codes.
 */
export const MAIL_OAUTH_ERRORS = {
  expired: 'The connection attempt took too long. Start again.',
  state_mismatch: 'The connection attempt was started in another browser. Start again here.',
  access_denied: 'Access was not granted, so the mailbox was not connected.',
  exchange_failed: 'The provider did not confirm the access. Start again.',
  no_email: 'The provider did not say which mailbox this is.',
  no_refresh_token: 'The provider gave no lasting access (no refresh token). Remove this app under your account’s third-party access, then connect again.',
} as const;
export type MailOAuthError = keyof typeof MAIL_OAUTH_ERRORS;

export const MAILBOX_STATUSES = ['active', 'paused', 'failing'] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

/** Below this gap between two sends the UI warns: a human does not send faster. */
export const MIN_GAP_WARNING_SECONDS = 60;
export const MAILBOX_DAILY_LIMIT_MAX = 500;
export const MAILBOX_HOURLY_LIMIT_MAX = 500;
export const MIN_GAP_SECONDS_MAX = 86_400;

/** The live connection test, in the order it runs. */
export const CONNECTION_STEPS = ['smtp_connect', 'smtp_tls', 'smtp_auth', 'imap_connect', 'imap_tls', 'imap_login', 'imap_folders', 'imap_sent_folder'] as const;
export type ConnectionStepName = (typeof CONNECTION_STEPS)[number];
export const CONNECTION_STEP_LABELS: Record<ConnectionStepName, string> = {
  smtp_connect: 'SMTP: connect',
  smtp_tls: 'SMTP: encryption (TLS)',
  smtp_auth: 'SMTP: sign in (AUTH)',
  imap_connect: 'IMAP: connect',
  imap_tls: 'IMAP: encryption (TLS)',
  imap_login: 'IMAP: sign in (LOGIN)',
  imap_folders: 'IMAP: list folders',
  imap_sent_folder: 'IMAP: Sent folder found',
};

export const connectionStepSchema = z.object({
  step: z.enum(CONNECTION_STEPS),
  label: text(),
  /** skipped: an earlier step failed, or the step does not apply (no encryption chosen). */
  status: z.enum(['passed', 'failed', 'skipped']),
  message: text(),
  /** What the server said, when it said something (e.g. "535 5.7.8 Authentication failed"). */
  server_reply: text().nullable(),
});
export type ConnectionStep = z.infer<typeof connectionStepSchema>;

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  /** The first failed step, or null. */
  failed_step: z.enum(CONNECTION_STEPS).nullable(),
  steps: z.array(connectionStepSchema),
  tested_at: text(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

/** A host name or an IP address, as a user types it into a mail client. */
const host = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .toLowerCase()
    .min(1, { error: `${label} is required` })
    .max(253, { error: `${label} must be at most 253 characters` })
    .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?|[0-9a-f:]+)$/, { error: `${label} must be a host name like smtp.example.com` })
    .transform((s) => s.replace(/^\[|\]$/g, '').replace(/\.$/, ''));
const port = (label: string) => int32({ error: `${label} must be a number` }).min(1, { error: `${label} must be between 1 and 65535` }).max(65535, { error: `${label} must be between 1 and 65535` });
const security = (label: string) => z.enum(MAIL_SECURITY, { error: `${label} must be one of: tls, starttls, none` });
const username = (label: string) => text({ error: `${label} is required` }).trim().min(1, { error: `${label} is required` }).max(254, { error: `${label} must be at most 254 characters` });
/** Not trimmed: a password may start or end with a space. */
const password = (label: string) => text({ error: `${label} is required` }).min(1, { error: `${label} is required` }).max(1000, { error: `${label} must be at most 1000 characters` });
const limit = (label: string, max: number, min = 1) =>
  int32({ error: `${label} must be a number` }).min(min, { error: `${label} must be at least ${min}` }).max(max, { error: `${label} must be at most ${max}` });

export const mailboxEmail = z
  .email({ error: 'Email is not a valid address' })
  .max(254, { error: 'Email must be at most 254 characters' })
  .transform((s) => s.trim().toLowerCase());

const dkimSelector = text()
  .trim()
  .toLowerCase()
  .max(63, { error: 'DKIM selector must be at most 63 characters' })
  .regex(/^([a-z0-9]([a-z0-9_-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9_-]*[a-z0-9])?)*)?$/, { error: 'DKIM selector must be letters, digits, dots, dashes or underscores (e.g. google or selector1)' });

const connectionFields = {
  smtp_host: host('SMTP host'),
  smtp_port: port('SMTP port'),
  smtp_security: security('SMTP security'),
  smtp_username: username('SMTP username'),
  smtp_password: password('SMTP password'),
  imap_host: host('IMAP host'),
  imap_port: port('IMAP port'),
  imap_security: security('IMAP security'),
  imap_username: username('IMAP username'),
  imap_password: password('IMAP password'),
};

const sendingFields = {
  sender_name: text({ error: 'Sender name is required' }).trim().min(1, { error: 'Sender name is required' }).max(100, { error: 'Sender name must be at most 100 characters' }),
  daily_limit: limit('Daily limit', MAILBOX_DAILY_LIMIT_MAX),
  hourly_limit: limit('Hourly limit', MAILBOX_HOURLY_LIMIT_MAX),
  /** May be 0 (the UI warns under MIN_GAP_WARNING_SECONDS); random jitter is added when sending. */
  min_gap_seconds: limit('Minimum gap', MIN_GAP_SECONDS_MAX, 0),
};

/** The warm-up ramp: start per day, increase per day, ceiling (never above the daily limit). */
const warmupFields = {
  warmup_enabled: z.boolean({ error: 'Warm-up must be true or false' }),
  warmup_start: limit('Warm-up start', MAILBOX_DAILY_LIMIT_MAX),
  warmup_increase: limit('Warm-up daily increase', MAILBOX_DAILY_LIMIT_MAX, 0),
  warmup_ceiling: limit('Warm-up ceiling', MAILBOX_DAILY_LIMIT_MAX),
  dkim_selector: dkimSelector.nullable(),
  /** A pause of the deliverability rule ends by itself after its cool-down, at a reduced volume (default on). */
  auto_resume: z.boolean({ error: 'Resume automatically must be true or false' }),
};

export const createUserEmailBodySchema = z.strictObject({
  email: mailboxEmail,
  ...sendingFields,
  ...connectionFields,
  ...Object.fromEntries(Object.entries(warmupFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof warmupFields]: z.ZodOptional<(typeof warmupFields)[K]> },
});
export type CreateUserEmailBody = z.input<typeof createUserEmailBodySchema>;

/**
 * PUT user_emails/{id}: any subset. The passwords may be left out to keep the stored ones. Changing a
 * connection field re-runs the live test before anything is saved.
 */
export const updateUserEmailBodySchema = z.strictObject({
  ...Object.fromEntries(Object.entries({ ...sendingFields, ...connectionFields, ...warmupFields }).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof (typeof sendingFields & typeof connectionFields & typeof warmupFields)]: z.ZodOptional<(typeof sendingFields & typeof connectionFields & typeof warmupFields)[K]>;
  },
});
export type UpdateUserEmailBody = z.input<typeof updateUserEmailBodySchema>;

/** The reason a mailbox the user paused shows (POST user_emails/{id}/pause): such a pause never ends by itself. */
export const PAUSED_BY_USER_REASON = 'Paused by you';

export const CONNECTION_FIELDS = Object.keys(connectionFields) as Array<keyof typeof connectionFields>;

export const userEmailSchema = z.object({
  id: dbId(),
  email: text(),
  domain: text(),
  sender_name: text(),
  smtp_host: text(),
  smtp_port: int32(),
  smtp_security: z.enum(MAIL_SECURITY),
  smtp_username: text(),
  imap_host: text(),
  imap_port: int32(),
  imap_security: z.enum(MAIL_SECURITY),
  imap_username: text(),
  /** password: the stored passwords; xoauth2: an OAuth access token of oauth_provider (reconnect to renew). */
  auth_method: z.enum(MAIL_AUTH_METHODS),
  oauth_provider: z.enum(MAIL_OAUTH_PROVIDERS).nullable(),
  /** The Sent folder the connection test found (replies and the at-most-once check read it). */
  sent_folder: text().nullable(),
  daily_limit: int32(),
  hourly_limit: int32(),
  min_gap_seconds: int32(),
  warmup_enabled: z.boolean(),
  warmup_start: int32(),
  warmup_increase: int32(),
  warmup_ceiling: int32(),
  warmup_started_on: text().nullable(),
  /** Today's limit after the warm-up ramp (the daily limit when warm-up is off). */
  limit_today: int32(),
  dkim_selector: text().nullable(),
  status: z.enum(MAILBOX_STATUSES),
  status_reason: text().nullable(),
  /** The user's "resume automatically" for pauses of the deliverability rule. */
  auto_resume: z.boolean(),
  /** When this pause ends by itself, at a reduced volume (null: it is not paused, or it waits for a human). */
  auto_resume_at: text().nullable(),
  /** It resumed by itself and sends a reduced share of its limit (limit_today) until this day (YYYY-MM-DD); null: full volume. */
  reduced_until: text().nullable(),
  /** true when the mailbox's domain fails an SPF, DKIM, DMARC or MX check (GET domains says which). */
  domain_failing: z.boolean().nullable(),
  last_test: connectionTestSchema.nullable(),
  created_at: text(),
  updated_at: text(),
});
export type UserEmail = z.infer<typeof userEmailSchema>;

const capacityFigures = { limit: int32(), sent: int32(), scheduled: int32(), left: int32() };

/** Today's sending capacity (GET user_emails/capacity): per mailbox and in total, in the schedule's time zone. */
export const sendingCapacitySchema = z.object({
  /** The local day (YYYY-MM-DD) in time_zone. */
  day: text(),
  time_zone: text(),
  /** Limited by the account's daily email limit too. */
  total: z.object(capacityFigures),
  /** The account's daily email limit: the settings' or the plan's, whichever is smaller, and what a hold by it says. */
  account_limit: z.object({ limit: int32(), source: z.enum(['settings', 'plan']), plan: text(), message: text() }),
  mailboxes: z.array(
    z.object({
      user_email_id: dbId(),
      email: text(),
      ...capacityFigures,
      /** What keeps this mailbox from sending now ("outside working hours until 09:00 Europe/Berlin"), or null. */
      held: z.object({ rule: text(), message: text(), until: text().nullable() }).nullable(),
    }),
  ),
});
export type SendingCapacity = z.infer<typeof sendingCapacitySchema>;

export const CREDENTIAL_KINDS = ['smtp_password', 'imap_password', 'oauth_access_token', 'oauth_refresh_token'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];
export const CREDENTIAL_STATES = ['valid', 'invalid', 'untested'] as const;

/** A secret's existence and state; never the secret. */
export const userCredentialSchema = z.object({
  id: dbId(),
  user_email_id: dbId(),
  email: text(),
  kind: z.enum(CREDENTIAL_KINDS),
  state: z.enum(CREDENTIAL_STATES),
  /** Why it is invalid (the server's reply), or null. */
  error: text().nullable(),
  verified_at: text().nullable(),
  /** When an OAuth access token expires (it is renewed with the refresh token); null for the others. */
  expires_at: text().nullable(),
  updated_at: text(),
});
export type UserCredential = z.infer<typeof userCredentialSchema>;

export const DNS_CHECKS = ['mx', 'spf', 'dkim', 'dmarc'] as const;
export type DnsCheckName = (typeof DNS_CHECKS)[number];

export const dnsCheckSchema = z.object({
  check: z.enum(DNS_CHECKS),
  status: z.enum(['pass', 'fail']),
  /** The record found (or the selector that matched, for DKIM), or null. */
  record: text().nullable(),
  /** Plain advice: what it means and what to do. */
  advice: text(),
});
export type DnsCheck = z.infer<typeof dnsCheckSchema>;

export const sendingDomainSchema = z.object({
  domain: text(),
  status: z.enum(['pass', 'fail']),
  user_email_ids: z.array(dbId()),
  checks: z.array(dnsCheckSchema),
  checked_at: text(),
});
export type SendingDomain = z.infer<typeof sendingDomainSchema>;

/** Providers whose settings the add dialog fills in (app passwords; OAuth is a later step). */
export const MAILBOX_PRESETS = {
  google: {
    label: 'Google Workspace / Gmail',
    smtp_host: 'smtp.gmail.com',
    smtp_port: 465,
    smtp_security: 'tls',
    imap_host: 'imap.gmail.com',
    imap_port: 993,
    imap_security: 'tls',
    dkim_selector: 'google',
    help: 'Turn on 2-Step Verification, then create an app password at myaccount.google.com/apppasswords and paste it as both passwords.',
  },
  microsoft: {
    label: 'Microsoft 365 / Outlook',
    smtp_host: 'smtp.office365.com',
    smtp_port: 587,
    smtp_security: 'starttls',
    imap_host: 'outlook.office365.com',
    imap_port: 993,
    imap_security: 'tls',
    dkim_selector: 'selector1',
    help: 'Your admin must allow SMTP AUTH for this mailbox; with multi-factor sign-in, create an app password under Security info and paste it as both passwords.',
  },
} as const satisfies Record<string, { label: string; smtp_host: string; smtp_port: number; smtp_security: MailSecurity; imap_host: string; imap_port: number; imap_security: MailSecurity; dkim_selector: string; help: string }>;
export type MailboxPreset = keyof typeof MAILBOX_PRESETS;
