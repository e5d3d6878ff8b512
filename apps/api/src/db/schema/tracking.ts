import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { campaigns } from './campaigns';
import { prospects } from './prospects';

/**
 * Website tracking (issue 28, modules/tracking): the account's tracking code, the companies that visit (one row per
 * network the account has seen, with the evidence that named it), their visits (sessions) and page views, the daily
 * salts of the cookieless session hash, and the per-prospect personal links. No IP address is stored anywhere: a
 * visit keeps its network truncated (/24, /48) and a salted hash whose salt is deleted after its day.
 */
export const NETWORK_KINDS = ['business', 'education', 'isp', 'mobile', 'hosting', 'unknown'] as const;
export const IDENTIFICATION_SIGNALS = ['asn_owner', 'reverse_dns', 'personal_link'] as const;

export const trackingCodes = pgTable(
  'tracking_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    /** Public by nature (it is in the site's HTML): it names the account, it proves nothing. */
    code: text('code').notNull(),
    websiteUrl: text('website_url'),
    gtmContainerId: text('gtm_container_id'),
    /** Where personal links point (null: the website). */
    linkTargetUrl: text('link_target_url'),
    /** The last tracking_codes/check answer. */
    lastCheck: jsonb('last_check').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tracking_codes_account_unique').on(t.accountId),
    uniqueIndex('tracking_codes_code_unique').on(t.code),
    check('tracking_codes_gtm_check', sql`${t.gtmContainerId} is null or ${t.gtmContainerId} ~ '^GTM-[A-Z0-9]+$'`),
  ],
);

/** The salt of each day's cookieless session hash (as Plausible does): a day's salt is deleted the day after. */
export const trackingSalts = pgTable('tracking_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
});

/** A company (or an anonymous network) that visited the account's site: one per account and network key. */
export const websiteVisitors = pgTable(
  'website_visitors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    /** asn:<n>, domain:<registrable domain> (reverse DNS or a prospect's company), or prospect:<id>. */
    networkKey: text('network_key').notNull(),
    networkKind: text('network_kind', { enum: NETWORK_KINDS }).notNull(),
    /** Null for a network that names no company (ISP, mobile, hosting, unknown). */
    companyName: text('company_name'),
    domain: text('domain'),
    /** The company name reduced for matching prospects' companies (modules/tracking/networks.ts comparableName; the SQL twin in prospects.ts). */
    companyKey: text('company_key'),
    signal: text('signal', { enum: IDENTIFICATION_SIGNALS }),
    /** 0..1: how sure the signal is (0.55 a network owner, 0.75 reverse DNS, 0.9 both, 1 a personal link). */
    confidence: real('confidence'),
    /** asn, as_org, reverse_dns, network (truncated), country. */
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull().default({}),
    visits: integer('visits').notNull().default(0),
    pages: integer('pages').notNull().default(0),
    source: text('source').notNull().default('direct'),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** "Wrong company": this network is not that company, for this account (kept; later visits stay unidentified). */
    wrongCompanyAt: at('wrong_company_at'),
    wrongCompanyBy: integer('wrong_company_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('website_visitors_account_network_unique').on(t.accountId, t.networkKey),
    index('website_visitors_account_last_seen_idx').on(t.accountId, t.lastSeenAt),
    index('website_visitors_account_domain_idx').on(t.accountId, t.domain),
    check('website_visitors_kind_check', sql`${t.networkKind} in ('business', 'education', 'isp', 'mobile', 'hosting', 'unknown')`),
    check('website_visitors_signal_check', sql`${t.signal} is null or ${t.signal} in ('asn_owner', 'reverse_dns', 'personal_link')`),
  ],
);

/** One visit (session): pages viewed with the same session hash within 30 minutes. */
export const websiteVisits = pgTable(
  'website_visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => websiteVisitors.id, { onDelete: 'cascade' }),
    /** sha256(day salt, code, address, user agent[, visitor id]): unlinkable once the day's salt is gone. */
    sessionHash: text('session_hash').notNull(),
    /** The prospect a personal link tied this visit to. */
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    consent: text('consent', { enum: ['cookieless', 'consented'] }).notNull().default('cookieless'),
    /** The network, truncated (/24, /48), and its country. */
    network: text('network'),
    country: text('country'),
    landingUrl: text('landing_url').notNull(),
    referrer: text('referrer'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    pages: integer('pages').notNull().default(0),
    startedAt: at('started_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** The activity (website_visited) was written for this visit: once per visit. */
    signalled: boolean('signalled').notNull().default(false),
  },
  (t) => [
    index('website_visits_account_session_idx').on(t.accountId, t.sessionHash, t.lastSeenAt),
    index('website_visits_account_visitor_idx').on(t.accountId, t.visitorId, t.startedAt),
    index('website_visits_account_prospect_idx').on(t.accountId, t.prospectId, t.startedAt),
  ],
);

export const websitePageViews = pgTable(
  'website_page_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => websiteVisits.id, { onDelete: 'cascade' }),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => websiteVisitors.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    path: text('path').notNull(),
    title: text('title'),
    referrer: text('referrer'),
    occurredAt: at('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('website_page_views_account_visitor_idx').on(t.accountId, t.visitorId, t.occurredAt), index('website_page_views_visit_idx').on(t.visitId)],
);

/** Personal links are off for every campaign until the user turns them on (no tracked links unless asked). */
export const campaignLinkSettings = pgTable('campaign_link_settings', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  accountId: accountIdColumn(),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A prospect's personal link (per campaign): the unguessable token in the link's pl parameter. */
export const prospectLinks = pgTable(
  'prospect_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('prospect_links_token_unique').on(t.token),
    uniqueIndex('prospect_links_prospect_campaign_unique').on(t.accountId, t.prospectId, sql`coalesce(${t.campaignId}, 0)`),
  ],
);

export type TrackingCodeRow = typeof trackingCodes.$inferSelect;
export type WebsiteVisitorRow = typeof websiteVisitors.$inferSelect;
export type WebsiteVisitRow = typeof websiteVisits.$inferSelect;
