import type { LinkedInConfig } from '../../config';

/**
 * LinkedIn's public API as a virtual employee's member uses it, behind one interface: sign in with
 * OpenID Connect plus the posting permission (3-legged OAuth 2.0, authorization code), the userinfo
 * endpoint (who the member is), the Posts API (`POST /rest/posts`, versioned by the LinkedIn-Version header,
 * Rest.li protocol 2.0.0) and the Images API upload (`POST /rest/images?action=initializeUpload`, then PUT the
 * bytes to the upload URL it answers). Nothing else: LinkedIn offers no messaging or invitations to apps.
 * Tests point the two hosts at a local server speaking the same wire format (testing/linkedin-server.ts).
 */

/** Sign-in (OpenID Connect) and posting as the member. */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'email', 'w_member_social'] as const;

export type LinkedInTokens = {
  accessToken: string;
  /** Only for apps LinkedIn enabled for refresh tokens; usually null (a member token lasts 60 days). */
  refreshToken: string | null;
  expiresAt: Date;
  scope: string[];
};

/** The member, from GET /v2/userinfo (OpenID Connect claims). */
export type LinkedInMember = { sub: string; name: string | null; email: string | null; picture: string | null };

export type LinkedInPost = { commentary: string; imageUrn?: string | null; imageAlt?: string | null };

/**
 * A refusal from LinkedIn: 401 (the token expired or was revoked), 403 (a permission is missing),
 * 429 (throttled: retryAfterSeconds when LinkedIn said), or anything else.
 */
export class LinkedInApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
    /** The request may have reached LinkedIn and done its work (a 5xx or a lost answer): never repeat it blindly. */
    readonly uncertain = false,
  ) {
    super(message);
    this.name = 'LinkedInApiError';
  }
}

export type LinkedInApi = {
  authorizationUrl(redirectUri: string, state: string): string;
  exchangeCode(code: string, redirectUri: string, now: Date): Promise<LinkedInTokens>;
  userinfo(accessToken: string): Promise<LinkedInMember>;
  /** Publishes as `authorUrn` (urn:li:person:<sub>); answers the post's URN (the x-restli-id header). */
  createPost(accessToken: string, authorUrn: string, post: LinkedInPost): Promise<{ urn: string }>;
  /** Registers an image owned by `ownerUrn` and uploads its bytes; answers the image URN for a post. */
  uploadImage(accessToken: string, ownerUrn: string, bytes: Uint8Array, contentType: string): Promise<{ urn: string }>;
  /** Revokes a token (unlink); a token LinkedIn no longer knows counts as revoked. */
  revoke(accessToken: string): Promise<void>;
};

export const memberUrn = (sub: string) => `urn:li:person:${sub}`;

/** The public address of a published post (a share or ugcPost URN). */
export const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${encodeURIComponent(urn).replace(/%3A/g, ':')}/`;

/**
 * The Posts API reads `commentary` as "little text": | { } @ [ ] ( ) < > # \ * _ ~ are markup unless
 * escaped with a backslash. A post's plain text is escaped whole, so what the user approved is what
 * LinkedIn shows; a #word becomes LinkedIn's hashtag template ({hashtag|\#|word}), so it stays a hashtag.
 */
export function escapeLittleText(text: string): string {
  const escape = (s: string) => s.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/(^|[^\p{L}\p{N}_&])#(\p{L}[\p{L}\p{N}_]*)/gu)) {
    const start = m.index! + m[1]!.length;
    out += escape(text.slice(last, start)) + `{hashtag|\\#|${m[2]}}`;
    last = start + 1 + m[2]!.length;
  }
  return out + escape(text.slice(last));
}

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  const raw = await res.text();
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function errorOf(res: Response, body: Record<string, unknown> | null, what: string): LinkedInApiError {
  const detail =
    (typeof body?.message === 'string' && body.message) || (typeof body?.error_description === 'string' && body.error_description) || (typeof body?.error === 'string' && body.error) || `HTTP ${res.status}`;
  const retryAfter = Number(res.headers.get('retry-after'));
  return new LinkedInApiError(res.status, `${what}: ${String(detail).slice(0, 300)}`, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, res.status >= 500);
}

