import { z } from 'zod';
import { v1 } from '@shared/constants';
import { interactionsStatsQuerySchema, interactionsStatsSchema, personOfferingInfoSchema } from '@shared/schemas/interactions';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import { channelsOf } from '../dashboard/routes';
import * as service from './service';

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
    summary: "The prospect, the persona (with its figures) and the offering behind a campaign email, with the messaging setting and virtual employee that wrote it",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: personOfferingInfoSchema }) } },
    handler: async ({ auth, brand, deps, params }) => ({ data: await service.personOfferingInfo(deps, auth, params.id, channelsOf(brand)) }),
  }),
];
