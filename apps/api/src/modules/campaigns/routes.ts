import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  campaignEmailDetailSchema,
  campaignEmailListQuerySchema,
  campaignEmailListSchema,
  campaignEmailSchema,
  campaignSchema,
  createCampaignBodySchema,
  updateCampaignBodySchema,
  updateCampaignEmailBodySchema,
} from '@shared/schemas/campaigns';
import { interactionListSchema } from '@shared/schemas/interactions';
import { int32 } from '@shared/schemas/primitives';
import { unprocessable } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { defineRoute, type AuthContext, type Deps } from '../../lib/route';
import type { RequestBrand } from '../../lib/brand-request';
import { channelsOf } from '../dashboard/routes';
import * as interactions from '../interactions/service';
import * as service from './service';

const TAGS = ['campaigns'];
const one = { 200: z.object({ data: campaignSchema }) };
const oneEmail = { 200: z.object({ data: campaignEmailSchema }) };
/** interaction_view=emails (the default) answers campaign emails; interaction_view=interactions answers interactions. */
const emailsOrInteractions = { 200: z.union([campaignEmailListSchema, interactionListSchema]) };

type ListQuery = z.output<typeof campaignEmailListQuerySchema>;

/** GET campaign_emails (and a campaign's): the view the query asks for. */
async function listView(deps: Deps, auth: AuthContext, brand: RequestBrand, query: ListQuery, campaignId?: number) {
  if (query.interaction_view === 'emails') return service.listEmails(deps, auth, query, campaignId);
  const plain = (['status', 'campaign_id', 'step', 'search'] as const).filter((k) => query[k] !== undefined);
  if (plain.length) throw unprocessable(`${plain.join(', ')}: the interactions view takes its filters in filters (by_campaign, by_kinds, …)`);
  if (query.sort !== 'created_at' && query.sort !== 'occurred_at') throw unprocessable('Interactions sort by occurred_at only');
  if (campaignId !== undefined) await service.campaignRow(deps.db, auth.account.id, campaignId);
  return interactions.list(deps, auth, query, channelsOf(brand), campaignId);
}

const transition = (action: 'start' | 'pause' | 'resume' | 'archive', summary: string) =>
  defineRoute({
    method: 'POST',
    url: v1(`/campaigns/:id/${action}`),
    access: 'user',
    owner: 'account',
    summary,
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.transition(deps, auth, params.id, action) }),
  });

/**
 * Campaigns (issue 11; the spec names no campaign calls, paths in docs/decisions.md) and campaign emails
 * (spec §7: GET campaign_emails, GET/PUT campaign_emails/{id}, GET campaigns/{id}/campaign_emails,
 * POST campaign_emails/{id}/mark_stop_sending; POST campaign_emails/{id}/send_anyway for an uncertain send).
 */
export const campaignRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/campaigns'),
    access: 'user',
    owner: 'account',
    summary: "The account's campaigns with their sequence, enrolment counts and email counts per status",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(campaignSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.list(deps, auth) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/campaigns'),
    access: 'user',
    owner: 'account',
    summary:
      "Create a campaign (draft) for a persona with virtual employees; mode defaults to the automatic-behaviour setting; steps (email, LinkedIn steps, calls: the brand's channels only) default to the follow-up settings' emails",
    tags: TAGS,
    schema: { body: createCampaignBodySchema, response: one },
    handler: async ({ auth, body, brand, deps }) => ({ data: await service.create(deps, auth, body, brand.brand.feature_flags) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaigns/:id'),
    access: 'user',
    owner: 'account',
    summary: 'One campaign',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.show(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/campaigns/:id'),
    access: 'user',
    owner: 'account',
    summary: 'Change name, mode, virtual employees or overlap of a campaign that is not archived or finished; its steps while it is a draft',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateCampaignBodySchema, response: one },
    handler: async ({ auth, body, brand, deps, params }) => ({ data: await service.update(deps, auth, params.id, body, brand.brand.feature_flags) }),
  }),
  transition('start', "Start a draft campaign: the persona's prospects with an email who are not suppressed (and, for a sequence with LinkedIn or call steps, those with a LinkedIn profile only) are enrolled and their steps composed"),
  transition('pause', 'Pause a running campaign: nothing more is sent until resumed'),
  transition('resume', 'Resume a paused campaign; prospects who joined the persona meanwhile are enrolled'),
  transition('archive', 'Archive a campaign: its enrolments stop and unsent emails are cancelled'),
  defineRoute({
    method: 'POST',
    url: v1('/campaigns/:id/approve_all'),
    access: 'user',
    owner: 'account',
    summary: "Approve every draft of the campaign (review queue)",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ approved: int32() }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.approveAll(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaigns/:id/campaign_emails'),
    access: 'user',
    owner: 'account',
    summary: "A campaign's emails (or with interaction_view=interactions its interactions): page, per_page, sort, sort_direction, filters",
    tags: TAGS,
    schema: { params: idParamsSchema, querystring: campaignEmailListQuerySchema, response: emailsOrInteractions },
    handler: async ({ auth, brand, deps, params, query }) => listView(deps, auth, brand, query, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaign_emails'),
    access: 'user',
    owner: 'account',
    summary:
      'Campaign emails of the account (the review queue is filters {"status":"draft"}), or with interaction_view=interactions everything the agent did and received per prospect on every channel (filters: the interaction filters of spec §3, by_prospect, by_kinds): page, per_page, sort, sort_direction, filters',
    tags: TAGS,
    schema: { querystring: campaignEmailListQuerySchema, response: emailsOrInteractions },
    handler: async ({ auth, brand, deps, query }) => listView(deps, auth, brand, query),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaign_emails/:id'),
    access: 'user',
    owner: 'account',
    summary: 'One campaign email with its threading headers, and around it its campaign, persona, virtual employee, the enrolment (status, outcome, step reached, last touch), the sequence step by step and the conversation',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: campaignEmailDetailSchema }) } },
    handler: async ({ auth, deps, params }) => {
      const email = await service.showEmail(deps, auth, params.id);
      return { data: { ...email, ...(await interactions.emailContext(deps.db, auth.account.id, params.id)) } };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/campaign_emails/:id'),
    access: 'user',
    owner: 'account',
    summary: 'Edit a draft or scheduled email (subject, body_html: sanitised); action "approve" (draft → scheduled) or "skip"',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateCampaignEmailBodySchema, response: oneEmail },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.updateEmail(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/campaign_emails/:id/mark_stop_sending'),
    access: 'user',
    owner: 'account',
    summary: "Stop this prospect's sequence: the address is suppressed (reason stopped), its enrolments stop and unsent emails are cancelled",
    tags: TAGS,
    schema: { params: idParamsSchema, response: oneEmail },
    handler: async ({ auth, deps, params }) => ({ data: await service.markStopSending(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/campaign_emails/:id/send_anyway'),
    access: 'user',
    owner: 'account',
    summary: 'Send an uncertain email anyway (its send was interrupted and the Sent folder did not show it): back to scheduled; 422 for any other state',
    tags: TAGS,
    schema: { params: idParamsSchema, response: oneEmail },
    handler: async ({ auth, deps, params }) => ({ data: await service.sendAnyway(deps, auth, params.id) }),
  }),
];
