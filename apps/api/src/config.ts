import { extensionDist, repoRoot } from './lib/paths';
import path from 'node:path';
import { BRANDS, parseBrandDomains } from '@shared/brands';
import { EXTENSION_ID } from '@shared/extension/ids';
import type { MailOAuthProvider } from '@shared/schemas/user-emails';
import { DEFAULT_SCRYPT_N } from './lib/crypto';
import { parseAllowHosts } from './lib/guarded-fetch';
import { configuredSecret } from './lib/server-secret';

export type SmtpConfig = { url: string; from: string | null };
export type GoogleConfig = { clientId: string; clientSecret: string; issuer: string };
/** A mail server a provider's mailboxes use (overridable for tests). */
export type MailServerConfig = { host: string; port: number; security: 'tls' | 'starttls' | 'none' };
/** Connecting a mailbox by OAuth (XOAUTH2): the provider's client, its endpoints and its mail servers. */
export type MailOAuthProviderConfig = {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  smtp: MailServerConfig;
  imap: MailServerConfig;
};
export { MAIL_OAUTH_PROVIDERS, type MailOAuthProvider } from '@shared/schemas/user-emails';
/** AI text: the chat-completions provider when AI_BASE_URL is set, else the built-in composer. */
export type AiConfig = { baseUrl: string | null; apiKey: string | null; model: string; timeoutMs: number; syncWaitMs: number };
/**
 * LinkedIn (brand awareness: virtual employees post as their LinkedIn member): the app's client id and
 * secret, the two hosts (overridable so tests point them at a local server) and the Posts API version.
 */
export type LinkedInConfig = { clientId: string; clientSecret: string; authBase: string; apiBase: string; apiVersion: string; timeoutMs: number };
export type TwilioConfig = { accountSid: string; authToken: string; from: string; baseUrl: string };
/** Stripe Checkout: the secret key, the webhook signing secret and one recurring price id per paid plan. */
export type StripeConfig = {
  secretKey: string;
  /** null: the webhook route answers 503 (approve_subscription still works). */
  webhookSecret: string | null;
  apiBase: string;
  prices: { Starter: string | null; Growth: string | null; Scale: string | null };
  timeoutMs: number;
};

/**
 * Integrations (issue 27): each vendor is configured when its client id is set (else the page shows it as not
 * configured, not broken); the bases move it (tests point them at loopback contract servers).
 */
