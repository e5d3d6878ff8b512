import type { Config } from '../../../config';
import type { Deps } from '../../../lib/route';
import { OAuthGrantError, type IntegrationProvider, type TokenGrant } from '../providers';
import {
  calendlyAuthorizeUrl,
  CalendlyGrantError,
  CalendlyUnreachableError,
  exchangeCalendlyCode,
  refreshCalendlyToken,
  revokeCalendlyToken,
  tokenTransport,
  calendlyClient,
  type CalendlyOAuthConfig,
  type CalendlyTokenSet,
} from './client';
import { calendlyOperations } from './operations';

/**
 * Calendly (developer.calendly.com, API v2): OAuth 2.0 at CALENDLY_AUTH_BASE (auth.calendly.com; access tokens live
 * two hours, refresh tokens are single use), or a personal access token pasted on the page (no refresh; it lasts until
 * the user deletes it at Calendly). The API at CALENDLY_API_BASE. Connecting subscribes a signed webhook
 * (calendly.subscribe_webhook, through the ledger); disconnecting deletes it, then revokes an OAuth token.
 */

const cfg = (config: Config) => config.integrations.calendly;
const oauthConfig = (config: Config): CalendlyOAuthConfig => ({ clientId: cfg(config).clientId!, clientSecret: cfg(config).clientSecret!, authBase: cfg(config).authBase });
const fetchOptions = (deps: Deps) => ({ allowHosts: deps.config.guardedFetch.allowHosts });
const nowOf = (deps: Deps) => (deps.clock ? deps.clock() : new Date());

async function asGrant(work: Promise<CalendlyTokenSet>): Promise<TokenGrant> {
  try {
    const t = await work;
    return { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAt: t.expiresAt, vendorAccountId: t.owner };
  } catch (err) {
    if (err instanceof CalendlyGrantError) throw new OAuthGrantError(err.error, err.description, 400);
    if (err instanceof CalendlyUnreachableError) throw new OAuthGrantError('unreachable', err.message, 0);
    throw err;
  }
}

export const calendlyProvider: IntegrationProvider = {
  id: 'calendly',
  configured: (config) => Boolean(cfg(config).clientId && cfg(config).clientSecret),
  connect: ['oauth', 'token'],
  apiBase: (config) => cfg(config).apiBase,
  // Calendly publishes no fixed figure for OAuth apps; 100 per 10 s lets a page of events with their invitees (one
  // call per event) through at once and stays polite (a 429 with Retry-After is honoured anyway).
  limits: [{ window: 'burst', windowMs: 10_000, max: 100, bucket: 'all' }],
  oauth: {
    authorizeUrl: (config, start) => calendlyAuthorizeUrl(oauthConfig(config), { redirectUri: start.redirectUri, state: start.state }),
    async exchangeCode(deps, code, start) {
      const grant = await asGrant(exchangeCalendlyCode(oauthConfig(deps.config), code, start.redirectUri, fetchOptions(deps), nowOf(deps)));
      // Who it is, for the page (the token answer names the user's URI only).
      try {
        const me = await calendlyClient(tokenTransport(cfg(deps.config).apiBase, async () => grant.accessToken, fetchOptions(deps))).me();
        grant.vendorAccountId = me.uri;
        grant.vendorAccountName = me.email || me.name;
      } catch {
        // The connection stands without the name; the webhook subscription reads the user again.
      }
      return grant;
    },
    refresh: (deps, _integration, refreshToken) => asGrant(refreshCalendlyToken(oauthConfig(deps.config), refreshToken, fetchOptions(deps), nowOf(deps))),
    async revoke(deps, integration, tokens) {
      const hook = typeof integration.vendorState.webhook_uri === 'string' ? integration.vendorState.webhook_uri : null;
      if (hook && tokens.accessToken) {
        await calendlyClient(tokenTransport(cfg(deps.config).apiBase, async () => tokens.accessToken!, fetchOptions(deps))).deleteWebhook(hook);
      }
      // A personal access token is the user's to delete at Calendly; an OAuth grant is revoked here.
      if (tokens.refreshToken && cfg(deps.config).clientId) await revokeCalendlyToken(oauthConfig(deps.config), tokens.refreshToken, fetchOptions(deps));
    },
  },
  operations: calendlyOperations,
};
