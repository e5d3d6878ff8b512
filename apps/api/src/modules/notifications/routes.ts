import { z } from 'zod';
import { int32, dbId } from '@shared/schemas/primitives';
import { v1 } from '@shared/constants';
import {
  campaignNotificationSchema,
  createCampaignNotificationBodySchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  testSendResultSchema,
  updateByProviderBodySchema,
  updateCampaignNotificationBodySchema,
} from '@shared/schemas/notifications';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as service from './service';

const TAGS = ['notifications'];
const one = { 200: z.object({ data: campaignNotificationSchema }) };

/**
 * Campaign notifications (spec §7: GET list, POST create, PUT update_by_provider, DELETE {id}), plus
 * one rule's update and its test send; and the user's in-app notifications.
 */
export const notificationRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/campaign_notifications'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's notification rules (the defaults are created on first read)",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(campaignNotificationSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.list(deps, auth) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/campaign_notifications'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Create a notification rule: provider email (target: an address, or none for the account’s users), webhook (target: an http(s) URL) or in_app',
    tags: TAGS,
    schema: { body: createCampaignNotificationBodySchema, response: one },
    handler: async ({ auth, body, deps }) => ({ data: await service.create(deps, auth, body) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/campaign_notifications/update_by_provider'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Change events, enabled (and target, when there is one rule) of every rule of the account with that provider',
    tags: TAGS,
    schema: { body: updateByProviderBodySchema, response: { 200: z.object({ data: z.array(campaignNotificationSchema) }) } },
    handler: async ({ auth, body, deps }) => ({ data: await service.updateByProvider(deps, auth, body) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/campaign_notifications/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: "Change one rule's events, enabled flag or target",
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateCampaignNotificationBodySchema, response: one },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.update(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/campaign_notifications/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Delete an email or webhook rule (the in-app rule can only be turned off)',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ id: dbId() }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.remove(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/campaign_notifications/:id/test'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Send a test notification through this rule now; 422 with the reason when it cannot be delivered',
    rateLimit: 'outbound',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: testSendResultSchema }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.testSend(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/notifications'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The user's in-app notifications, newest first (unread=1: unread only; after_id: newer than that id)",
    tags: TAGS,
    schema: { querystring: notificationListQuerySchema, response: { 200: notificationListSchema } },
    handler: async ({ auth, deps, query }) => service.listNotifications(deps, auth, query),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/notifications/read_all'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Mark all of the user's in-app notifications read",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.object({ updated: int32() }) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.markAllRead(deps, auth) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/notifications/:id/read'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Mark one in-app notification read',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: notificationSchema }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.markRead(deps, auth, params.id) }),
  }),
];