export type IntegrationsConfig = {
  hubspot: { clientId: string | null; clientSecret: string | null; authUrl: string; apiBase: string };
  /** loginBase: production orgs (login.salesforce.com); sandboxLoginBase: sandboxes (test.salesforce.com), chosen at connect. */
  salesforce: { clientId: string | null; clientSecret: string | null; loginBase: string; sandboxLoginBase: string };
  calendly: { clientId: string | null; clientSecret: string | null; authBase: string; apiBase: string };
  /** Per vendor request (INTEGRATIONS_TIMEOUT_MS). */
  timeoutMs: number;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  /** Extra host → holder map on top of the brands' own domains. */
  brandDomains: Record<string, number>;
  /**
   * The origin of every link the server writes into an email, per holder id (index 0..9): never the
   * request's Host or X-Forwarded-Host (lib/brand-request.ts brandOrigin).
   */
  publicOrigins: string[];
  /** AUTH_CODE_SECRET: keys the stored confirmation and phone codes (HMAC); null: a secret kept in the data folder (modules/auth/codes.ts). */
  authCodeSecret: string | null;
  /** MAIL_CREDENTIALS_KEY: seals mailbox passwords (AES-256-GCM); null: a key kept in the data folder (modules/mailboxes/credentials.ts). */
  mailCredentialsKey: string | null;
  /** DNS_SERVERS: the resolvers the sending-domain checks ask ("1.1.1.1,127.0.0.1:5353"); empty: the system's. */
  dnsServers: string[];
  /** UNSUBSCRIBE_SECRET: signs the unsubscribe links in outgoing mail (HMAC); null: a secret kept in the data folder (modules/blacklist/unsubscribe-token.ts). */
  unsubscribeSecret: string | null;
  /** Behind a reverse proxy: honour X-Forwarded-* and the holder header it sets. */
  trustProxy: boolean;
  holderHeader: string;
  smtp: SmtpConfig | null;
  google: GoogleConfig | null;
  /** Mailboxes connected by OAuth: a provider is offered only when its client id and secret are set. */
  mailOAuth: Record<MailOAuthProvider, MailOAuthProviderConfig | null>;
  /**
   * authMax: per IP + email on credential routes; authIpMax: per IP on each credential route whatever the
   * email (stops spraying); publicMax: per IP on unauthenticated lookups (account-status); outboundMax: per
   * account on routes that fetch a user-supplied address.
   */
  rateLimit: { authMax: number; authIpMax: number; publicMax: number; outboundMax: number; windowMs: number };
  /** Per target address: at most perAddressMax auth emails in windowMs, counted in the database (modules/auth/mail.ts). */
  authMail: { perAddressMax: number; windowMs: number };
  /** Origins that get CORS headers: the extension's (fixed dev/test id) plus EXTENSION_ORIGINS. Nothing wider. */
  extensionOrigins: string[];
  /** How long a validated token is trusted without asking the database (0: always ask). */
  authCacheTtlMs: number;
  /**
   * INSIGHTS_INLINE_MS: an insights call that took less than this the last time is computed on every request
   * (exact, always); a slower one is served from its snapshot while nothing it reads has changed, and refreshed in
   * the background when something has (modules/insights/snapshots.ts).
   */
  insightsInlineMs: number;
  /**
   * scrypt's cost N for new password hashes (lib/crypto.ts; a power of two, 2^10 to 2^20, default 2^14). Each hash
   * stores its own parameters, so raising it later keeps every old password valid. The tests lower it, as
   * Devise's `stretches` does, to spend their time on behaviour; one test checks the default.
   */
  passwordScryptN: number;
  webDist: string;
  /** Built extension (unpacked folder and zip). */
  extensionDist: string;
  logLevel: string;
  ai: AiConfig;
  /** LinkedIn sign-in and posting for virtual employees; null: connecting LinkedIn answers 404 "not configured". */
  linkedin: LinkedInConfig | null;
  /** Phone calls through Twilio: test_call, and the call steps the agent places (phone-calls/auto-calls.ts); null: test calls are simulated and call steps are the user's tasks. */
  twilio: TwilioConfig | null;
  /** Requests to user-supplied addresses (lib/guarded-fetch.ts); allowHosts: loopback hosts tests may reach. */
  guardedFetch: { allowHosts: string[] };
  /** The tenancy guard (db/tenancy.ts); false only with TENANCY_GUARD=off, which `npm run bench` sets to measure its cost. */
  tenancyGuard: boolean;
  /** Payments through Stripe Checkout; null: payment routes answer 503 and the web app offers a call instead. */
  stripe: StripeConfig | null;
  integrations: IntegrationsConfig;
  /** The durable job queue: how often each process looks for due jobs (a local enqueue runs at once). */
  jobs: { pollIntervalMs: number };
  /** The IMAP sync (modules/inbox/imap-sync.ts): how long a run waits in IDLE for new mail after polling (0: poll only). */
  inbox: { idleSeconds: number };
  /**
   * The live connection (modules/live): events are kept retentionDays after their commit (a client away
   * longer gets `resync`), a catch-up replays at most replayMax events (further behind: `resync`).
   */
  live: { retentionDays: number; replayMax: number };
  /**
   * Website tracking (modules/tracking): the public collection endpoint's limits per IP and per tracking code in
   * rateLimit.windowMs (TRACKING_IP_MAX, TRACKING_CODE_MAX), whether visitors' addresses are looked up in reverse DNS
   * through DNS_SERVERS (TRACKING_REVERSE_DNS=0 turns it off) and how long a look-up may take, and how often accepted
   * page views are written (TRACKING_FLUSH_MS: they wait in memory at most this long, written in batches).
   */
  tracking: { ipMax: number; codeMax: number; reverseDns: boolean; reverseDnsTimeoutMs: number; flushMs: number };
};

