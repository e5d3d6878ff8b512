import { z } from 'zod';
import { DASHBOARD_PERIODS } from './dashboard';
import { dbId, dbIdParam, int32, text } from './primitives';

/**
 * Insights (spec §7 "insights/…", issue 26): deliverability, performance and target audience, computed from what the
 * engine really sent and received (the activity log and the domain tables), over a UTC period as on the dashboard
 * (week = the last 7 days, month = 30, quarter = 13 ISO weeks, year = 52). Rates are fractions between 0 and 1.
 * No open or click rate: the product sends no pixel and rewrites no link (docs/decisions.md).
 */

const period = z.enum(DASHBOARD_PERIODS, { error: 'period must be one of week, month, quarter, year' });

/** `?period=` (default month) and `?campaign_id=` (one campaign's figures only). */
export const insightsQuerySchema = z.strictObject({
  period: period.default('month'),
  campaign_id: dbIdParam('campaign_id').optional(),
});
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

const count = int32().min(0);
const fraction = z.number().min(0).max(1);
const rangeSchema = z.object({ from: text(), to: text() });

/**
 * One row of deliverability figures. `sent`: emails handed to a receiving server in the period (accepted, or refused
 * there and then); `delivered`: sent minus the permanent bounces and policy blocks; `bounced`: permanent failures
 * (at send time or reported later); `bounced_temporary`: temporary failures (delays, mailbox full); `blocked`: policy
 * and reputation rejections (5.7.x, spam blocks: the sender's problem, not the address's); `complaints`: spam
 * complaints (ARF feedback reports); `unsubscribed`: opt-outs (by reply or link); `replied`: conversations with a
 * person's reply in the period; `positive`: those of them whose status is interested or meeting request (as the user
 * left it). Each rate is its count over `sent` (0 when nothing was sent).
 */
export const deliverabilityFiguresSchema = z.object({
  sent: count,
  delivered: count,
  bounced: count,
  bounced_temporary: count,
  blocked: count,
  complaints: count,
  unsubscribed: count,
  replied: count,
  positive: count,
  bounce_rate: fraction,
  temporary_rate: fraction,
  block_rate: fraction,
  complaint_rate: fraction,
  unsubscribe_rate: fraction,
  reply_rate: fraction,
  positive_rate: fraction,
});
export type DeliverabilityFigures = z.infer<typeof deliverabilityFiguresSchema>;

export const DNS_STATES = ['pass', 'fail', 'unchecked'] as const;

export const mailboxFiguresSchema = deliverabilityFiguresSchema.extend({
  user_email_id: dbId().nullable(),
  /** The mailbox's address (null: the mailbox was removed since). */
  email: text().nullable(),
  status: text().nullable(),
  status_reason: text().nullable(),
});

export const domainFiguresSchema = deliverabilityFiguresSchema.extend({
  domain: text(),
  /** The last check of its SPF, DKIM, DMARC and MX (the mailboxes page's), or unchecked. */
  dns_status: z.enum(DNS_STATES),
  dns_checks: z.array(z.object({ check: text(), status: z.enum(['pass', 'fail']), advice: text() })),
  dns_checked_at: text().nullable(),
});

export const stepFiguresSchema = deliverabilityFiguresSchema.extend({ step: int32().min(1) });
export const campaignFiguresSchema = deliverabilityFiguresSchema.extend({
  campaign_id: dbId(),
  name: text(),
  steps: z.array(stepFiguresSchema),
});

/**
 * Who hosts the recipients' mail, from the MX of their domain (looked up once and cached, through the configured
 * resolvers): the big mailbox providers and the common security gateways. `pending`: not looked up yet (a look-up
 * runs in the background; the figures are counted in the row meanwhile).
 */
export const RECIPIENT_PROVIDERS = ['google', 'microsoft', 'yahoo', 'apple', 'proofpoint', 'mimecast', 'barracuda', 'cisco', 'other', 'no_mx', 'pending'] as const;
export type RecipientProvider = (typeof RECIPIENT_PROVIDERS)[number];
export const RECIPIENT_PROVIDER_LABELS: Record<RecipientProvider, string> = {
  google: 'Google (Gmail, Workspace)',
  microsoft: 'Microsoft (Outlook, 365)',
  yahoo: 'Yahoo and AOL',
  apple: 'Apple iCloud',
  proofpoint: 'Proofpoint gateway',
  mimecast: 'Mimecast gateway',
  barracuda: 'Barracuda gateway',
  cisco: 'Cisco Secure Email gateway',
  other: 'Other mail servers',
  no_mx: 'Domains without mail servers',
  pending: 'Not looked up yet',
};

export const providerFiguresSchema = deliverabilityFiguresSchema.extend({
  provider: z.enum(RECIPIENT_PROVIDERS),
  label: text(),
  /** Distinct recipient addresses emailed in the period. */
  recipients: count,
  /** Share of those recipients who never answered (no reply in their conversation, ever). */
  never_answered_share: fraction,
  /** The enhanced status codes (or SMTP codes) of its bounces and blocks, most frequent first. */
  bounce_codes: z.array(z.object({ code: text(), count })),
});

