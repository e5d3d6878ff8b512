import type { ApiClient } from '../client';
import type { HolderHeaders } from '../../brands/schema';

export function brandEndpoints(http: ApiClient) {
  return {
    /** GET /api/headers sits outside the /api/v1 prefix (spec §7). */
    holderHeaders: () =>
      http.get<HolderHeaders>('/api/headers', { baseURL: http.apiOrigin, skipAuth: true }).then((r) => r.data),
  };
}