type Env = Record<string, string | undefined>;

const flag = (v: string | undefined) => v !== undefined && ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

function scryptCost(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_SCRYPT_N;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1024 || n > 1_048_576 || (n & (n - 1)) !== 0) {
    throw new Error(`PASSWORD_SCRYPT_N must be a power of two from 1024 to 1048576, got "${raw}"`);
  }
  return n;
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const googleId = env.GOOGLE_CLIENT_ID?.trim();
  const googleSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    // The demo account belongs on the embedded database; on PostgreSQL only when asked.
    seedDemo: env.SEED_DEMO !== undefined ? flag(env.SEED_DEMO) : !databaseUrl,
    brandDomains: parseBrandDomains(env.BRAND_DOMAINS),
    publicOrigins: parsePublicOrigins(env, databaseUrl),
    authCodeSecret: configuredSecret('AUTH_CODE_SECRET', env.AUTH_CODE_SECRET),
    unsubscribeSecret: configuredSecret('UNSUBSCRIBE_SECRET', env.UNSUBSCRIBE_SECRET),
    mailCredentialsKey: configuredSecret('MAIL_CREDENTIALS_KEY', env.MAIL_CREDENTIALS_KEY),
    dnsServers: (env.DNS_SERVERS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: flag(env.TRUST_PROXY),
    holderHeader: (env.HOLDER_HEADER || 'x-holder-id').toLowerCase(),
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM || null } : null,
    google:
      googleId && googleSecret
        ? { clientId: googleId, clientSecret: googleSecret, issuer: env.GOOGLE_ISSUER || 'https://accounts.google.com' }
        : null,
    mailOAuth: {
      google: mailOAuthProvider(env, 'GOOGLE_MAIL', {
        authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        smtp: 'smtp.gmail.com:465:tls',
        imap: 'imap.gmail.com:993:tls',
      }),
      microsoft: mailOAuthProvider(env, 'MICROSOFT_MAIL', {
        authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
        tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
        smtp: 'smtp.office365.com:587:starttls',
        imap: 'outlook.office365.com:993:tls',
      }),
    },
    rateLimit: {
      authMax: int(env, 'RATE_LIMIT_AUTH_MAX', 10),
      authIpMax: int(env, 'RATE_LIMIT_AUTH_IP_MAX', 20),
      publicMax: int(env, 'RATE_LIMIT_PUBLIC_MAX', 60),
      outboundMax: int(env, 'RATE_LIMIT_OUTBOUND_MAX', 20),
      windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000),
    },
    authMail: { perAddressMax: int(env, 'AUTH_MAIL_PER_ADDRESS_MAX', 5), windowMs: int(env, 'AUTH_MAIL_PER_ADDRESS_WINDOW_MS', 3_600_000) },
    extensionOrigins: parseExtensionOrigins(env.EXTENSION_ORIGINS),
    authCacheTtlMs: int(env, 'AUTH_CACHE_TTL_MS', 3000),
    insightsInlineMs: int(env, 'INSIGHTS_INLINE_MS', 250),
    passwordScryptN: scryptCost(env.PASSWORD_SCRYPT_N),
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.join(repoRoot, 'dist', 'web'),
    extensionDist: env.EXTENSION_DIST ? path.resolve(env.EXTENSION_DIST) : extensionDist,
    logLevel: env.LOG_LEVEL || 'info',
    ai: {
      baseUrl: env.AI_BASE_URL?.trim().replace(/\/+$/, '') || null,
      apiKey: env.AI_API_KEY?.trim() || null,
      model: env.AI_MODEL?.trim() || 'gpt-4o-mini',
      timeoutMs: int(env, 'AI_TIMEOUT_MS', 30_000),
      syncWaitMs: int(env, 'AI_SYNC_WAIT_MS', 3000),
    },
    linkedin: linkedInConfig(env),
    twilio:
      env.TWILIO_ACCOUNT_SID?.trim() && env.TWILIO_AUTH_TOKEN?.trim() && env.TWILIO_FROM?.trim()
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID.trim(),
            authToken: env.TWILIO_AUTH_TOKEN.trim(),
            from: env.TWILIO_FROM.trim(),
            baseUrl: env.TWILIO_BASE_URL?.trim().replace(/\/+$/, '') || 'https://api.twilio.com',
          }
        : null,
    guardedFetch: { allowHosts: parseAllowHosts(env.GUARDED_FETCH_ALLOW_HOSTS) },
    tenancyGuard: env.TENANCY_GUARD !== 'off',
    stripe: stripeKey(env)
      ? {
          secretKey: stripeKey(env)!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
          apiBase: stripeApiBase(env.STRIPE_API_BASE),
          prices: {
            Starter: env.STRIPE_PRICE_STARTER?.trim() || null,
            Growth: env.STRIPE_PRICE_GROWTH?.trim() || null,
            Scale: env.STRIPE_PRICE_SCALE?.trim() || null,
          },
          timeoutMs: int(env, 'STRIPE_TIMEOUT_MS', 15_000),
        }
      : null,
    integrations: integrationsConfig(env),
    jobs: { pollIntervalMs: Math.max(100, int(env, 'JOBS_POLL_INTERVAL_MS', 1000)) },
    inbox: { idleSeconds: Math.min(480, Math.max(0, int(env, 'INBOX_IDLE_SECONDS', 240))) },
    live: { retentionDays: Math.max(1, int(env, 'LIVE_RETENTION_DAYS', 7)), replayMax: Math.max(1, int(env, 'LIVE_REPLAY_MAX', 1000)) },
    tracking: {
      ipMax: int(env, 'TRACKING_IP_MAX', 600),
      codeMax: int(env, 'TRACKING_CODE_MAX', 20_000),
      reverseDns: env.TRACKING_REVERSE_DNS === undefined ? true : flag(env.TRACKING_REVERSE_DNS),
      reverseDnsTimeoutMs: int(env, 'TRACKING_REVERSE_DNS_TIMEOUT_MS', 1500),
      flushMs: Math.min(5000, Math.max(10, int(env, 'TRACKING_FLUSH_MS', 100))),
    },
  };
}

