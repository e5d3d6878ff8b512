import { API_PREFIX } from '@shared/constants';

/**
 * The public GETs the first paint needs (the brand's holder, the sign-in providers), made with the
 * browser's fetch instead of the API client: the sign-in page paints without axios and the query
 * cache, which load when the user submits (docs/decisions.md, "The sign-in page paints light").
 * A non-2xx answer rejects shaped like the client's errors (`response.{status,data}`), so
 * apiErrorMessages and apiErrorStatus read both alike.
 */
export class PublicFetchError extends Error {
  readonly response: { status: number; data: unknown };

  constructor(url: string, status: number, data: unknown) {
    super(`GET ${url} answered ${status}`);
    this.name = 'PublicFetchError';
    this.response = { status, data };
  }
}

export async function getPublicJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new PublicFetchError(url, res.status, data);
  return data as T;
}

/** The public URLs those pages use: GET /api/headers sits outside the /api/v1 prefix (spec §7). */
export const publicUrls = {
  holderHeaders: '/api/headers',
  providers: `${API_PREFIX}/auth/providers`,
  /** Where the server starts Google sign-in (a full-page navigation). */
  googleSignIn: (origin: string) => `${API_PREFIX}/auth/google_oauth2?origin=${encodeURIComponent(origin)}`,
};

/** Starts loading the API client (e.g. on the first keystroke in a form), so a submit does not wait for it. */
export function warmApiClient(): void {
  void import('@web/lib/api');
}
