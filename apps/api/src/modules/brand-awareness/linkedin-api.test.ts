import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type LinkedInConfig } from '../../config';
import { startLinkedInServer, type LinkedInTestServer } from '../../testing/linkedin-server';
import { escapeLittleText, LINKEDIN_SCOPES, LinkedInApiError, linkedInApi, memberUrn, type LinkedInApi } from './linkedin-api';

const REDIRECT = 'http://localhost:3000/api/v1/social_network/linkedin/callback';
const NOW = new Date('2026-11-27T09:00:00Z');

describe('LinkedIn configuration', () => {
  it('is off without both client id and secret, with LinkedIn hosts and a YYYYMM version by default', () => {
    expect(loadConfig({ LINKEDIN_CLIENT_ID: 'id' }).linkedin).toBeNull();
    expect(loadConfig({ LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 's' }).linkedin).toEqual({
      clientId: 'id',
      clientSecret: 's',
      authBase: 'https://www.linkedin.com',
      apiBase: 'https://api.linkedin.com',
      apiVersion: '202510',
      timeoutMs: 15_000,
    });
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 's', LINKEDIN_API_BASE: 'ftp://x' })).toThrow(/http\(s\) origin/);
    expect(() => loadConfig({ LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 's', LINKEDIN_API_VERSION: '2025-10' })).toThrow(/202510/);
  });
});

describe('little text escaping of a post', () => {
  it('escapes the reserved characters and keeps #words as hashtag templates', () => {
    expect(escapeLittleText('Pricing (2027) is *live* @ acme_co <3 | ~ [x] {y} \\')).toBe('Pricing \\(2027\\) is \\*live\\* \\@ acme\\_co \\<3 \\| \\~ \\[x\\] \\{y\\} \\\\');
    expect(escapeLittleText('#RevOps tips: #1 rule is #focus.')).toBe('{hashtag|\\#|RevOps} tips: \\#1 rule is {hashtag|\\#|focus}.');
    expect(escapeLittleText('Q&A#not a tag')).toBe('Q&A\\#not a tag');
  });
});

