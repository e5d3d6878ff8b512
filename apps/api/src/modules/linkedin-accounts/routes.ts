import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  accountStatusBodySchema,
  accountStatusResponseSchema,
  createLinkedInAccountBodySchema,
  linkedInAccountSchema,
  profileUrlQuerySchema,
} from '@shared/schemas/linkedin';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as linkedInAccounts from './service';

const TAGS = ['linkedin accounts'];

// Static paths (account-status, search_by_profile_url) win over :id in Fastify's router whatever the order.
export const linkedInAccountRoutes = [
  defineRoute({
    method: 'POST',
    url: v1('/linkedin_accounts/account-status'),
    systemScope: 'the extension asks which account a LinkedIn profile belongs to',
    feature: 'linkedin',
    access: 'public',
    owner: 'none',
    summary: 'Whether a LinkedIn profile is connected to any account (no auth; only the status comes back)',
    tags: TAGS,
    rateLimit: 'public',
    schema: { body: accountStatusBodySchema, response: { 200: accountStatusResponseSchema } },
    handler: async ({ body, deps }) => ({ status: await linkedInAccounts.statusOf(deps, body.profile_url) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/linkedin_accounts/search_by_profile_url'),
    feature: 'linkedin',
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's LinkedIn account with this profile URL, or null",
    tags: TAGS,
    schema: { querystring: profileUrlQuerySchema, response: { 200: z.object({ data: linkedInAccountSchema.nullable() }) } },
    handler: async ({ auth, deps, query }) => ({ data: await linkedInAccounts.findByProfileUrl(deps, auth, query.profile_url) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/linkedin_accounts'),
    feature: 'linkedin',
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's connected LinkedIn accounts",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(linkedInAccountSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await linkedInAccounts.list(deps, auth) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/linkedin_accounts'),
    feature: 'linkedin',
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: "Connect the user's own LinkedIn account by its profile URL (idempotent)",
    tags: TAGS,
    schema: { body: createLinkedInAccountBodySchema, response: { 200: z.object({ data: linkedInAccountSchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await linkedInAccounts.connect(deps, auth, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/linkedin_accounts/:id'),
    feature: 'linkedin',
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Disconnect a LinkedIn account of the account',
    tags: TAGS,
    schema: { params: idParamsSchema },
    handler: async ({ auth, deps, params, reply }) => {
      await linkedInAccounts.disconnect(deps, auth, params.id);
      return reply.code(204).send();
    },
  }),
];
