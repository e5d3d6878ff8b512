import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  autoPushPreviewSchema,
  hubspotBlacklistImportBodySchema,
  hubspotContactsAnswerSchema,
  hubspotContactsQuerySchema,
  hubspotListsAnswerSchema,
  hubspotListsQuerySchema,
  integrationSyncAnswerSchema,
  pushAnswerSchema,
  pushPreviewQuerySchema,
} from '@shared/schemas/integrations';
import { idParamsSchema } from '../../../lib/params';
import { defineRoute, type AppRoute } from '../../../lib/route';
import { answerVendor } from '../vendor-fetch';
import { confirmBlacklistImport, hubspotContacts, hubspotLists, importReplyContact, previewAutoPush, startBlacklistImport } from './service';

/** HubSpot's calls (spec §7: integrations/hubspot_lists, hubspot_contacts, import_all_hubspot_contacts_to_blacklist, replies/{id}/import_contact_to_hubspot). */

const TAGS = ['Integrations'];
const feature = 'crm_import_hubspot' as const;

export const hubspotRoutes: AppRoute[] = [
  defineRoute({
    method: 'GET',
    url: v1('/integrations/hubspot_lists'),
    access: 'user',
    owner: 'account',
    feature,
    summary: "The HubSpot portal's contact lists, a page at a time (POST /crm/v3/lists/search, offset paging); 429 with Retry-After while HubSpot asks to wait",
    tags: TAGS,
    schema: { querystring: hubspotListsQuerySchema, response: { 200: hubspotListsAnswerSchema } },
    handler: ({ auth, brand, deps, query, reply }) => answerVendor(reply, () => hubspotLists(deps, auth, brand, query), deps.clock),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/hubspot_contacts'),
    access: 'user',
    owner: 'account',
    feature,
    summary: "The HubSpot portal's contacts, or a list's members (list_id), a page at a time (cursor: meta.next_after)",
    tags: TAGS,
    schema: { querystring: hubspotContactsQuerySchema, response: { 200: hubspotContactsAnswerSchema } },
    handler: ({ auth, brand, deps, query, reply }) => answerVendor(reply, () => hubspotContacts(deps, auth, brand, query), deps.clock),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/import_all_hubspot_contacts_to_blacklist'),
    access: 'user',
    owner: 'account',
    feature,
    summary:
      'Every HubSpot contact, or a list’s members (list_id), to the blacklist: { list_id? } starts a preview (read in the background: GET integrations/{id}/syncs/{sync_id}); { sync_id, confirm: true } applies exactly that preview',
    tags: TAGS,
    schema: { body: hubspotBlacklistImportBodySchema, response: { 200: integrationSyncAnswerSchema } },
    handler: async ({ auth, body, brand, deps }) => ({
      data: 'sync_id' in body ? await confirmBlacklistImport(deps, auth, brand, body.sync_id) : await startBlacklistImport(deps, auth, brand, body),
    }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/integrations/hubspot/push_preview'),
    access: 'user',
    owner: 'account',
    feature,
    summary: "Before turning automatic pushes on: what they would have done with the last 30 days' replies of that kind (create, update, skip); nothing is written",
    tags: TAGS,
    schema: { querystring: pushPreviewQuerySchema, response: { 200: z.object({ data: autoPushPreviewSchema }) } },
    handler: async ({ auth, brand, deps, query }) => ({ data: await previewAutoPush(deps, auth, brand, query.auto_push) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/replies/:id/import_contact_to_hubspot'),
    access: 'user',
    owner: 'account',
    feature,
    summary:
      'Push the replying prospect to HubSpot as a contact (email, firstname, lastname, company, jobtitle): recorded in the ledger and written by a background job (create; on 409 "Contact already exists" an update of that id). The same push twice is one write (created: false)',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: pushAnswerSchema } },
    handler: ({ auth, brand, deps, params }) => importReplyContact(deps, auth, brand, params.id),
  }),
];

