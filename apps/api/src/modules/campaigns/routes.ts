import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  campaignEmailSchema,
  campaignSchema,
  createCampaignBodySchema,
  enrolProspectBodySchema,
  enrolProspectResponseSchema,
  skippedProspectsQuerySchema,
  skippedProspectsResponseSchema,
  updateCampaignBodySchema,
  updateCampaignEmailBodySchema,
} from '@shared/schemas/campaigns';
import { dbIdParam, int32 } from '@shared/schemas/primitives';
import { sendingCapacitySchema } from '@shared/schemas/user-emails';
import { notFound } from '../../lib/http-error';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as service from './service';
import { campaignMailboxIds, capacityToday } from './capacity';
import { enrolOnPurpose, skippedProspects } from './skipped';

const TAGS = ['campaigns'];
const one = { 200: z.object({ data: campaignSchema }) };
const oneEmail = { 200: z.object({ data: campaignEmailSchema }) };
const transition = (action: 'start' | 'pause' | 'resume' | 'archive', summary: string) =>
  defineRoute({
    method: 'POST',
    url: v1(`/campaigns/:id/${action}`),
    access: 'user',
    owner: 'account',
    role: 'admin',
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
    url: v1('/campaigns/:id/skipped_prospects'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary:
      "The persona's prospects the campaign did not enrol, and why: on the blacklist, in conversation (answered as a person; the user may enrol them on purpose), in another active campaign, or no usable address. 404 if the account has no such campaign",
    tags: TAGS,
    schema: { params: idParamsSchema, querystring: skippedProspectsQuerySchema, response: { 200: skippedProspectsResponseSchema } },
    handler: async ({ auth, deps, params, query }) => skippedProspects(deps, auth, params.id, query),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/campaigns/:id/enrolments'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary:
      "Enrol one of the persona's prospects on purpose (someone in conversation, whom enrolment skips): never one on the blacklist (422), never twice or into a second active campaign (409)",
    tags: TAGS,
    schema: { params: idParamsSchema, body: enrolProspectBodySchema, response: { 200: enrolProspectResponseSchema } },
    handler: async ({ auth, deps, params, body }) => ({ data: await enrolOnPurpose(deps, auth, params.id, body.prospect_id) }),
  }),
  // The capacity panels' figures (spec path under user_emails): sending capacity is the campaigns' to plan with.
  defineRoute({
    method: 'GET',
    url: v1('/user_emails/capacity'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary:
      "Today's sending capacity per mailbox and in total: limit after warm-up, sent, scheduled, left, and what holds an idle mailbox back. With campaign_id: that campaign's mailboxes (its virtual employees') and their total; 404 if the account has no such campaign",
    tags: ['user emails'],
    schema: { querystring: z.strictObject({ campaign_id: dbIdParam('campaign_id').optional() }), response: { 200: z.object({ data: sendingCapacitySchema }) } },
    handler: async ({ auth, deps, query }) => {
      if (query.campaign_id === undefined) return { data: await capacityToday(deps.db, auth.account.id) };
      const userEmailIds = await campaignMailboxIds(deps.db, auth.account.id, query.campaign_id);
      if (!userEmailIds) throw notFound('Campaign not found');
      return { data: await capacityToday(deps.db, auth.account.id, new Date(), { userEmailIds }) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaigns'),
    access: 'user',
    owner: 'account',
    role: 'member',
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
    role: 'admin',
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
    role: 'member',
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
    role: 'admin',
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
    role: 'admin',
    summary: "Approve every draft of the campaign (review queue)",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ approved: int32() }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.approveAll(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/campaign_emails/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
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
    role: 'member',
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
    role: 'admin',
    summary: 'Send an uncertain email anyway (its send was interrupted and the Sent folder did not show it): back to scheduled; 422 for any other state',
    tags: TAGS,
    schema: { params: idParamsSchema, response: oneEmail },
    handler: async ({ auth, deps, params }) => ({ data: await service.sendAnyway(deps, auth, params.id) }),
  }),
];
