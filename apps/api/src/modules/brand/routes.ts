import { getBrand } from '@shared/brands';
import { holderHeadersSchema } from '@shared/brands/schema';
import { defineRoute } from '../../lib/route';

export const brandRoutes = [
  defineRoute({
    method: 'GET',
    // Outside /api/v1, where the spec puts it.
    url: '/api/headers',
    access: 'public',
    owner: 'none',
    summary: 'The brand (holder) for this request, from the Host or the trusted proxy header',
    tags: ['brand'],
    schema: { response: { 200: holderHeadersSchema } },
    handler: ({ brand }) => {
      const holder = getBrand(brand.holderId);
      return { holder_id: holder.holder_id, holder_uid: holder.holder_uid, holder_name: holder.holder_name };
    },
  }),
];
