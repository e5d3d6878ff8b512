import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  brandChannels,
  activityGraphSchema,
  activityListQuerySchema,
  activityListSchema,
  awareCompaniesQuerySchema,
  awareCompaniesSchema,
  channelsActivitySchema,
  dashboardGraphQuerySchema,
  dashboardPeriodQuerySchema,
  generalStatisticsSchema,
} from '@shared/schemas/dashboard';
import { defineRoute } from '../../lib/route';
import type { RequestBrand } from '../../lib/brand-request';
import { insightThroughSnapshot } from '../insights/snapshots';
import * as service from './service';

const TAGS = ['dashboard'];

/** The cabinet dashboard (spec §7 "Dashboard and onboarding"): read-only figures of the signed-in user's account. */
/** The channels the request's brand has on: figures for a switched-off channel are never shown. */
export const channelsOf = (brand: RequestBrand) => brandChannels(brand.brand.feature_flags);

export const dashboardRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/dashboard_general_statistics'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Prospects, personas, the period’s touches and replies, and the insights funnel’s contacted prospects, reply rate and meetings booked, each beside the previous period',
    tags: TAGS,
    schema: { querystring: dashboardPeriodQuerySchema, response: { 200: z.object({ data: generalStatisticsSchema }) } },
    handler: async ({ auth, brand, deps, query }) => {
      const now = service.dashboardClock.now();
      // The cohort figures are the insights page's own answer (through its snapshot): both pages always agree.
      const q = { account_id: auth.account.id, call: 'my_opportunities' as const, period: query.period, campaign_id: null, statistic_name: null };
      const { body } = await insightThroughSnapshot(deps, q, now);
      return { data: await service.generalStatistics(deps.db, auth.account.id, query.period, now, channelsOf(brand), body as unknown as service.CohortFigures) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/dashboard_activity_graph_statistics'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Touches sent, replies and meetings per day (week, month) or per ISO week (quarter, year), zero-filled, UTC',
    tags: TAGS,
    schema: { querystring: dashboardGraphQuerySchema, response: { 200: z.object({ data: activityGraphSchema }) } },
    handler: async ({ auth, brand, deps, query }) => ({ data: await service.activityGraph(deps.db, auth.account.id, query.period, undefined, channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/dashboard_aware_companies_statistics'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Companies reached (distinct prospect companies with a touch), touches per channel, top N; all time without a period',
    tags: TAGS,
    schema: { querystring: awareCompaniesQuerySchema, response: { 200: z.object({ data: awareCompaniesSchema }) } },
    handler: async ({ auth, brand, deps, query }) => ({ data: await service.awareCompanies(deps.db, auth.account.id, { period: query.period, limit: query.limit }, undefined, channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/channels_activity'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Touches sent, replies and meetings per channel (email, LinkedIn, phone) in the period, with each channel’s share',
    tags: TAGS,
    schema: { querystring: dashboardPeriodQuerySchema, response: { 200: z.object({ data: channelsActivitySchema }) } },
    handler: async ({ auth, brand, deps, query }) => ({ data: await service.channelsActivity(deps.db, auth.account.id, query.period, undefined, channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/activity_list'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The account’s activity log, newest first, paginated, with a readable line, actor, channel, prospect and persona',
    tags: TAGS,
    schema: { querystring: activityListQuerySchema, response: { 200: activityListSchema } },
    handler: async ({ auth, brand, deps, query }) => service.activityList(deps.db, auth.account.id, query, channelsOf(brand)),
  }),
];
