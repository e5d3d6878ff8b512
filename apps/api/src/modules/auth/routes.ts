import { z } from 'zod';
import { text } from '@shared/schemas/primitives';
import { v1 } from '@shared/constants';
import {
  confirmationQuerySchema,
  messageResponseSchema,
  passwordResetRequestBodySchema,
  passwordUpdateBodySchema,
  resendConfirmationBodySchema,
  sendSmsCodeBodySchema,
  signInBodySchema,
  signUpBodySchema,
  userEnvelopeSchema,
  signUpResponseSchema,
  verifyByCodeBodySchema,
} from '@shared/schemas/auth';
import { brandOrigin } from '../../lib/brand-request';
import { defineRoute } from '../../lib/route';
import { toUserJson } from '../auth/repository';
import { finishGoogleSignIn, startGoogleSignIn } from './google';
import * as auth from './service';
import { authHeaders, revokeToken } from './tokens';

const TAGS = ['auth'];

export const authRoutes = [
  defineRoute({
    method: 'POST',
    url: v1('/auth'),
    systemScope: 'sign-up looks the address up across the brand and creates the account',
    access: 'public',
    owner: 'none',
    summary:
      'Register; sends the confirmation email (link and 6-digit code). Answers the same for a taken email (whose owner is emailed instead)',
    tags: TAGS,
    rateLimit: 'auth',
    schema: { body: signUpBodySchema, response: { 200: signUpResponseSchema } },
    // confirm_success_url is accepted (devise_token_auth clients send it) but the emailed link always
    // points at the brand's configured origin (docs/decisions.md, links in emails).
    handler: async ({ body, brand, deps, req }) => {
      await auth.register(deps, brand, body, req.log);
      return { status: 'success' as const, message: auth.MESSAGES.signUpReceived };
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/auth/sign_in'),
    systemScope: 'sign-in finds the user by email across the brand',
    access: 'public',
    owner: 'none',
    summary: 'Sign in; answers the auth headers (access-token, client, expiry, uid)',
    tags: TAGS,
    rateLimit: 'auth',
    schema: { body: signInBodySchema, response: { 200: userEnvelopeSchema } },
    handler: async ({ body, brand, deps, reply }) => {
      const signedIn = await auth.signIn(deps, brand, body.email, body.password);
      reply.headers(authHeaders(signedIn.user.uid, signedIn.token));
      return { data: toUserJson(signedIn) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/auth/sign_out'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: "Sign out: revokes this client's token",
    tags: TAGS,
    schema: { response: { 200: z.object({ success: z.boolean() }) } },
    handler: async ({ auth: current, deps, reply }) => {
      await revokeToken(deps.db, current.user.id, current.client);
      // The registry echoes auth headers on authenticated answers; a revoked token must not be echoed.
      for (const name of ['access-token', 'token-type', 'client', 'expiry', 'uid']) reply.removeHeader(name);
      return { success: true };
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/auth/confirmation'),
    systemScope: 'a confirmation token or address names its user',
    access: 'public',
    owner: 'none',
    summary: 'Resend the confirmation email (always answers the same, whether the email exists or not)',
    tags: TAGS,
    rateLimit: 'auth',
    schema: { body: resendConfirmationBodySchema, response: { 200: messageResponseSchema } },
    handler: async ({ body, brand, deps, req }) => {
      await auth.resendConfirmation(deps, brand, body.email, req.log);
      return { success: true, message: auth.MESSAGES.confirmationSent };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/auth/confirmation'),
    systemScope: 'a confirmation token or address names its user',
    access: 'public',
    owner: 'none',
    summary: 'Confirm by the emailed link; redirects to the web app',
    tags: TAGS,
    schema: { querystring: confirmationQuerySchema },
    handler: async ({ query, brand, deps, reply }) => {
      const confirmed = await auth.confirmByToken(deps, query.confirmation_token);
      // Back to the configured origin of the account's own brand; redirect_url is ignored (an open redirect otherwise).
      const target = confirmed
        ? `${brandOrigin(deps.config, confirmed.account.holderId)}/auth/signin?account_confirmation_success=true&email=${encodeURIComponent(confirmed.user.email)}`
        : `${brand.origin}/auth/verify?confirmation_error=invalid`;
      return reply.redirect(target, 302);
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/send_sms_code'),
    systemScope: 'a phone code goes to the user the request names',
    access: 'public',
    owner: 'none',
    summary: 'Send a 6-digit confirmation code: by SMS when the user gave a phone, else by email',
    tags: TAGS,
    rateLimit: 'auth',
    schema: { body: sendSmsCodeBodySchema, response: { 200: messageResponseSchema } },
    handler: async ({ body, brand, deps, req }) => {
      await auth.sendCode(deps, brand, body.email, req.log);
      return { success: true, message: auth.MESSAGES.codeSent };
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/verify_by_code'),
    systemScope: 'a code names its user',
    access: 'public',
    owner: 'none',
    summary: 'Confirm the account with the 6-digit code',
    tags: TAGS,
    rateLimit: 'auth',
    schema: { body: verifyByCodeBodySchema, response: { 200: userEnvelopeSchema } },
    handler: async ({ body, brand, deps }) => ({ data: toUserJson(await auth.verifyCode(deps, brand, body.email, body.code)) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/auth/password'),
    systemScope: 'a reset request or token names its user',
    access: 'public',
    owner: 'none',
    summary: 'Email a reset-password link (same answer whether the email exists or not)',
    tags: TAGS,
    rateLimit: 'auth',
    schema: { body: passwordResetRequestBodySchema, response: { 200: messageResponseSchema } },
    handler: async ({ body, brand, deps, req }) => {
      await auth.requestPasswordReset(deps, brand, body.email, req.log);
      return { success: true, message: auth.MESSAGES.resetSent };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/auth/password'),
    systemScope: 'a reset request or token names its user',
    // Public for the emailed reset token; a signed-in user changes it with current_password.
    access: 'optional',
    owner: 'self',
    summary: 'Reset with reset_password_token, or change with current_password while signed in',
    tags: TAGS,
    rateLimit: 'auth',
    schema: { body: passwordUpdateBodySchema, response: { 200: messageResponseSchema } },
    handler: async ({ body, auth: current, deps }) => {
      await auth.updatePassword(deps, body, current);
      return { success: true, message: auth.MESSAGES.passwordChanged };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/auth/providers'),
    access: 'public',
    owner: 'none',
    summary: 'Which sign-in providers are configured',
    tags: TAGS,
    schema: { response: { 200: z.object({ google: z.boolean() }) } },
    handler: ({ deps }) => ({ google: deps.oidc !== null }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/auth/google_oauth2'),
    access: 'public',
    owner: 'none',
    summary: 'Start Google sign-in (browser navigation); 404 when not configured',
    tags: TAGS,
    schema: { querystring: z.strictObject({ origin: text().max(500) }) },
    handler: ({ deps, req, reply, query }) => startGoogleSignIn(deps, req, reply, query.origin),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/auth/google_oauth2/callback'),
    systemScope: 'Google\'s answer names the user to sign in or create',
    access: 'public',
    owner: 'none',
    summary: 'Google redirects here; redirects to <origin>/auth/omniauth with the token',
    tags: TAGS,
    // Providers add their own parameters (scope, authuser, prompt…), so this query is not strict.
    schema: {
      querystring: z.looseObject({ state: text().max(500).optional(), code: text().max(4000).optional(), error: text().max(200).optional() }),
    },
    handler: ({ deps, req, reply, query }) => finishGoogleSignIn(deps, req, reply, query),
  }),
];
