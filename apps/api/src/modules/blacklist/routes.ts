import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  blacklistedDomainListSchema,
  blacklistedEmailListSchema,
  blacklistListQuerySchema,
  createBlacklistedDomainsBodySchema,
  createBlacklistedDomainsResponseSchema,
  createBlacklistedEmailsBodySchema,
  createBlacklistedEmailsResponseSchema,
  removedEntrySchema,
  removeEmailQuerySchema,
} from '@shared/schemas/blacklist';
import { text } from '@shared/schemas/primitives';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as service from './service';
import { showUnsubscribePage, unsubscribeByLink } from './unsubscribe';
import { UNSUBSCRIBE_PATH } from './unsubscribe-token';

const TAGS = ['blacklist'];

/** Loose on purpose: a link a mail program decorated with extra parameters still works; a bad token gets the page's 400. */
const unsubscribeQuerySchema = z.object({ token: text().max(4096).optional() });

/**
 * The blacklist (spec §7: user emails and blacklist, domains, campaign emails' export) and the public
 * unsubscribe page with its RFC 8058 one-click POST.
 */
export const blacklistRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/blacklisted_emails'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "One page of the account's blacklisted emails, newest first (search: the address contains it, any case)",
    tags: TAGS,
    schema: { querystring: blacklistListQuerySchema, response: { 200: blacklistedEmailListSchema } },
    handler: ({ auth, deps, query }) => service.listEmails(deps, auth, query),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/create_blacklisted_emails'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Add many emails at once: each invalid one is reported in errors, repeats and ones already listed are counted in duplicates',
    tags: TAGS,
    schema: { body: createBlacklistedEmailsBodySchema, response: { 200: createBlacklistedEmailsResponseSchema } },
    handler: async ({ auth, body, deps }) => ({ data: await service.addEmails(deps, auth, body.emails) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/remove_email_from_blacklist'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Take one email off the blacklist: ?id=… or ?email=…',
    tags: TAGS,
    schema: { querystring: removeEmailQuerySchema, response: { 200: removedEntrySchema } },
    handler: async ({ auth, deps, query }) => ({ data: await service.removeEmail(deps, auth, query) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/domains/blacklisted_domains'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "One page of the account's blacklisted domains, newest first (a domain also covers its subdomains)",
    tags: TAGS,
    schema: { querystring: blacklistListQuerySchema, response: { 200: blacklistedDomainListSchema } },
    handler: ({ auth, deps, query }) => service.listDomains(deps, auth, query),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/domains/create_blacklisted_domains'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Add many domains at once ("acme.com", "@acme.com", "www.acme.com" or a URL); invalid ones reported, duplicates counted',
    tags: TAGS,
    schema: { body: createBlacklistedDomainsBodySchema, response: { 200: createBlacklistedDomainsResponseSchema } },
    handler: async ({ auth, body, deps }) => ({ data: await service.addDomains(deps, auth, body.domains) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/domains/:id/remove_domain_from_blacklist'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Take one domain off the blacklist',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: removedEntrySchema } },
    handler: async ({ auth, deps, params }) => ({ data: await service.removeDomain(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/campaign_emails/export_blacklisted_prospects'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's blacklist as CSV: emails (with their prospect, when known) and domains, reason and date (cells that would run as formulas are escaped)",
    tags: TAGS,
    schema: {},
    handler: async ({ auth, deps, reply }) => {
      const csv = await service.exportCsv(deps, auth);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="blacklist-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  }),
  defineRoute({
    method: 'GET',
    url: UNSUBSCRIBE_PATH,
    access: 'public',
    owner: 'none',
    summary: 'The unsubscribe page of a link in an email (no sign-in): one button; a bad or forged token gets a 400 page and changes nothing',
    tags: TAGS,
    hidden: true,
    schema: { querystring: unsubscribeQuerySchema },
    handler: (ctx) => showUnsubscribePage(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: UNSUBSCRIBE_PATH,
    access: 'public',
    owner: 'none',
    summary: "Unsubscribe (the page's button, or a mail client's RFC 8058 one-click POST `List-Unsubscribe=One-Click`): the address is suppressed, idempotently, 200",
    tags: TAGS,
    hidden: true,
    rawBody: true,
    schema: { querystring: unsubscribeQuerySchema },
    handler: (ctx) => unsubscribeByLink(ctx),
  }),
];