export function linkedInApi(cfg: LinkedInConfig, fetchImpl: typeof fetch = fetch): LinkedInApi {
  const signal = () => AbortSignal.timeout(cfg.timeoutMs);
  const rest = (accessToken: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${accessToken}`,
    'linkedin-version': cfg.apiVersion,
    'x-restli-protocol-version': '2.0.0',
    ...extra,
  });
  /** A request whose answer may be lost after LinkedIn acted: a network failure is "uncertain". */
  const send = async (url: string, init: RequestInit, what: string, uncertainOnNetwork: boolean): Promise<Response> => {
    try {
      return await fetchImpl(url, { ...init, signal: signal() });
    } catch (err) {
      throw new LinkedInApiError(0, `${what}: LinkedIn did not answer (${(err as Error).message})`, null, uncertainOnNetwork);
    }
  };

  return {
    authorizationUrl(redirectUri, state) {
      const url = new URL(`${cfg.authBase}/oauth/v2/authorization`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', cfg.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', LINKEDIN_SCOPES.join(' '));
      return url.href;
    },

    async exchangeCode(code, redirectUri, now) {
      const res = await send(
        `${cfg.authBase}/oauth/v2/accessToken`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: cfg.clientId, client_secret: cfg.clientSecret }),
        },
        'The LinkedIn sign-in could not be completed',
        false,
      );
      const body = await readJson(res);
      if (!res.ok || typeof body?.access_token !== 'string') throw errorOf(res, body, 'The LinkedIn sign-in could not be completed');
      const expiresIn = Number(body.expires_in);
      return {
        accessToken: body.access_token,
        refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
        expiresAt: new Date(now.getTime() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 60 * 24 * 3600) * 1000),
        scope: typeof body.scope === 'string' ? body.scope.split(/[\s,]+/).filter(Boolean) : [],
      };
    },

    async userinfo(accessToken) {
      const res = await send(`${cfg.apiBase}/v2/userinfo`, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } }, 'LinkedIn did not say who the member is', false);
      const body = await readJson(res);
      if (!res.ok || typeof body?.sub !== 'string' || !body.sub) throw errorOf(res, body, 'LinkedIn did not say who the member is');
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      const name = str(body.name) ?? ([str(body.given_name), str(body.family_name)].filter(Boolean).join(' ') || null);
      return { sub: body.sub, name, email: body.email_verified === false ? null : str(body.email), picture: str(body.picture) };
    },

    async createPost(accessToken, authorUrn, post) {
      const payload = {
        author: authorUrn,
        commentary: escapeLittleText(post.commentary),
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        ...(post.imageUrn ? { content: { media: { id: post.imageUrn, ...(post.imageAlt ? { altText: post.imageAlt.slice(0, 4086) } : {}) } } } : {}),
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      };
      const res = await send(
        `${cfg.apiBase}/rest/posts`,
        { method: 'POST', headers: rest(accessToken, { 'content-type': 'application/json' }), body: JSON.stringify(payload) },
        'LinkedIn did not publish the post',
        true,
      );
      if (res.status !== 201) throw errorOf(res, await readJson(res), 'LinkedIn did not publish the post');
      const urn = res.headers.get('x-restli-id') ?? res.headers.get('x-linkedin-id');
      // Created, but LinkedIn did not say as what: published all the same (never post it again).
      return { urn: urn ?? '' };
    },

    async uploadImage(accessToken, ownerUrn, bytes, contentType) {
      const init = await send(
        `${cfg.apiBase}/rest/images?action=initializeUpload`,
        { method: 'POST', headers: rest(accessToken, { 'content-type': 'application/json' }), body: JSON.stringify({ initializeUploadRequest: { owner: ownerUrn } }) },
        'LinkedIn did not accept the image',
        false,
      );
      const body = await readJson(init);
      const value = body?.value as { uploadUrl?: unknown; image?: unknown } | undefined;
      if (!init.ok || typeof value?.uploadUrl !== 'string' || typeof value.image !== 'string') throw errorOf(init, body, 'LinkedIn did not accept the image');
      const put = await send(
        value.uploadUrl,
        { method: 'PUT', headers: { authorization: `Bearer ${accessToken}`, 'content-type': contentType }, body: Buffer.from(bytes) },
        'The image upload to LinkedIn failed',
        false,
      );
      if (put.status < 200 || put.status >= 300) throw errorOf(put, await readJson(put), 'The image upload to LinkedIn failed');
      return { urn: value.image };
    },

    async revoke(accessToken) {
      const res = await send(
        `${cfg.authBase}/oauth/v2/revoke`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: cfg.clientId, client_secret: cfg.clientSecret, token: accessToken }),
        },
        'LinkedIn did not revoke the token',
        false,
      );
      // 400 invalid token: already revoked or expired, which is what unlinking wants.
      if (!res.ok && res.status !== 400) throw errorOf(res, await readJson(res), 'LinkedIn did not revoke the token');
    },
  };
}
