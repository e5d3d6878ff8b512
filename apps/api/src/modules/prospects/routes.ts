import { z } from 'zod';
import { API_PREFIX } from '@shared/constants';
import { profileUrlQuerySchema } from '@shared/schemas/linkedin';
import { prospectSchema } from '@shared/schemas/personas';
import {
  addProspectsToPersonaBodySchema,
  addProspectsToPersonaResponseSchema,
  deleteProspectsBodySchema,
  deleteProspectsResponseSchema,
  exportProspectsBodySchema,
  prospectSearchBodySchema,
  prospectSearchResponseSchema,
} from '@shared/schemas/prospects';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import { findInAccountByLinkedInUrl, toProspectJson } from './repository';
import * as service from './service';

const TAGS = ['prospects'];

/** A CSV download: never cached, saved under the given name. */
const csvHeaders = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

export const prospectRoutes = [
  defineRoute({
    method: 'GET',
    url: `${API_PREFIX}/prospects/search_by_linkedin_url`,
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's prospect with this LinkedIn URL (with its persona ids), or null",
    tags: TAGS,
    schema: { querystring: profileUrlQuerySchema, response: { 200: z.object({ data: prospectSchema.nullable() }) } },
    handler: async ({ auth, deps, query }) => {
      const row = await findInAccountByLinkedInUrl(deps.db, auth.account.id, query.profile_url);
      return { data: row ? toProspectJson(row) : null };
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${API_PREFIX}/prospects/search`,
    access: 'user',
    owner: 'account',
    role: 'member',
    summary:
      "One page of the account's prospects (also those in no persona): search (name, email, company, LinkedIn URL), the persona filters, persona ('all', 'none' or an id), sort, paging",
    tags: TAGS,
    schema: { body: prospectSearchBodySchema, response: { 200: prospectSearchResponseSchema } },
    handler: ({ auth, body, deps }) => service.search(deps, auth, body),
  }),
  defineRoute({
    method: 'POST',
    url: `${API_PREFIX}/prospects/add_to_persona`,
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Add the selected prospects (ids, or all matching a query) to a persona; members already there stay once',
    tags: TAGS,
    schema: { body: addProspectsToPersonaBodySchema, response: { 200: addProspectsToPersonaResponseSchema } },
    handler: async ({ auth, body, deps }) => ({ data: await service.addToPersona(deps, auth, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: `${API_PREFIX}/prospects/delete`,
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Erase the selected prospects and everything recorded about them (memberships, activity entries)',
    tags: TAGS,
    schema: { body: deleteProspectsBodySchema, response: { 200: deleteProspectsResponseSchema } },
    handler: async ({ auth, body, deps }) => ({ data: await service.erase(deps, auth, body.selection) }),
  }),
  defineRoute({
    method: 'POST',
    url: `${API_PREFIX}/prospects/export`,
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The selected prospects (ids, or all matching a query) as CSV (cells that would run as formulas are escaped)',
    tags: TAGS,
    schema: { body: exportProspectsBodySchema },
    handler: async ({ auth, body, deps, reply }) => {
      const csv = await service.exportCsv(deps, auth, body.selection);
      return reply.headers(csvHeaders(`prospects-${new Date().toISOString().slice(0, 10)}.csv`)).send(csv);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${API_PREFIX}/campaign_emails/export_prospects_by_person/:id`,
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "One persona's prospects as CSV (cells that would run as formulas are escaped)",
    tags: TAGS,
    schema: { params: idParamsSchema },
    handler: async ({ auth, deps, params, reply }) => {
      const { csv, fileName } = await service.exportPersonaCsv(deps, auth, params.id);
      return reply.headers(csvHeaders(fileName)).send(csv);
    },
  }),
];
