import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { INTEGRATION_PROVIDER_LABELS } from '@shared/schemas/integrations';
import { integrations, type IntegrationRow } from '../../db/schema';
import { guardedFetch, GuardedFetchError } from '../../lib/guarded-fetch';
import { HttpError } from '../../lib/http-error';
import type { Deps } from '../../lib/route';
import type { IntegrationProvider } from './providers';
import { takeSlot } from './quota';
import { accessTokenFor, NeedsReconnectError } from './tokens';

/**
 * THE way the product talks to a vendor on an integration's behalf: every client call goes through `vendorClient`,
 * which paces it (quota.ts), signs it with a current token (tokens.ts: renewed before expiry, once more after a 401),
 * sends it through the guarded fetcher, honours 429 + Retry-After (the integration pauses until then; the caller, a
 * durable job, is scheduled for that time), and counts it in today's usage.
 */

export type VendorRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A path on the provider's API base ("/crm/v3/objects/contacts"), or an absolute URL on it (a next-page link). */
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  /** Which of the provider's limits besides 'all' this request counts against (HubSpot: 'search'). */
  bucket?: string;
};

export type VendorResponse = { status: number; headers: Headers; body: unknown; text: string };

/** The vendor said to wait (429), or our pacing or the user's daily cap did: try again at retryAt. */
export class VendorRateLimited extends Error {
  constructor(
    readonly retryAt: Date,
    readonly reason: 'vendor' | 'pacing' | 'daily_cap',
    message: string,
  ) {
    super(message);
    this.name = 'VendorRateLimited';
  }
}

/** The vendor answered an error (4xx/5xx other than 429), with its own message when it gave one. */
export class VendorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'VendorError';
  }
  /** Worth trying again later (the vendor's outage), as opposed to a request it will never accept. */
  get transient(): boolean {
    return this.status >= 500 || this.status === 0;
  }
}

export type VendorClient = {
  integration: IntegrationRow;
  /** Any status the vendor answers comes back (callers read their 409s); 429 throws VendorRateLimited, a network failure VendorError(0). */
  request(req: VendorRequest): Promise<VendorResponse>;
  /** request() that throws VendorError on any status of 400 or more. */
  ok(req: VendorRequest): Promise<VendorResponse>;
};

const RETRY_AFTER_DEFAULT_S = 10;

/** Retry-After as seconds or an HTTP date (RFC 9110 10.2.3), from `now`. */
export function retryAfterAt(header: string | null, now: Date): Date {
  if (header) {
    const s = Number(header.trim());
    if (Number.isFinite(s) && s >= 0) return new Date(now.getTime() + Math.ceil(s) * 1000);
    const when = Date.parse(header);
    if (Number.isFinite(when) && when > now.getTime()) return new Date(when);
  }
  return new Date(now.getTime() + RETRY_AFTER_DEFAULT_S * 1000);
}

/** The vendor's message in an error body: HubSpot's and Calendly's `message`, Salesforce's `[{message, errorCode}]`, OAuth's error_description. */
export function vendorMessageOf(body: unknown, status: number): string {
  const first = Array.isArray(body) ? body[0] : body;
  if (first && typeof first === 'object') {
    const o = first as Record<string, unknown>;
    const msg = [o.message, o.error_description, o.title, o.error].find((v) => typeof v === 'string' && v.trim()) as string | undefined;
    const code = typeof o.errorCode === 'string' ? `${o.errorCode}: ` : '';
    if (msg) return `${code}${msg}`.slice(0, 500);
  }
  return `HTTP ${status}`;
}

