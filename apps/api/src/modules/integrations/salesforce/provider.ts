import type { Config } from '../../../config';
import type { IntegrationRow } from '../../../db/schema';
import type { Deps } from '../../../lib/route';
import { OAuthGrantError, type IntegrationProvider, type TokenGrant } from '../providers';
import {
  exchangeSalesforceCode,
  parseLimitInfo,
  refreshSalesforceToken,
  revokeSalesforceToken,
  salesforceAuthorizeUrl,
  SalesforceGrantError,
  SalesforceUnreachableError,
  type SalesforceOAuthConfig,
  type SalesforceTokenSet,
} from './client';
import { SALESFORCE_BLACKLIST_IMPORT, salesforceBlacklistImport } from './blacklist-import';
import { salesforceOperations } from './operations';

/**
 * Salesforce (OAuth 2.0 web server flow). The user picks production (SALESFORCE_LOGIN_BASE) or a sandbox
 * (SALESFORCE_SANDBOX_LOGIN_BASE) when connecting; the token answer's instance_url is the org's API host, where every
 * REST call goes and where refreshes and revokes go too (the org's own domain serves /services/oauth2). Access tokens
 * carry no expiry: the first INVALID_SESSION_ID (401) renews once (vendorClient), a refused renewal needs a reconnect.
 * The org's daily API allowance is read from each answer's Sforce-Limit-Info into vendor_state (the quota meter).
 */

const cfg = (config: Config) => config.integrations.salesforce;

const oauthConfig = (config: Config, loginBase: string): SalesforceOAuthConfig => ({ clientId: cfg(config).clientId!, clientSecret: cfg(config).clientSecret!, loginBase });
const fetchOptions = (deps: Deps) => ({ allowHosts: deps.config.guardedFetch.allowHosts });
const nowOf = (deps: Deps) => (deps.clock ? deps.clock() : new Date());

/** In our terms; the host's own errors as the core's OAuthGrantError (invalid_grant: refused, reconnect). */
async function asGrant(work: Promise<SalesforceTokenSet>): Promise<TokenGrant> {
  let t: SalesforceTokenSet;
  try {
    t = await work;
  } catch (err) {
    if (err instanceof SalesforceGrantError) throw new OAuthGrantError(err.error, err.description, 400);
    if (err instanceof SalesforceUnreachableError) throw new OAuthGrantError('unreachable', err.message, 0);
    throw err;
  }
  return { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresAt: null, vendorAccountId: t.orgId, vendorAccountName: new URL(t.instanceUrl).host, instanceUrl: t.instanceUrl };
}

/** The org's host for token renewals and revocations (its instance), else the login host it was connected through. */
const tokenHost = (config: Config, integration: IntegrationRow) =>
  integration.instanceUrl ?? (integration.vendorState.sandbox === true ? cfg(config).sandboxLoginBase : cfg(config).loginBase);

export const salesforceProvider: IntegrationProvider = {
  id: 'salesforce',
  configured: (config) => Boolean(cfg(config).clientId && cfg(config).clientSecret),
  connect: ['oauth'],
  apiBase: (config, integration) => integration.instanceUrl ?? cfg(config).loginBase,
  // Salesforce counts calls per day (below); per second only concurrency is limited: stay well under it.
  limits: [{ window: 'burst', windowMs: 1000, max: 20, bucket: 'all' }],
  dailyAllowance: (integration) => (typeof integration.vendorState.api_max === 'number' ? integration.vendorState.api_max : null),
  observe: (headers) => {
    const usage = parseLimitInfo(headers.get('sforce-limit-info'));
    return usage ? { api_used: usage.used, api_max: usage.max } : null;
  },
  oauth: {
    authorizeUrl(config, start) {
      const loginBase = start.extra.sandbox === true ? cfg(config).sandboxLoginBase : cfg(config).loginBase;
      return salesforceAuthorizeUrl(oauthConfig(config, loginBase), { redirectUri: start.redirectUri, state: start.state });
    },
    exchangeCode(deps, code, start) {
      const loginBase = start.extra.sandbox === true ? cfg(deps.config).sandboxLoginBase : cfg(deps.config).loginBase;
      return asGrant(exchangeSalesforceCode(oauthConfig(deps.config, loginBase), code, start.redirectUri, fetchOptions(deps), nowOf(deps)));
    },
    refresh(deps, integration, refreshToken) {
      return asGrant(refreshSalesforceToken(oauthConfig(deps.config, tokenHost(deps.config, integration)), refreshToken, fetchOptions(deps), nowOf(deps)));
    },
    async revoke(deps, integration, tokens) {
      const token = tokens.refreshToken ?? tokens.accessToken;
      if (token) await revokeSalesforceToken(oauthConfig(deps.config, tokenHost(deps.config, integration)), token, fetchOptions(deps));
    },
  },
  operations: salesforceOperations,
  syncs: { [SALESFORCE_BLACKLIST_IMPORT]: salesforceBlacklistImport },
};
