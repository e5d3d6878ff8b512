import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import { v1 } from '@shared/constants';
import {
  addCapturedProspectBodySchema,
  addCapturedProspectResponseSchema,
  createPersonaBodySchema,
  filterInfoQuerySchema,
  filterInfoResponseSchema,
  filtersBodySchema,
  loadedProspectsQuerySchema,
  pageMetaSchema,
  personaListQuerySchema,
  personaResponseSchema,
  personaSchema,
  prospectSchema,
  prospectsPreviewResponseSchema,
  searchMetadataResponseSchema,
  updatePersonaBodySchema,
} from '@shared/schemas/personas';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as personas from './service';

const TAGS = ['persons'];

/** Personas are the spec's `persons`. */
export const personaRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/persons'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary:
      "The account's personas with their prospect counts and saved filters (view=compact leaves filters out); sort, sort_direction, filter (name or description contains), page, per_page",
    tags: TAGS,
    schema: {
      querystring: personaListQuerySchema,
      response: { 200: z.object({ data: z.array(personaSchema), meta: pageMetaSchema }) },
    },
    handler: ({ auth, deps, query }) => personas.listPersonas(deps, auth, query),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/persons'),
    access: 'user',
    owner: 'account',
    role: 'member',
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
    role: 'member',
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
    role: 'member',
    summary: 'Add a captured LinkedIn profile to a persona; the same LinkedIn URL updates the prospect',
    tags: TAGS,
    schema: { params: idParamsSchema, body: addCapturedProspectBodySchema, response: { 200: addCapturedProspectResponseSchema } },
    handler: ({ auth, body, deps, params }) => personas.addCapturedProspect(deps, auth, params.id, body.profile),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/persons/:id/edit'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'A persona with its saved search filters (wire form), for the edit form',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: personaResponseSchema } },
    handler: async ({ auth, deps, params }) => ({ data: await personas.edit(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/persons/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Update a persona: name, description, filters (replaced whole when given)',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updatePersonaBodySchema, response: { 200: personaResponseSchema } },
    handler: async ({ auth, body, deps, params }) => ({ data: await personas.update(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/persons/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Delete a persona (its prospects stay in the account)',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ id: dbId() }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await personas.remove(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/filter_info'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Typeahead values for a person-search filter: the account's prospects' distinct values containing `value`",
    tags: TAGS,
    schema: { querystring: filterInfoQuerySchema, response: { 200: filterInfoResponseSchema } },
    handler: async ({ auth, deps, query }) => ({ data: await personas.filterInfo(deps, auth, query) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/search_metadata'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Counts per facet (industries, departments, management level, …) of the prospects the filters match',
    tags: TAGS,
    schema: { body: filtersBodySchema, response: { 200: searchMetadataResponseSchema } },
    handler: async ({ auth, body, deps }) => ({ data: await personas.searchMetadata(deps, auth, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/prospects_preview'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'What a search would load before it is saved: the number of matching prospects and the first 10',
    tags: TAGS,
    schema: { body: filtersBodySchema, response: { 200: prospectsPreviewResponseSchema } },
    handler: async ({ auth, body, deps }) => ({ data: await personas.prospectsPreview(deps, auth, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/export_performance_to_csv'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's personas with their prospect numbers, as CSV (cells that would run as formulas are escaped)",
    tags: TAGS,
    schema: {},
    handler: async ({ auth, deps, reply }) => {
      const csv = await personas.performanceCsv(deps, auth);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="persona-performance-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  }),
];