export function vendorClient(deps: Deps, provider: IntegrationProvider, integration: IntegrationRow): VendorClient {
  const label = INTEGRATION_PROVIDER_LABELS[integration.provider];
  const now = () => (deps.clock ? deps.clock() : new Date());
  const base = provider.apiBase(deps.config, integration);

  const urlOf = (req: VendorRequest) => {
    const url = /^https?:\/\//.test(req.path) ? new URL(req.path) : new URL(`${base.replace(/\/$/, '')}${req.path.startsWith('/') ? '' : '/'}${req.path}`);
    // A next-page link must stay on the vendor's API host: the token never goes anywhere else.
    if (url.origin !== new URL(base).origin) throw new VendorError(0, `${label} answered a link to another host`, null);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  };

  const once = async (req: VendorRequest, force: boolean): Promise<VendorResponse> => {
    const at = now();
    if (integration.pausedUntil && integration.pausedUntil > at) {
      throw new VendorRateLimited(integration.pausedUntil, 'vendor', `${label} asked to wait until ${integration.pausedUntil.toISOString()}`);
    }
    const slot = await takeSlot(deps.db, integration, provider.limits, req.bucket ?? 'all', at, provider.dailyAllowance?.(integration) ?? null);
    if (!slot.ok) {
      throw new VendorRateLimited(
        slot.retryAt,
        slot.reason,
        slot.reason === 'daily_cap' ? `Today's ${label} request cap is used up: continues at ${slot.retryAt.toISOString()}` : `Paced to ${label}'s rate limit: continues at ${slot.retryAt.toISOString()}`,
      );
    }
    const token = await accessTokenFor(deps, provider, integration, at, { force });
    let res;
    try {
      res = await guardedFetch(
        urlOf(req),
        {
          method: req.method ?? 'GET',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: req.json !== undefined ? JSON.stringify(req.json) : undefined,
          timeoutMs: deps.config.integrations.timeoutMs,
          maxBytes: 8 * 1024 * 1024,
          maxRedirects: 0,
        },
        { allowHosts: deps.config.guardedFetch.allowHosts },
      );
    } catch (err) {
      if (err instanceof GuardedFetchError) throw new VendorError(0, `${label} could not be reached: ${err.message}`, null);
      throw err;
    }
    const text = res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const observed = provider.observe?.(res.headers);
    if (observed) {
      integration.vendorState = { ...integration.vendorState, ...observed };
      await deps.db
        .update(integrations)
        .set({ vendorState: integration.vendorState })
        .where(and(eq(integrations.accountId, integration.accountId), eq(integrations.id, integration.id)));
    }
    if (res.status === 429) {
      const until = retryAfterAt(res.headers.get('retry-after'), at);
      integration.pausedUntil = until;
      await deps.db
        .update(integrations)
        .set({ pausedUntil: until, updatedAt: at })
        .where(and(eq(integrations.accountId, integration.accountId), eq(integrations.id, integration.id)));
      throw new VendorRateLimited(until, 'vendor', `${label} answered 429 (${vendorMessageOf(body, 429)}): continues at ${until.toISOString()}`);
    }
    return { status: res.status, headers: res.headers, body, text };
  };

  const request = async (req: VendorRequest) => {
    const first = await once(req, false);
    // An access token the vendor no longer takes (revoked early, clock skew): renew once and try again.
    if (first.status === 401 && provider.oauth) return once(req, true);
    return first;
  };

  return {
    integration,
    request,
    ok: async (req) => {
      const res = await request(req);
      if (res.status >= 400) throw new VendorError(res.status, `${label} answered ${res.status}: ${vendorMessageOf(res.body, res.status)}`, res.body);
      return res;
    },
  };
}

/**
 * A vendor read inside a request, in HTTP terms: the vendor's (or our pacing's) wait is 429 with Retry-After, the
 * vendor's refusal or outage 502 with its message, a withdrawn access 422 "reconnect".
 */
export async function answerVendor<T>(reply: FastifyReply, fn: () => Promise<T>, clock: () => Date = () => new Date()): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof VendorRateLimited) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((err.retryAt.getTime() - clock().getTime()) / 1000))));
      throw new HttpError(429, [err.message]);
    }
    if (err instanceof VendorError) throw new HttpError(502, [err.message]);
    if (err instanceof NeedsReconnectError) throw new HttpError(422, [err.message]);
    throw err;
  }
}
