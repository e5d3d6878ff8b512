import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Salesforce's documented wire format, for tests (nothing leaves the machine). One server is
 * both the login host and the instance (its token answers name itself as `instance_url`; a second one started with
 * `sandbox: true` plays test.salesforce.com):
 * - OAuth 2.0 web server flow: `GET /services/oauth2/authorize` (a consent page with Approve and Deny, which
 *   redirect to redirect_uri with code and state, or error=access_denied), `POST /services/oauth2/token`
 *   (authorization_code; refresh_token, refused with `invalid_grant` when the refresh token is revoked),
 *   `POST /services/oauth2/revoke`.
 * - REST under `/services/data/v62.0`: `sobjects/{Lead|Contact}/listviews` and `…/{id}/describe`, `query` and
 *   `queryAll` with a small SOQL subset (select list, `WHERE a = 'x' AND b = true`, ORDER BY ignored) paged by
 *   `nextRecordsUrl`, `sobjects/{type}` create (REQUIRED_FIELD_MISSING; the standard duplicate rule on Email answers
 *   DUPLICATES_DETECTED with `duplicateResult.matchResults`), `sobjects/{type}/{id}` GET and PATCH (204;
 *   ENTITY_IS_DELETED for a merged record, whose `MasterRecordId` queryAll shows), Tasks, `limits`.
 * - Errors are arrays `[{ message, errorCode, fields }]`; an unknown or expired access token is 401 INVALID_SESSION_ID.
 * - Every REST answer carries `Sforce-Limit-Info: api-usage=N/M`; N counts the calls.
 *
 * Standalone on purpose (node:http and node:crypto only): the e2e global setup may start it too.
 */

export type FakeSfRecord = { Id: string; IsDeleted: boolean; MasterRecordId: string | null; [field: string]: unknown };
export type SalesforceServerRequest = { method: string; path: string; authorization: string | undefined; body: unknown };

export type SalesforceTestServer = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Records by type (Lead, Contact, Task). */
  records: Record<string, Map<string, FakeSfRecord>>;
  listViews: Array<{ id: string; sobjectType: 'Lead' | 'Contact'; label: string; developerName: string; where: Record<string, unknown> }>;
  requests: SalesforceServerRequest[];
  /** REST calls counted today (Sforce-Limit-Info's N) and the org's daily allowance (M). */
  apiUsage: { used: number; max: number };
  /** Records per query page before a nextRecordsUrl (Salesforce's default 2000). */
  pageSize: number;
  /** Duplicate rule on Email for Leads and Contacts (on by default, as the standard rules are). */
  duplicateRule: boolean;
  /** Every access token issued so far stops working (INVALID_SESSION_ID), as when a session times out. */
  expireSessions(): void;
  /** The refresh tokens issued so far are refused (invalid_grant), as when the user revoked the app. */
  revokeRefreshTokens(): void;
  /** Adds a record as if created in Salesforce (no API call counted). */
  seed(type: string, fields: Record<string, unknown>): FakeSfRecord;
  /** Merges `loserId` into `winnerId`: the loser is deleted with MasterRecordId = winner. */
  merge(type: string, winnerId: string, loserId: string): void;
  addListView(sobjectType: 'Lead' | 'Contact', label: string, where?: Record<string, unknown>): string;
  /** Approves an authorization request as the consent page's button does: the redirect Location. */
  approve(authorizeUrl: string): Promise<string>;
  close(): Promise<void>;
};

const PREFIX: Record<string, string> = { Lead: '00Q', Contact: '003', Task: '00T', Account: '001' };
const id18 = (type: string) => (PREFIX[type] ?? '001') + randomBytes(8).toString('hex').slice(0, 12).toUpperCase() + 'AAA';
const VERSION = 'v62.0';
const ORG_ID = '00D000000000001EAA';
const USER_ID = '005000000000001AAA';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Condition = { field: string; value: unknown };

