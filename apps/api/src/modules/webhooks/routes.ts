import { z } from 'zod';
import { v1 } from '@shared/constants';
import { pipelineProspectSchema } from '@shared/schemas/pipeline';
import { prospectSchema } from '@shared/schemas/personas';
import { dbId, text } from '@shared/schemas/primitives';
import {
  apiKeySchema,
  blacklistActionSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createProspectActionSchema,
  createWebhookBodySchema,
  movePipelineCardActionSchema,
  stopSendingActionSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliverySchema,
  webhookEventItemSchema,
  webhookSchema,
  zapierMeSchema,
  zapierSamplesQuerySchema,
  zapierSubscribeBodySchema,
  zapierTriggerParamsSchema,
} from '@shared/schemas/webhooks';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as actions from './actions';
import { apiKeyOf, createKey, listKeys, revokeKey } from './api-keys';
import * as hooks from './hooks';
import { samplesOf } from './triggers';

const TAGS = ['webhooks'];
const ZAPIER = ['zapier'];

/**
 * The account's API keys and webhooks (signed-in, integrations page), and the API-key routes Zapier calls: the
 * connection test, REST hook subscribe and unsubscribe, each trigger's sample list, and the actions.
 */
export const webhookRoutes = [
  // --- API keys (the integrations page's Zapier card) ---
  defineRoute({
    method: 'GET',
    url: v1('/api_keys'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'zapier',
    summary: "The account's API keys (their prefix only) with how many Zapier hooks each holds",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(apiKeySchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await listKeys(deps.db, auth.account.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/api_keys'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'zapier',
    summary: 'Create an API key (for Zapier or a script): the answer is the only time the key is shown',
    tags: TAGS,
    schema: { body: createApiKeyBodySchema, response: { 200: z.object({ data: createdApiKeySchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await createKey(deps.db, auth, body.name) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/api_keys/:id'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'zapier',
    summary: 'Revoke an API key: it stops working at once and the Zapier hooks subscribed with it are removed',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ id: dbId() }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await revokeKey(deps.db, auth.account.id, params.id) }),
  }),

  // --- Webhooks (added by hand; Zapier's show here too, as connected zaps) ---
  defineRoute({
    method: 'GET',
    url: v1('/webhooks'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'integrations',
    summary: "The account's webhooks (added by hand, and Zapier's subscriptions) with their newest deliveries",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(webhookSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await hooks.listHooks(deps.db, auth.account.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/webhooks'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'integrations',
    summary: 'Add a webhook (URL and events); its signing secret, given or generated, is in this answer only',
    tags: TAGS,
    schema: { body: createWebhookBodySchema, response: { 200: z.object({ data: createdWebhookSchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await hooks.createHook(deps, auth.account.id, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/webhooks/:id'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'integrations',
    summary: 'Delete a webhook (a Zapier one too: its zap stops receiving) and its delivery log',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ id: dbId() }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await hooks.deleteHook(deps.db, auth.account.id, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/webhooks/:id/deliveries'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'integrations',
    summary: "A webhook's delivery log, newest first: status, attempts, the receiver's answer, the next try",
    tags: TAGS,
    schema: { params: idParamsSchema, querystring: webhookDeliveriesQuerySchema, response: { 200: z.object({ data: z.array(webhookDeliverySchema) }) } },
    handler: async ({ auth, deps, params, query }) => ({ data: await hooks.deliveriesOf(deps.db, auth.account.id, params.id, query.limit) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/webhooks/:id/test'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'integrations',
    rateLimit: 'outbound',
    summary: 'Queue a signed test event (webhook.test) for the webhook; its delivery shows in the log',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: webhookDeliverySchema }) } },
    handler: async ({ auth, deps, params }) => ({ data: await hooks.testHook(deps, auth.account.id, params.id) }),
  }),

  // --- Zapier (API key: X-API-Key or Authorization: Bearer) ---
  defineRoute({
    method: 'GET',
    url: v1('/zapier/me'),
    access: 'api_key',
    owner: 'account',
    feature: 'zapier',
    summary: "Zapier's connection test: the key's account and user (its connection label)",
    tags: ZAPIER,
    schema: { response: { 200: z.object({ data: zapierMeSchema }) } },
    handler: ({ auth }) => {
      const key = apiKeyOf(auth);
      return { data: { account_id: auth.account.id, account_name: auth.account.name, user_email: auth.user.email, key_name: key.name, key_prefix: key.prefix } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/zapier/hooks'),
    access: 'api_key',
    owner: 'account',
    feature: 'zapier',
    summary: "REST hook subscribe (a zap turned on): events of the trigger are POSTed, signed, to target_url until it unsubscribes or answers 410",
    tags: ZAPIER,
    schema: { body: zapierSubscribeBodySchema, response: { 201: z.object({ id: dbId() }) } },
    handler: async ({ auth, body, deps, reply }) => reply.code(201).send(await hooks.subscribe(deps, auth.account.id, apiKeyOf(auth).id, body)),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/zapier/hooks/:id'),
    access: 'api_key',
    owner: 'account',
    feature: 'zapier',
    summary: 'REST hook unsubscribe (a zap turned off): the subscription made with this key goes',
    tags: ZAPIER,
    schema: { params: idParamsSchema, response: { 200: z.object({ id: dbId() }) } },
    handler: ({ auth, deps, params }) => hooks.deleteHook(deps.db, auth.account.id, params.id, 'zapier', apiKeyOf(auth).id),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/zapier/triggers/:event'),
    access: 'api_key',
    owner: 'account',
    feature: 'zapier',
    summary: "A trigger's newest events, newest first, in the shape its hook receives (Zapier's sample list; ids are stable)",
    tags: ZAPIER,
    schema: { params: zapierTriggerParamsSchema, querystring: zapierSamplesQuerySchema, response: { 200: z.object({ data: z.array(webhookEventItemSchema) }) } },
    handler: async ({ auth, deps, params, query }) => ({ data: await samplesOf(deps.db, auth.account.id, params.event, query.limit) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/zapier/actions/create_prospect'),
    access: 'api_key',
    owner: 'account',
    feature: 'zapier',
    summary: 'Create (or update, by email) a prospect in a persona; it joins the persona’s running campaigns',
    tags: ZAPIER,
    schema: { body: createProspectActionSchema, response: { 200: z.object({ data: prospectSchema, created: z.boolean() }) } },
    handler: ({ auth, body, deps }) => actions.createProspect(deps, auth, body),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/zapier/actions/blacklist_email'),
    access: 'api_key',
    owner: 'account',
    feature: 'zapier',
    summary: 'Put an address on the blacklist (never contacted again; its sequences stop)',
    tags: ZAPIER,
    schema: { body: blacklistActionSchema, response: { 200: z.object({ data: z.object({ email: text(), added: z.boolean() }) }) } },
    handler: ({ auth, body, deps }) => actions.blacklistAddress(deps, auth, body),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/zapier/actions/stop_sending'),
    access: 'api_key',
    owner: 'account',
    feature: 'zapier',
    summary: 'Stop sending to a prospect (by prospect_id or email): their sequences stop and unsent emails are cancelled',
    tags: ZAPIER,
    schema: {
      body: stopSendingActionSchema,
      response: { 200: z.object({ data: z.object({ email: text(), prospect: z.record(text(), z.unknown()).nullable(), stopped: z.boolean(), newly_suppressed: z.boolean() }) }) },
    },
    handler: ({ auth, body, deps }) => actions.stopSending(deps, auth, body),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/zapier/actions/move_pipeline_card'),
    access: 'api_key',
    owner: 'account',
    feature: 'zapier',
    summary: "Move a prospect's pipeline card (by prospect_id or email) to a stage, as a move by hand",
    tags: ZAPIER,
    schema: { body: movePipelineCardActionSchema, response: { 200: z.object({ data: pipelineProspectSchema }) } },
    handler: ({ auth, body, deps }) => actions.moveCard(deps, auth, body),
  }),
];
