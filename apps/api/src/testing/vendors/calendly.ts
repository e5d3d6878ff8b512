import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Calendly's documented wire format (API v2), for tests; one server plays both the auth
 * host (auth.calendly.com) and the API host (api.calendly.com):
 * - OAuth: `GET /oauth/authorize` (a consent page, Approve redirects with code and state, Deny with
 *   error=access_denied), `POST /oauth/token` (authorization_code, refresh_token refused with invalid_grant once
 *   revoked; answers carry owner and organization URIs and expires_in 7200), `POST /oauth/revoke`. A personal
 *   access token (`personalToken`) works as a Bearer token too.
 * - `GET /users/me`, `GET /scheduled_events?user=…` and `GET /scheduled_events/{uuid}/invitees` with cursor paging
 *   (`pagination.next_page_token`, `count`), `POST|GET /webhook_subscriptions`, `DELETE /webhook_subscriptions/{uuid}`.
 * - Errors `{ title, message, details }`; 401 "Unauthenticated" for an unknown or expired token.
 * - Bookings made with `book`, `cancel` and `reschedule` are webhook deliveries (`invitee.created`,
 *   `invitee.canceled`, a reschedule being a cancel with `rescheduled: true` plus a create) to every active
 *   subscription, signed `Calendly-Webhook-Signature: t=…,v1=HMAC-SHA256(signing_key, "t.body")`; they wait in
 *   `outbox` until the test hands them to the app (API tests inject them; `deliver` POSTs them over HTTP).
 *
 * Standalone on purpose (node:http and node:crypto only).
 */

export type FakeCalendlyEvent = { uuid: string; uri: string; name: string; status: 'active' | 'canceled'; start_time: string; end_time: string; created_at: string; updated_at: string; location: { type: string; join_url?: string } };
export type FakeCalendlyInvitee = {
  uri: string;
  email: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  status: 'active' | 'canceled';
  event: string;
  rescheduled: boolean;
  old_invitee: string | null;
  new_invitee: string | null;
  created_at: string;
  updated_at: string;
  timezone: string;
  cancel_url: string;
  reschedule_url: string;
  cancellation?: { canceled_by: string; reason: string | null; canceler_type: 'invitee' | 'host' };
};
export type FakeWebhook = { uuid: string; uri: string; callback_url: string; events: string[]; scope: 'user' | 'organization'; organization: string; user: string | null; signing_key: string | null; state: 'active' | 'disabled' };
export type CalendlyDelivery = { url: string; headers: Record<string, string>; body: string; event: string };

export type CalendlyTestServer = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** A personal access token of the server's user. */
  personalToken: string;
  user: { uri: string; name: string; email: string; organization: string };
  events: Map<string, FakeCalendlyEvent>;
  invitees: Map<string, FakeCalendlyInvitee>;
  webhooks: Map<string, FakeWebhook>;
  requests: Array<{ method: string; path: string; authorization: string | undefined; body: unknown }>;
  /** Signed deliveries waiting to be handed to the app. */
  outbox: CalendlyDelivery[];
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  book(input: { email: string; name?: string; eventName?: string; startTime: string; minutes?: number }): { event: FakeCalendlyEvent; invitee: FakeCalendlyInvitee };
  cancel(inviteeUri: string, input?: { reason?: string; by?: 'invitee' | 'host' }): void;
  /** A cancel with rescheduled: true and a create at the new time (deliveries in that order, as Calendly sends them). */
  reschedule(inviteeUri: string, startTime: string): { event: FakeCalendlyEvent; invitee: FakeCalendlyInvitee };
  /** A delivery of any body, signed with `signingKey` (a forged one: another key) at `timestamp` (unix seconds). */
  signed(url: string, body: unknown, input: { signingKey: string; timestamp: number }): CalendlyDelivery;
  /** POSTs the waiting deliveries over HTTP (for an app that listens); their statuses. */
  deliver(): Promise<number[]>;
  approve(authorizeUrl: string): Promise<string>;
  close(): Promise<void>;
};

