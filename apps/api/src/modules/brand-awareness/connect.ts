import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@shared/constants';
import { SOCIAL_NETWORKS, type SocialConnectError, type SocialNetwork } from '@shared/schemas/brand-awareness';
import { inAccount } from '../../db/tenancy';
import { brandOrigin } from '../../lib/brand-request';
import { badRequest, notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { readCookie, signedState } from '../../lib/signed-state';
import { MAIL_KEY_FILE } from '../mailboxes/credentials';
import { recordActivity } from '../activities/service';
import { LINKEDIN_SCOPES, type LinkedInTokens, type LinkedInMember } from './linkedin-api';
import { planNow } from './planner';
import { linkedInFor, schedulePublish } from './publish';
import * as repo from './repository';

/**
 * Connecting a virtual employee's LinkedIn member: POST virtual_employees/{id}/social_network_connect_url
 * (signed in) answers LinkedIn's consent URL and sets a cookie with the attempt's nonce; LinkedIn sends the
 * browser to GET social_networks/linkedin/callback on the brand's configured origin, which checks the
 * signed state against that cookie, exchanges the code, reads the member from userinfo, stores the tokens
 * sealed and lands on /cabinet/brand-awareness with the outcome (as the mailbox OAuth connect does).
 */

const COOKIE = 'social_oauth_nonce';
export const SOCIAL_CALLBACK_PATH = `${API_PREFIX}/social_networks/linkedin/callback`;
const COOKIE_PATH = `${API_PREFIX}/social_networks`;
const PAGE = '/cabinet/brand-awareness';
export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000;

export type SocialOAuthState = { accountId: number; userId: number; holderId: number; veId: number; network: SocialNetwork; nonce: string; expiresAt: number };

const stateCodec = signedState<SocialOAuthState>(
  'social oauth state v1',
  MAIL_KEY_FILE,
  (s) => [s.accountId, s.userId, s.veId, s.holderId].every(Number.isInteger) && typeof s.nonce === 'string' && (SOCIAL_NETWORKS as readonly string[]).includes(s.network),
);
export const signSocialState = stateCodec.sign;
export const verifySocialState = stateCodec.verify;

const callbackUri = (deps: Deps, holderId: number) => `${brandOrigin(deps.config, holderId)}${SOCIAL_CALLBACK_PATH}`;
const nonceCookie = (req: FastifyRequest, value: string, maxAgeS: number) =>
  `${COOKIE}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`;


export const NOT_CONFIGURED = 'Connecting LinkedIn is not configured on this server (LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET).';

/** POST virtual_employees/{id}/social_network_connect_url: LinkedIn's consent URL, bound to this browser. */
export async function startConnect(deps: Deps, auth: AuthContext, req: FastifyRequest, reply: FastifyReply, veId: number, network: SocialNetwork, holderId: number) {
  const api = linkedInFor(deps.config);
  if (!api) throw notFound(NOT_CONFIGURED);
  if (!(await repo.findEmployee(deps.db, auth.account.id, veId))) throw notFound('Virtual employee not found');
  const nonce = randomBytes(24).toString('base64url');
  const state: SocialOAuthState = { accountId: auth.account.id, userId: auth.user.id, holderId, veId, network, nonce, expiresAt: Date.now() + SOCIAL_STATE_TTL_MS };
  reply.header('set-cookie', nonceCookie(req, nonce, SOCIAL_STATE_TTL_MS / 1000));
  return { authorization_url: api.authorizationUrl(callbackUri(deps, holderId), signSocialState(deps.config, state)) };
}

type CallbackQuery = { state?: string; code?: string; error?: string };

/** GET social_networks/linkedin/callback: LinkedIn's answer; always ends on the brand's brand-awareness page. */
export async function finishConnect(deps: Deps, req: FastifyRequest, reply: FastifyReply, query: CallbackQuery) {
  const state = query.state ? verifySocialState(deps.config, query.state) : null;
  if (!state) throw badRequest('The LinkedIn connection attempt is unknown or was altered. Start again from the brand awareness page.');
  reply.header('set-cookie', nonceCookie(req, '', 0));
  const page = `${brandOrigin(deps.config, state.holderId)}${PAGE}`;
  const fail = (code: SocialConnectError) => reply.redirect(`${page}?social_connect_error=${code}&virtual_employee_id=${state.veId}`, 302);
  if (readCookie(req, COOKIE) !== state.nonce) return fail('state_mismatch');
  if (state.expiresAt < Date.now()) return fail('expired');
  if (query.error || !query.code) return fail('access_denied');
  const api = linkedInFor(deps.config);
  if (!api) throw notFound(NOT_CONFIGURED);

  let tokens: LinkedInTokens;
  let member: LinkedInMember;
  try {
    tokens = await api.exchangeCode(query.code, callbackUri(deps, state.holderId), new Date());
    // LinkedIn lists the granted scopes: without posting there is nothing to do with the member.
    if (tokens.scope.length && !tokens.scope.includes('w_member_social')) return fail('missing_scope');
    member = await api.userinfo(tokens.accessToken);
  } catch (err) {
    req.log.warn({ err }, 'LinkedIn code exchange failed');
    return fail('exchange_failed');
  }
  const ok = await inAccount(state.accountId, state.userId, () => saveProfile(deps, state, tokens, member, new Date()));
  if (!ok) return reply.redirect(`${page}?social_connect_error=exchange_failed`, 302);
  return reply.redirect(`${page}?social_connect=connected&virtual_employee_id=${state.veId}`, 302);
}

/**
 * Stores the member and its sealed tokens (replacing an earlier connection), and resumes what waited for
 * it: paused posts still ahead go back to approved and are scheduled; those whose time passed are missed
 * (the user re-approves them, which publishes at once). Then the week is planned if posting is on.
 */
export async function saveProfile(deps: Deps, state: Pick<SocialOAuthState, 'accountId' | 'userId' | 'veId' | 'network'>, tokens: LinkedInTokens, member: LinkedInMember, now: Date): Promise<boolean> {
  const { accountId, veId, network } = state;
  if (!(await repo.findEmployee(deps.db, accountId, veId))) return false;
  await deps.db.transaction(async (tx) => {
    await repo.upsertProfile(tx, accountId, veId, network, {
      memberId: member.sub,
      name: member.name,
      email: member.email,
      pictureUrl: member.picture,
      accessToken: repo.sealToken(deps.config, accountId, veId, network, 'access', tokens.accessToken),
      refreshToken: tokens.refreshToken ? repo.sealToken(deps.config, accountId, veId, network, 'refresh', tokens.refreshToken) : null,
      expiresAt: tokens.expiresAt,
      scopes: tokens.scope.length ? tokens.scope : [...LINKEDIN_SCOPES],
      status: 'connected',
      statusReason: null,
      connectedByUserId: state.userId,
    });
    for (const post of await repo.futurePosts(tx, accountId, veId, network, ['paused'], new Date(0))) {
      if (post.scheduledAt > now) {
        const back = await repo.updatePost(tx, accountId, post.id, { status: 'approved', error: null, attempts: 0, nextAttemptAt: null }, ['paused']);
        if (back) await schedulePublish(deps, back, tx);
      } else {
        await repo.updatePost(tx, accountId, post.id, { status: 'missed', error: 'Its time passed while LinkedIn was disconnected: approve it to publish now' }, ['paused']);
      }
    }
    await recordActivity(tx, { accountId, actorType: 'user', actorId: state.userId, verb: 'social_profile_connected', channel: 'linkedin', payload: { virtual_employee_id: veId, name: member.name } });
    await planNow(deps, accountId, veId, network, now, tx);
  });
  return true;
}
