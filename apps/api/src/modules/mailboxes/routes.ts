import { z } from 'zod';
import { v1 } from '@shared/constants';
import { dbId, text } from '@shared/schemas/primitives';
import {
  connectionTestSchema,
  createUserEmailBodySchema,
  MAIL_OAUTH_PROVIDERS,
  mailOAuthProviderSchema,
  mailOAuthStartSchema,
  sendingDomainSchema,
  updateUserEmailBodySchema,
  userCredentialSchema,
  userEmailSchema,
} from '@shared/schemas/user-emails';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as service from './service';
import { finishMailOAuth, oauthProviders, startMailOAuth } from './oauth-connect';

const TAGS = ['user emails'];
const one = { 200: z.object({ data: userEmailSchema }) };
const refused = 'A connection step fails: 422 with errors (naming the step and the server’s reply), failed_step and connection_test (every step).';

/**
 * Mailboxes (spec §7: GET and POST user_emails, PUT user_emails/{id}, GET user_credentials, GET domains),
 * plus show, delete, pause, resume and a re-test of one mailbox.
 */
export const userEmailRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/user_emails'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's mailboxes with status, today's limit after warm-up and the last connection test",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(userEmailSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.list(deps, auth) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/user_emails'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: `Connect a mailbox by SMTP and IMAP: the connection is tested live, step by step, before it is saved. ${refused}`,
    rateLimit: 'outbound',
    tags: TAGS,
    schema: { body: createUserEmailBodySchema, response: one },
    handler: async ({ auth, body, deps }) => ({ data: await service.create(deps, auth, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/user_emails/oauth_providers'),
    access: 'user',
    owner: 'none',
    role: 'member',
    summary: 'The providers a mailbox can be connected to by OAuth (XOAUTH2) on this server: only those whose client id is configured',
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(mailOAuthProviderSchema) }) } },
    handler: ({ deps }) => ({ data: oauthProviders(deps) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/user_emails/oauth/:provider'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary:
      "Start connecting a Google or Microsoft mailbox by OAuth: answers the provider's consent URL (PKCE, a signed state bound to this user and account) and sets a cookie binding the attempt to this browser; 404 when the provider is not configured",
    tags: TAGS,
    schema: { params: z.strictObject({ provider: z.enum(MAIL_OAUTH_PROVIDERS) }), response: { 200: z.object({ data: mailOAuthStartSchema }) } },
    handler: ({ auth, brand, deps, params, reply, req }) => ({ data: startMailOAuth(deps, auth, req, reply, params.provider, brand.holderId) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/user_emails/oauth/callback'),
    access: 'public',
    owner: 'none',
    summary:
      'The provider redirects here: the code is exchanged, the tokens stored sealed, the mailbox saved and tested with XOAUTH2; redirects to /cabinet/mailboxes with mailbox_oauth=connected|failing or mailbox_oauth_error. An unsigned or altered state answers 400',
    tags: TAGS,
    hidden: true,
    // Providers add their own parameters (scope, session_state, authuser…), so this query is not strict.
    schema: { querystring: z.looseObject({ state: text().max(2000).optional(), code: text().max(4000).optional(), error: text().max(200).optional() }) },
    handler: ({ deps, query, reply, req }) => finishMailOAuth(deps, req, reply, query),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/user_emails/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'One mailbox',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.show(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/user_emails/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: `Change a mailbox; leave the passwords out to keep them. Changed connection settings are tested live first. ${refused}`,
    rateLimit: 'outbound',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateUserEmailBodySchema, response: one },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.update(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/user_emails/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Disconnect a mailbox (its stored passwords are deleted with it)',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ id: dbId() }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.remove(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/user_emails/:id/pause'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Stop sending from this mailbox until resumed',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.pause(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/user_emails/:id/resume'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: `Send from this mailbox again; a failing one is tested first. ${refused}`,
    rateLimit: 'outbound',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.resume(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/user_emails/:id/test'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Test the saved connection now; a failure marks the mailbox failing with the step as the reason, a pass clears it',
    rateLimit: 'outbound',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ test: connectionTestSchema, mailbox: userEmailSchema }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.testSaved(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/user_credentials'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Which mailbox secrets are stored and their state (valid, invalid with the reason, untested); never the secrets',
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(userCredentialSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.listCredentials(deps, auth) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/domains'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The sending domains of the account’s mailboxes with MX, SPF, DKIM and DMARC checked through DNS, each pass/fail with advice (refresh=1: check again now)',
    tags: TAGS,
    schema: { querystring: z.strictObject({ refresh: z.enum(['0', '1', 'true', 'false']).optional() }), response: { 200: z.object({ data: z.array(sendingDomainSchema) }) } },
    handler: async ({ auth, deps, query }) => ({ data: await service.domains(deps, auth, query.refresh === '1' || query.refresh === 'true') }),
  }),
];
