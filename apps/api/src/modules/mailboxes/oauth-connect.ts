import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@shared/constants';
import { MAIL_OAUTH_PROVIDER_LABELS, MAILBOX_PRESETS, type MailOAuthError, type MailOAuthProviderInfo } from '@shared/schemas/user-emails';
import { MAIL_OAUTH_PROVIDERS, type MailOAuthProvider } from '../../config';
import { userEmails, users } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { brandOrigin } from '../../lib/brand-request';
import { badRequest, notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { kickSending } from '../../lib/jobs/kicks';
import { deleteCredentials, storeCredential } from './credentials';
import {
  authorizationUrl,
  exchangeCode,
  identityOf,
  MAIL_OAUTH_STATE_TTL_MS,
  newNonce,
  pkceVerifier,
  signState,
  verifyState,
  type MailOAuthState,
  type TokenSet,
} from './oauth';
import { accessTokenState, describeFailure, runConnectionTest } from './service';
import { utcDay } from './warmup';
import { readCookie } from '../../lib/signed-state';

/**
 * Connecting a mailbox by OAuth: POST user_emails/oauth/{provider} (signed in, from the mailboxes page)
 * answers the provider's consent URL and sets a cookie holding the attempt's nonce; the provider sends the
 * browser to GET user_emails/oauth/callback on the brand's configured origin, which checks the signed
 * state against that cookie, exchanges the code (PKCE), reads the address from the id_token, stores the
 * tokens sealed, saves the mailbox with the provider's servers, tests it step by step with XOAUTH2, and
 * lands on /cabinet/mailboxes with the outcome.
 */

const COOKIE = 'mail_oauth_nonce';
/** The page the callback lands on (in WEB_ROUTE_PATTERNS of @shared/web-routes). */
const MAILBOXES_PAGE = '/cabinet/mailboxes';
const COOKIE_PATH = `${API_PREFIX}/user_emails/oauth`;
export const MAIL_OAUTH_CALLBACK_PATH = `${API_PREFIX}/user_emails/oauth/callback`;

/** A new OAuth mailbox starts with the add dialog's defaults (limits, warm-up); the user changes them after. */
const NEW_MAILBOX = { dailyLimit: 40, hourlyLimit: 10, minGapSeconds: 120, warmupStart: 10, warmupIncrease: 5, warmupCeiling: 40 };

const callbackUri = (deps: Deps, holderId: number) => `${brandOrigin(deps.config, holderId)}${MAIL_OAUTH_CALLBACK_PATH}`;

export function oauthProviders(deps: Deps): MailOAuthProviderInfo[] {
  return MAIL_OAUTH_PROVIDERS.filter((p) => deps.config.mailOAuth[p]).map((provider) => ({ provider, label: MAIL_OAUTH_PROVIDER_LABELS[provider] }));
}


const nonceCookie = (req: FastifyRequest, value: string, maxAgeS: number) =>
  `${COOKIE}=${encodeURIComponent(value)}; Path=${COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`;

/** POST user_emails/oauth/{provider}: the consent URL for this user and account, bound to this browser. */
export function startMailOAuth(deps: Deps, auth: AuthContext, req: FastifyRequest, reply: FastifyReply, provider: MailOAuthProvider, holderId: number) {
  const cfg = deps.config.mailOAuth[provider];
  if (!cfg) throw notFound(`Connecting a ${MAIL_OAUTH_PROVIDER_LABELS[provider]} mailbox is not configured on this server.`);
  const nonce = newNonce();
  const state: MailOAuthState = { accountId: auth.account.id, userId: auth.user.id, holderId, provider, nonce, expiresAt: Date.now() + MAIL_OAUTH_STATE_TTL_MS };
  const url = authorizationUrl(cfg, provider, callbackUri(deps, holderId), signState(deps.config, state), pkceVerifier(deps.config, nonce));
  reply.header('set-cookie', nonceCookie(req, nonce, MAIL_OAUTH_STATE_TTL_MS / 1000));
  return { authorization_url: url };
}

type CallbackQuery = { state?: string; code?: string; error?: string };

/** GET user_emails/oauth/callback: the provider's answer; always ends on the brand's mailboxes page. */
export async function finishMailOAuth(deps: Deps, req: FastifyRequest, reply: FastifyReply, query: CallbackQuery) {
  const state = query.state ? verifyState(deps.config, query.state) : null;
  // Unsigned or altered: nothing in it can be trusted, not even where to send the browser back.
  if (!state) throw badRequest('The mailbox connection attempt is unknown or was altered. Start again from the mailboxes page.');
  reply.header('set-cookie', nonceCookie(req, '', 0));
  const page = `${brandOrigin(deps.config, state.holderId)}${MAILBOXES_PAGE}`;
  const fail = (code: MailOAuthError) => reply.redirect(`${page}?mailbox_oauth_error=${code}`, 302);
  if (readCookie(req, COOKIE) !== state.nonce) return fail('state_mismatch');
  if (state.expiresAt < Date.now()) return fail('expired');
  if (query.error || !query.code) return fail('access_denied');
  const cfg = deps.config.mailOAuth[state.provider];
  if (!cfg) throw notFound(`Connecting a ${MAIL_OAUTH_PROVIDER_LABELS[state.provider]} mailbox is not configured on this server.`);

  let tokens: TokenSet;
  try {
    tokens = await exchangeCode(cfg, query.code, callbackUri(deps, state.holderId), pkceVerifier(deps.config, state.nonce), new Date());
  } catch (err) {
    req.log.warn({ err }, 'Mail OAuth code exchange failed');
    return fail('exchange_failed');
  }
  const identity = identityOf(cfg, tokens.idToken);
  if (!identity.email) return fail('no_email');
  const email = identity.email;
  const refreshToken = tokens.refreshToken;
  if (!refreshToken) return fail('no_refresh_token');

  const outcome = await inAccount(state.accountId, state.userId, () => saveMailbox(deps, state, { email, name: identity.name, tokens, refreshToken }));
  return reply.redirect(`${page}?mailbox_oauth=${outcome.ok ? 'connected' : 'failing'}&user_email_id=${outcome.id}`, 302);
}

/**
 * Creates the mailbox, or reconnects the one with this address (new tokens; it now signs in by OAuth with
 * the provider's servers), then tests it with XOAUTH2. A failed test still keeps it, as failing with the
 * step as the reason, so the user sees every step and can test again without another consent.
 */
async function saveMailbox(deps: Deps, state: MailOAuthState, got: { email: string; name: string | null; tokens: TokenSet; refreshToken: string }): Promise<{ ok: boolean; id: number }> {
  const { accountId, provider } = state;
  const cfg = deps.config.mailOAuth[provider]!;
  const servers = {
    smtpHost: cfg.smtp.host,
    smtpPort: cfg.smtp.port,
    smtpSecurity: cfg.smtp.security,
    smtpUsername: got.email,
    imapHost: cfg.imap.host,
    imapPort: cfg.imap.port,
    imapSecurity: cfg.imap.security,
    imapUsername: got.email,
  };
  const endpoint = (side: 'smtp' | 'imap') => ({ ...cfg[side], username: got.email, password: '', accessToken: got.tokens.accessToken });
  const { test, sentFolder } = await runConnectionTest(deps, { smtp: endpoint('smtp'), imap: endpoint('imap') });
  const failed = test.steps.find((s) => s.step === test.failed_step);
  const status = failed ? ('failing' as const) : ('active' as const);
  const statusReason = failed ? describeFailure(failed) : null;

  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.email, got.email)));
    let id: number;
    const now = new Date();
    if (existing) {
      await tx
        .update(userEmails)
        .set({ ...servers, authMethod: 'xoauth2', oauthProvider: provider, status, statusReason, lastTest: test, ...(sentFolder ? { sentFolder } : {}), updatedAt: now })
        .where(and(eq(userEmails.id, existing.id), eq(userEmails.accountId, accountId)));
      id = existing.id;
      await deleteCredentials(tx, accountId, id, ['smtp_password', 'imap_password']);
      if (existing.status !== status) {
        await recordActivity(tx, {
          accountId,
          actorType: status === 'failing' ? 'system' : 'user',
          actorId: status === 'failing' ? null : state.userId,
          verb: status === 'failing' ? 'mailbox_failing' : 'mailbox_resumed',
          channel: 'email',
          payload: { user_email_id: id, email: got.email, ...(statusReason ? { reason: statusReason } : {}) },
        });
        if (status === 'active') await kickSending(deps, accountId, tx);
      }
    } else {
      const [user] = await tx.select({ name: users.name }).from(users).where(and(eq(users.id, state.userId), eq(users.accountId, accountId)));
      const [inserted] = await tx
        .insert(userEmails)
        .values({
          accountId,
          email: got.email,
          domain: got.email.slice(got.email.lastIndexOf('@') + 1),
          senderName: (got.name ?? user?.name ?? got.email.split('@')[0]!).slice(0, 100),
          ...servers,
          authMethod: 'xoauth2',
          oauthProvider: provider,
          sentFolder,
          dailyLimit: NEW_MAILBOX.dailyLimit,
          hourlyLimit: NEW_MAILBOX.hourlyLimit,
          minGapSeconds: NEW_MAILBOX.minGapSeconds,
          warmupEnabled: true,
          warmupStart: NEW_MAILBOX.warmupStart,
          warmupIncrease: NEW_MAILBOX.warmupIncrease,
          warmupCeiling: NEW_MAILBOX.warmupCeiling,
          warmupStartedOn: utcDay(now),
          dkimSelector: MAILBOX_PRESETS[provider].dkim_selector,
          status,
          statusReason,
          lastTest: test,
        })
        .returning({ id: userEmails.id });
      id = inserted!.id;
      await recordActivity(tx, { accountId, actorType: 'user', actorId: state.userId, verb: 'mailbox_connected', channel: 'email', payload: { user_email_id: id, email: got.email } });
      if (failed) {
        await recordActivity(tx, { accountId, actorType: 'system', verb: 'mailbox_failing', channel: 'email', payload: { user_email_id: id, email: got.email, reason: statusReason } });
      }
    }
    await storeCredential(tx, deps.config, accountId, id, 'oauth_access_token', got.tokens.accessToken, accessTokenState(test), got.tokens.expiresAt);
    await storeCredential(tx, deps.config, accountId, id, 'oauth_refresh_token', got.refreshToken, { state: 'valid', error: null });
    return { ok: !failed, id };
  });
}