describe('LinkedIn API client against the local LinkedIn server (contract)', () => {
  let li: LinkedInTestServer;
  let api: LinkedInApi;
  let cfg: LinkedInConfig;
  beforeAll(async () => {
    li = await startLinkedInServer();
    cfg = { clientId: li.clientId, clientSecret: li.clientSecret, authBase: li.url, apiBase: li.url, apiVersion: '202510', timeoutMs: 5000 };
    api = linkedInApi(cfg);
  });
  afterAll(() => li.close());
  beforeEach(() => {
    li.requests.length = 0;
  });

  /** The member consents: the authorization URL sends the browser back with a code. */
  async function consent(state = 'st-1') {
    const res = await fetch(api.authorizationUrl(REDIRECT, state), { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  async function signIn() {
    const back = await consent();
    return api.exchangeCode(back.searchParams.get('code')!, REDIRECT, NOW);
  }

  it('asks for the OpenID Connect scopes and posting, exchanges the code and reads the member from userinfo', async () => {
    const url = new URL(api.authorizationUrl(REDIRECT, 'st-1'));
    expect(url.pathname).toBe('/oauth/v2/authorization');
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: li.clientId, redirect_uri: REDIRECT, state: 'st-1', scope: 'openid profile email w_member_social' });
    expect(LINKEDIN_SCOPES).toEqual(['openid', 'profile', 'email', 'w_member_social']);

    const back = await consent('st-2');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-2');
    const tokens = await api.exchangeCode(back.searchParams.get('code')!, REDIRECT, NOW);
    expect(tokens.scope).toEqual(['openid', 'profile', 'email', 'w_member_social']);
    expect(tokens.expiresAt.getTime()).toBe(NOW.getTime() + 5183999 * 1000);
    expect(tokens.refreshToken).toBeNull();
    const exchange = li.requests.find((r) => r.path === '/oauth/v2/accessToken')!;
    expect(exchange.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toMatchObject({ grant_type: 'authorization_code', redirect_uri: REDIRECT, client_secret: li.clientSecret });

    expect(await api.userinfo(tokens.accessToken)).toEqual({ sub: 'Ab3XyZ_9', name: 'Alex Rivers', email: 'alex@acme.example', picture: 'https://media.licdn.com/dms/image/alex.jpg' });
    // A code works once; a wrong redirect is refused.
    await expect(api.exchangeCode(back.searchParams.get('code')!, REDIRECT, NOW)).rejects.toMatchObject({ status: 400 });
  });

  it('reports a cancelled consent as the error LinkedIn sends back', async () => {
    li.denyNext = true;
    const back = await consent();
    expect(back.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('publishes a post with the version headers, as the member, and answers its URN', async () => {
    const tokens = await signIn();
    const { urn } = await api.createPost(tokens.accessToken, memberUrn('Ab3XyZ_9'), { commentary: 'Forecasts (finally) on time. #RevOps' });
    expect(urn).toMatch(/^urn:li:share:\d+$/);
    const req = li.requests.find((r) => r.path === '/rest/posts')!;
    expect(req.headers['linkedin-version']).toBe('202510');
    expect(req.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(req.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(JSON.parse(req.body)).toEqual({
      author: 'urn:li:person:Ab3XyZ_9',
      commentary: 'Forecasts \\(finally\\) on time. {hashtag|\\#|RevOps}',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(li.posts.at(-1)!.urn).toBe(urn);
  });

  it('uploads an image (initializeUpload, then PUT the bytes) and attaches it to a post', async () => {
    const tokens = await signIn();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const image = await api.uploadImage(tokens.accessToken, memberUrn('Ab3XyZ_9'), bytes, 'image/png');
    expect(image.urn).toMatch(/^urn:li:image:/);
    const init = li.requests.find((r) => r.path === '/rest/images?action=initializeUpload')!;
    expect(JSON.parse(init.body)).toEqual({ initializeUploadRequest: { owner: 'urn:li:person:Ab3XyZ_9' } });
    expect(init.headers['linkedin-version']).toBe('202510');
    expect(li.images.get(image.urn)).toMatchObject({ contentType: 'image/png', bytes: Buffer.from(bytes) });

    await api.createPost(tokens.accessToken, memberUrn('Ab3XyZ_9'), { commentary: 'With a picture', imageUrn: image.urn, imageAlt: 'Chart' });
    expect(li.posts.at(-1)!.body.content).toEqual({ media: { id: image.urn, altText: 'Chart' } });
  });

  it('tells an expired token (401), throttling (429 with Retry-After) and a server error (uncertain) apart', async () => {
    const tokens = await signIn();
    li.postFailures.push({ status: 429, retryAfter: 120 });
    const throttled = await api.createPost(tokens.accessToken, memberUrn('Ab3XyZ_9'), { commentary: 'x' }).catch((e: unknown) => e);
    expect(throttled).toBeInstanceOf(LinkedInApiError);
    expect(throttled).toMatchObject({ status: 429, retryAfterSeconds: 120, uncertain: false });

    li.postFailures.push({ status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' });
    expect(await api.createPost(tokens.accessToken, memberUrn('Ab3XyZ_9'), { commentary: 'x' }).catch((e: unknown) => e)).toMatchObject({ status: 500, uncertain: true });

    li.expireTokensOf('Ab3XyZ_9');
    const expired = await api.createPost(tokens.accessToken, memberUrn('Ab3XyZ_9'), { commentary: 'x' }).catch((e: unknown) => e);
    expect(expired).toMatchObject({ status: 401, message: 'LinkedIn did not publish the post: The token used in the request has expired' });
  });

  it('revokes a token: it stops working, and revoking it again is fine', async () => {
    const tokens = await signIn();
    await api.revoke(tokens.accessToken);
    await expect(api.userinfo(tokens.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(api.revoke(tokens.accessToken)).resolves.toBeUndefined();
  });

  it('counts an unreachable LinkedIn as uncertain for a post, not for reading', async () => {
    const dead = linkedInApi({ ...cfg, apiBase: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(dead.createPost('t', memberUrn('x'), { commentary: 'x' })).rejects.toMatchObject({ status: 0, uncertain: true });
    await expect(dead.userinfo('t')).rejects.toMatchObject({ status: 0, uncertain: false });
  });
});
