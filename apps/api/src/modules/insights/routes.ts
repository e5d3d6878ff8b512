import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  insightsQuerySchema,
  opportunitiesSchema,
  overallStatsSchema,
  targetAudienceQuerySchema,
  targetAudienceSchema,
  type Opportunities,
  type TargetAudience,
} from '@shared/schemas/insights';
import { defineRoute } from '../../lib/route';
import type { OverallStatsResult } from './deliverability';
import { insightThroughSnapshot } from './snapshots';
import { variantInsightRoutes } from './variants-routes';

const TAGS = ['insights'];

/** Where "now" comes from: the deps' clock in tests, else the real one. */
const nowOf = (deps: { clock?: () => Date }) => deps.clock?.() ?? new Date();

/** Insights (spec §7, issue 26): read-only figures of the signed-in user's account, from what the engine sent and received. */
export const insightsRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/insights/deliverability/overall-stats'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Sent, delivered, bounced (permanent, temporary), blocked, complaints, unsubscribes, replies and positive replies with their rates, by mailbox, sending domain, campaign and step, and recipient provider',
    tags: TAGS,
    schema: { querystring: insightsQuerySchema, response: { 200: z.object({ data: overallStatsSchema }) } },
    handler: async ({ auth, deps, query }) => {
      const now = nowOf(deps);
      const q = { account_id: auth.account.id, call: 'overall-stats' as const, period: query.period, campaign_id: query.campaign_id ?? null, statistic_name: null };
      const { body, freshness } = await insightThroughSnapshot(deps, q, now);
      const { pendingProviders: _pending, ...figures } = body as unknown as Omit<OverallStatsResult, 'pendingDomains'> & { pendingProviders?: number };
      return { data: { ...figures, freshness } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/insights/performance/my_opportunities'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The funnel of the prospects contacted in the period: replied, positive, meeting booked, proposal, won, with conversions, time to first reply and meetings per 1,000 contacted',
    tags: TAGS,
    schema: { querystring: insightsQuerySchema, response: { 200: z.object({ data: opportunitiesSchema }) } },
    handler: async ({ auth, deps, query }) => {
      const q = { account_id: auth.account.id, call: 'my_opportunities' as const, period: query.period, campaign_id: query.campaign_id ?? null, statistic_name: null };
      const { body, freshness } = await insightThroughSnapshot(deps, q, nowOf(deps));
      return { data: { ...(body as unknown as Omit<Opportunities, 'freshness'>), freshness } };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/insights/performance/target_audience'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The values of one audience statistic (persona, job title, seniority, …) ranked by reply, positive reply and meeting rates, each with a 95 % Wilson interval and its sample',
    tags: TAGS,
    schema: { querystring: targetAudienceQuerySchema, response: { 200: z.object({ data: targetAudienceSchema }) } },
    handler: async ({ auth, deps, query }) => {
      const q = { account_id: auth.account.id, call: 'target_audience' as const, period: query.period, campaign_id: query.campaign_id ?? null, statistic_name: query.statistic_name };
      const { body, freshness } = await insightThroughSnapshot(deps, q, nowOf(deps));
      return { data: { ...(body as unknown as Omit<TargetAudience, 'freshness'>), freshness } };
    },
  }),
  ...variantInsightRoutes,
];
