import { guardedFetch, GuardedFetchError, type GuardedResponse } from '../../../lib/guarded-fetch';

/**
 * Calendly API v2, spoken with fetch through the guarded fetcher:
 * - OAuth 2.0 at the auth host (auth.calendly.com): `/oauth/authorize`, `/oauth/token` (authorization_code,
 *   refresh_token; the answer names the `owner` user and `organization` URIs and `expires_in`), `/oauth/revoke`;
 *   or a personal access token used as the Bearer token as it is (it has no refresh).
 * - API host (api.calendly.com): `/users/me`, `/scheduled_events?user=…` and `/scheduled_events/{uuid}/invitees`
 *   with cursor paging (`pagination.next_page_token`), `/webhook_subscriptions` (create, list, delete).
 * - Errors: `{ title, message, details? }`; 401 means the token is no longer valid.
 */

const TIMEOUT_MS = 20_000;
export const CALENDLY_WEBHOOK_EVENTS = ['invitee.created', 'invitee.canceled'] as const;

export type CalendlyOAuthConfig = { clientId: string; clientSecret: string; authBase: string };
export type FetchOptions = { allowHosts: readonly string[] };

export type CalendlyTokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; owner: string | null; organization: string | null };

export class CalendlyGrantError extends Error {
  constructor(
    readonly error: string,
    readonly description: string | null,
  ) {
    super(`Calendly refused the sign-in: ${description ?? error}`);
    this.name = 'CalendlyGrantError';
  }
}

export class CalendlyApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(`Calendly: ${detail || title}`);
    this.name = 'CalendlyApiError';
  }
}

export class CalendlyUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendlyUnreachableError';
  }
}

/** The token is no longer accepted (a revoked personal token, a refused refresh): the user must connect again. */
export class CalendlyReconnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendlyReconnectError';
  }
}

function parseJson(res: Pick<GuardedResponse, 'text'>): unknown {
  const text = res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string }, fetchOptions: FetchOptions): Promise<GuardedResponse> {
  try {
    return await guardedFetch(url, { ...init, timeoutMs: TIMEOUT_MS, maxBytes: 8 * 1024 * 1024 }, { allowHosts: fetchOptions.allowHosts });
  } catch (err) {
    if (err instanceof GuardedFetchError) throw new CalendlyUnreachableError(`Calendly could not be reached: ${err.message}`);
    throw err;
  }
}

// ---------------------------------------------------------------- OAuth

export function calendlyAuthorizeUrl(cfg: CalendlyOAuthConfig, input: { redirectUri: string; state: string }): string {
  const url = new URL('/oauth/authorize', cfg.authBase);
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  return url.href;
}

async function tokenRequest(cfg: CalendlyOAuthConfig, form: Record<string, string>, fetchOptions: FetchOptions, now: Date): Promise<CalendlyTokenSet> {
  const res = await send(
    new URL('/oauth/token', cfg.authBase).href,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ ...form, client_id: cfg.clientId, client_secret: cfg.clientSecret }).toString(),
    },
    fetchOptions,
  );
  const body = parseJson(res) as Record<string, unknown> | null;
  if (res.status !== 200 || !body || typeof body.access_token !== 'string') {
    const error = typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`;
    throw new CalendlyGrantError(error, typeof body?.error_description === 'string' ? body.error_description.slice(0, 300) : null);
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(now.getTime() + expiresIn * 1000) : null,
    owner: typeof body.owner === 'string' ? body.owner : null,
    organization: typeof body.organization === 'string' ? body.organization : null,
  };
}

export const exchangeCalendlyCode = (cfg: CalendlyOAuthConfig, code: string, redirectUri: string, fetchOptions: FetchOptions, now: Date) =>
  tokenRequest(cfg, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, fetchOptions, now);

export const refreshCalendlyToken = (cfg: CalendlyOAuthConfig, refreshToken: string, fetchOptions: FetchOptions, now: Date) =>
  tokenRequest(cfg, { grant_type: 'refresh_token', refresh_token: refreshToken }, fetchOptions, now);

export async function revokeCalendlyToken(cfg: CalendlyOAuthConfig, token: string, fetchOptions: FetchOptions): Promise<void> {
  const res = await send(
    new URL('/oauth/revoke', cfg.authBase).href,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token, client_id: cfg.clientId, client_secret: cfg.clientSecret }).toString() },
    fetchOptions,
  );
  if (res.status !== 200) {
    const body = parseJson(res) as Record<string, unknown> | null;
    throw new CalendlyGrantError(typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`, typeof body?.error_description === 'string' ? body.error_description : null);
  }
}

