import { guardedFetch, GuardedFetchError, type GuardedResponse } from '../../../lib/guarded-fetch';

/**
 * Salesforce, spoken as its documented HTTP API with fetch (jsforce 3 needs Node 22), through the guarded fetcher:
 * - OAuth 2.0 web server flow at the login host (login.salesforce.com, test.salesforce.com for sandboxes):
 *   `/services/oauth2/authorize`, `/token` (authorization_code, refresh_token), `/revoke`. The token answer
 *   carries `instance_url`: every REST call goes there, never to the login host.
 * - REST `/services/data/vXX.X/`: list views (`sobjects/{Lead|Contact}/listviews`, `…/{id}/describe` for the
 *   view's SOQL), `query` following `nextRecordsUrl`, `queryAll` (merged records keep `MasterRecordId`),
 *   `sobjects/{type}` create, `sobjects/{type}/{id}` PATCH, Tasks.
 * - Errors come as an array `[{ message, errorCode, fields? }]`. INVALID_SESSION_ID (the access token expired:
 *   Salesforce gives no expires_in) renews the token once through the session and retries; DUPLICATES_DETECTED
 *   carries the matched record ids in `duplicateResult.matchResults`.
 * - Every REST answer carries `Sforce-Limit-Info: api-usage=N/M` (the org's daily API calls): handed to onUsage.
 */

export const SALESFORCE_API_VERSION = 'v62.0';
const TIMEOUT_MS = 20_000;

export type SalesforceOAuthConfig = { clientId: string; clientSecret: string; loginBase: string };
export type FetchOptions = { allowHosts: readonly string[] };

export type SalesforceTokenSet = {
  accessToken: string;
  /** Absent on a refresh unless the org rotates refresh tokens. */
  refreshToken: string | null;
  instanceUrl: string;
  /** The identity URL (…/id/<orgId>/<userId>): the org and user ids. */
  identityUrl: string | null;
  orgId: string | null;
  userId: string | null;
  issuedAt: Date;
};

/** The login host refused a grant (invalid_grant: the refresh token was revoked or expired; the user must reconnect). */
export class SalesforceGrantError extends Error {
  constructor(
    readonly error: string,
    readonly description: string | null,
  ) {
    super(`Salesforce refused the sign-in: ${description ?? error}`);
    this.name = 'SalesforceGrantError';
  }
}

export type SalesforceErrorItem = { message: string; errorCode: string; fields?: string[]; duplicateResult?: unknown };

/** A REST call Salesforce refused: its HTTP status and its error array. */
export class SalesforceApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: SalesforceErrorItem[],
  ) {
    super(`Salesforce: ${errors.map((e) => (e.errorCode ? `${e.message} (${e.errorCode})` : e.message)).join('; ') || `HTTP ${status}`}`);
    this.name = 'SalesforceApiError';
  }
  get code(): string | null {
    return this.errors[0]?.errorCode ?? null;
  }
  has(code: string): boolean {
    return this.errors.some((e) => e.errorCode === code);
  }
  /** DUPLICATES_DETECTED: the ids of the records Salesforce matched (strongest match first). */
  duplicateIds(): string[] {
    const ids: string[] = [];
    for (const e of this.errors) {
      const matchResults = (e.duplicateResult as { matchResults?: Array<{ matchRecords?: Array<{ matchConfidence?: number; record?: { Id?: unknown } }> }> } | undefined)?.matchResults ?? [];
      const records = matchResults.flatMap((m) => m.matchRecords ?? []).sort((a, b) => (b.matchConfidence ?? 0) - (a.matchConfidence ?? 0));
      for (const r of records) if (typeof r.record?.Id === 'string' && !ids.includes(r.record.Id)) ids.push(r.record.Id);
    }
    return ids;
  }
}

/** Salesforce could not be reached (or answered something that is not its API). */
export class SalesforceUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SalesforceUnreachableError';
  }
}

/** The access token could not be renewed: the integration needs the user to connect again. */
export class SalesforceReconnectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SalesforceReconnectError';
  }
}

export type ApiUsage = { used: number; max: number };

/**
 * `Sforce-Limit-Info: api-usage=18/15000` → { used: 18, max: 15000 } (the org's daily calls; a
 * `per-app-api-usage=…` entry beside it is the connected app's share, not the org's); null when absent.
 */
