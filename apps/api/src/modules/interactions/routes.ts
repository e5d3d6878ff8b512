import { z } from 'zod';
import { v1 } from '@shared/constants';
import { interactionsStatsQuerySchema, interactionsStatsSchema, personOfferingInfoSchema } from '@shared/schemas/interactions';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import { channelsOf } from '../dashboard/routes';
import * as service from './service';
import {
  campaignEmailDetailSchema,
  campaignEmailListQuerySchema,
  campaignEmailListSchema,
} from '@shared/schemas/campaigns';
import { interactionListSchema } from '@shared/schemas/interactions';
import { brandChannels } from '@shared/schemas/dashboard';
import { unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import type { RequestBrand } from '../../lib/brand-request';
import * as campaigns from '../campaigns/service';

const TAGS = ['interactions'];

/**
 * Interactions (spec §7; issue 12): the counts of the interactions list and what stands behind one message.
 * The list itself is GET campaign_emails?interaction_view=interactions (campaigns/routes.ts), and one
 * email with its context GET campaign_emails/{id}.
 */
export const interactionRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/campaign_emails/interactions_stats'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The interactions (filters: as the interactions list) counted by channel, direction and kind, with the prospects and enrolments they concern and where each enrolment stands (outcome)',
    tags: TAGS,
    schema: { querystring: interactionsStatsQuerySchema, response: { 200: z.object({ data: interactionsStatsSchema }) } },
    handler: async ({ auth, brand, deps, query }) => ({ data: await service.stats(deps, auth, query.filters, channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaign_emails/:id/person_offering_info'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The prospect, the persona (with its figures) and the offering behind a campaign email, with the messaging setting and virtual employee that wrote it",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: personOfferingInfoSchema }) } },
    handler: async ({ auth, brand, deps, params }) => ({ data: await service.personOfferingInfo(deps, auth, params.id, channelsOf(brand)) }),
  }),
];

/** interaction_view=emails (the default) answers campaign emails; interaction_view=interactions answers service. */
const emailsOrInteractions = { 200: z.union([campaignEmailListSchema, interactionListSchema]) };

type ListQuery = z.output<typeof campaignEmailListQuerySchema>;

/** GET campaign_emails (and a campaign's): the view the query asks for. */
async function listView(deps: Deps, auth: AuthContext, brand: RequestBrand, query: ListQuery, campaignId?: number) {
  if (query.interaction_view === 'emails') return campaigns.listEmails(deps, auth, query, campaignId);
  const plain = (['status', 'campaign_id', 'step', 'search'] as const).filter((k) => query[k] !== undefined);
  if (plain.length) throw unprocessable(`${plain.join(', ')}: the interactions view takes its filters in filters (by_campaign, by_kinds, …)`);
  if (query.sort !== 'created_at' && query.sort !== 'occurred_at') throw unprocessable('Interactions sort by occurred_at only');
  if (campaignId !== undefined) await campaigns.campaignRow(deps.db, auth.account.id, campaignId);
  return service.list(deps, auth, query, brandChannels(brand.brand.feature_flags), campaignId);
}

/**
 * The campaign-email lists and one email with its context (wire paths under campaigns and campaign_emails): they
 * answer the interactions view too, so they live with the read model above campaigns.
 */
export const campaignEmailReadRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/campaigns/:id/campaign_emails'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "A campaign's emails (or with interaction_view=interactions its interactions): page, per_page, sort, sort_direction, filters",
    tags: ['campaigns'],
    schema: { params: idParamsSchema, querystring: campaignEmailListQuerySchema, response: emailsOrInteractions },
    handler: async ({ auth, brand, deps, params, query }) => listView(deps, auth, brand, query, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaign_emails'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary:
      'Campaign emails of the account (the review queue is filters {"status":"draft"}), or with interaction_view=interactions everything the agent did and received per prospect on every channel (filters: the interaction filters of spec §3, by_prospect, by_kinds): page, per_page, sort, sort_direction, filters',
    tags: ['campaigns'],
    schema: { querystring: campaignEmailListQuerySchema, response: emailsOrInteractions },
    handler: async ({ auth, brand, deps, query }) => listView(deps, auth, brand, query),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaign_emails/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'One campaign email with its threading headers, and around it its campaign, persona, virtual employee, the enrolment (status, outcome, step reached, last touch), the sequence step by step and the conversation',
    tags: ['campaigns'],
    schema: { params: idParamsSchema, response: { 200: z.object({ data: campaignEmailDetailSchema }) } },
    handler: async ({ auth, deps, params }) => {
      const email = await campaigns.showEmail(deps, auth, params.id);
      return { data: { ...email, ...(await service.emailContext(deps.db, auth.account.id, params.id)) } };
    },
  }),
];