// ---------------------------------------------------------------- API

export type CalendlyUser = { uri: string; name: string; email: string; organization: string; schedulingUrl: string | null; timezone: string | null };

export type CalendlyEvent = {
  uri: string;
  uuid: string;
  name: string;
  status: 'active' | 'canceled';
  startTime: string;
  endTime: string;
  location: string | null;
  invitees: { total: number; active: number };
};

export type CalendlyInvitee = {
  uri: string;
  email: string;
  name: string;
  status: 'active' | 'canceled';
  rescheduled: boolean;
  oldInvitee: string | null;
  newInvitee: string | null;
  eventUri: string;
  createdAt: string;
  cancelReason: string | null;
};

export type CalendlyPage<T> = { items: T[]; nextPageToken: string | null };

export type CalendlyWebhook = { uri: string; callbackUrl: string; state: string; events: string[]; scope: string };

/** The last path segment of a Calendly URI (https://api.calendly.com/scheduled_events/<uuid>). */
export const uuidOf = (uri: string) => uri.replace(/\/+$/, '').split('/').at(-1) ?? '';

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export function toInvitee(raw: Record<string, unknown>): CalendlyInvitee {
  const cancellation = (raw.cancellation ?? null) as Record<string, unknown> | null;
  return {
    uri: String(raw.uri ?? ''),
    email: String(raw.email ?? ''),
    name: String(raw.name ?? ([raw.first_name, raw.last_name].filter(Boolean).join(' ') || raw.email) ?? ''),
    status: raw.status === 'canceled' ? 'canceled' : 'active',
    rescheduled: raw.rescheduled === true,
    oldInvitee: str(raw.old_invitee),
    newInvitee: str(raw.new_invitee),
    eventUri: String(raw.event ?? ''),
    createdAt: String(raw.created_at ?? ''),
    cancelReason: str(cancellation?.reason),
  };
}

export function toEvent(raw: Record<string, unknown>): CalendlyEvent {
  const loc = (raw.location ?? null) as Record<string, unknown> | null;
  const counter = (raw.invitees_counter ?? {}) as Record<string, unknown>;
  const uri = String(raw.uri ?? '');
  return {
    uri,
    uuid: uuidOf(uri),
    name: String(raw.name ?? ''),
    status: raw.status === 'canceled' ? 'canceled' : 'active',
    startTime: String(raw.start_time ?? ''),
    endTime: String(raw.end_time ?? ''),
    location: str(loc?.join_url) ?? str(loc?.location) ?? str(loc?.type),
    invitees: { total: Number(counter.total ?? 0), active: Number(counter.active ?? 0) },
  };
}

export type CalendlyClient = ReturnType<typeof calendlyClient>;

/** One API exchange: the integrations core's vendorClient in the product (pacing, sealed token), a bare token in tests. */
export type CalendlyTransport = (req: { method: 'GET' | 'POST' | 'DELETE'; path: string; json?: unknown }) => Promise<{ status: number; body: unknown }>;

