import { guardedFetch, GuardedFetchError } from '../../lib/guarded-fetch';
import type { Deps } from '../../lib/route';
import { OAuthGrantError } from './providers';

/**
 * A token-endpoint call (RFC 6749 §4.1.3, §6) as vendors speak it: a form POST answered with JSON. Through the guarded
 * fetcher like every vendor call. A refusal throws OAuthGrantError with the vendor's error code and words (OAuth's
 * `error`/`error_description`, HubSpot's `status`/`message`).
 */
export async function tokenRequest(deps: Deps, url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  let res;
  try {
    res = await guardedFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
        body: new URLSearchParams(form).toString(),
        timeoutMs: deps.config.integrations.timeoutMs,
        maxRedirects: 0,
      },
      { allowHosts: deps.config.guardedFetch.allowHosts },
    );
  } catch (err) {
    if (err instanceof GuardedFetchError) throw new OAuthGrantError('unreachable', err.message, 0);
    throw err;
  }
  let body: Record<string, unknown> | null;
  try {
    body = JSON.parse(res.text()) as Record<string, unknown>;
  } catch {
    body = null;
  }
  if (res.status >= 400 || !body || typeof body.access_token !== 'string') {
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
    const error = str(body?.error) ?? str(body?.status) ?? `http_${res.status}`;
    const description = (str(body?.error_description) ?? str(body?.message))?.slice(0, 300) ?? null;
    // 5xx is the vendor's outage, not a refusal of our grant.
    throw new OAuthGrantError(res.status >= 500 ? 'server_error' : error, description, res.status >= 500 ? 0 : res.status);
  }
  return body;
}

/** expires_in (seconds, number or numeric string) from `now`; null when absent. */
export function expiryOf(body: Record<string, unknown>, now: Date): Date | null {
  const raw = body.expires_in;
  const s = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(s) && s > 0 ? new Date(now.getTime() + s * 1000) : null;
}