export function parseLimitInfo(header: string | null): ApiUsage | null {
  const m = /(?:^|[;,\s])api-usage=(\d+)\/(\d+)/.exec(header ?? '');
  return m ? { used: Number(m[1]), max: Number(m[2]) } : null;
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
    return await guardedFetch(url, { ...init, timeoutMs: TIMEOUT_MS, maxBytes: 16 * 1024 * 1024 }, { allowHosts: fetchOptions.allowHosts });
  } catch (err) {
    if (err instanceof GuardedFetchError) throw new SalesforceUnreachableError(`Salesforce could not be reached: ${err.message}`);
    throw err;
  }
}

// ---------------------------------------------------------------- OAuth

export function salesforceAuthorizeUrl(cfg: SalesforceOAuthConfig, input: { redirectUri: string; state: string }): string {
  const url = new URL('/services/oauth2/authorize', cfg.loginBase);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  // api: the REST API; refresh_token: offline access (a refresh token in the answer).
  url.searchParams.set('scope', 'api refresh_token');
  url.searchParams.set('state', input.state);
  return url.href;
}

/** The org and user ids from the identity URL https://login.salesforce.com/id/00D…/005…. */
function idsOf(identityUrl: string | null): { orgId: string | null; userId: string | null } {
  const m = /\/id\/([A-Za-z0-9]{15,18})\/([A-Za-z0-9]{15,18})\/?$/.exec(identityUrl ?? '');
  return { orgId: m?.[1] ?? null, userId: m?.[2] ?? null };
}

async function tokenRequest(cfg: SalesforceOAuthConfig, form: Record<string, string>, fetchOptions: FetchOptions, now: Date): Promise<SalesforceTokenSet> {
  const res = await send(
    new URL('/services/oauth2/token', cfg.loginBase).href,
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
    throw new SalesforceGrantError(error, typeof body?.error_description === 'string' ? body.error_description.slice(0, 300) : null);
  }
  if (typeof body.instance_url !== 'string' || !/^https?:\/\//.test(body.instance_url)) throw new SalesforceGrantError('invalid_response', 'The token answer has no instance_url');
  const identityUrl = typeof body.id === 'string' ? body.id : null;
  const issued = Number(body.issued_at);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    instanceUrl: body.instance_url.replace(/\/+$/, ''),
    identityUrl,
    ...idsOf(identityUrl),
    issuedAt: Number.isFinite(issued) && issued > 0 ? new Date(issued) : now,
  };
}

export const exchangeSalesforceCode = (cfg: SalesforceOAuthConfig, code: string, redirectUri: string, fetchOptions: FetchOptions, now: Date) =>
  tokenRequest(cfg, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, fetchOptions, now);

export const refreshSalesforceToken = (cfg: SalesforceOAuthConfig, refreshToken: string, fetchOptions: FetchOptions, now: Date) =>
  tokenRequest(cfg, { grant_type: 'refresh_token', refresh_token: refreshToken }, fetchOptions, now);

