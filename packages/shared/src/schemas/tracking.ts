import { z } from 'zod';
import { int32, queryInt, text } from './primitives';
import { pageMetaSchema } from './personas';

/**
 * Website tracking and visitors (/tracking; spec §5 tag-manager id, §7 website_visitors, tracking_codes/check; issue 28).
 * The account's tracking code, its first-party snippet or Google Tag Manager tag, the public collection endpoint's
 * page views, and the companies resolved from them with the evidence behind each.
 */

/** Spec §5: the tag-manager id is GTM- followed by uppercase letters or digits. */
export const GTM_CONTAINER_ID_PATTERN = /^GTM-[A-Z0-9]+$/;
export const GTM_CONTAINER_ID_ERROR = 'The Google Tag Manager container id must be GTM- followed by uppercase letters or digits (e.g. GTM-AB12CD3)';

/** What a network is: an organisation's own, a home ISP's, a mobile carrier's, a hosting/cloud/VPN provider's, a school's, or not known. */
export const NETWORK_KINDS = ['business', 'education', 'isp', 'mobile', 'hosting', 'unknown'] as const;
export type NetworkKind = (typeof NETWORK_KINDS)[number];
export const NETWORK_KIND_LABELS: Record<NetworkKind, string> = {
  business: 'Company network',
  education: 'School or university network',
  isp: 'Internet provider (home or office line)',
  mobile: 'Mobile carrier',
  hosting: 'Hosting, cloud or VPN',
  unknown: 'Unknown network',
};

/** The signal that named the company: the network's registered owner, the address's reverse DNS name, a prospect's personal link. */
export const IDENTIFICATION_SIGNALS = ['asn_owner', 'reverse_dns', 'personal_link'] as const;
export type IdentificationSignal = (typeof IDENTIFICATION_SIGNALS)[number];
export const IDENTIFICATION_SIGNAL_LABELS: Record<IdentificationSignal, string> = {
  asn_owner: 'Network owner',
  reverse_dns: 'Reverse DNS',
  personal_link: 'Personal link',
};
export const CONFIDENCE_LEVELS = ['low', 'medium', 'high', 'certain'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** The consent a page view was collected under (the snippet says which; GPC or DNT means nothing is collected). */
export const CONSENT_MODES = ['cookieless', 'consented'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

const optionalUrl = (what: string) =>
  text()
    .trim()
    .max(2000, { error: `${what} must be at most 2000 characters` })
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), { error: `${what} must be an http(s) address, like https://www.example.com` })
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** PUT tracking_codes: the site to check, the GTM container (or none), and where personal links point. */
export const putTrackingCodeBodySchema = z.strictObject({
  website_url: optionalUrl('Website').optional(),
  gtm_container_id: text()
    .trim()
    .max(40, { error: GTM_CONTAINER_ID_ERROR })
    .refine((v) => v === '' || GTM_CONTAINER_ID_PATTERN.test(v), { error: GTM_CONTAINER_ID_ERROR })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  link_target_url: optionalUrl('Personal link target').optional(),
});
export type PutTrackingCodeBody = z.input<typeof putTrackingCodeBodySchema>;

/** GET tracking_codes/check: what was fetched, when, and what was found on it. */
export const trackingCheckSchema = z.object({
  checked_at: text(),
  /** The address asked for, and the one answered after redirects. */
  url: text(),
  final_url: text().nullable(),
  status: int32().nullable(),
  snippet_found: z.boolean(),
  gtm_found: z.boolean(),
  /** GTM containers seen on the page (any id; ours is gtm_container_id). */
  gtm_containers: z.array(text()),
  installed: z.boolean(),
  /** A sentence for the user: what was found or why nothing could be checked. */
  message: text(),
  error: text().nullable(),
});
export type TrackingCheck = z.infer<typeof trackingCheckSchema>;

export const attributionSchema = z.object({ name: text(), url: text(), licence: text() });
export type Attribution = z.infer<typeof attributionSchema>;

export const trackingCodeSchema = z.object({
  code: text(),
  /** The HTML to paste before </head>. */
  snippet: text(),
  /** The Custom HTML tag to paste in Google Tag Manager. */
  gtm_tag: text(),
  script_url: text(),
  collect_url: text(),
  website_url: text().nullable(),
  /** The account's website as onboarding recorded it (used when website_url is empty). */
  default_website_url: text().nullable(),
  gtm_container_id: text().nullable(),
  link_target_url: text().nullable(),
  last_check: trackingCheckSchema.nullable(),
  privacy_paragraph: text(),
  attributions: z.array(attributionSchema),
});
export type TrackingCode = z.infer<typeof trackingCodeSchema>;
export const trackingCodeResponseSchema = z.object({ data: trackingCodeSchema });

/** POST tracking/events (public): one page view, as the snippet sends it (text/plain, so no CORS preflight). */
export const collectEventBodySchema = z.object({
  code: text().trim().min(1, { error: 'code is required' }).max(64, { error: 'code is too long' }),
  url: text().trim().min(1, { error: 'url is required' }).max(2000, { error: 'url must be at most 2000 characters' }),
  referrer: text().max(2000, { error: 'referrer must be at most 2000 characters' }).nullable().optional(),
  title: text().max(500, { error: 'title must be at most 500 characters' }).nullable().optional(),
  /** cookieless (default): a daily-rotating salted hash is the session; consented: the snippet's first-party visitor id too. */
  consent: z.enum(CONSENT_MODES, { error: 'consent must be cookieless or consented' }).optional(),
  /** The first-party visitor id (consented mode only): random, kept in the site's own storage. */
  vid: text().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'vid must be 8 to 64 letters, digits, - or _' }).nullable().optional(),
  /** A prospect's personal link token (the pl query parameter of the landing URL). */
  pl: text().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'pl must be a personal link token' }).nullable().optional(),
});
export type CollectEventBody = z.input<typeof collectEventBodySchema>;

