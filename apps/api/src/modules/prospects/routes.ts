import { z } from 'zod';
import { API_PREFIX } from '@shared/constants';
import { profileUrlQuerySchema } from '@shared/schemas/linkedin';
import { prospectSchema } from '@shared/schemas/personas';
import { defineRoute } from '../../lib/route';
import { findInAccountByLinkedInUrl, toProspectJson } from './repository';

export const prospectRoutes = [
  defineRoute({
    method: 'GET',
    url: `${API_PREFIX}/prospects/search_by_linkedin_url`,
    access: 'user',
    owner: 'account',
    summary: "The account's prospect with this LinkedIn URL (with its persona ids), or null",
    tags: ['prospects'],
    schema: { querystring: profileUrlQuerySchema, response: { 200: z.object({ data: prospectSchema.nullable() }) } },
    handler: async ({ auth, deps, query }) => {
      const row = await findInAccountByLinkedInUrl(deps.db, auth.account.id, query.profile_url);
      return { data: row ? toProspectJson(row) : null };
    },
  }),
];
