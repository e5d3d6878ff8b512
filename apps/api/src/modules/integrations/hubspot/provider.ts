import type { Config } from '../../../config';
import { guardedFetch } from '../../../lib/guarded-fetch';
import type { Deps } from '../../../lib/route';
import { expiryOf, tokenRequest } from '../oauth-grant';
import type { IntegrationProvider, TokenGrant } from '../providers';
import { BLACKLIST_IMPORT, blacklistImport } from './blacklist-import';
import { hubspotOperations } from './operations';

/**
 * HubSpot (developers.hubspot.com): OAuth 2.0 with the app's client id and secret. Authorize at HUBSPOT_AUTH_URL
 * (app.hubspot.com/oauth/authorize), tokens at HUBSPOT_API_BASE/oauth/v1/token (access tokens live 30 minutes),
 * the portal from GET /oauth/v1/access-tokens/{token} (hub_id, hub_domain), revoke with
 * DELETE /oauth/v1/refresh-tokens/{token}. Limits of a public app: 100 requests per 10 s per install; the CRM search
 * endpoints 4 per second besides (and 10,000 results per query at most).
 */

/** Contacts read and write, lists read; `oauth` is required of every HubSpot app. */
export const HUBSPOT_SCOPES = ['oauth', 'crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.lists.read'] as const;

const cfg = (config: Config) => config.integrations.hubspot;

async function grantOf(deps: Deps, body: Record<string, unknown>, now: Date): Promise<TokenGrant> {
  const accessToken = body.access_token as string;
  const grant: TokenGrant = {
    accessToken,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: expiryOf(body, now),
  };
  // Which portal: the token's metadata (its hub_id is the portal, the account the records live in).
  const res = await guardedFetch(
    `${cfg(deps.config).apiBase}/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`,
    { headers: { accept: 'application/json' }, timeoutMs: deps.config.integrations.timeoutMs, maxRedirects: 0 },
    { allowHosts: deps.config.guardedFetch.allowHosts },
  );
  if (res.status === 200) {
    const info = JSON.parse(res.text()) as { hub_id?: number | string; hub_domain?: string; scopes?: string[] };
    if (info.hub_id !== undefined) grant.vendorAccountId = String(info.hub_id);
    if (info.hub_domain) grant.vendorAccountName = info.hub_domain;
    if (Array.isArray(info.scopes)) grant.scopes = info.scopes.join(' ');
  }
  return grant;
}

export const hubspotProvider: IntegrationProvider = {
  id: 'hubspot',
  configured: (config) => Boolean(cfg(config).clientId && cfg(config).clientSecret),
  connect: ['oauth'],
  apiBase: (config) => cfg(config).apiBase,
  limits: [
    { window: 'burst', windowMs: 10_000, max: 100, bucket: 'all' },
    { window: 'search', windowMs: 1000, max: 4, bucket: 'search' },
  ],
  oauth: {
    authorizeUrl(config, start) {
      const url = new URL(cfg(config).authUrl);
      url.searchParams.set('client_id', cfg(config).clientId!);
      url.searchParams.set('redirect_uri', start.redirectUri);
      url.searchParams.set('scope', HUBSPOT_SCOPES.join(' '));
      url.searchParams.set('state', start.state);
      return url.href;
    },
    async exchangeCode(deps, code, start) {
      const now = deps.clock ? deps.clock() : new Date();
      const body = await tokenRequest(deps, `${cfg(deps.config).apiBase}/oauth/v1/token`, {
        grant_type: 'authorization_code',
        client_id: cfg(deps.config).clientId!,
        client_secret: cfg(deps.config).clientSecret!,
        redirect_uri: start.redirectUri,
        code,
      });
      return grantOf(deps, body, now);
    },
    async refresh(deps, _integration, refreshToken) {
      const now = deps.clock ? deps.clock() : new Date();
      const body = await tokenRequest(deps, `${cfg(deps.config).apiBase}/oauth/v1/token`, {
        grant_type: 'refresh_token',
        client_id: cfg(deps.config).clientId!,
        client_secret: cfg(deps.config).clientSecret!,
        refresh_token: refreshToken,
      });
      return {
        accessToken: body.access_token as string,
        refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
        expiresAt: expiryOf(body, now),
      };
    },
    async revoke(deps, _integration, tokens) {
      if (!tokens.refreshToken) return;
      await guardedFetch(
        `${cfg(deps.config).apiBase}/oauth/v1/refresh-tokens/${encodeURIComponent(tokens.refreshToken)}`,
        { method: 'DELETE', timeoutMs: deps.config.integrations.timeoutMs, maxRedirects: 0 },
        { allowHosts: deps.config.guardedFetch.allowHosts },
      );
    },
  },
  operations: hubspotOperations,
  syncs: { [BLACKLIST_IMPORT]: blacklistImport },
};
