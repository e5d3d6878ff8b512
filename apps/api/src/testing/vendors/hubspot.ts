import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking HubSpot's documented wire format, for tests and e2e (nothing leaves the machine). One server
 * plays both hosts:
 * - app.hubspot.com: GET /oauth/authorize (a consent page whose Approve button sends the browser back to redirect_uri
 *   with code and state; Deny sends error=access_denied), GET /oauth/authorize/approve (what the button does);
 * - api.hubapi.com: POST /oauth/v1/token (authorization_code and refresh_token grants, form-encoded, client secret
 *   checked; a refused refresh answers 400 BAD_REFRESH_TOKEN), GET /oauth/v1/access-tokens/{token} (hub_id…),
 *   DELETE /oauth/v1/refresh-tokens/{token}; CRM v3: POST /crm/v3/lists/search (offset paging), GET
 *   /crm/v3/lists/{id}/memberships and GET /crm/v3/objects/contacts (cursor paging: paging.next.after), POST
 *   /crm/v3/objects/contacts/batch/read, POST /crm/v3/objects/contacts (409 CONFLICT "Contact already exists.
 *   Existing ID: N" on a duplicate email), PATCH /crm/v3/objects/contacts/{id} (a merged id answers the survivor),
 *   POST /crm/v3/objects/notes with associations;
 * - errors as HubSpot sends them: `{ status: "error", message, correlationId, category }`; 429 with Retry-After and
 *   `errorType: "RATE_LIMIT"` when told to.
 * Standalone (node:http only) so the e2e setup can start it too.
 */

export type HubSpotTestContact = { id: string; properties: Record<string, string>; createdAt: string; updatedAt: string };
export type HubSpotTestList = { listId: string; name: string; processingType: 'MANUAL' | 'DYNAMIC'; memberIds: string[] };
export type RecordedRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string };

export type HubSpotTestServer = {
  url: string;
  clientId: string;
  clientSecret: string;
  hubId: number;
  hubDomain: string;
  contacts: Map<string, HubSpotTestContact>;
  lists: HubSpotTestList[];
  notes: Array<{ id: string; properties: Record<string, string>; associations: unknown }>;
  /** Contact ids merged away → the surviving id (a merge in HubSpot). */
  merged: Map<string, string>;
  requests: RecordedRequest[];
  /** Refresh grants answer 400 BAD_REFRESH_TOKEN (the user uninstalled the app). */
  refuseRefresh: boolean;
  /** The next n CRM requests answer 429 with this Retry-After (seconds). */
  rateLimit: { next: number; retryAfter: number };
  /** Access tokens handed out, and whether each still works. */
  tokens: Map<string, { refreshToken: string; expired: boolean }>;
  refreshTokens: Map<string, { revoked: boolean }>;
  /** Makes every access token answer 401 EXPIRED_AUTHENTICATION. */
  expireAccessTokens(): void;
  /** Adds a contact straight into the portal (as if created in HubSpot). */
  addContact(properties: Record<string, string>): HubSpotTestContact;
  /** Merges contact `from` into `into` (HubSpot keeps `into`). */
  merge(from: string, into: string): void;
  crmRequests(): RecordedRequest[];
  close(): Promise<void>;
};

