import { eq, lt } from 'drizzle-orm';
import { holderIdForHost } from '@shared/brands';
import { API_PREFIX } from '@shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { oauthStates } from '../../db/schema';
import { allowedOrigin, brandOrigin } from '../../lib/brand-request';
import { badRequest, notFound } from '../../lib/http-error';
import type { Deps } from '../../lib/route';
import { createUserWithAccount, findUserByEmail, findUserByUid, updateUser, type UserWithAccount } from '../auth/repository';
import { newOidcChecks, type OidcIdentity } from '../../lib/oidc';
import { issueToken } from './tokens';
import { readCookie } from '../../lib/signed-state';

const STATE_COOKIE = 'oidc_state';
const STATE_TTL_MS = 10 * 60 * 1000;
const COOKIE_PATH = `${API_PREFIX}/auth/google_oauth2`;

/**
 * Where Google sends the browser back: on the brand's configured origin (the API is served there too),
 * never built from the request's Host, so a forged Host cannot make the provider return elsewhere.
 */
const callbackUri = (config: Deps['config'], holderId: number) => `${brandOrigin(config, holderId)}${API_PREFIX}/auth/google_oauth2/callback`;


function stateCookie(req: FastifyRequest, value: string, maxAgeS: number): string {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  return `${STATE_COOKIE}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * GET auth/google_oauth2: remember state, nonce and PKCE verifier server-side, bind them to this
 * browser with a cookie holding the state, and send the browser to the provider.
 */
export async function startGoogleSignIn(deps: Deps, req: FastifyRequest, reply: FastifyReply, origin: string | undefined) {
  if (!deps.oidc) throw notFound('Google sign-in is not configured.');
  const target = allowedOrigin(origin, req, deps.config);
  if (!target) throw badRequest('origin must be the web app origin of a known brand.');
  const checks = newOidcChecks();
  const holderId = holderIdForHost(new URL(target).host, deps.config.brandDomains);
  // Abandoned attempts (the user closed the provider's page) are swept here rather than by a job.
  await deps.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await deps.db.insert(oauthStates).values({
    state: checks.state,
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    origin: target,
    holderId,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = await deps.oidc.authorizationUrl(callbackUri(deps.config, holderId), checks);
  return reply.header('set-cookie', stateCookie(req, checks.state, STATE_TTL_MS / 1000)).redirect(url.href, 302);
}

type CallbackQuery = { state?: string; code?: string; error?: string };

/** GET auth/google_oauth2/callback: the browser is back; finish sign-in and hand tokens to the web app. */
export async function finishGoogleSignIn(deps: Deps, req: FastifyRequest, reply: FastifyReply, query: CallbackQuery) {
  if (!deps.oidc) throw notFound('Google sign-in is not configured.');
  if (!query.state) throw badRequest('state is missing.');
  // Single use: the row is gone whatever happens next.
  const [saved] = await deps.db.delete(oauthStates).where(eq(oauthStates.state, query.state)).returning();
  if (!saved) throw badRequest('The sign-in attempt is unknown or was already used. Start again.');
  reply.header('set-cookie', stateCookie(req, '', 0));
  const fail = (reason: string) =>
    reply.redirect(`${saved.origin}/auth/signin?oauth_error=${encodeURIComponent(reason)}`, 302);
  if (readCookie(req, STATE_COOKIE) !== saved.state) return fail('state_mismatch');
  if (saved.expiresAt.getTime() < Date.now()) return fail('expired');
  if (query.error) return fail(query.error);

  let identity: OidcIdentity;
  try {
    const url = new URL(callbackUri(deps.config, saved.holderId));
    url.search = new URLSearchParams(req.query as Record<string, string>).toString();
    identity = await deps.oidc.exchange(url, { state: saved.state, nonce: saved.nonce, codeVerifier: saved.codeVerifier });
  } catch (err) {
    req.log.warn({ err }, 'OIDC code exchange failed');
    return fail('exchange_failed');
  }
  if (!identity.email || !identity.emailVerified) return fail('email_not_verified');

  const found = await findOrCreateGoogleUser(deps, { ...identity, email: identity.email }, saved.holderId);
  const token = await issueToken(deps.db, found.user.id);
  const params = new URLSearchParams({
    auth_token: token.accessToken,
    client_id: token.client,
    uid: found.user.uid,
    expiry: String(Math.floor(token.expiresAt.getTime() / 1000)),
  });
  return reply.redirect(`${saved.origin}/auth/omniauth?${params}`, 302);
}

/** Same person, same account, within the brand: a verified Google email that matches a user of this brand signs into that user. */
async function findOrCreateGoogleUser(deps: Deps, id: OidcIdentity & { email: string }, holderId: number): Promise<UserWithAccount> {
  const bySub = await findUserByUid(deps.db, holderId, id.sub);
  if (bySub) return bySub;
  const byEmail = await findUserByEmail(deps.db, holderId, id.email);
  if (byEmail) {
    if (byEmail.user.confirmedAt) return byEmail;
    // Never confirmed: Google proves the address now, but the password was set by whoever signed up with
    // it, maybe not this person. It stops working (a reset by email sets a new one).
    const user = await updateUser(deps.db, { accountId: byEmail.account.id, userId: byEmail.user.id }, { confirmedAt: new Date(), encryptedPassword: null });
    return { user: user!, account: byEmail.account };
  }
  return createUserWithAccount(deps.db, {
    email: id.email,
    provider: 'google_oauth2',
    uid: id.sub,
    encryptedPassword: null,
    name: id.name,
    phone: null,
    image: id.picture,
    confirmedAt: new Date(),
    accountName: id.name ?? id.email.split('@')[0]!,
    holderId,
  });
}
