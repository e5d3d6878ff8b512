import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  personalLinkCampaignSchema,
  personalLinkCampaignsSchema,
  personalLinkSettingBodySchema,
  prospectVisitsSchema,
  putTrackingCodeBodySchema,
  trackingCheckSchema,
  trackingCodeResponseSchema,
  visitorTrailSchema,
  websiteVisitorListSchema,
  websiteVisitorSchema,
  websiteVisitorsQuerySchema,
  wrongCompanyBodySchema,
} from '@shared/schemas/tracking';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import { HttpError } from '../../lib/http-error';
import { acceptPageView } from './collect';
import * as service from './service';
import { TRACKER_SCRIPT } from './snippet';
import { and, eq } from 'drizzle-orm';
import { prospects } from '../../db/schema';

const TAGS = ['tracking'];

/** A snippet on any site posts here: the answer allows every origin (it carries nothing but the status). */
const PUBLIC_CORS = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' } as const;

export const trackingRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/tracking/script.js'),
    access: 'public',
    owner: 'none',
    summary: 'The first-party tracker the account’s site loads (async, about 2 kB; the tag names its tracking code)',
    tags: TAGS,
    schema: {},
    handler: ({ reply }) =>
      reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .headers(PUBLIC_CORS)
        .send(TRACKER_SCRIPT),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/tracking/events'),
    access: 'public',
    owner: 'none',
    systemScope: 'a page view names its account by its public tracking code; its rows are written in that account’s scope',
    summary: 'Record a page view: {code, url, referrer, title} as JSON (any content type; the snippet sends text/plain). 202: accepted (a bot’s, or one under GPC/DNT, is accepted and dropped)',
    tags: TAGS,
    rateLimit: 'collect',
    rawBody: true,
    bodyLimit: 16 * 1024,
    schema: {},
    handler: async ({ req, reply, body, deps }) => {
      reply.headers(PUBLIC_CORS);
      await acceptPageView(deps, req, body);
      return reply.code(202).send();
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/tracking_codes'),
    access: 'user',
    role: 'member',
    owner: 'account',
    summary: 'The account’s tracking code with its snippet, GTM tag, website, the last check and the privacy paragraph',
    tags: TAGS,
    schema: { response: { 200: trackingCodeResponseSchema } },
    handler: async ({ auth, deps, brand }) => ({ data: await service.getTrackingCode(deps, auth, brand.origin) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/tracking_codes'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    summary: 'Save the website, the Google Tag Manager container id (GTM- then uppercase letters or digits) and where personal links point',
    tags: TAGS,
    schema: { body: putTrackingCodeBodySchema, response: { 200: trackingCodeResponseSchema } },
    handler: async ({ auth, deps, brand, body }) => ({ data: await service.updateTrackingCode(deps, auth, brand.origin, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/tracking_codes/check'),
    access: 'user',
    role: 'member',
    owner: 'account',
    summary: 'Fetch the account’s website and say whether the tracking code or the GTM container is on it, where it looked and when',
    tags: TAGS,
    rateLimit: 'outbound',
    schema: { response: { 200: z.object({ data: trackingCheckSchema }) } },
    handler: async ({ auth, deps }) => ({ data: await service.checkWebsite(deps, auth) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/tracking_codes/personal_links'),
    access: 'user',
    role: 'member',
    owner: 'account',
    summary: 'The account’s campaigns and whether each carries personal links (off unless turned on)',
    tags: TAGS,
    schema: { response: { 200: personalLinkCampaignsSchema } },
    handler: async ({ auth, deps }) => ({ data: await service.personalLinkCampaigns(deps, auth) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/tracking_codes/personal_links/:id'),
    access: 'user',
    role: 'admin',
    owner: 'account',
    summary: 'Turn personal links on or off for one campaign',
    tags: TAGS,
    schema: { params: idParamsSchema, body: personalLinkSettingBodySchema, response: { 200: z.object({ data: personalLinkCampaignSchema }) } },
    handler: async ({ auth, deps, params, body }) => ({ data: await service.setPersonalLinks(deps, auth, params.id, body.enabled) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/website_visitors'),
    access: 'user',
    role: 'member',
    owner: 'account',
    summary: 'Companies that visited the website (spec §7: page, filter, direction, sort; newest first), with evidence and prospects',
    tags: TAGS,
    schema: { querystring: websiteVisitorsQuerySchema, response: { 200: websiteVisitorListSchema } },
    handler: ({ auth, deps, query }) => service.listVisitors(deps, auth, query),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/website_visitors/export_to_csv'),
    access: 'user',
    role: 'member',
    owner: 'account',
    summary: 'The filtered visitors as CSV (same filters and order as the list)',
    tags: TAGS,
    schema: { querystring: websiteVisitorsQuerySchema },
    handler: async ({ auth, deps, query, reply }) => {
      const csv = await service.exportVisitorsCsv(deps, auth, query);
      const day = new Date().toISOString().slice(0, 10);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="website-visitors-${day}.csv"`).send(csv);
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/website_visitors/:id/pages'),
    access: 'user',
    role: 'member',
    owner: 'account',
    summary: 'A visiting company’s page-by-page trail, newest first',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: visitorTrailSchema } },
    handler: async ({ auth, deps, params }) => ({ data: await service.visitorTrail(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/website_visitors/:id/wrong_company'),
    access: 'user',
    role: 'member',
    owner: 'account',
    summary: '“Wrong company”: this network is not that company (remembered for the account), or undo it',
    tags: TAGS,
    schema: { params: idParamsSchema, body: wrongCompanyBodySchema, response: { 200: z.object({ data: websiteVisitorSchema }) } },
    handler: async ({ auth, deps, params, body }) => ({ data: await service.markWrongCompany(deps, auth, params.id, body.wrong) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/prospects/:id/website_visits'),
    access: 'user',
    role: 'member',
    owner: 'account',
    summary: 'A prospect’s website visits (their personal link, or their company while identified), newest first',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: prospectVisitsSchema } },
    handler: async ({ auth, deps, params }) => {
      const [found] = await deps.db.select({ id: prospects.id }).from(prospects).where(and(eq(prospects.accountId, auth.account.id), eq(prospects.id, params.id)));
      if (!found) throw new HttpError(404, ['Prospect not found']);
      return { data: await service.prospectVisits(deps, auth.account.id, params.id) };
    },
  }),
];