const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
};
const hubError = (res: http.ServerResponse, status: number, category: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  send(res, status, { status: 'error', message, correlationId: randomUUID(), category, ...extra }, headers);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startHubSpotServer(options: { clientId?: string; clientSecret?: string; port?: number; host?: string } = {}): Promise<HubSpotTestServer> {
  const codes = new Map<string, { redirectUri: string }>();
  let nextId = 101;
  const now = () => new Date().toISOString();
  const server: HubSpotTestServer = {
    url: '',
    clientId: options.clientId ?? 'hubspot-client-id',
    clientSecret: options.clientSecret ?? 'hubspot-client-secret',
    hubId: 4_242_424,
    hubDomain: 'acme-test.hubspot.com',
    contacts: new Map(),
    lists: [],
    notes: [],
    merged: new Map(),
    requests: [],
    refuseRefresh: false,
    rateLimit: { next: 0, retryAfter: 10 },
    tokens: new Map(),
    refreshTokens: new Map(),
    expireAccessTokens() {
      for (const t of this.tokens.values()) t.expired = true;
    },
    addContact(properties) {
      const c = { id: String(nextId++), properties: { ...properties }, createdAt: now(), updatedAt: now() };
      this.contacts.set(c.id, c);
      return c;
    },
    merge(from, into) {
      const gone = this.contacts.get(from);
      const kept = this.contacts.get(into);
      if (!gone || !kept) throw new Error('merge: no such contacts');
      this.contacts.delete(from);
      this.merged.set(from, into);
    },
    crmRequests() {
      return this.requests.filter((r) => r.path.startsWith('/crm/'));
    },
    close: async () => {},
  };

  const issue = () => {
    const accessToken = `hs-at-${randomBytes(12).toString('hex')}`;
    const refreshToken = `hs-rt-${randomBytes(12).toString('hex')}`;
    server.tokens.set(accessToken, { refreshToken, expired: false });
    server.refreshTokens.set(refreshToken, { revoked: false });
    return { accessToken, refreshToken };
  };
  const tokenAnswer = (t: { accessToken: string; refreshToken: string }) => ({ token_type: 'bearer', refresh_token: t.refreshToken, access_token: t.accessToken, expires_in: 1800 });

  const survivor = (id: string) => {
    let cur = id;
    for (let i = 0; i < 10 && server.merged.has(cur); i++) cur = server.merged.get(cur)!;
    return cur;
  };
  const byEmail = (email: string) => [...server.contacts.values()].find((c) => c.properties.email?.toLowerCase() === email.toLowerCase());
  const contactJson = (c: HubSpotTestContact, props?: string[]) => ({
    id: c.id,
    properties: props ? Object.fromEntries(props.map((p) => [p, c.properties[p] ?? null])) : c.properties,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    archived: false,
  });

  const http_ = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = Buffer.concat(chunks).toString('utf8');
      server.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      const json = () => {
        try {
          return JSON.parse(body || '{}') as Record<string, unknown>;
        } catch {
          return null;
        }
      };
      const path = url.pathname;

      // --- OAuth (app.hubspot.com and api.hubapi.com) ---
      if (req.method === 'GET' && path === '/oauth/authorize') {
        const q = url.searchParams;
        if (q.get('client_id') !== server.clientId) {
          res.writeHead(400, { 'content-type': 'text/html' });
          return res.end('<p>Unknown app (client_id)</p>');
        }
        const approve = new URL('/oauth/authorize/approve', 'http://x');
        for (const k of ['redirect_uri', 'state', 'scope']) approve.searchParams.set(k, q.get(k) ?? '');
        const denyHref = `${q.get('redirect_uri')}?error=access_denied&state=${encodeURIComponent(q.get('state') ?? '')}`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html><head><title>Connect to HubSpot</title></head><body><h1>Connect app to HubSpot</h1>` +
            `<p>Portal ${server.hubId} (${escapeHtml(server.hubDomain)}) will allow: ${escapeHtml(q.get('scope') ?? '')}</p>` +
            `<a href="${escapeHtml(approve.pathname + approve.search)}" role="button">Approve</a> <a href="${escapeHtml(denyHref)}">Deny</a></body></html>`,
        );
      }
      if (req.method === 'GET' && path === '/oauth/authorize/approve') {
        const code = `hs-code-${randomBytes(8).toString('hex')}`;
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        codes.set(code, { redirectUri });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === 'POST' && path === '/oauth/v1/token') {
        const form = new URLSearchParams(body);
        if (form.get('client_id') !== server.clientId || form.get('client_secret') !== server.clientSecret) {
          return send(res, 400, { status: 'BAD_CLIENT_ID', message: 'missing or invalid client id / secret', correlationId: randomUUID() });
        }
        if (form.get('grant_type') === 'authorization_code') {
          const entry = codes.get(form.get('code') ?? '');
          if (!entry) return send(res, 400, { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code', correlationId: randomUUID() });
          if (entry.redirectUri !== form.get('redirect_uri')) return send(res, 400, { status: 'BAD_REDIRECT_URI', message: 'redirect_uri does not match', correlationId: randomUUID() });
          codes.delete(form.get('code')!);
          return send(res, 200, tokenAnswer(issue()));
        }
        if (form.get('grant_type') === 'refresh_token') {
          const rt = form.get('refresh_token') ?? '';
          const known = server.refreshTokens.get(rt);
          if (server.refuseRefresh || !known || known.revoked) return send(res, 400, { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token', correlationId: randomUUID() });
          const accessToken = `hs-at-${randomBytes(12).toString('hex')}`;
          server.tokens.set(accessToken, { refreshToken: rt, expired: false });
          // HubSpot keeps the refresh token: the same one comes back.
          return send(res, 200, { token_type: 'bearer', refresh_token: rt, access_token: accessToken, expires_in: 1800 });
        }
        return send(res, 400, { status: 'BAD_GRANT_TYPE', message: 'unknown grant_type', correlationId: randomUUID() });
      }
      let m = /^\/oauth\/v1\/access-tokens\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const token = server.tokens.get(decodeURIComponent(m[1]!));
        if (!token) return hubError(res, 404, 'OBJECT_NOT_FOUND', 'Token not found');
        return send(res, 200, {
          token: decodeURIComponent(m[1]!),
          user: 'owner@acme.example',
          hub_domain: server.hubDomain,
          scopes: ['oauth', 'crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.lists.read'],
          hub_id: server.hubId,
          app_id: 777,
          expires_in: 1800,
          user_id: 55,
          token_type: 'access',
        });
      }
      m = /^\/oauth\/v1\/refresh-tokens\/([^/]+)$/.exec(path);
      if (req.method === 'DELETE' && m) {
        const rt = server.refreshTokens.get(decodeURIComponent(m[1]!));
        if (!rt) return hubError(res, 404, 'OBJECT_NOT_FOUND', 'Refresh token not found');
        rt.revoked = true;
        for (const t of server.tokens.values()) if (t.refreshToken === decodeURIComponent(m[1]!)) t.expired = true;
        res.writeHead(204);
        return res.end();
      }

      // --- CRM v3 ---
      if (!path.startsWith('/crm/')) return hubError(res, 404, 'OBJECT_NOT_FOUND', `No route ${req.method} ${path}`);
      const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
      const token = auth ? server.tokens.get(auth[1]!) : undefined;
      if (!token) return hubError(res, 401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found. This API supports OAuth 2.0 authentication.');
      if (token.expired) return hubError(res, 401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired 2 minute(s) ago.');
      if (server.rateLimit.next > 0) {
        server.rateLimit.next--;
        return send(
          res,
          429,
          { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', errorType: 'RATE_LIMIT', correlationId: randomUUID(), policyName: 'TEN_SECONDLY_ROLLING' },
          { 'retry-after': String(server.rateLimit.retryAfter) },
        );
      }
      const b = json();
      if (b === null) return hubError(res, 400, 'VALIDATION_ERROR', 'Invalid input JSON on line 1');

      if (req.method === 'POST' && path === '/crm/v3/lists/search') {
        const q = String(b.query ?? '').toLowerCase();
        const offset = Number(b.offset ?? 0);
        const count = Math.min(Number(b.count ?? 20), 500);
        const all = server.lists.filter((l) => !q || l.name.toLowerCase().includes(q));
        const page = all.slice(offset, offset + count);
        return send(res, 200, {
          offset: offset + page.length,
          hasMore: offset + page.length < all.length,
          lists: page.map((l) => ({
            listId: l.listId,
            name: l.name,
            objectTypeId: '0-1',
            processingType: l.processingType,
            processingStatus: 'COMPLETE',
            listVersion: 1,
            createdAt: now(),
            updatedAt: now(),
            additionalProperties: { hs_list_size: String(l.memberIds.length) },
          })),
          total: all.length,
        });
      }
      m = /^\/crm\/v3\/lists\/([^/]+)\/memberships$/.exec(path);
      if (req.method === 'GET' && m) {
        const list = server.lists.find((l) => l.listId === m![1]);
        if (!list) return hubError(res, 404, 'OBJECT_NOT_FOUND', `List ${m[1]} does not exist.`);
        const after = Number(url.searchParams.get('after') ?? 0);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), 250);
        const page = list.memberIds.slice(after, after + limit);
        const next = after + page.length < list.memberIds.length ? String(after + page.length) : null;
        return send(res, 200, {
          results: page.map((id) => ({ recordId: id, membershipTimestamp: now() })),
          ...(next ? { paging: { next: { after: next, link: `${server.url}/crm/v3/lists/${list.listId}/memberships?after=${next}` } } } : {}),
        });
      }
      if (req.method === 'GET' && path === '/crm/v3/objects/contacts') {
        const props = (url.searchParams.get('properties') ?? 'email,firstname,lastname').split(',').filter(Boolean);
        const all = [...server.contacts.values()].sort((x, y) => Number(x.id) - Number(y.id));
        const after = url.searchParams.get('after');
        const start = after ? all.findIndex((c) => Number(c.id) > Number(after)) : 0;
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 100);
        const page = start < 0 ? [] : all.slice(start, start + limit);
        const more = start >= 0 && start + page.length < all.length;
        const cursor = page.at(-1)?.id;
        return send(res, 200, {
          results: page.map((c) => contactJson(c, props)),
          ...(more && cursor ? { paging: { next: { after: cursor, link: `${server.url}/crm/v3/objects/contacts?after=${cursor}` } } } : {}),
        });
      }
      if (req.method === 'POST' && path === '/crm/v3/objects/contacts/batch/read') {
        const props = (b.properties as string[] | undefined) ?? ['email'];
        const inputs = (b.inputs as Array<{ id: string }> | undefined) ?? [];
        if (inputs.length > 100) return hubError(res, 400, 'VALIDATION_ERROR', 'Batch size must be at most 100');
        const found = inputs.map((i) => server.contacts.get(survivor(String(i.id)))).filter((c): c is HubSpotTestContact => Boolean(c));
        const missing = inputs.length - found.length;
        return send(res, missing ? 207 : 200, {
          status: 'COMPLETE',
          results: found.map((c) => contactJson(c, props)),
          ...(missing ? { numErrors: missing, errors: [{ status: 'error', category: 'OBJECT_NOT_FOUND', message: 'Could not get some CONTACT objects, they may be deleted or not exist.' }] } : {}),
          startedAt: now(),
          completedAt: now(),
        });
      }
      if (req.method === 'POST' && path === '/crm/v3/objects/contacts') {
        const properties = (b.properties ?? {}) as Record<string, string>;
        const existing = properties.email ? byEmail(properties.email) : undefined;
        if (existing) return hubError(res, 409, 'CONFLICT', `Contact already exists. Existing ID: ${existing.id}`);
        const c = server.addContact(properties);
        return send(res, 201, contactJson(c));
      }
      m = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
      if (req.method === 'PATCH' && m) {
        const id = survivor(m[1]!);
        const c = server.contacts.get(id);
        if (!c) return hubError(res, 404, 'OBJECT_NOT_FOUND', 'resource not found');
        const properties = (b.properties ?? {}) as Record<string, string>;
        const clash = properties.email ? byEmail(properties.email) : undefined;
        if (clash && clash.id !== c.id) return hubError(res, 409, 'CONFLICT', `Contact already exists. Existing ID: ${clash.id}`);
        Object.assign(c.properties, properties);
        c.updatedAt = now();
        return send(res, 200, contactJson(c));
      }
      if (req.method === 'POST' && path === '/crm/v3/objects/notes') {
        const properties = (b.properties ?? {}) as Record<string, string>;
        if (!properties.hs_timestamp) return hubError(res, 400, 'VALIDATION_ERROR', 'Property values were not valid: hs_timestamp is required');
        const assoc = (b.associations ?? []) as Array<{ to: { id: string } }>;
        for (const a of assoc) if (!server.contacts.has(survivor(String(a.to.id)))) return hubError(res, 400, 'VALIDATION_ERROR', `Contact ${a.to.id} does not exist`);
        const note = { id: String(900000 + server.notes.length + 1), properties, associations: b.associations };
        server.notes.push(note);
        return send(res, 201, { id: note.id, properties, createdAt: now(), updatedAt: now(), archived: false });
      }
      return hubError(res, 404, 'OBJECT_NOT_FOUND', `No route ${req.method} ${path}`);
    });
  });

  await new Promise<void>((resolve) => http_.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = http_.address() as AddressInfo;
  server.url = `http://127.0.0.1:${port}`;
  server.close = () => new Promise<void>((resolve) => http_.close(() => resolve()));
  return server;
}
