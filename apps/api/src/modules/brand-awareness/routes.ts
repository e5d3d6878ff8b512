import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  connectUrlBodySchema,
  connectUrlSchema,
  managePostsBodySchema,
  previewPostQuerySchema,
  previewPostSchema,
  regeneratePostBodySchema,
  socialNetworkQuerySchema,
  socialPostSchema,
  socialPostsQuerySchema,
  socialPostsSettingsSchema,
  socialProfileSchema,
  updateSocialPostBodySchema,
  updateSocialPostsSettingsBodySchema,
} from '@shared/schemas/brand-awareness';
import { text } from '@shared/schemas/primitives';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import { finishConnect, startConnect } from './connect';
import * as service from './service';

const TAGS = ['brand awareness'];
const feature = 'brand_awareness' as const;
const page = z.object({ data: z.array(socialPostSchema), meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }) });

/**
 * Brand awareness (spec §7): a virtual employee's LinkedIn member (connect, processing profile, unlink),
 * its posting settings, and the posts it writes and publishes. Every route belongs to the brand_awareness
 * feature: on a brand without it the registry answers 404 "This feature is not available".
 */
export const brandAwarenessRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/virtual_employees/:id/social_posts_settings'),
    feature,
    access: 'user',
    owner: 'account',
    summary: "A virtual employee's posting settings on a network (defaults until saved), with topic suggestions drawn from the offerings and the personas' problems",
    tags: TAGS,
    schema: { params: idParamsSchema, querystring: socialNetworkQuerySchema, response: { 200: z.object({ data: socialPostsSettingsSchema }) } },
    handler: async ({ auth, deps, params, query }) => ({ data: await service.getSettings(deps, auth, params.id, query.social_network) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/virtual_employees/:id/social_network_processing_profile'),
    feature,
    access: 'user',
    owner: 'account',
    summary: "The virtual employee's connected member (from LinkedIn's userinfo): name, email, picture, status; never a token",
    tags: TAGS,
    schema: { params: idParamsSchema, querystring: socialNetworkQuerySchema, response: { 200: z.object({ data: socialProfileSchema }) } },
    handler: async ({ auth, deps, params, query }) => ({ data: await service.getProfile(deps, auth, params.id, query.social_network) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/virtual_employees/:id/social_network_connect_url'),
    feature,
    access: 'user',
    owner: 'account',
    summary:
      "Start connecting the virtual employee's LinkedIn member: answers LinkedIn's consent URL (scopes openid profile email w_member_social, a signed state) and sets a cookie binding the attempt to this browser; 404 when LinkedIn is not configured",
    tags: TAGS,
    schema: { params: idParamsSchema, body: connectUrlBodySchema, response: { 200: z.object({ data: connectUrlSchema }) } },
    handler: async ({ auth, body, brand, deps, params, reply, req }) => ({
      data: await startConnect(deps, auth, req, reply, params.id, body?.social_network ?? 'linkedin', brand.holderId),
    }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/social_networks/linkedin/callback'),
    feature,
    access: 'public',
    owner: 'none',
    summary:
      'LinkedIn redirects here: the code is exchanged, the member read from userinfo, the tokens stored sealed; redirects to /cabinet/brand-awareness with social_connect=connected or social_connect_error. An unsigned or altered state answers 400',
    tags: TAGS,
    hidden: true,
    schema: { querystring: z.looseObject({ state: text().max(2000).optional(), code: text().max(4000).optional(), error: text().max(200).optional() }) },
    handler: ({ deps, query, reply, req }) => finishConnect(deps, req, reply, query),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/virtual_employees/:id/update_social_posts_settings'),
    feature,
    access: 'user',
    owner: 'account',
    summary: 'Save the posting settings (topics, posts per week, days and time, tone, approval); the week is planned again',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateSocialPostsSettingsBodySchema, response: { 200: z.object({ data: socialPostsSettingsSchema }) } },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.updateSettings(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/virtual_employees/:id/unlink_social_network_profile'),
    feature,
    access: 'user',
    owner: 'account',
    summary: "Unlink the virtual employee's LinkedIn member: the token is revoked at LinkedIn and deleted; approved posts pause",
    tags: TAGS,
    schema: { params: idParamsSchema, querystring: socialNetworkQuerySchema, response: { 200: z.object({ data: z.object({ revoked: z.boolean() }) }) } },
    handler: async ({ auth, deps, params, query }) => ({ data: await service.unlink(deps, auth, params.id, query.social_network) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/social_network_posts'),
    feature,
    access: 'user',
    owner: 'account',
    summary: 'Planned and published posts of the virtual employees, by time (filters: employee, network, status, from/to)',
    tags: TAGS,
    schema: { querystring: socialPostsQuerySchema, response: { 200: page } },
    handler: ({ auth, deps, query }) => service.listPosts(deps, auth, query),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/social_network_posts/preview_post'),
    feature,
    access: 'user',
    owner: 'account',
    summary: 'A post as the virtual employee would write it now on a topic (not saved)',
    tags: TAGS,
    schema: { querystring: previewPostQuerySchema, response: { 200: z.object({ data: previewPostSchema }) } },
    handler: async ({ auth, deps, query }) => ({ data: await service.preview(deps, auth, query) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/social_network_posts/:id/regenerate'),
    feature,
    access: 'user',
    owner: 'account',
    summary: 'Write a post again (optionally on another topic); an approved post needs approval again when approval is required',
    tags: TAGS,
    schema: { params: idParamsSchema, body: regeneratePostBodySchema, response: { 200: z.object({ data: socialPostSchema }) } },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.regenerate(deps, auth, params.id, body?.topic) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/social_network_posts/:id'),
    feature,
    access: 'user',
    owner: 'account',
    summary: 'Edit a planned post (text, time, image) or decide on it: approve (a post whose time passed goes out now), skip, or take the approval back',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateSocialPostBodySchema, response: { 200: z.object({ data: socialPostSchema }) } },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.updatePost(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/linkedin_posts'),
    feature,
    access: 'user',
    owner: 'account',
    summary: 'What the product published on LinkedIn for the virtual employees, newest first, with links to the posts',
    tags: TAGS,
    schema: { querystring: socialPostsQuerySchema, response: { 200: page } },
    handler: ({ auth, deps, query }) => service.linkedInPosts(deps, auth, query),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/linkedin_accounts/manage-posts'),
    feature,
    access: 'user',
    owner: 'account',
    summary: 'Approve or skip several planned LinkedIn posts at once; posts already published or in that state come back in unchanged',
    tags: TAGS,
    schema: {
      body: managePostsBodySchema,
      response: { 200: z.object({ data: z.array(socialPostSchema), unchanged: z.array(z.object({ id: z.number(), reason: text() })) }) },
    },
    handler: ({ auth, body, deps }) => service.managePosts(deps, auth, body),
  }),
];
