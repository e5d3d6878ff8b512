/**
 * Reading an API error without the API client: anything shaped like an axios error
 * (`error.response.{status,data}`) — the client's own errors, and the web app's plain-fetch
 * errors of the pages that paint before the client loads (apps/web/src/lib/public-fetch.ts).
 */
type ErrorLike = { response?: { status?: number; data?: { errors?: unknown; message?: string } } } | null | undefined;

/** The server's error messages from an API error, for forms and toasts. */
export function apiErrorMessages(error: unknown): string[] {
  const data = (error as ErrorLike)?.response?.data;
  if (data && Array.isArray(data.errors)) return data.errors.map(String);
  if (data && typeof data.errors === 'object' && data.errors && 'full_messages' in data.errors) {
    return ((data.errors as { full_messages: unknown[] }).full_messages ?? []).map(String);
  }
  if (data && typeof data.message === 'string') return [data.message];
  if ((error as ErrorLike)?.response) return ['The request failed. Please try again.'];
  return ['Cannot reach the server. Check your connection and try again.'];
}

/** The HTTP status of an API error's answer, or null when the server never answered. */
export function apiErrorStatus(error: unknown): number | null {
  return (error as ErrorLike)?.response?.status ?? null;
}
