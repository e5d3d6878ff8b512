import { z } from 'zod';
import { API_PREFIX } from '@shared/constants';
import {
  addCapturedProspectBodySchema,
  addCapturedProspectResponseSchema,
  createPersonaBodySchema,
  loadedProspectsQuerySchema,
  pageMetaSchema,
  paginationQuerySchema,
  personaSchema,
  prospectSchema,
} from '@shared/schemas/personas';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as personas from './service';

const v1 = (path: string) => `${API_PREFIX}${path}`;
const TAGS = ['persons'];

/** Personas are the spec's `persons`. */
export const personaRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/persons'),
    access: 'user',
    owner: 'account',
    summary: "The account's personas with their prospect counts, newest first",
    tags: TAGS,
    schema: {
      querystring: paginationQuerySchema,
      response: { 200: z.object({ data: z.array(personaSchema), meta: pageMetaSchema }) },
    },
    handler: ({ auth, deps, query }) => personas.list(deps, auth, query),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/persons'),
    access: 'user',
    owner: 'account',
    summary: 'Create a persona (names are unique per account, ignoring case)',
    tags: TAGS,
    schema: { body: createPersonaBodySchema, response: { 200: z.object({ data: personaSchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await personas.create(deps, auth, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/persons/:id/loaded_prospects'),
    access: 'user',
    owner: 'account',
    summary: "One page of a persona's prospects",
    tags: TAGS,
    schema: {
      params: idParamsSchema,
      querystring: loadedProspectsQuerySchema,
      response: { 200: z.object({ data: z.array(prospectSchema), meta: pageMetaSchema }) },
    },
    handler: ({ auth, deps, params, query }) => personas.loadedProspects(deps, auth, params.id, query),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/persons/:id/prospects'),
    access: 'user',
    owner: 'account',
    summary: 'Add a captured LinkedIn profile to a persona; the same LinkedIn URL updates the prospect',
    tags: TAGS,
    schema: { params: idParamsSchema, body: addCapturedProspectBodySchema, response: { 200: addCapturedProspectResponseSchema } },
    handler: ({ auth, body, deps, params }) => personas.addCapturedProspect(deps, auth, params.id, body.profile),
  }),
];
