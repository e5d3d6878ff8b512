import { z } from 'zod';
import { v1 } from '@shared/constants';
import { insightsQuerySchema, opportunitiesSchema, overallStatsSchema, targetAudienceQuerySchema, targetAudienceSchema } from '@shared/schemas/insights';
import { defineRoute } from '../../lib/route';
import { overallStats } from './deliverability';
import { myOpportunities, targetAudience } from './performance';
import { requestLookups } from './providers';
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
    summary: 'Sent, delivered, bounced (permanent, temporary), blocked, complaints, unsubscribes, replies and positive replies with their rates, by mailbox, sending domain, campaign and step, and recipient provider',
    tags: TAGS,
    schema: { querystring: insightsQuerySchema, response: { 200: z.object({ data: overallStatsSchema }) } },
    handler: async ({ auth, deps, query }) => {
      const now = nowOf(deps);
      const { pendingDomains, ...data } = await overallStats(deps.db, auth.account.id, query.period, now, query.campaign_id);
      // The recipient domains with no provider yet are looked up in the background, never in this request.
      if (pendingDomains.length) await requestLookups(deps, pendingDomains, now);
      return { data };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/insights/performance/my_opportunities'),
    access: 'user',
    owner: 'account',
    summary: 'The funnel of the prospects contacted in the period: replied, positive, meeting booked, proposal, won, with conversions, time to first reply and meetings per 1,000 contacted',
    tags: TAGS,
    schema: { querystring: insightsQuerySchema, response: { 200: z.object({ data: opportunitiesSchema }) } },
    handler: async ({ auth, deps, query }) => ({ data: await myOpportunities(deps.db, auth.account.id, query.period, nowOf(deps), query.campaign_id) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/insights/performance/target_audience'),
    access: 'user',
    owner: 'account',
    summary: 'The values of one audience statistic (persona, job title, seniority, …) ranked by reply, positive reply and meeting rates, each with a 95 % Wilson interval and its sample',
    tags: TAGS,
    schema: { querystring: targetAudienceQuerySchema, response: { 200: z.object({ data: targetAudienceSchema }) } },
    handler: async ({ auth, deps, query }) => ({ data: await targetAudience(deps.db, auth.account.id, query.statistic_name, query.period, nowOf(deps), query.campaign_id) }),
  }),
  ...variantInsightRoutes,
];