/** A transport of its own (scripts, tests): the token as a Bearer token to apiBase. */
export function tokenTransport(apiBase: string, token: () => Promise<string>, options: FetchOptions): CalendlyTransport {
  return async (req) => {
    const res = await send(
      new URL(req.path, apiBase).href,
      {
        method: req.method,
        headers: { authorization: `Bearer ${await token()}`, accept: 'application/json', ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: req.json !== undefined ? JSON.stringify(req.json) : undefined,
      },
      options,
    );
    return { status: res.status, body: parseJson(res) };
  };
}

export function calendlyClient(transport: CalendlyTransport) {
  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, json?: unknown): Promise<unknown> {
    const res = await transport({ method, path, json });
    const parsed = res.body as Record<string, unknown> | null;
    if (res.status >= 200 && res.status < 300) return parsed;
    const title = typeof parsed?.title === 'string' ? parsed.title : `HTTP ${res.status}`;
    const details = Array.isArray(parsed?.details) ? (parsed.details as Array<Record<string, unknown>>).map((d) => [d.parameter, d.message].filter(Boolean).join(': ')).join('; ') : '';
    const message = [typeof parsed?.message === 'string' ? parsed.message : '', details].filter(Boolean).join(' ');
    if (res.status === 401) throw new CalendlyReconnectError(`Calendly refused the token: ${message || title}. Reconnect Calendly`);
    throw new CalendlyApiError(res.status, title, message);
  }

  const page = <T>(raw: unknown, map: (r: Record<string, unknown>) => T): CalendlyPage<T> => {
    const o = (raw ?? {}) as { collection?: Array<Record<string, unknown>>; pagination?: { next_page_token?: string | null } };
    return { items: (o.collection ?? []).map(map), nextPageToken: o.pagination?.next_page_token ?? null };
  };

  async function me(): Promise<CalendlyUser> {
    const r = ((await call('GET', '/users/me')) as { resource?: Record<string, unknown> }).resource ?? {};
    return {
      uri: String(r.uri ?? ''),
      name: String(r.name ?? ''),
      email: String(r.email ?? ''),
      organization: String(r.current_organization ?? ''),
      schedulingUrl: str(r.scheduling_url),
      timezone: str(r.timezone),
    };
  }

  /** One page of the user's scheduled events (soonest first), from a cursor. */
  async function scheduledEvents(input: { user: string; pageToken?: string | null; count?: number; minStartTime?: string; status?: 'active' | 'canceled' }): Promise<CalendlyPage<CalendlyEvent>> {
    const q = new URLSearchParams({ user: input.user, count: String(input.count ?? 20), sort: 'start_time:asc' });
    if (input.pageToken) q.set('page_token', input.pageToken);
    if (input.minStartTime) q.set('min_start_time', input.minStartTime);
    if (input.status) q.set('status', input.status);
    return page(await call('GET', `/scheduled_events?${q}`), toEvent);
  }

  /** Every invitee of an event, following next_page_token. */
  async function invitees(eventUuid: string): Promise<CalendlyInvitee[]> {
    const out: CalendlyInvitee[] = [];
    let token: string | null = null;
    do {
      const q = new URLSearchParams({ count: '100' });
      if (token) q.set('page_token', token);
      const p = page(await call('GET', `/scheduled_events/${encodeURIComponent(eventUuid)}/invitees?${q}`), toInvitee);
      out.push(...p.items);
      token = p.nextPageToken;
    } while (token);
    return out;
  }

  async function createWebhook(input: { url: string; organization: string; user: string; scope: 'user' | 'organization'; signingKey: string }): Promise<CalendlyWebhook> {
    const r = ((await call('POST', '/webhook_subscriptions', {
      url: input.url,
      events: [...CALENDLY_WEBHOOK_EVENTS],
      organization: input.organization,
      ...(input.scope === 'user' ? { user: input.user } : {}),
      scope: input.scope,
      signing_key: input.signingKey,
    })) as { resource?: Record<string, unknown> }).resource ?? {};
    return toWebhook(r);
  }

  async function webhooks(input: { organization: string; user: string; scope: 'user' | 'organization' }): Promise<CalendlyWebhook[]> {
    const out: CalendlyWebhook[] = [];
    let token: string | null = null;
    do {
      const q = new URLSearchParams({ organization: input.organization, scope: input.scope, count: '100' });
      if (input.scope === 'user') q.set('user', input.user);
      if (token) q.set('page_token', token);
      const p = page(await call('GET', `/webhook_subscriptions?${q}`), toWebhook);
      out.push(...p.items);
      token = p.nextPageToken;
    } while (token);
    return out;
  }

  async function deleteWebhook(uri: string): Promise<void> {
    try {
      await call('DELETE', `/webhook_subscriptions/${encodeURIComponent(uuidOf(uri))}`);
    } catch (err) {
      if (err instanceof CalendlyApiError && err.status === 404) return;
      throw err;
    }
  }

  return { call, me, scheduledEvents, invitees, createWebhook, webhooks, deleteWebhook };
}

function toWebhook(r: Record<string, unknown>): CalendlyWebhook {
  return { uri: String(r.uri ?? ''), callbackUrl: String(r.callback_url ?? ''), state: String(r.state ?? ''), events: Array.isArray(r.events) ? r.events.map(String) : [], scope: String(r.scope ?? '') };
}
