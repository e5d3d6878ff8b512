import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@shared/constants';
import { INTEGRATION_PROVIDER_LABELS, INTEGRATION_PROVIDERS, type IntegrationOAuthError, type IntegrationProviderId } from '@shared/schemas/integrations';
import { integrations } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { brandOrigin, type RequestBrand } from '../../lib/brand-request';
import { badRequest } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { readCookie, signedState } from '../../lib/signed-state';
import { recordActivity } from '../activities/service';
import { MAIL_KEY_FILE } from '../mailboxes/credentials';
import type { TokenGrant } from './providers';
import { providerOf } from './registry';
import { requireProvider } from './service';
import { storeGrant } from './tokens';

/**
 * Connecting by OAuth (HubSpot, Salesforce, Calendly), as mailboxes do: POST integrations answers the vendor's consent
 * URL with a signed state (account, user, brand, provider, until when, a nonce) and sets a cookie with the nonce on
 * this browser; the vendor sends the browser to GET integrations/oauth/callback on the brand's configured origin,
 * which checks the state against the cookie, exchanges the code, stores the tokens sealed and lands on
 * /cabinet/integrations with the outcome (?integration=<provider>&integration_status=connected, or integration_error).
 */

export const INTEGRATION_OAUTH_CALLBACK_PATH = `${API_PREFIX}/integrations/oauth/callback`;
/** The page the callback lands on (in WEB_ROUTE_PATTERNS of @shared/web-routes). */
export const INTEGRATIONS_PAGE = '/cabinet/integrations';
const COOKIE = 'integration_oauth_nonce';
const COOKIE_PATH = `${API_PREFIX}/integrations/oauth`;
export const INTEGRATION_OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export type IntegrationOAuthState = {
  accountId: number;
  userId: number;
  holderId: number;
  provider: IntegrationProviderId;
  nonce: string;
  expiresAt: number;
  /** What the provider's start signed in (Salesforce: sandbox). */
  extra: Record<string, unknown>;
};

const stateCodec = signedState<IntegrationOAuthState>(
  'integration oauth state v1',
  MAIL_KEY_FILE,
  (s) =>
    Number.isInteger(s.accountId) &&
    Number.isInteger(s.userId) &&
    Number.isInteger(s.holderId) &&
    typeof s.nonce === 'string' &&
    typeof s.expiresAt === 'number' &&
    (INTEGRATION_PROVIDERS as readonly string[]).includes(s.provider) &&
    typeof s.extra === 'object' &&
    s.extra !== null,
);
export const signIntegrationState = stateCodec.sign;
export const verifyIntegrationState = stateCodec.verify;

export const callbackUri = (deps: Deps, holderId: number) => `${brandOrigin(deps.config, holderId)}${INTEGRATION_OAUTH_CALLBACK_PATH}`;

const nonceCookie = (req: FastifyRequest, value: string, maxAgeS: number) =>
  `${COOKIE}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`;

/** POST integrations for an OAuth provider: its consent URL for this user and account, bound to this browser. */
export function startOAuth(deps: Deps, auth: AuthContext, brand: RequestBrand, req: FastifyRequest, reply: FastifyReply, id: IntegrationProviderId, extra: Record<string, unknown> = {}) {
  const provider = requireProvider(deps, brand, id, 'oauth');
  const now = deps.clock ? deps.clock() : new Date();
  const nonce = randomBytes(24).toString('base64url');
  const state: IntegrationOAuthState = { accountId: auth.account.id, userId: auth.user.id, holderId: brand.holderId, provider: id, nonce, expiresAt: now.getTime() + INTEGRATION_OAUTH_STATE_TTL_MS, extra };
  const url = provider.oauth!.authorizeUrl(deps.config, { redirectUri: callbackUri(deps, brand.holderId), state: signIntegrationState(deps.config, state), extra });
  reply.header('set-cookie', nonceCookie(req, nonce, INTEGRATION_OAUTH_STATE_TTL_MS / 1000));
  return { authorize_url: url };
}

type CallbackQuery = { state?: string; code?: string; error?: string };

/** GET integrations/oauth/callback: the vendor's answer; always ends on the brand's integrations page. */
export async function finishOAuth(deps: Deps, req: FastifyRequest, reply: FastifyReply, query: CallbackQuery) {
  const state = query.state ? verifyIntegrationState(deps.config, query.state) : null;
  // Unsigned or altered: nothing in it can be trusted, not even where to send the browser back.
  if (!state) throw badRequest('The integration connection attempt is unknown or was altered. Start again from the integrations page.');
  reply.header('set-cookie', nonceCookie(req, '', 0));
  const page = `${brandOrigin(deps.config, state.holderId)}${INTEGRATIONS_PAGE}?integration=${state.provider}`;
  const fail = (code: IntegrationOAuthError) => reply.redirect(`${page}&integration_error=${code}`, 302);
  const now = deps.clock ? deps.clock() : new Date();
  if (readCookie(req, COOKIE) !== state.nonce) return fail('state_mismatch');
  if (state.expiresAt < now.getTime()) return fail('expired');
  if (query.error || !query.code) return fail('access_denied');
  const provider = providerOf(state.provider);
  if (!provider?.oauth || !provider.configured(deps.config)) return fail('not_configured');

  let grant: TokenGrant;
  try {
    grant = await provider.oauth.exchangeCode(deps, query.code, { redirectUri: callbackUri(deps, state.holderId), extra: state.extra });
  } catch (err) {
    req.log.warn({ err, provider: state.provider }, 'Integration OAuth code exchange failed');
    return fail('exchange_failed');
  }
  await inAccount(state.accountId, state.userId, () => saveIntegration(deps, state, grant, now));
  return reply.redirect(`${page}&integration_status=connected`, 302);
}

/** Creates the integration, or reconnects the account's one of this provider (new tokens, status connected again). */
export async function saveIntegration(deps: Deps, who: Pick<IntegrationOAuthState, 'accountId' | 'userId' | 'provider'>, grant: TokenGrant, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const fresh = { status: 'connected' as const, statusMessage: null, pausedUntil: null, connectedBy: who.userId, updatedAt: now };
    const [row] = await tx
      .insert(integrations)
      .values({ accountId: who.accountId, provider: who.provider, ...fresh })
      .onConflictDoUpdate({ target: [integrations.accountId, integrations.provider], set: { ...fresh, refreshToken: null } })
      .returning();
    await storeGrant(tx, deps.config, row!, grant, now);
    await recordActivity(tx, {
      accountId: who.accountId,
      actorType: 'user',
      actorId: who.userId,
      verb: 'integration_connected',
      payload: { integration_id: row!.id, provider: who.provider, label: INTEGRATION_PROVIDER_LABELS[who.provider], vendor_account_id: grant.vendorAccountId ?? null },
    });
    return row!.id;
  });
}