/**
 * <PREFIX>_CLIENT_ID and _CLIENT_SECRET enable a provider; _AUTH_URL, _TOKEN_URL, _SMTP and _IMAP
 * ("host:port:security") override its endpoints and mail servers (tests point them at loopback).
 */
function mailOAuthProvider(
  env: Env,
  prefix: string,
  defaults: { authorizationUrl: string; tokenUrl: string; smtp: string; imap: string },
): MailOAuthProviderConfig | null {
  const clientId = env[`${prefix}_CLIENT_ID`]?.trim();
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim();
  if (!clientId || !clientSecret) return null;
  const url = (name: string, fallback: string) => {
    const raw = env[`${prefix}_${name}`]?.trim() || fallback;
    try {
      const parsed = new URL(raw);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error();
      return parsed.href;
    } catch {
      throw new Error(`${prefix}_${name}: "${raw}" must be an http(s) URL`);
    }
  };
  const server = (name: string, fallback: string): MailServerConfig => {
    const raw = env[`${prefix}_${name}`]?.trim() || fallback;
    const m = /^([^:\s]+):(\d{1,5}):(tls|starttls|none)$/.exec(raw);
    if (!m) throw new Error(`${prefix}_${name}: "${raw}" must be host:port:security (security tls, starttls or none)`);
    return { host: m[1]!.toLowerCase(), port: Number(m[2]), security: m[3] as MailServerConfig['security'] };
  };
  return {
    clientId,
    clientSecret,
    authorizationUrl: url('AUTH_URL', defaults.authorizationUrl),
    tokenUrl: url('TOKEN_URL', defaults.tokenUrl),
    smtp: server('SMTP', defaults.smtp),
    imap: server('IMAP', defaults.imap),
  };
}