/** The subset of SOQL the server answers: SELECT list FROM type [WHERE a = v AND …] [ORDER BY …] [LIMIT n]. */
function parseSoql(q: string): { fields: string[]; from: string; where: Condition[]; limit: number | null } | null {
  const m = /^\s*select\s+([\s\S]+?)\s+from\s+(\w+)(?:\s+where\s+([\s\S]+?))?(?:\s+order\s+by\s+[\s\S]+?)?(?:\s+limit\s+(\d+))?\s*$/i.exec(q);
  if (!m) return null;
  const where: Condition[] = [];
  if (m[3]) {
    for (const part of m[3].split(/\s+and\s+/i)) {
      const c = /^\s*(\w+)\s*=\s*('(?:[^'\\]|\\.)*'|true|false|null)\s*$/i.exec(part);
      if (!c) return null;
      const raw = c[2]!;
      const value = raw.startsWith("'") ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw.toLowerCase() === 'null' ? null : raw.toLowerCase() === 'true';
      where.push({ field: c[1]!, value });
    }
  }
  return { fields: m[1]!.split(',').map((f) => f.trim()), from: m[2]!, where, limit: m[4] ? Number(m[4]) : null };
}

/** Name is compound (FirstName LastName) on Leads and Contacts. */
const nameOf = (r: FakeSfRecord) => {
  if (r.attributes_type === 'Lead' || r.attributes_type === 'Contact') r.Name = [r.FirstName, r.LastName].filter((x) => typeof x === 'string' && x).join(' ');
};

const soqlLiteral = (v: unknown) => (typeof v === 'string' ? `'${v.replace(/'/g, "\\'")}'` : String(v));

