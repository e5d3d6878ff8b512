import { AUTH_HEADER_NAMES } from '../constants';
import type { AuthHeaders } from '../schemas/auth';

/**
 * All four present, or null: spec §5 sends no auth headers at all when one is missing. Its own
 * module (no axios) so the web app's first paint can read the auth cookie without the API client.
 */
export function completeAuthHeaders(h: Partial<AuthHeaders> | null | undefined): AuthHeaders | null {
  if (!h) return null;
  for (const name of AUTH_HEADER_NAMES) if (!h[name]) return null;
  return { 'access-token': h['access-token']!, client: h.client!, expiry: h.expiry!, uid: h.uid! };
}