export const VISITOR_SORTS = ['last_seen_at', 'first_seen_at', 'visits', 'pages', 'company_name'] as const;
export const VISITOR_FILTERS = ['companies', 'prospects', 'in_sequence', 'unidentified', 'wrong_company'] as const;
export type VisitorFilter = (typeof VISITOR_FILTERS)[number];
export const VISITOR_FILTER_LABELS: Record<VisitorFilter, string> = {
  companies: 'All companies',
  prospects: 'Companies with prospects',
  in_sequence: 'Prospects in a running sequence',
  unidentified: 'Unidentified networks',
  wrong_company: 'Marked wrong company',
};
export const VISITORS_PER_PAGE_MAX = 100;

/** GET website_visitors (spec §7: page, filter, direction, sort) and its CSV export. */
export const websiteVisitorsQuerySchema = z.strictObject({
  page: queryInt().min(1, { error: 'page must be at least 1' }).max(100000).optional().default(1),
  per_page: queryInt().min(1).max(VISITORS_PER_PAGE_MAX, { error: `per_page must be at most ${VISITORS_PER_PAGE_MAX}` }).optional().default(25),
  filter: z.enum(VISITOR_FILTERS, { error: `filter must be one of ${VISITOR_FILTERS.join(', ')}` }).optional().default('companies'),
  /** The company name or domain contains this (any case). */
  search: text().trim().max(200).optional().default(''),
  sort: z.enum(VISITOR_SORTS, { error: `sort must be one of ${VISITOR_SORTS.join(', ')}` }).optional().default('last_seen_at'),
  direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc' }).optional().default('desc'),
});
export type WebsiteVisitorsQuery = z.input<typeof websiteVisitorsQuerySchema>;

export const visitorEvidenceSchema = z.object({
  signal: z.enum(IDENTIFICATION_SIGNALS).nullable(),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  /** One sentence: why the product thinks this is the company. */
  summary: text(),
  asn: int32().nullable(),
  as_org: text().nullable(),
  reverse_dns: text().nullable(),
  /** The network, truncated (/24 for IPv4, /48 for IPv6): the address itself is never stored. */
  network: text().nullable(),
  country: text().nullable(),
});
export type VisitorEvidence = z.infer<typeof visitorEvidenceSchema>;

export const visitorProspectSchema = z.object({
  id: int32(),
  full_name: text(),
  title: text().nullable(),
  /** In a running sequence (an active enrolment), else the last outreach state known. */
  outreach_state: z.enum(['in_sequence', 'contacted', 'not_contacted']),
  campaign_name: text().nullable(),
});

export const websiteVisitorSchema = z.object({
  id: int32(),
  company_name: text().nullable(),
  domain: text().nullable(),
  network_kind: z.enum(NETWORK_KINDS),
  visits: int32(),
  pages: int32(),
  first_seen_at: text(),
  last_seen_at: text(),
  /** Where the first visit came from: the utm_source, else the referrer's host, else direct. */
  source: text(),
  evidence: visitorEvidenceSchema,
  prospects: z.array(visitorProspectSchema),
  wrong_company: z.boolean(),
});
export type WebsiteVisitor = z.infer<typeof websiteVisitorSchema>;
export const websiteVisitorListSchema = z.object({
  data: z.array(websiteVisitorSchema),
  meta: pageMetaSchema.extend({ unidentified_visits: int32() }),
});
export type WebsiteVisitorList = z.infer<typeof websiteVisitorListSchema>;

export const visitorPageViewSchema = z.object({
  visit_id: int32(),
  url: text(),
  path: text(),
  title: text().nullable(),
  referrer: text().nullable(),
  utm_source: text().nullable(),
  utm_medium: text().nullable(),
  utm_campaign: text().nullable(),
  prospect_id: int32().nullable(),
  occurred_at: text(),
});
export type VisitorPageView = z.infer<typeof visitorPageViewSchema>;
export const visitorTrailSchema = z.object({ data: z.array(visitorPageViewSchema) });

/** PUT website_visitors/{id}/wrong_company: remember (or forget) that this network is not that company. */
export const wrongCompanyBodySchema = z.strictObject({ wrong: z.boolean({ error: 'wrong must be true or false' }) });

/** Personal links per campaign (off unless the user turns them on: the product sends no tracked links unless asked). */
export const personalLinkCampaignSchema = z.object({ campaign_id: int32(), name: text(), status: text(), enabled: z.boolean() });
export type PersonalLinkCampaign = z.infer<typeof personalLinkCampaignSchema>;
export const personalLinkCampaignsSchema = z.object({ data: z.array(personalLinkCampaignSchema) });
export const personalLinkSettingBodySchema = z.strictObject({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

/** A prospect's website visits (the prospect, the inbox thread's side panel). */
export const prospectVisitSchema = z.object({
  visit_id: int32(),
  started_at: text(),
  last_seen_at: text(),
  pages: z.array(z.object({ path: text(), title: text().nullable(), occurred_at: text() })),
  signal: z.enum(IDENTIFICATION_SIGNALS).nullable(),
  company_name: text().nullable(),
});
export type ProspectVisit = z.infer<typeof prospectVisitSchema>;
export const prospectVisitsSchema = z.object({ data: z.array(prospectVisitSchema) });