/**
 * How fresh an answer is (the API's insights snapshots): `as_of` is the moment its figures were computed for; `stale`
 * says a newer answer is being computed in the background (a big account's figures, after something changed), so
 * the page shows "updating" and asks again. `computed_in_ms` is what the computation took.
 */
export const insightsFreshnessSchema = z.object({ as_of: text(), stale: z.boolean(), computed_in_ms: count });
export type InsightsFreshness = z.infer<typeof insightsFreshnessSchema>;

export const overallStatsSchema = deliverabilityFiguresSchema.extend({
  freshness: insightsFreshnessSchema,
  period,
  range: rangeSchema,
  campaign_id: dbId().nullable(),
  by_mailbox: z.array(mailboxFiguresSchema),
  by_domain: z.array(domainFiguresSchema),
  by_campaign: z.array(campaignFiguresSchema),
  by_provider: z.array(providerFiguresSchema),
});
export type OverallStats = z.infer<typeof overallStatsSchema>;

/** The funnel's stages, in order (the pipeline's stages a card reached, after the outreach's own). */
export const FUNNEL_STAGES = ['contacted', 'replied', 'positive', 'meeting_booked', 'proposal', 'won'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export const FUNNEL_STAGE_LABELS: Record<FunnelStage, string> = {
  contacted: 'Contacted',
  replied: 'Replied',
  positive: 'Positive reply',
  meeting_booked: 'Meeting booked',
  proposal: 'Proposal',
  won: 'Won',
};

export const opportunitiesSchema = z.object({
  freshness: insightsFreshnessSchema,
  period,
  range: rangeSchema,
  /** Prospects in each stage's cohort: those contacted in the period and how far each got (to now). */
  funnel: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), label: text(), prospects: count, conversion_from_previous: fraction.nullable() })),
  lost: count,
  not_now: count,
  /** Meetings booked per 1,000 prospects contacted (the headline figure), null when none were contacted. */
  meetings_per_1000: z.number().min(0).nullable(),
  /** Median hours from the first email to the first reply, over those who replied; null when none did. */
  median_hours_to_first_reply: z.number().min(0).nullable(),
  /**
   * The deal values users put on the cards of these prospects (the account's currency): open (new reply to
   * proposal, now), won (now), and how many cards carry a value at all.
   */
  deal_value: z.object({ open: z.number().min(0), won: z.number().min(0), cards_with_value: count }),
  /**
   * Meetings booked in the period, as events (a calendar's booking, a card moved to the stage, a recorded meeting),
   * whoever they are with: the dashboard's meetings card. The funnel's meeting-booked stage counts the cohort's.
   */
  meetings_booked_in_period: count,
  /** The same cohort one window earlier (also followed to now), and that window's meetings: what the dashboard compares with. */
  previous: z.object({ range: rangeSchema, contacted: count, replied: count, positive: count, meeting_booked: count, meetings_booked_in_period: count }),
});
export type Opportunities = z.infer<typeof opportunitiesSchema>;

/** What the target audience can be ranked by (`statistic_name`). */
export const STATISTIC_NAMES = ['persona', 'job_title', 'seniority', 'industry', 'company_size', 'country', 'offering', 'campaign_step', 'virtual_employee', 'channel'] as const;
export type StatisticName = (typeof STATISTIC_NAMES)[number];
export const STATISTIC_LABELS: Record<StatisticName, string> = {
  persona: 'Persona',
  job_title: 'Job title',
  seniority: 'Seniority',
  industry: 'Industry',
  company_size: 'Company size',
  country: 'Country',
  offering: 'Offering',
  campaign_step: 'Campaign step',
  virtual_employee: 'Virtual employee',
  channel: 'Channel',
};

export const targetAudienceQuerySchema = insightsQuerySchema.extend({
  statistic_name: z.enum(STATISTIC_NAMES, { error: `statistic_name must be one of ${STATISTIC_NAMES.join(', ')}` }),
});
export type TargetAudienceQuery = z.input<typeof targetAudienceQuerySchema>;

/** A rate with its 95 % Wilson score interval; null rate and bounds below the minimum sample ("not enough data yet"). */
export const intervalRateSchema = z.object({ rate: fraction.nullable(), low: fraction.nullable(), high: fraction.nullable() });
export type IntervalRate = z.infer<typeof intervalRateSchema>;

export const audienceValueSchema = z.object({
  value: text(),
  /** Prospects contacted in the period with this value. */
  contacted: count,
  replied: count,
  positive: count,
  meetings: count,
  /** Below INSIGHTS_MIN_SAMPLE contacted prospects the rates are null: not enough data yet. */
  enough_data: z.boolean(),
  reply_rate: intervalRateSchema,
  positive_rate: intervalRateSchema,
  meeting_rate: intervalRateSchema,
});
export type AudienceValue = z.infer<typeof audienceValueSchema>;

export const targetAudienceSchema = z.object({
  freshness: insightsFreshnessSchema,
  period,
  range: rangeSchema,
  statistic_name: z.enum(STATISTIC_NAMES),
  label: text(),
  min_sample: count,
  /** Ranked by positive reply rate's lower bound (values with enough data first), then by prospects contacted. */
  values: z.array(audienceValueSchema),
});
export type TargetAudience = z.infer<typeof targetAudienceSchema>;