const code16 = () => randomBytes(8).toString('hex').toUpperCase();
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startCalendlyServer(options: { pageSize?: number; clock?: () => Date; port?: number; clientId?: string; clientSecret?: string } = {}): Promise<CalendlyTestServer> {
  const clock = options.clock ?? (() => new Date());
  const clientId = options.clientId ?? code16();
  const clientSecret = options.clientSecret ?? randomBytes(20).toString('hex');
  const personalToken = `eyJraWQi.${randomBytes(24).toString('base64url')}`;
  const accessTokens = new Set<string>([personalToken]);
  const refreshTokens = new Set<string>();
  const codes = new Map<string, string>();
  const events = new Map<string, FakeCalendlyEvent>();
  const invitees = new Map<string, FakeCalendlyInvitee>();
  const webhooks = new Map<string, FakeWebhook>();
  const requests: CalendlyTestServer['requests'] = [];
  const outbox: CalendlyDelivery[] = [];
  const pageSizeCap = options.pageSize ?? 100;
  let url = '';

  const issue = () => {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return {
      token_type: 'Bearer',
      access_token: access,
      refresh_token: refresh,
      scope: 'default',
      created_at: Math.floor(clock().getTime() / 1000),
      expires_in: 7200,
      owner: server.user.uri,
      organization: server.user.organization,
    };
  };

  const fail = (status: number, title: string, message: string, details?: Array<{ parameter: string; message: string }>) => ({ status, body: { title, message, ...(details ? { details } : {}) } });

  /** Cursor paging over a list: page_token is the offset, opaque to the client. */
  const paged = <T>(items: T[], q: URLSearchParams, path: string) => {
    const count = Math.min(Number(q.get('count') ?? 20) || 20, pageSizeCap);
    const offset = q.get('page_token') ? Number(Buffer.from(q.get('page_token')!, 'base64url').toString()) : 0;
    const slice = items.slice(offset, offset + count);
    const nextToken = offset + count < items.length ? Buffer.from(String(offset + count)).toString('base64url') : null;
    const next = new URLSearchParams(q);
    if (nextToken) next.set('page_token', nextToken);
    return {
      collection: slice,
      pagination: { count: slice.length, next_page: nextToken ? `${url}${path}?${next}` : null, previous_page: null, next_page_token: nextToken, previous_page_token: null },
    };
  };

  const eventJson = (e: FakeCalendlyEvent) => {
    const list = [...invitees.values()].filter((i) => i.event === e.uri);
    return {
      uri: e.uri,
      name: e.name,
      status: e.status,
      start_time: e.start_time,
      end_time: e.end_time,
      event_type: `${url}/event_types/${'A'.repeat(16)}`,
      location: e.location,
      invitees_counter: { total: list.length, active: list.filter((i) => i.status === 'active').length, limit: 1 },
      created_at: e.created_at,
      updated_at: e.updated_at,
      event_memberships: [{ user: server.user.uri, user_email: server.user.email, user_name: server.user.name }],
      event_guests: [],
    };
  };

  function api(method: string, path: string, q: URLSearchParams, body: Record<string, unknown> | null): { status: number; body?: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/users/me') {
      return {
        status: 200,
        body: {
          resource: {
            uri: server.user.uri,
            name: server.user.name,
            email: server.user.email,
            current_organization: server.user.organization,
            scheduling_url: `https://calendly.com/${server.user.name.toLowerCase().replace(/\W+/g, '-')}`,
            timezone: 'Europe/Berlin',
            slug: 'host',
            created_at: '2024-01-01T00:00:00.000000Z',
            updated_at: '2024-01-01T00:00:00.000000Z',
          },
        },
      };
    }
    if (method === 'GET' && path === '/scheduled_events') {
      if (!q.get('user') && !q.get('organization')) return fail(400, 'Invalid Argument', 'The supplied parameters are invalid.', [{ parameter: 'user', message: 'is required when organization is not provided' }]);
      if (q.get('user') && q.get('user') !== server.user.uri) return fail(403, 'Permission Denied', 'You do not have permission to access this resource.');
      const min = q.get('min_start_time');
      const list = [...events.values()]
        .filter((e) => (!q.get('status') || e.status === q.get('status')) && (!min || e.start_time >= min))
        .sort((a, b) => a.start_time.localeCompare(b.start_time))
        .map(eventJson);
      return { status: 200, body: paged(list, q, path) };
    }
    if (method === 'GET' && (m = /^\/scheduled_events\/([\w-]+)\/invitees$/.exec(path))) {
      const e = events.get(m[1]!);
      if (!e) return fail(404, 'Resource Not Found', 'The server could not find the requested resource.');
      return { status: 200, body: paged([...invitees.values()].filter((i) => i.event === e.uri), q, path) };
    }
    if (path === '/webhook_subscriptions' && method === 'POST') {
      const details: Array<{ parameter: string; message: string }> = [];
      const cb = typeof body?.url === 'string' ? body.url : '';
      if (!/^https?:\/\//.test(cb)) details.push({ parameter: 'url', message: 'is not a valid URL' });
      const evs = Array.isArray(body?.events) ? body.events.map(String) : [];
      if (!evs.length || evs.some((e) => !['invitee.created', 'invitee.canceled', 'routing_form_submission.created'].includes(e))) details.push({ parameter: 'events', message: 'is invalid' });
      const scope = body?.scope;
      if (scope !== 'user' && scope !== 'organization') details.push({ parameter: 'scope', message: 'must be user or organization' });
      if (body?.organization !== server.user.organization) details.push({ parameter: 'organization', message: 'is invalid' });
      if (scope === 'user' && body?.user !== server.user.uri) details.push({ parameter: 'user', message: 'is invalid' });
      if (details.length) return fail(400, 'Invalid Argument', 'The supplied parameters are invalid.', details);
      if ([...webhooks.values()].some((w) => w.callback_url === cb && w.scope === scope)) return fail(409, 'Already Exists', 'Hook with this url already exists');
      const uuid = randomUUID();
      const hook: FakeWebhook = {
        uuid,
        uri: `${url}/webhook_subscriptions/${uuid}`,
        callback_url: cb,
        events: evs,
        scope: scope as 'user' | 'organization',
        organization: server.user.organization,
        user: scope === 'user' ? server.user.uri : null,
        signing_key: typeof body?.signing_key === 'string' ? body.signing_key : null,
        state: 'active',
      };
      webhooks.set(uuid, hook);
      return { status: 201, body: { resource: hookJson(hook) } };
    }
    if (path === '/webhook_subscriptions' && method === 'GET') {
      if (!q.get('organization') || !q.get('scope')) return fail(400, 'Invalid Argument', 'The supplied parameters are invalid.', [{ parameter: 'scope', message: 'is required' }]);
      return { status: 200, body: paged([...webhooks.values()].filter((w) => w.scope === q.get('scope')).map(hookJson), q, path) };
    }
    if (method === 'DELETE' && (m = /^\/webhook_subscriptions\/([\w-]+)$/.exec(path))) {
      if (!webhooks.delete(m[1]!)) return fail(404, 'Resource Not Found', 'The server could not find the requested resource.');
      return { status: 204 };
    }
    return fail(404, 'Resource Not Found', 'The server could not find the requested resource.');
  }

  const hookJson = (w: FakeWebhook) => ({
    uri: w.uri,
    callback_url: w.callback_url,
    created_at: '2026-01-01T00:00:00.000000Z',
    updated_at: '2026-01-01T00:00:00.000000Z',
    retry_started_at: null,
    state: w.state,
    events: w.events,
    scope: w.scope,
    organization: w.organization,
    user: w.user,
    creator: server.user.uri,
  });

  const signed = (callbackUrl: string, body: unknown, input: { signingKey: string; timestamp: number }): CalendlyDelivery => {
    const raw = JSON.stringify(body);
    const v1 = createHmac('sha256', input.signingKey).update(`${input.timestamp}.${raw}`).digest('hex');
    const event = String((body as { event?: unknown }).event ?? '');
    return { url: callbackUrl, headers: { 'content-type': 'application/json', 'calendly-webhook-signature': `t=${input.timestamp},v1=${v1}`, 'user-agent': 'Calendly' }, body: raw, event };
  };

  const enqueue = (name: 'invitee.created' | 'invitee.canceled', invitee: FakeCalendlyInvitee) => {
    const event = [...events.values()].find((e) => e.uri === invitee.event)!;
    const body = { created_at: clock().toISOString(), created_by: server.user.uri, event: name, payload: { ...invitee, questions_and_answers: [], tracking: {}, scheduled_event: eventJson(event) } };
    for (const hook of webhooks.values()) {
      if (hook.state !== 'active' || !hook.events.includes(name)) continue;
      outbox.push(signed(hook.callback_url, body, { signingKey: hook.signing_key ?? '', timestamp: Math.floor(clock().getTime() / 1000) }));
    }
  };

  const newInvitee = (event: FakeCalendlyEvent, email: string, name: string): FakeCalendlyInvitee => {
    const uuid = code16();
    const now = clock().toISOString();
    const [first, ...rest] = name.split(' ');
    const inv: FakeCalendlyInvitee = {
      uri: `${event.uri}/invitees/${uuid}`,
      email,
      name,
      first_name: first ?? null,
      last_name: rest.join(' ') || null,
      status: 'active',
      event: event.uri,
      rescheduled: false,
      old_invitee: null,
      new_invitee: null,
      created_at: now,
      updated_at: now,
      timezone: 'Europe/Berlin',
      cancel_url: `https://calendly.com/cancellations/${uuid}`,
      reschedule_url: `https://calendly.com/reschedulings/${uuid}`,
    };
    invitees.set(inv.uri, inv);
    return inv;
  };

  const newEvent = (name: string, startTime: string, minutes: number): FakeCalendlyEvent => {
    const uuid = code16();
    const now = clock().toISOString();
    const e: FakeCalendlyEvent = {
      uuid,
      uri: `${url}/scheduled_events/${uuid}`,
      name,
      status: 'active',
      start_time: new Date(startTime).toISOString(),
      end_time: new Date(new Date(startTime).getTime() + minutes * 60_000).toISOString(),
      created_at: now,
      updated_at: now,
      location: { type: 'google_conference', join_url: `https://meet.google.com/${uuid.slice(0, 3).toLowerCase()}-${uuid.slice(3, 7).toLowerCase()}` },
    };
    events.set(uuid, e);
    return e;
  };

  const cancelInvitee = (inv: FakeCalendlyInvitee, input: { reason?: string; by?: 'invitee' | 'host'; rescheduledTo?: string }) => {
    inv.status = 'canceled';
    inv.updated_at = clock().toISOString();
    inv.rescheduled = Boolean(input.rescheduledTo);
    inv.new_invitee = input.rescheduledTo ?? null;
    inv.cancellation = { canceled_by: input.by === 'host' ? server.user.name : inv.name, reason: input.reason ?? null, canceler_type: input.by ?? 'invitee' };
    const event = [...events.values()].find((e) => e.uri === inv.event)!;
    if (![...invitees.values()].some((i) => i.event === event.uri && i.status === 'active')) event.status = 'canceled';
  };

  const consentPage = (params: URLSearchParams) => {
    const hidden = ['client_id', 'redirect_uri', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params.get(k) ?? '')}">`).join('');
    return `<!doctype html><html><head><title>Authorize application</title></head><body><h1>Connect to Calendly</h1>
<p>The application would like to view and manage your Calendly events and webhooks.</p>
<form method="post" action="/oauth/authorize">${hidden}<button name="decision" value="allow">Authorize</button><button name="decision" value="deny">Deny</button></form></body></html>`;
  };

  const decide = (params: URLSearchParams): { location: string | null; error: string | null } => {
    if (params.get('client_id') !== clientId) return { location: null, error: 'invalid_client' };
    const target = new URL(params.get('redirect_uri') ?? '');
    if (params.get('decision') === 'deny') target.searchParams.set('error', 'access_denied');
    else {
      const code = randomBytes(16).toString('base64url');
      codes.set(code, params.get('redirect_uri') ?? '');
      target.searchParams.set('code', code);
    }
    if (params.get('state')) target.searchParams.set('state', params.get('state')!);
    return { location: target.href, error: null };
  };

  function token(form: URLSearchParams): { status: number; body: unknown } {
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed due to unknown client.' } };
    if (form.get('grant_type') === 'authorization_code') {
      const redirect = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (redirect === undefined || redirect !== form.get('redirect_uri')) return { status: 400, body: { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' } };
      return { status: 200, body: issue() };
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (!refreshTokens.delete(form.get('refresh_token') ?? '')) return { status: 400, body: { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' } };
      return { status: 200, body: issue() };
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' } };
  }

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const u = new URL(req.url ?? '/', url);
      const method = req.method ?? 'GET';
      let json: Record<string, unknown> | null = null;
      if ((req.headers['content-type'] ?? '').includes('json') && raw) {
        try {
          json = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Invalid Argument', message: 'The request body is not valid JSON.' }));
          return;
        }
      }
      requests.push({ method, path: u.pathname + u.search, authorization: req.headers.authorization, body: json ?? raw });
      const send = (status: number, body?: unknown) => (body === undefined ? res.writeHead(status).end() : res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body)));
      if (u.pathname === '/oauth/authorize') {
        if (method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(consentPage(u.searchParams));
          return;
        }
        const out = decide(new URLSearchParams(raw));
        if (out.location) res.writeHead(302, { location: out.location }).end();
        else send(400, { error: out.error });
        return;
      }
      if (method === 'POST' && u.pathname === '/oauth/token') {
        const out = token(new URLSearchParams(raw));
        send(out.status, out.body);
        return;
      }
      if (method === 'POST' && u.pathname === '/oauth/revoke') {
        const t = new URLSearchParams(raw).get('token') ?? '';
        accessTokens.delete(t);
        refreshTokens.delete(t);
        send(200, {});
        return;
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !accessTokens.has(bearer)) {
        send(401, { title: 'Unauthenticated', message: 'The access token is invalid' });
        return;
      }
      const out = api(method, u.pathname, u.searchParams, json);
      send(out.status, out.body);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  const server: CalendlyTestServer = {
    url,
    clientId,
    clientSecret,
    personalToken,
    user: { uri: `${url}/users/${code16()}`, name: 'Hana Host', email: 'hana.host@example.com', organization: `${url}/organizations/${code16()}` },
    events,
    invitees,
    webhooks,
    requests,
    outbox,
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    book(input) {
      const event = newEvent(input.eventName ?? '30 Minute Meeting', input.startTime, input.minutes ?? 30);
      const invitee = newInvitee(event, input.email, input.name ?? input.email.split('@')[0]!);
      enqueue('invitee.created', invitee);
      return { event, invitee };
    },
    cancel(inviteeUri, input = {}) {
      const inv = invitees.get(inviteeUri);
      if (!inv) throw new Error(`no invitee ${inviteeUri}`);
      cancelInvitee(inv, input);
      enqueue('invitee.canceled', inv);
    },
    reschedule(inviteeUri, startTime) {
      const old = invitees.get(inviteeUri);
      if (!old) throw new Error(`no invitee ${inviteeUri}`);
      const oldEvent = [...events.values()].find((e) => e.uri === old.event)!;
      const minutes = (new Date(oldEvent.end_time).getTime() - new Date(oldEvent.start_time).getTime()) / 60_000;
      const event = newEvent(oldEvent.name, startTime, minutes);
      const invitee = newInvitee(event, old.email, old.name);
      invitee.old_invitee = old.uri;
      cancelInvitee(old, { rescheduledTo: invitee.uri });
      enqueue('invitee.canceled', old);
      enqueue('invitee.created', invitee);
      return { event, invitee };
    },
    signed,
    async deliver() {
      const out: number[] = [];
      for (const d of outbox.splice(0)) {
        const r = await fetch(d.url, { method: 'POST', headers: d.headers, body: d.body });
        out.push(r.status);
      }
      return out;
    },
    async approve(authorizeUrl) {
      const out = decide(new URL(authorizeUrl).searchParams);
      if (!out.location) throw new Error(`authorize refused: ${out.error}`);
      return out.location;
    },
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
  return server;
}
