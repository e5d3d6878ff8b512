import { API_PREFIX } from '@shared/constants';
import { defineRoute } from '../../lib/route';

export const docsRoutes = [
  defineRoute({
    method: 'GET',
    url: `${API_PREFIX}/openapi.json`,
    access: 'public',
    owner: 'none',
    summary: 'This OpenAPI document, generated from the routes’ zod schemas',
    hidden: true,
    schema: {},
    handler: ({ req }) => req.server.swagger(),
  }),
];
