import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  createLinkedInSearchBodySchema,
  linkedInSearchListQuerySchema,
  linkedInSearchResultsBodySchema,
  linkedInSearchResultsResponseSchema,
  linkedInSearchSchema,
} from '@shared/schemas/linkedin-searches';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as searches from './service';

const TAGS = ['linkedin searches'];

/** LinkedIn saved searches (issue 14): saved in the cabinet, filled by the extension as the user pages. */
export const linkedInSearchRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/linkedin_searches'),
    feature: 'linkedin',
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's saved LinkedIn searches (newest first), optionally of one persona",
    tags: TAGS,
    schema: { querystring: linkedInSearchListQuerySchema, response: { 200: z.object({ data: z.array(linkedInSearchSchema) }) } },
    handler: async ({ auth, deps, query }) => ({ data: await searches.list(deps, auth, query.person_id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/linkedin_searches'),
    feature: 'linkedin',
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Save a LinkedIn people search or Sales Navigator lead search (its URL) for a persona (saving it again answers the same one)',
    tags: TAGS,
    schema: { body: createLinkedInSearchBodySchema, response: { 200: z.object({ data: linkedInSearchSchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await searches.create(deps, auth, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/linkedin_searches/:id/results'),
    feature: 'linkedin',
    access: 'user',
    owner: 'account',
    role: 'member',
    summary:
      'Result cards the extension read on a page of the saved search: each becomes the account’s prospect with that profile URL (never a second one) and joins the persona',
    tags: TAGS,
    schema: { params: idParamsSchema, body: linkedInSearchResultsBodySchema, response: { 200: linkedInSearchResultsResponseSchema } },
    handler: async ({ auth, body, deps, params }) => ({ data: await searches.addResults(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/linkedin_searches/:id'),
    feature: 'linkedin',
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Forget a saved search (the prospects it added stay in the persona)',
    tags: TAGS,
    schema: { params: idParamsSchema },
    handler: async ({ auth, deps, params, reply }) => {
      await searches.remove(deps, auth, params.id);
      return reply.code(204).send();
    },
  }),
];