/** Revokes a token at the login host (a refresh token revokes its access tokens too). A token already gone is not an error. */
export async function revokeSalesforceToken(cfg: SalesforceOAuthConfig, token: string, fetchOptions: FetchOptions): Promise<void> {
  const res = await send(
    new URL('/services/oauth2/revoke', cfg.loginBase).href,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() },
    fetchOptions,
  );
  if (res.status === 200) return;
  const body = parseJson(res) as Record<string, unknown> | null;
  if (res.status === 400 && body?.error === 'unsupported_token_type') return;
  throw new SalesforceGrantError(typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`, typeof body?.error_description === 'string' ? body.error_description : null);
}

// ---------------------------------------------------------------- REST

/** One REST exchange: the integrations core's vendorClient in the product (pacing, sealed token, 401 → renew once), a session in tests. */
export type SalesforceTransport = (req: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: string; json?: unknown }) => Promise<{ status: number; headers: Headers; body: unknown }>;

/**
 * Where a standalone transport gets its access token: the current one, and a renewal after Salesforce answered
 * INVALID_SESSION_ID (a refused renewal throws SalesforceReconnectError).
 */
export type SalesforceSession = {
  current(): Promise<{ accessToken: string; instanceUrl: string }>;
  renew(): Promise<{ accessToken: string; instanceUrl: string }>;
};

/** A transport of its own (scripts, tests): renews the session once on a 401 and retries; reads Sforce-Limit-Info. */
export function sessionTransport(session: SalesforceSession, options: FetchOptions & { onUsage?: (usage: ApiUsage) => void | Promise<void> }): SalesforceTransport {
  return async (req) => {
    let token = await session.current();
    for (let attempt = 0; ; attempt++) {
      const res = await send(
        new URL(req.path, token.instanceUrl).href,
        {
          method: req.method,
          headers: { authorization: `Bearer ${token.accessToken}`, accept: 'application/json', ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: req.json !== undefined ? JSON.stringify(req.json) : undefined,
        },
        options,
      );
      const usage = parseLimitInfo(res.headers.get('sforce-limit-info'));
      if (usage) await options.onUsage?.(usage);
      if (res.status === 401 && attempt === 0) {
        token = await session.renew();
        continue;
      }
      return { status: res.status, headers: res.headers, body: parseJson(res) };
    }
  };
}

export type SObjectType = 'Lead' | 'Contact';

export type SalesforceListView = { id: string; label: string; developerName: string; sobjectType: SObjectType; soqlCompatible: boolean };
export type SalesforceRecord = { Id: string; [field: string]: unknown };

export type SalesforceClient = ReturnType<typeof salesforceClient>;

export function salesforceClient(transport: SalesforceTransport) {
  const base = `/services/data/${SALESFORCE_API_VERSION}`;

  /**
   * One REST call; path is relative to the instance (nextRecordsUrl and attributes.url are such paths). The transport
   * has renewed the session once already: INVALID_SESSION_ID here means the renewed one was refused too.
   */
  async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, json?: unknown): Promise<{ status: number; body: unknown }> {
    const res = await transport({ method, path, json });
    if (res.status >= 200 && res.status < 300) return { status: res.status, body: res.body };
    const error = new SalesforceApiError(res.status, errorArray(res.body, res.status));
    if (error.has('INVALID_SESSION_ID')) throw new SalesforceReconnectError('Salesforce refused the renewed session: reconnect Salesforce');
    throw error;
  }

  async function listViews(sobject: SObjectType): Promise<SalesforceListView[]> {
    const out: SalesforceListView[] = [];
    let path: string | null = `${base}/sobjects/${sobject}/listviews`;
    while (path) {
      const page = (await call('GET', path)).body as { listviews?: Array<Record<string, unknown>>; nextRecordsUrl?: string | null; done?: boolean };
      for (const v of page.listviews ?? []) {
        if (typeof v.id !== 'string') continue;
        out.push({ id: v.id, label: String(v.label ?? v.developerName ?? v.id), developerName: String(v.developerName ?? ''), sobjectType: sobject, soqlCompatible: v.soqlCompatible !== false });
      }
      path = page.done === false && typeof page.nextRecordsUrl === 'string' ? page.nextRecordsUrl : null;
    }
    return out;
  }

  /** Every record of a SOQL query, page after page (nextRecordsUrl), up to `max`. */
  async function query<T extends SalesforceRecord = SalesforceRecord>(soql: string, opts: { all?: boolean; max?: number } = {}): Promise<{ records: T[]; totalSize: number; truncated: boolean }> {
    const records: T[] = [];
    const max = opts.max ?? Number.POSITIVE_INFINITY;
    let path: string | null = `${base}/${opts.all ? 'queryAll' : 'query'}?q=${encodeURIComponent(soql)}`;
    let totalSize = 0;
    while (path) {
      const page = (await call('GET', path)).body as { totalSize?: number; done?: boolean; records?: T[]; nextRecordsUrl?: string };
      totalSize = page.totalSize ?? totalSize;
      for (const r of page.records ?? []) {
        if (records.length >= max) return { records, totalSize, truncated: true };
        records.push(r);
      }
      path = page.done === false && typeof page.nextRecordsUrl === 'string' ? page.nextRecordsUrl : null;
    }
    return { records, totalSize, truncated: false };
  }

  /** One page of a query: from the SOQL, or from the previous page's nextRecordsUrl. */
  async function queryPage<T extends SalesforceRecord = SalesforceRecord>(from: { soql: string } | { next: string }): Promise<{ records: T[]; totalSize: number; next: string | null }> {
    const path = 'soql' in from ? `${base}/query?q=${encodeURIComponent(from.soql)}` : from.next;
    const page = (await call('GET', path)).body as { totalSize?: number; done?: boolean; records?: T[]; nextRecordsUrl?: string };
    return { records: page.records ?? [], totalSize: page.totalSize ?? 0, next: page.done === false && typeof page.nextRecordsUrl === 'string' ? page.nextRecordsUrl : null };
  }

  /** A list view's SOQL (its filters and order), from its describe. */
  async function listViewQuery(sobject: SObjectType, listViewId: string): Promise<{ query: string; label: string | null }> {
    const d = (await call('GET', `${base}/sobjects/${sobject}/listviews/${encodeURIComponent(listViewId)}/describe`)).body as { query?: unknown; label?: unknown };
    if (typeof d.query !== 'string') throw new SalesforceApiError(502, [{ errorCode: 'NO_QUERY', message: 'The list view has no query' }]);
    return { query: d.query, label: typeof d.label === 'string' ? d.label : null };
  }

  /**
   * The members of a list view (Id, Name, Email), paged through nextRecordsUrl: the view's own SOQL with its select
   * list swapped for the fields we need (its columns need not include Email), its filters and order kept.
   */
  async function listViewMembers(sobject: SObjectType, listViewId: string, opts: { max?: number } = {}) {
    const { query: soql } = await listViewQuery(sobject, listViewId);
    return query<SalesforceRecord & { Email?: string | null; Name?: string | null }>(withSelect(soql, 'Id, Name, Email'), opts);
  }

  async function create(sobject: string, fields: Record<string, unknown>): Promise<string> {
    const res = (await call('POST', `${base}/sobjects/${sobject}`, fields)).body as { id?: unknown; success?: unknown };
    if (typeof res.id !== 'string') throw new SalesforceApiError(502, [{ errorCode: 'NO_ID', message: 'Salesforce answered without a record id' }]);
    return res.id;
  }

  async function update(sobject: string, id: string, fields: Record<string, unknown>): Promise<void> {
    await call('PATCH', `${base}/sobjects/${sobject}/${encodeURIComponent(id)}`, fields);
  }

  async function get(sobject: string, id: string, fields: string[]): Promise<SalesforceRecord> {
    return (await call('GET', `${base}/sobjects/${sobject}/${encodeURIComponent(id)}?fields=${fields.map(encodeURIComponent).join(',')}`)).body as SalesforceRecord;
  }

  /** The running user's daily API allowance (limits resource), for the quota meter before any other call. */
  async function limits(): Promise<ApiUsage | null> {
    const l = (await call('GET', `${base}/limits`)).body as { DailyApiRequests?: { Max?: number; Remaining?: number } };
    const d = l.DailyApiRequests;
    return d && typeof d.Max === 'number' && typeof d.Remaining === 'number' ? { used: d.Max - d.Remaining, max: d.Max } : null;
  }

  return { call, listViews, listViewQuery, listViewMembers, query, queryPage, create, update, get, limits };
}

/** SOQL with its top-level select list replaced ("SELECT a, b FROM Lead WHERE …" → "SELECT <fields> FROM Lead WHERE …"). */
export function withSelect(soql: string, fields: string): string {
  const m = /^\s*select\s+[\s\S]*?\s+from\s+/i.exec(soql);
  if (!m) throw new SalesforceApiError(502, [{ errorCode: 'MALFORMED_QUERY', message: `Not a SOQL select: ${soql.slice(0, 80)}` }]);
  return `SELECT ${fields} FROM ${soql.slice(m[0].length)}`;
}

/** SOQL string literal (backslash and quote escaped). */
export const soqlString = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function errorArray(parsed: unknown, status: number): SalesforceErrorItem[] {
  if (Array.isArray(parsed)) {
    return parsed
      .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
      .map((e) => ({
        message: typeof e.message === 'string' ? e.message : 'Unknown error',
        errorCode: typeof e.errorCode === 'string' ? e.errorCode : '',
        ...(Array.isArray(e.fields) ? { fields: e.fields.map(String) } : {}),
        ...(e.duplicateResult !== undefined ? { duplicateResult: e.duplicateResult } : {}),
      }));
  }
  // An OAuth-style or gateway error that is not the REST array.
  const o = parsed as Record<string, unknown> | null;
  if (o && (typeof o.error === 'string' || typeof o.message === 'string')) {
    return [{ message: String(o.error_description ?? o.message ?? o.error), errorCode: String(o.errorCode ?? o.error ?? '') }];
  }
  return [{ message: `HTTP ${status}`, errorCode: status === 401 ? 'INVALID_SESSION_ID' : '' }];
}
