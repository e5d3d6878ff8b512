import { z } from 'zod';
import { v1 } from '@shared/constants';
import { addToWishlistBodySchema, createVirtualEmployeeBodySchema, updateVirtualEmployeeBodySchema, virtualEmployeeSchema, wishSchema } from '@shared/schemas/campaigns';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as service from './service';

const TAGS = ['virtual employees'];
const one = { 200: z.object({ data: virtualEmployeeSchema }) };

/** Virtual employees (spec §7: GET and POST virtual_employees, PUT virtual_employees/{id}, POST add_to_wishlist). */
export const virtualEmployeeRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/virtual_employees'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's virtual employees with their mailboxes and personas",
    tags: TAGS,
    schema: { response: { 200: z.object({ data: z.array(virtualEmployeeSchema) }) } },
    handler: async ({ auth, deps }) => ({ data: await service.list(deps, auth) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/virtual_employees'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Create a virtual employee: name, title, photo, signature, the mailboxes it sends from (the account’s own) and the personas it works',
    tags: TAGS,
    schema: { body: createVirtualEmployeeBodySchema, response: one },
    handler: async ({ auth, body, deps }) => ({ data: await service.create(deps, auth, body) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/virtual_employees/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'One virtual employee',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.show(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/virtual_employees/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Change a virtual employee; lists given replace the old ones',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateVirtualEmployeeBodySchema, response: one },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.update(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/add_to_wishlist'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Ask for a kind of virtual employee that is not available yet: recorded, and the brand’s system email is told',
    tags: TAGS,
    schema: { body: addToWishlistBodySchema, response: { 200: z.object({ data: wishSchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await service.addToWishlist(deps, auth, body) }),
  }),
];