/**
 * LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET enable LinkedIn; LINKEDIN_AUTH_BASE (www.linkedin.com: the
 * OAuth endpoints) and LINKEDIN_API_BASE (api.linkedin.com: userinfo, posts, images) move it (tests);
 * LINKEDIN_API_VERSION is the LinkedIn-Version header (YYYYMM) of the versioned /rest APIs.
 */
function linkedInConfig(env: Env): LinkedInConfig | null {
  const clientId = env.LINKEDIN_CLIENT_ID?.trim();
  const clientSecret = env.LINKEDIN_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  const base = (name: string, fallback: string) => {
    const raw = env[name]?.trim().replace(/\/+$/, '') || fallback;
    if (!/^https?:\/\/[^\s/]+$/.test(raw)) throw new Error(`${name} must be an http(s) origin, got "${raw}"`);
    return raw;
  };
  const apiVersion = env.LINKEDIN_API_VERSION?.trim() || '202510';
  if (!/^\d{6}(\.\d{2})?$/.test(apiVersion)) throw new Error(`LINKEDIN_API_VERSION must look like 202510, got "${apiVersion}"`);
  return {
    clientId,
    clientSecret,
    authBase: base('LINKEDIN_AUTH_BASE', 'https://www.linkedin.com'),
    apiBase: base('LINKEDIN_API_BASE', 'https://api.linkedin.com'),
    apiVersion,
    timeoutMs: int(env, 'LINKEDIN_TIMEOUT_MS', 15_000),
  };
}

/** HUBSPOT_*, SALESFORCE_*, CALENDLY_* (the issue's contract): ids and secrets trimmed, bases checked as http(s) origins. */
function integrationsConfig(env: Env): IntegrationsConfig {
  const value = (name: string) => env[name]?.trim() || null;
  const base = (name: string, fallback: string, path = false) => {
    const raw = env[name]?.trim().replace(/\/+$/, '') || fallback;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(`${name} must be an http(s) address, got "${raw}"`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.search || url.hash || (!path && url.pathname !== '/')) {
      throw new Error(`${name} must be an http(s) ${path ? 'address' : 'origin'}, got "${raw}"`);
    }
    return raw;
  };
  return {
    hubspot: {
      clientId: value('HUBSPOT_CLIENT_ID'),
      clientSecret: value('HUBSPOT_CLIENT_SECRET'),
      authUrl: base('HUBSPOT_AUTH_URL', 'https://app.hubspot.com/oauth/authorize', true),
      apiBase: base('HUBSPOT_API_BASE', 'https://api.hubapi.com'),
    },
    salesforce: {
      clientId: value('SALESFORCE_CLIENT_ID'),
      clientSecret: value('SALESFORCE_CLIENT_SECRET'),
      loginBase: base('SALESFORCE_LOGIN_BASE', 'https://login.salesforce.com'),
      sandboxLoginBase: base('SALESFORCE_SANDBOX_LOGIN_BASE', 'https://test.salesforce.com'),
    },
    calendly: {
      clientId: value('CALENDLY_CLIENT_ID'),
      clientSecret: value('CALENDLY_CLIENT_SECRET'),
      authBase: base('CALENDLY_AUTH_BASE', 'https://auth.calendly.com'),
      apiBase: base('CALENDLY_API_BASE', 'https://api.calendly.com'),
    },
    timeoutMs: int(env, 'INTEGRATIONS_TIMEOUT_MS', 15_000),
  };
}