export async function startSalesforceServer(options: { sandbox?: boolean; clientId?: string; clientSecret?: string; port?: number } = {}): Promise<SalesforceTestServer> {
  const clientId = options.clientId ?? `3MVG9${randomBytes(10).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
  const records: SalesforceTestServer['records'] = { Lead: new Map(), Contact: new Map(), Task: new Map() };
  const listViews: SalesforceTestServer['listViews'] = [];
  const requests: SalesforceServerRequest[] = [];
  const codes = new Map<string, { redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const cursors = new Map<string, { rows: FakeSfRecord[]; fields: string[]; offset: number }>();
  let url = '';

  const issue = (withRefresh: boolean) => {
    const accessToken = `${ORG_ID}!${randomBytes(24).toString('base64url')}`;
    accessTokens.add(accessToken);
    const out: Record<string, unknown> = {
      access_token: accessToken,
      signature: randomBytes(16).toString('base64'),
      scope: 'refresh_token api',
      instance_url: url,
      id: `${url}/id/${ORG_ID}/${USER_ID}`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
    };
    if (withRefresh) {
      const refreshToken = `5Aep${randomBytes(24).toString('base64url')}`;
      refreshTokens.add(refreshToken);
      out.refresh_token = refreshToken;
    }
    return out;
  };

  const project = (r: FakeSfRecord, fields: string[]) => {
    const out: Record<string, unknown> = { attributes: { type: r.attributes_type, url: `/services/data/${VERSION}/sobjects/${String(r.attributes_type)}/${r.Id}` } };
    for (const f of fields) out[f] = r[f] ?? null;
    return out;
  };

  const queryPage = (cursorId: string) => {
    const c = cursors.get(cursorId)!;
    const slice = c.rows.slice(c.offset, c.offset + server.pageSize);
    c.offset += slice.length;
    const done = c.offset >= c.rows.length;
    const page: Record<string, unknown> = { totalSize: c.rows.length, done, records: slice.map((r) => project(r, c.fields)) };
    if (!done) page.nextRecordsUrl = `/services/data/${VERSION}/query/${cursorId}-${c.offset}`;
    else cursors.delete(cursorId);
    return page;
  };

  const err = (status: number, errorCode: string, message: string, fields: string[] = []) => ({ status, body: [{ message, errorCode, fields }] });

  function rest(method: string, path: string, query: URLSearchParams, body: unknown): { status: number; body?: unknown } {
    const p = path.slice(`/services/data/${VERSION}`.length);
    let m: RegExpExecArray | null;
    if (method === 'GET' && p === '/limits') return { status: 200, body: { DailyApiRequests: { Max: server.apiUsage.max, Remaining: server.apiUsage.max - server.apiUsage.used } } };
    if (method === 'GET' && (p === '/query' || p === '/queryAll')) {
      const soql = parseSoql(query.get('q') ?? '');
      if (!soql) return err(400, 'MALFORMED_QUERY', `unexpected token: ${(query.get('q') ?? '').slice(0, 40)}`);
      const table = records[soql.from];
      if (!table) return err(400, 'INVALID_TYPE', `sObject type '${soql.from}' is not supported.`);
      let rows = [...table.values()].filter((r) => (p === '/queryAll' || !r.IsDeleted) && soql.where.every((c) => (r[c.field] ?? null) === c.value));
      if (soql.limit !== null) rows = rows.slice(0, soql.limit);
      const cursorId = `01g${randomBytes(6).toString('hex').toUpperCase()}`;
      cursors.set(cursorId, { rows, fields: soql.fields, offset: 0 });
      return { status: 200, body: queryPage(cursorId) };
    }
    if (method === 'GET' && (m = /^\/query\/(01g[0-9A-F]+)-(\d+)$/.exec(p))) {
      const c = cursors.get(m[1]!);
      if (!c || c.offset !== Number(m[2])) return err(400, 'INVALID_QUERY_LOCATOR', 'invalid query locator');
      return { status: 200, body: queryPage(m[1]!) };
    }
    if (method === 'GET' && (m = /^\/sobjects\/(Lead|Contact)\/listviews$/.exec(p))) {
      const views = listViews.filter((v) => v.sobjectType === m![1]);
      return {
        status: 200,
        body: {
          done: true,
          nextRecordsUrl: null,
          size: views.length,
          sobjectType: m[1],
          listviews: views.map((v) => ({
            describeUrl: `/services/data/${VERSION}/sobjects/${v.sobjectType}/listviews/${v.id}/describe`,
            developerName: v.developerName,
            id: v.id,
            label: v.label,
            resultsUrl: `/services/data/${VERSION}/sobjects/${v.sobjectType}/listviews/${v.id}/results`,
            soqlCompatible: true,
            url: `/services/data/${VERSION}/sobjects/${v.sobjectType}/listviews/${v.id}`,
          })),
        },
      };
    }
    if (method === 'GET' && (m = /^\/sobjects\/(Lead|Contact)\/listviews\/(\w+)\/describe$/.exec(p))) {
      const v = listViews.find((x) => x.sobjectType === m![1] && x.id === m![2]);
      if (!v) return err(404, 'NOT_FOUND', 'The requested resource does not exist');
      const conditions = Object.entries(v.where).map(([k, val]) => `${k} = ${soqlLiteral(val)}`);
      const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
      return {
        status: 200,
        body: {
          id: v.id,
          label: v.label,
          sobjectType: v.sobjectType,
          scope: 'everything',
          columns: [{ fieldNameOrPath: 'Name', label: 'Name' }],
          orderBy: [{ fieldNameOrPath: 'Name', sortDirection: 'ascending', nullsPosition: 'first' }],
          query: `SELECT Name, ${v.sobjectType === 'Lead' ? 'Company, ' : ''}Owner.Alias, Id, CreatedDate FROM ${v.sobjectType}${where} ORDER BY Name ASC NULLS FIRST, Id ASC NULLS FIRST`,
          whereCondition: null,
        },
      };
    }
    if (method === 'POST' && (m = /^\/sobjects\/(Lead|Contact|Task)$/.exec(p))) {
      const type = m[1]!;
      const fields = (body ?? {}) as Record<string, unknown>;
      const required = type === 'Lead' ? ['LastName', 'Company'] : type === 'Contact' ? ['LastName'] : ['Subject'];
      const missing = required.filter((f) => typeof fields[f] !== 'string' || !(fields[f] as string).trim());
      if (missing.length) return err(400, 'REQUIRED_FIELD_MISSING', `Required fields are missing: [${missing.join(', ')}]`, missing);
      if (type === 'Task' && typeof fields.WhoId === 'string' && ![...records.Lead!.values(), ...records.Contact!.values()].some((r) => r.Id === fields.WhoId && !r.IsDeleted)) {
        return err(400, 'INVALID_CROSS_REFERENCE_KEY', 'Name ID: id value of incorrect type: ' + fields.WhoId, ['WhoId']);
      }
      if (type !== 'Task' && server.duplicateRule && typeof fields.Email === 'string') {
        const email = fields.Email.toLowerCase();
        const matches = [...records[type]!.values()].filter((r) => !r.IsDeleted && typeof r.Email === 'string' && r.Email.toLowerCase() === email);
        if (matches.length) {
          const message = "You're creating a duplicate record. We recommend you use an existing record instead.";
          return {
            status: 400,
            body: [
              {
                duplicateResult: {
                  allowSave: false,
                  duplicateRule: `Standard_${type}_Duplicate_Rule`,
                  duplicateRuleEntityType: type,
                  errorMessage: message,
                  matchResults: [
                    {
                      entityType: type,
                      errors: [],
                      matchEngine: 'FuzzyMatchEngine',
                      matchRecords: matches.map((r) => ({ additionalInformation: [], fieldDiffs: [], matchConfidence: 100.0, record: { attributes: { type, url: `/services/data/${VERSION}/sobjects/${type}/${r.Id}` }, Id: r.Id } })),
                      rule: `Standard_${type}_Match_Rule_v1_0`,
                      size: matches.length,
                      success: true,
                    },
                  ],
                },
                errorCode: 'DUPLICATES_DETECTED',
                message,
              },
            ],
          };
        }
      }
      const rec = server.seed(type, fields);
      return { status: 201, body: { id: rec.Id, success: true, errors: [] } };
    }
    if ((m = /^\/sobjects\/(Lead|Contact|Task)\/(\w+)$/.exec(p))) {
      const rec = records[m[1]!]!.get(m[2]!);
      if (!rec) return err(404, 'NOT_FOUND', 'The requested resource does not exist');
      if (rec.IsDeleted) return err(404, 'ENTITY_IS_DELETED', 'entity is deleted');
      if (method === 'GET') {
        const fields = (query.get('fields') ?? 'Id').split(',').map((f) => f.trim());
        return { status: 200, body: project(rec, fields) };
      }
      if (method === 'PATCH') {
        const fields = (body ?? {}) as Record<string, unknown>;
        for (const [k, v] of Object.entries(fields)) {
          if (k === 'Id') return err(400, 'INVALID_FIELD_FOR_INSERT_UPDATE', 'Unable to create/update fields: Id.', ['Id']);
          rec[k] = v;
        }
        nameOf(rec);
        return { status: 204 };
      }
    }
    return err(404, 'NOT_FOUND', 'The requested resource does not exist');
  }

  const consentPage = (params: URLSearchParams) => {
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params.get(k) ?? '')}">`).join('');
    return `<!doctype html><html><head><title>Allow Access?</title></head><body><h1>Allow Access?</h1>
<p>The app is asking to access your Salesforce data (${escapeHtml(params.get('scope') ?? '')})${options.sandbox ? ' in your sandbox' : ''}.</p>
<form method="post" action="/services/oauth2/authorize">${hidden}<button name="decision" value="allow">Allow</button><button name="decision" value="deny">Deny</button></form></body></html>`;
  };

  const decide = (params: URLSearchParams): { status: number; location?: string; body?: string } => {
    if (params.get('client_id') !== clientId) return { status: 400, body: 'error=invalid_client_id&error_description=client%20identifier%20invalid' };
    const redirectUri = params.get('redirect_uri') ?? '';
    const target = new URL(redirectUri);
    if (params.get('decision') === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'end-user denied authorization');
    } else {
      const code = `aPrx${randomBytes(18).toString('base64url')}`;
      codes.set(code, { redirectUri });
      target.searchParams.set('code', code);
    }
    if (params.get('state')) target.searchParams.set('state', params.get('state')!);
    return { status: 302, location: target.href };
  };

  function token(form: URLSearchParams): { status: number; body: unknown } {
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return { status: 400, body: { error: 'invalid_client', error_description: 'invalid client credentials' } };
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code) return { status: 400, body: { error: 'invalid_grant', error_description: 'invalid authorization code' } };
      codes.delete(form.get('code')!);
      if (code.redirectUri !== form.get('redirect_uri')) return { status: 400, body: { error: 'redirect_uri_mismatch', error_description: 'redirect_uri must match configuration' } };
      return { status: 200, body: issue(true) };
    }
    if (grant === 'refresh_token') {
      if (!refreshTokens.has(form.get('refresh_token') ?? '')) return { status: 400, body: { error: 'invalid_grant', error_description: 'expired access/refresh token' } };
      return { status: 200, body: issue(false) };
    }
    return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'grant type not supported' } };
  }

  const httpServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const u = new URL(req.url ?? '/', url);
      const method = req.method ?? 'GET';
      let parsed: unknown = raw;
      if ((req.headers['content-type'] ?? '').includes('json') && raw) {
        try {
          parsed = JSON.parse(raw);
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify([{ message: 'Unexpected character', errorCode: 'JSON_PARSER_ERROR' }]));
          return;
        }
      }
      requests.push({ method, path: u.pathname + u.search, authorization: req.headers.authorization, body: parsed });
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        body === undefined ? res.writeHead(status, headers).end() : res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers }).end(JSON.stringify(body));
      if (u.pathname === '/services/oauth2/authorize') {
        if (method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(consentPage(u.searchParams));
          return;
        }
        const out = decide(new URLSearchParams(raw));
        if (out.location) res.writeHead(302, { location: out.location }).end();
        else res.writeHead(out.status, { 'content-type': 'text/plain' }).end(out.body);
        return;
      }
      if (method === 'POST' && u.pathname === '/services/oauth2/token') {
        const out = token(new URLSearchParams(raw));
        json(out.status, out.body);
        return;
      }
      if (method === 'POST' && u.pathname === '/services/oauth2/revoke') {
        const t = new URLSearchParams(raw).get('token') ?? '';
        if (refreshTokens.delete(t) || accessTokens.delete(t)) {
          json(200, undefined);
          return;
        }
        json(400, { error: 'unsupported_token_type', error_description: 'this token type is not supported' });
        return;
      }
      if (u.pathname.startsWith(`/services/data/${VERSION}/`)) {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || !accessTokens.has(bearer)) {
          json(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
          return;
        }
        server.apiUsage.used += 1;
        const out = rest(method, u.pathname, u.searchParams, parsed === raw ? undefined : parsed);
        json(out.status, out.body, { 'sforce-limit-info': `api-usage=${server.apiUsage.used}/${server.apiUsage.max}` });
        return;
      }
      json(404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  const server: SalesforceTestServer = {
    url,
    clientId,
    clientSecret,
    records,
    listViews,
    requests,
    apiUsage: { used: 0, max: 15000 },
    pageSize: 2000,
    duplicateRule: true,
    expireSessions: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    seed(type, fields) {
      records[type] ??= new Map();
      const rec: FakeSfRecord = { ...fields, Id: id18(type), IsDeleted: false, MasterRecordId: null, attributes_type: type };
      nameOf(rec);
      records[type].set(rec.Id, rec);
      return rec;
    },
    merge(type, winnerId, loserId) {
      const loser = records[type]!.get(loserId)!;
      loser.IsDeleted = true;
      loser.MasterRecordId = winnerId;
    },
    addListView(sobjectType, label, where = {}) {
      const id = `00B${randomBytes(6).toString('hex').toUpperCase()}AAA`;
      listViews.push({ id, sobjectType, label, developerName: label.replace(/\W+/g, '_'), where });
      return id;
    },
    async approve(authorizeUrl) {
      const out = decide(new URL(authorizeUrl).searchParams);
      if (!out.location) throw new Error(`authorize refused: ${out.body}`);
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
