import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import { v1 } from '@shared/constants';
import { createOfferingBodySchema, offeringSchema, updateOfferingBodySchema } from '@shared/schemas/messaging';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import { claimsCheckBodySchema, claimsCheckResultSchema } from '@shared/schemas/claims';
import { claimsCheck } from './claims';
import * as service from './service';

const TAGS = ['offerings'];
const one = { 200: z.object({ data: offeringSchema }) };

/** Offerings: the products or services the agent sells (spec §7 "POST (list), GET, PUT and DELETE {id}"). */
export const offeringRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/offerings'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's offerings, newest first",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(offeringSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.list(deps, auth) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/offerings'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Create one offering (the spec\'s "POST (list)": posting to the list creates an item)',
    tags: TAGS,
    schema: { body: createOfferingBodySchema, response: one },
    handler: async ({ auth, body, deps }) => ({ data: await service.create(deps, auth, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/offerings/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'One offering',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.get(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/offerings/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Update an offering (only the fields sent)',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateOfferingBodySchema, response: one },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.update(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/offerings/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Delete an offering (messaging settings that used it keep working without one)',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: z.object({ id: dbId() }) }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.remove(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/claims_check'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary:
      "The claims check on a text before it is sent (the inbox composer's): each sentence whose figures, prices or names none of the products' approved claims, the product's own fields, the sender nor the prospect's data supports, and why",
    tags: TAGS,
    schema: { body: claimsCheckBodySchema, response: { 200: z.object({ data: claimsCheckResultSchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await claimsCheck(deps, auth, body) }),
  }),
];
