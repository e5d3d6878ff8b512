import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  apiKeyAnswerSchema,
  authorizeUrlAnswerSchema,
  createIntegrationBodySchema,
  integrationListSchema,
  integrationSchema,
  integrationWriteListSchema,
  integrationSyncParamsSchema,
  integrationWriteParamsSchema,
  integrationSyncAnswerSchema,
  integrationSyncSchema,
  integrationWriteSchema,
  updateIntegrationBodySchema,
} from '@shared/schemas/integrations';
import { dbId, text } from '@shared/schemas/primitives';
import { idParamsSchema } from '../../lib/params';
import { defineRoute, type AppRoute } from '../../lib/route';
import { calendlyRoutes } from './calendly/routes';
import { connectWithToken } from './calendly/service';
import { hubspotRoutes } from './hubspot/routes';
import { listWrites, replayWrite } from './ledger';
import { listSyncs, syncRow, toSyncJson } from './syncs';
import { finishOAuth, startOAuth } from './oauth';
import { salesforceRoutes } from './salesforce/routes';
import { disconnect, integrationRow, listIntegrations, updateSettings } from './service';
import { connectZapier } from './zapier/connect';

/**
 * Integrations (spec §7 Integrations, issue 27): connect (POST), list with status and usage (GET), settings (PUT),
 * disconnect (DELETE), the OAuth callback, and the write ledger with its replay. Each provider's own calls are in its
 * folder (hubspot/routes.ts). Every route belongs to the brand's `integrations` feature; a provider's to its own flag.
 */

const TAGS = ['Integrations'];

export const integrationRoutes: AppRoute[] = [
  defineRoute({
    method: 'POST',
    url: v1('/integrations'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'integrations',
    summary:
      'Connect an integration: for an OAuth vendor (HubSpot, Salesforce, Calendly) the consent URL to send the browser to (the vendor comes back to integrations/oauth/callback); for Zapier {id, api_key}, the key shown this once',
    tags: TAGS,
    schema: { body: createIntegrationBodySchema, response: { 200: z.union([authorizeUrlAnswerSchema, apiKeyAnswerSchema, z.object({ data: integrationSchema })]) } },
    handler: async ({ auth, body, brand, deps, reply, req }) => {
      if (body.provider === 'zapier') return { data: await connectZapier(deps, auth, brand, body.name) };
      // Calendly with a personal access token: checked at Calendly and stored; no consent page.
      if (body.provider === 'calendly' && body.access_token) return { data: await connectWithToken(deps, auth, brand, body.access_token) };
      const { provider, ...extra } = body;
      return { data: startOAuth(deps, auth, brand, req, reply, provider, extra) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/integrations/oauth/callback'),
    access: 'public',
    owner: 'none',
    summary:
      'The vendor redirects here: the code is exchanged, the tokens stored sealed; redirects to /cabinet/integrations?integration=<provider>&integration_status=connected (or integration_error=<code>). An unsigned or altered state answers 400',
    tags: TAGS,
    hidden: true,
    // Vendors add their own parameters (HubSpot nothing, Salesforce none, Calendly none today): not strict.
    schema: { querystring: z.looseObject({ state: text().max(4000).optional(), code: text().max(4000).optional(), error: text().max(200).optional() }) },
    handler: ({ deps, query, reply, req }) => finishOAuth(deps, req, reply, query),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/integrations'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'integrations',
    summary: "The account's integrations with status (connected, needs_reconnect, error with the vendor's message), last sync and today's usage; meta.providers: the brand's providers and whether this server is configured for each",
    tags: TAGS,
    schema: { response: { 200: integrationListSchema } },
    handler: ({ auth, brand, deps }) => listIntegrations(deps, auth, brand),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/integrations/:id'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'integrations',
    summary: 'Change an integration’s settings (what to sync, the suppression list, Lead or Contact, the daily request cap); fields left out keep their value, null clears one',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateIntegrationBodySchema, response: { 200: z.object({ data: integrationSchema }) } },
    handler: async ({ auth, body, brand, deps, params }) => ({ data: await updateSettings(deps, auth, brand, params.id, body.settings) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/integrations/:id'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'integrations',
    summary: 'Disconnect: the token is revoked at the vendor where it can be, then the integration is deleted (its ledger stays)',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ id: dbId(), revoked: z.boolean() }) }) } },
    handler: async ({ auth, brand, deps, params, req }) => ({ data: await disconnect(deps, auth, brand, params.id, req.log) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/integrations/:id/writes'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'integrations',
    summary: "The integration's write ledger, newest first (50): every write to the vendor with its key, record id, summary, response status, attempts and error",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: integrationWriteListSchema } },
    handler: async ({ auth, deps, params }) => {
      await integrationRow(deps.db, auth.account.id, params.id);
      return { data: await listWrites(deps.db, auth.account.id, params.id) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/integrations/:id/writes/:writeId/replay'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'integrations',
    summary: 'Run a failed write again (same key and input); 409 for one that succeeded (never written twice) or is still on its way',
    tags: TAGS,
    schema: { params: integrationWriteParamsSchema, response: { 200: z.object({ data: integrationWriteSchema }) } },
    handler: async ({ auth, deps, params }) => ({ data: await replayWrite(deps, auth.account.id, params.id, params.writeId) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/integrations/:id/syncs'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'integrations',
    summary: "The integration's recent bulk imports (newest first, 10): each with its preview (read, would add, already there, skipped) and, once applied, its result",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.array(integrationSyncSchema) }) } },
    handler: async ({ auth, deps, params }) => {
      await integrationRow(deps.db, auth.account.id, params.id);
      return { data: await listSyncs(deps.db, auth.account.id, params.id) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/integrations/:id/syncs/:syncId'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'integrations',
    summary: 'One bulk import: previewing (the vendor is being read), previewed (what applying would do), applying, applied (result) or failed (error)',
    tags: TAGS,
    schema: { params: integrationSyncParamsSchema, response: { 200: integrationSyncAnswerSchema } },
    handler: async ({ auth, deps, params }) => ({ data: toSyncJson(await syncRow(deps.db, auth.account.id, params.id, params.syncId)) }),
  }),
  ...hubspotRoutes,
  ...salesforceRoutes,
  ...calendlyRoutes,
];
