import { v1 } from '@shared/constants';
import { integrationSyncAnswerSchema, pushAnswerSchema } from '@shared/schemas/integrations';
import { importToSalesforceBodySchema, SALESFORCE_LIST_VIEW_ID, salesforceBlacklistImportBodySchema, salesforceListParamsSchema, salesforceListsQuerySchema, salesforceListsSchema } from '@shared/schemas/integrations-salesforce';
import { notFound } from '../../../lib/http-error';
import { idParamsSchema } from '../../../lib/params';
import { defineRoute, type AppRoute } from '../../../lib/route';
import { answerVendor } from '../vendor-fetch';
import { confirmSalesforceBlacklistImport, importReplyToSalesforce, salesforceLists, startSalesforceBlacklistImport } from './service';

/** Salesforce's calls (spec §7): its list views, and a reply's prospect pushed as a Lead or Contact (through the ledger). */

const TAGS = ['Integrations'];

export const salesforceRoutes: AppRoute[] = [
  defineRoute({
    method: 'GET',
    url: v1('/integrations/salesforce_lists'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'crm_import_salesforce',
    summary: "The connected org's Lead and Contact list views (?sobject=Lead|Contact for one), each saying whether it is the suppression list",
    tags: TAGS,
    schema: { querystring: salesforceListsQuerySchema, response: { 200: salesforceListsSchema } },
    handler: ({ auth, brand, deps, query, reply }) => answerVendor(reply, () => salesforceLists(deps, auth, brand, query), deps.clock),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/integrations/salesforce_lists/:id/import_to_blacklist'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    feature: 'crm_import_salesforce',
    summary:
      "A Lead or Contact list view's members to the blacklist (customers are never cold-emailed): { sobject } starts a preview (read in the background through the view's own SOQL and nextRecordsUrl: GET integrations/{id}/syncs/{sync_id}); { sync_id, confirm: true } applies exactly that preview",
    tags: TAGS,
    schema: { params: salesforceListParamsSchema, body: salesforceBlacklistImportBodySchema, response: { 200: integrationSyncAnswerSchema } },
    handler: async ({ auth, body, brand, deps, params }) => {
      if (!SALESFORCE_LIST_VIEW_ID.test(params.id)) throw notFound('No such Salesforce list view: a list view id starts with 00B.');
      return {
        data: 'sync_id' in body ? await confirmSalesforceBlacklistImport(deps, auth, brand, params.id, body.sync_id) : await startSalesforceBlacklistImport(deps, auth, brand, params.id, body),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/replies/:id/import_contact_to_salesforce'),
    access: 'user',
    role: 'member',
    owner: 'account',
    feature: 'crm_import_salesforce',
    summary:
      "Push the reply's prospect to Salesforce as a Lead (LastName and Company filled in when unknown) or a Contact ({object}; default: the integration's setting): a ledger write the durable job runs after this answer; a known record is updated at its id, a duplicate the org's rule finds is updated instead of created; the same push twice is one write (created: false)",
    tags: TAGS,
    schema: { params: idParamsSchema, body: importToSalesforceBodySchema, response: { 200: pushAnswerSchema } },
    handler: ({ auth, body, brand, deps, params }) => importReplyToSalesforce(deps, auth, brand, params.id, body.object),
  }),
];

