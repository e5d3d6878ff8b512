import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  callOutcomeBodySchema,
  linkedinReplyBodySchema,
  outreachTaskListQuerySchema,
  outreachTaskListSchema,
  outreachTaskSchema,
  outreachTaskSummarySchema,
  type OutreachTaskChannel,
} from '@shared/schemas/outreach-tasks';
import { idParamsSchema } from '../../lib/params';
import { defineRoute, type Deps } from '../../lib/route';
import type { RequestBrand } from '../../lib/brand-request';
import * as service from './service';

const TAGS = ['outreach tasks'];
const one = { 200: z.object({ data: outreachTaskSchema }) };

/** The task channels the request's brand offers (LinkedIn: its linkedin flag; calls: phone_calls). */
const channelsOf = (brand: RequestBrand): OutreachTaskChannel[] => {
  const flags = brand.brand.feature_flags;
  return [...(flags.linkedin ? (['linkedin'] as const) : []), ...(flags.phone_calls ? (['call'] as const) : [])];
};
const nowOf = (deps: Deps) => (deps.clock ? deps.clock() : new Date());

/**
 * LinkedIn and call tasks (issue 14; paths in docs/decisions.md): the sequence's LinkedIn steps and calls,
 * which the user performs. The list and the summary serve the cabinet's Tasks page and the extension popup
 * alike; a channel the brand switches off does not exist (its tasks are not listed and answer 404).
 */
export const outreachTaskRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/outreach_tasks/summary'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Today's LinkedIn and call tasks per channel (the popup's \"Today on LinkedIn: 12\"), the waiting ones, and today's capacity with the limits that make it",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: outreachTaskSummarySchema }) } },
    handler: async ({ auth, brand, deps }) => ({ data: await service.summary(deps.db, auth.account.id, nowOf(deps), channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/outreach_tasks'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'LinkedIn and call tasks: view today (due now, within the limits), waiting (a later day: a delay, the working hours or a limit), done; channel; page, per_page. meta carries the counts and the capacity',
    tags: TAGS,
    schema: { querystring: outreachTaskListQuerySchema, response: { 200: outreachTaskListSchema } },
    handler: async ({ auth, brand, deps, query }) => service.list(deps.db, auth.account.id, query, nowOf(deps), channelsOf(brand)),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/outreach_tasks/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'One task with its prospect (profile link, phone) and the prepared text',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, brand, deps, params }) => ({ data: await service.show(deps.db, auth.account.id, params.id, channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/outreach_tasks/:id/done'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Mark a due task done: the sequence moves on (the next email gets its due time, or the next task comes due)',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, brand, deps, params }) => ({ data: await service.markDone(deps, auth, params.id, nowOf(deps), channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/outreach_tasks/:id/skip'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Skip a due task: the step is passed over and the sequence moves on',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, brand, deps, params }) => ({ data: await service.skip(deps, auth, params.id, nowOf(deps), channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/outreach_tasks/:id/linkedin_reply'),
    access: 'user',
    owner: 'account',
    role: 'member',
    feature: 'linkedin',
    summary: "Log the prospect's LinkedIn reply on a LinkedIn task: it joins their thread in the inbox and the interactions, and stops their sequence on every channel",
    tags: TAGS,
    schema: { params: idParamsSchema, body: linkedinReplyBodySchema, response: one },
    handler: async ({ auth, body, brand, deps, params }) => ({ data: await service.logLinkedinReply(deps, auth, params.id, body.text, nowOf(deps), channelsOf(brand)) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/outreach_tasks/:id/call_outcome'),
    access: 'user',
    owner: 'account',
    role: 'member',
    feature: 'phone_calls',
    summary: 'Log a call task\'s outcome (connected, voicemail, no_answer, wrong_number; interested for a connected call): a connected call stops the sequence and moves the pipeline card, the others move the sequence on',
    tags: TAGS,
    schema: { params: idParamsSchema, body: callOutcomeBodySchema, response: one },
    handler: async ({ auth, body, brand, deps, params }) => ({ data: await service.logCallOutcome(deps, auth, params.id, body, nowOf(deps), channelsOf(brand)) }),
  }),
];
