import { z } from 'zod';
import { text, int32, dbId, dbIdParam, queryInt } from './primitives';

/**
 * The cabinet dashboard (spec §7 "Dashboard and onboarding"): every figure is computed on the server
 * from the activity log and the domain tables. Periods are UTC windows ending now:
 * week = the last 7 days (today included), month = the last 30 days, both in day buckets;
 * quarter = the last 13 ISO weeks, year = the last 52 ISO weeks, both in week buckets (Monday starts).
 * "previous" is the window of the same length just before.
 */

export const DASHBOARD_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_CHANNELS = ['email', 'linkedin', 'phone'] as const;
export type DashboardChannel = (typeof DASHBOARD_CHANNELS)[number];

/** The feature flag a channel needs (email needs none): a brand that switches it off shows no figures for it. */
export const CHANNEL_FEATURE: Record<DashboardChannel, 'linkedin' | 'phone_calls' | null> = { email: null, linkedin: 'linkedin', phone: 'phone_calls' };

/** The channels a brand's feature flags leave on, in the dashboard's order. */
export const brandChannels = (flags: Record<'linkedin' | 'phone_calls', boolean>): DashboardChannel[] =>
  DASHBOARD_CHANNELS.filter((ch) => {
    const flag = CHANNEL_FEATURE[ch];
    return flag === null || flags[flag];
  });

const period = z.enum(DASHBOARD_PERIODS, { error: 'period must be one of week, month, quarter, year' });

/** `?period=` (defaults to month). */
export const dashboardPeriodQuerySchema = z.strictObject({ period: period.default('month') });
export type DashboardPeriodQuery = z.input<typeof dashboardPeriodQuerySchema>;

/** The graph needs its period spelled out. */
export const dashboardGraphQuerySchema = z.strictObject({ period: z.enum(DASHBOARD_PERIODS, { error: 'period must be one of week, month, quarter, year' }) });

/** `?period=` optional: all time when left out; `limit` top companies (1–50, default 10). */
export const awareCompaniesQuerySchema = z.strictObject({
  period: period.optional(),
  limit: queryInt({ error: 'limit must be a number' }).min(1, { error: 'limit must be at least 1' }).max(50, { error: 'limit must be at most 50' }).default(10),
});
export type AwareCompaniesQuery = z.input<typeof awareCompaniesQuerySchema>;

export const activityListQuerySchema = z.strictObject({
  page: queryInt({ error: 'page must be a number' }).min(1, { error: 'page must be at least 1' }).max(100_000).default(1),
  per_page: queryInt({ error: 'per_page must be a number' }).min(1, { error: 'per_page must be at least 1' }).max(100, { error: 'per_page must be at most 100' }).default(20),
  /** One prospect's entries only (the "agent activity by prospect" side panel). */
  prospect_id: dbIdParam('prospect_id').optional(),
});
export type ActivityListQuery = z.input<typeof activityListQuerySchema>;

const rangeSchema = z.object({ from: text(), to: text() });

/** A figure in the period and in the period before it. */
export const metricSchema = z.object({ value: z.number(), previous: z.number() });
export type Metric = z.infer<typeof metricSchema>;

export const generalStatisticsSchema = z.object({
  period,
  range: rangeSchema,
  previous_range: rangeSchema,
  /** All prospects of the account, and personas (now, not per period). */
  prospects_total: int32(),
  personas_count: int32(),
  /** Prospects created in the period. */
  prospects_added: metricSchema,
  /** Outreach touches: emails sent, LinkedIn invitations and messages sent, calls made. */
  messages_sent: metricSchema,
  /** Distinct prospects who got at least one touch. */
  contacted: metricSchema,
  /** Replies received (every reply_received). */
  replies: metricSchema,
  /** Distinct prospects who replied ÷ distinct prospects contacted, in percent (one decimal, at most 100). */
  reply_rate: metricSchema,
  meetings_booked: metricSchema,
});
export type GeneralStatistics = z.infer<typeof generalStatisticsSchema>;

export const graphPointSchema = z.object({
  /** The bucket's first day, YYYY-MM-DD (UTC). */
  date: text(),
  sent: int32(),
  replies: int32(),
  meetings: int32(),
});
export type GraphPoint = z.infer<typeof graphPointSchema>;

export const activityGraphSchema = z.object({
  period,
  bucket: z.enum(['day', 'week']),
  range: rangeSchema,
  points: z.array(graphPointSchema),
  totals: z.object({ sent: int32(), replies: int32(), meetings: int32() }),
});
export type ActivityGraph = z.infer<typeof activityGraphSchema>;

export const awareCompanySchema = z.object({
  company: text(),
  /** Distinct prospects at the company who got a touch. */
  prospects: int32(),
  touches: int32(),
  email: int32(),
  linkedin: int32(),
  phone: int32(),
  replies: int32(),
  meetings: int32(),
  last_touch_at: text(),
});
export type AwareCompany = z.infer<typeof awareCompanySchema>;

export const awareCompaniesSchema = z.object({
  period: period.nullable(),
  /** Every company reached (the list shows the top `limit`, most touches first). */
  total_companies: int32(),
  companies: z.array(awareCompanySchema),
});
export type AwareCompanies = z.infer<typeof awareCompaniesSchema>;

export const channelActivitySchema = z.object({
  channel: z.enum(DASHBOARD_CHANNELS),
  sent: int32(),
  replies: int32(),
  meetings: int32(),
  /** This channel's share of the touches sent, in percent (one decimal). */
  share: z.number(),
});
export type ChannelActivity = z.infer<typeof channelActivitySchema>;

export const channelsActivitySchema = z.object({
  period,
  range: rangeSchema,
  total_sent: int32(),
  channels: z.array(channelActivitySchema),
});
export type ChannelsActivity = z.infer<typeof channelsActivitySchema>;

export const activityItemSchema = z.object({
  id: dbId(),
  verb: text(),
  description: text(),
  actor: z.object({ type: z.enum(['user', 'agent', 'virtual_employee', 'system']), name: text() }),
  channel: z.enum(DASHBOARD_CHANNELS).nullable(),
  prospect: z.object({ id: dbId(), name: text(), company: text().nullable() }).nullable(),
  persona: z.object({ id: dbId(), name: text() }).nullable(),
  occurred_at: text(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityListSchema = z.object({
  data: z.array(activityItemSchema),
  meta: z.object({ page: int32(), per_page: int32(), total: int32() }),
});
export type ActivityList = z.infer<typeof activityListSchema>;
