import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking LinkedIn's documented wire format, for tests (nothing leaves the machine):
 * - www.linkedin.com's OAuth 2.0: GET /oauth/v2/authorization (the member "consents" at once and is sent
 *   back to redirect_uri with code and state, or error=user_cancelled_authorize), POST /oauth/v2/accessToken
 *   (form-encoded authorization_code grant with the client secret), POST /oauth/v2/revoke;
 * - api.linkedin.com: GET /v2/userinfo (OpenID Connect claims), POST /rest/posts and
 *   POST /rest/images?action=initializeUpload (both demand `LinkedIn-Version: YYYYMM` and
 *   `X-Restli-Protocol-Version: 2.0.0`), and the upload URL the latter answers (PUT the bytes);
 * - errors as LinkedIn sends them: `{ status, serviceErrorCode, code, message }` (OAuth: `{ error, error_description }`).
 * One server plays both hosts. Standalone (node:http only) so the e2e setup can start it too.
 */

export type LinkedInTestMember = { sub: string; name: string; given_name: string; family_name: string; email: string; picture: string | null };

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

type Token = { member: LinkedInTestMember; scope: string[]; expired: boolean; revoked: boolean };

export type LinkedInTestServer = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next authorization. */
  member: LinkedInTestMember;
  /** The next authorization is refused by the member (error=user_cancelled_authorize). */
  denyNext: boolean;
  /** Answers to give instead of the real one for the next POST /rest/posts calls, in order. */
  postFailures: Array<{ status: number; retryAfter?: number; code?: string; message?: string }>;
  tokens: Map<string, Token>;
  posts: Array<{ urn: string; token: string; body: Record<string, unknown> }>;
  images: Map<string, { owner: string; bytes: Buffer | null; contentType: string | null }>;
  requests: RecordedRequest[];
  /** Makes every token of the member answer 401 EXPIRED_ACCESS_TOKEN. */
  expireTokensOf(sub: string): void;
  close(): Promise<void>;
};

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const restError = (res: http.ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(res, status, { status, serviceErrorCode: status === 401 ? 65601 : status === 429 ? 101 : 100, code, message }, headers);

export async function startLinkedInServer(options: { clientId?: string; clientSecret?: string; port?: number } = {}): Promise<LinkedInTestServer> {
  const codes = new Map<string, { member: LinkedInTestMember; redirectUri: string; scope: string[] }>();
  let postSeq = 7000000000000000000n;
  const server: LinkedInTestServer = {
    url: '',
    clientId: options.clientId ?? 'li-client-id',
    clientSecret: options.clientSecret ?? 'li-client-secret',
    member: { sub: 'Ab3XyZ_9', name: 'Alex Rivers', given_name: 'Alex', family_name: 'Rivers', email: 'alex@acme.example', picture: 'https://media.licdn.com/dms/image/alex.jpg' },
    denyNext: false,
    postFailures: [],
    tokens: new Map(),
    posts: [],
    images: new Map(),
    requests: [],
    expireTokensOf(sub) {
      for (const t of this.tokens.values()) if (t.member.sub === sub) t.expired = true;
    },
    close: async () => {},
  };

  /** The bearer token's record, or an answer already sent (401). */
  const bearer = (req: http.IncomingMessage, res: http.ServerResponse): [string, Token] | null => {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const token = m ? server.tokens.get(m[1]!) : undefined;
    if (!m || !token) return void restError(res, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token'), null;
    if (token.revoked) return void restError(res, 401, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user'), null;
    if (token.expired) return void restError(res, 401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired'), null;
    return [m[1]!, token];
  };
  const versioned = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (!/^\d{6}(\.\d{2})?$/.test(String(req.headers['linkedin-version'] ?? ''))) return restError(res, 426, 'NONEXISTENT_VERSION', 'Requested version  is not active'), false;
    if (req.headers['x-restli-protocol-version'] !== '2.0.0') return restError(res, 400, 'BAD_REQUEST', 'X-Restli-Protocol-Version 2.0.0 is required'), false;
    return true;
  };

  const http_ = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', server.url);
      server.requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body: raw.toString('utf8') });
      const form = () => Object.fromEntries(new URLSearchParams(raw.toString('utf8')));

      if (req.method === 'GET' && url.pathname === '/oauth/v2/authorization') {
        const q = Object.fromEntries(url.searchParams);
        if (q.response_type !== 'code' || q.client_id !== server.clientId || !q.redirect_uri) return json(res, 400, { error: 'invalid_request', error_description: 'bad authorization request' });
        const back = new URL(q.redirect_uri);
        if (server.denyNext) {
          server.denyNext = false;
          back.searchParams.set('error', 'user_cancelled_authorize');
          back.searchParams.set('error_description', 'The user cancelled the authorization');
        } else {
          const code = `code-${randomBytes(8).toString('hex')}`;
          codes.set(code, { member: { ...server.member }, redirectUri: q.redirect_uri, scope: (q.scope ?? '').split(' ').filter(Boolean) });
          back.searchParams.set('code', code);
        }
        if (q.state) back.searchParams.set('state', q.state);
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/oauth/v2/accessToken') {
        const f = form();
        if (f.client_id !== server.clientId || f.client_secret !== server.clientSecret) return json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
        const grant = f.code ? codes.get(f.code) : undefined;
        if (f.grant_type !== 'authorization_code' || !grant || grant.redirectUri !== f.redirect_uri) {
          return json(res, 400, { error: 'invalid_request', error_description: 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code' });
        }
        codes.delete(f.code!);
        const accessToken = `AQV${randomBytes(24).toString('hex')}`;
        server.tokens.set(accessToken, { member: grant.member, scope: grant.scope, expired: false, revoked: false });
        return json(res, 200, { access_token: accessToken, expires_in: 5183999, scope: grant.scope.join(','), token_type: 'Bearer', id_token: 'eyJ.not-checked.here' });
      }
      if (req.method === 'POST' && url.pathname === '/oauth/v2/revoke') {
        const f = form();
        if (f.client_id !== server.clientId || f.client_secret !== server.clientSecret) return json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
        const token = f.token ? server.tokens.get(f.token) : undefined;
        if (!token) return json(res, 400, { error: 'invalid_request', error_description: 'Token not found' });
        token.revoked = true;
        res.writeHead(200);
        return res.end();
      }
      if (req.method === 'GET' && url.pathname === '/v2/userinfo') {
        const got = bearer(req, res);
        if (!got) return;
        const [, token] = got;
        if (!token.scope.includes('openid')) return restError(res, 403, 'ACCESS_DENIED', 'Not enough permissions to access: userinfo.GET.NO_VERSION');
        const m = token.member;
        return json(res, 200, { sub: m.sub, email_verified: true, name: m.name, locale: { country: 'US', language: 'en' }, given_name: m.given_name, family_name: m.family_name, email: m.email, picture: m.picture });
      }
      if (req.method === 'POST' && url.pathname === '/rest/posts') {
        if (!versioned(req, res)) return;
        const got = bearer(req, res);
        if (!got) return;
        const [accessToken, token] = got;
        if (!token.scope.includes('w_member_social')) return restError(res, 403, 'ACCESS_DENIED', 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20251001');
        const failure = server.postFailures.shift();
        if (failure) return restError(res, failure.status, failure.code ?? 'THROTTLED', failure.message ?? 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.', failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : {});
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        } catch {
          return restError(res, 400, 'BAD_REQUEST', 'Malformed JSON');
        }
        if (body.author !== `urn:li:person:${token.member.sub}`) return restError(res, 403, 'ACCESS_DENIED', `Author ${String(body.author)} is not the member of the token`);
        const dist = body.distribution as Record<string, unknown> | undefined;
        if (typeof body.commentary !== 'string' || body.visibility !== 'PUBLIC' || dist?.feedDistribution !== 'MAIN_FEED' || body.lifecycleState !== 'PUBLISHED') {
          return restError(res, 422, 'UNPROCESSABLE_ENTITY', 'ERROR :: /commentary :: field is required but not found and has no default value');
        }
        if (body.commentary.length > 3000) return restError(res, 422, 'UNPROCESSABLE_ENTITY', 'ERROR :: /commentary :: length exceeds 3000');
        const media = (body.content as { media?: { id?: string } } | undefined)?.media;
        if (media && (!media.id || !server.images.get(media.id)?.bytes)) return restError(res, 422, 'UNPROCESSABLE_ENTITY', `ERROR :: /content/media/id :: ${media.id} is not an uploaded image`);
        const urn = `urn:li:share:${++postSeq}`;
        server.posts.push({ urn, token: accessToken, body });
        res.writeHead(201, { 'x-restli-id': urn });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/rest/images' && url.searchParams.get('action') === 'initializeUpload') {
        if (!versioned(req, res)) return;
        const got = bearer(req, res);
        if (!got) return;
        let owner: unknown;
        try {
          owner = (JSON.parse(raw.toString('utf8')) as { initializeUploadRequest?: { owner?: unknown } }).initializeUploadRequest?.owner;
        } catch {
          owner = undefined;
        }
        if (owner !== `urn:li:person:${got[1].member.sub}`) return restError(res, 403, 'ACCESS_DENIED', 'The owner must be the member of the token');
        const id = `D4E10AQ${randomBytes(6).toString('hex')}`;
        const image = `urn:li:image:${id}`;
        server.images.set(image, { owner: owner as string, bytes: null, contentType: null });
        return json(res, 200, { value: { uploadUrlExpiresAt: Date.now() + 3600_000, uploadUrl: `${server.url}/dms-uploads/${id}?ca=vector_feedshare&cn=uploads`, image } });
      }
      const upload = /^\/dms-uploads\/([A-Za-z0-9]+)$/.exec(url.pathname);
      if (req.method === 'PUT' && upload) {
        const got = bearer(req, res);
        if (!got) return;
        const image = server.images.get(`urn:li:image:${upload[1]}`);
        if (!image) return restError(res, 404, 'NOT_FOUND', 'Upload not found');
        image.bytes = raw;
        image.contentType = req.headers['content-type'] ?? null;
        res.writeHead(201);
        return res.end();
      }
      return restError(res, 404, 'NOT_FOUND', `No route ${req.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => http_.listen(options.port ?? 0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(http_.address() as AddressInfo).port}`;
  server.close = () => new Promise<void>((resolve) => http_.close(() => resolve()));
  return server;
}