/** A secret (sk_…) or restricted (rk_…) key; a publishable key (pk_…) cannot create sessions. */
function stripeKey(env: Env): string | null {
  const key = env.STRIPE_SECRET_KEY?.trim();
  if (!key) return null;
  if (!/^(sk|rk)_(test|live)_\S+$/.test(key)) throw new Error('STRIPE_SECRET_KEY must be a secret key (sk_test_…, sk_live_… or a restricted rk_… key)');
  return key;
}

function stripeApiBase(raw: string | undefined): string {
  const base = raw?.trim().replace(/\/+$/, '') || 'https://api.stripe.com';
  if (!/^https?:\/\/[^\s/]+/.test(base)) throw new Error(`STRIPE_API_BASE must be an http(s) address, got "${base}"`);
  return base;
}

function asOrigin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name}: "${raw}" is not an address like https://app.example.com`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname.replace(/\/$/, '') !== '' || url.search || url.hash || url.username) {
    throw new Error(`${name}: "${raw}" must be an http(s) origin (scheme, host and port only)`);
  }
  return url.origin;
}

/**
 * Each brand's public origin: its BRAND_ORIGINS entry ("3=https://sales.acme.com,…"), else the
 * PUBLIC_ORIGIN template with {holder} replaced by the holder id, else public_origin from
 * brands/<N>/config.json. On the embedded database (the on-your-machine default) PUBLIC_ORIGIN
 * defaults to http://brand{holder}.localhost:<PORT>, so links work where `npm start` runs; brand 0's
 * is http://localhost:<PORT>, the address `npm start` prints, so its links land where the user signed up.
 */
export function parsePublicOrigins(env: Env, databaseUrl: string | null): string[] {
  const explicit = new Map<number, string>();
  for (const pair of (env.BRAND_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const at = pair.indexOf('=');
    const id = Number(pair.slice(0, at));
    if (at < 1 || !Number.isInteger(id) || id < 0 || id > 9) throw new Error(`BRAND_ORIGINS: "${pair}" must be <holder id 0-9>=<origin>`);
    explicit.set(id, asOrigin('BRAND_ORIGINS', pair.slice(at + 1).trim()));
  }
  const embeddedDefault = !env.PUBLIC_ORIGIN?.trim() && !databaseUrl;
  const template = env.PUBLIC_ORIGIN?.trim() || (databaseUrl ? null : `http://brand{holder}.localhost:${int(env, 'PORT', 3000)}`);
  return BRANDS.map((b) => {
    const id = b.holder_id;
    if (explicit.has(id)) return explicit.get(id)!;
    if (embeddedDefault && id === 0) return `http://localhost:${int(env, 'PORT', 3000)}`;
    if (template) return asOrigin('PUBLIC_ORIGIN', template.replaceAll('{holder}', String(id)));
    return b.public_origin;
  });
}

const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;

/**
 * EXTENSION_ORIGINS: comma-separated extension origins (chrome-extension://<id>) or bare ids, e.g. the
 * Chrome Web Store build's id. The unpacked build's fixed id is always allowed.
 */
export function parseExtensionOrigins(raw: string | undefined): string[] {
  const origins = new Set([`chrome-extension://${EXTENSION_ID}`]);
  for (const item of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (EXTENSION_ID_PATTERN.test(item)) {
      origins.add(`chrome-extension://${item}`);
      continue;
    }
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`EXTENSION_ORIGINS: "${item}" is neither an extension id nor an origin like chrome-extension://<id>`);
    }
    if (url.pathname.replace(/\/$/, '') !== '' || url.search || url.hash) {
      throw new Error(`EXTENSION_ORIGINS: "${item}" must be an origin (scheme and host only)`);
    }
    origins.add(`${url.protocol}//${url.host}`);
  }
  return [...origins];
}
