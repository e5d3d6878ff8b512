import { API_PREFIX } from '@shared/constants';
import { emailLinkQuerySchema, userEnvelopeSchema, userUpdateBodySchema } from '@shared/schemas/auth';
import { defineRoute } from '../../lib/route';
import { toUserJson } from '../auth/repository';
import { confirmEmailChange, emailLinkTarget, undoEmailChange, updateProfile } from './service';

export const userRoutes = [
  defineRoute({
    method: 'GET',
    url: `${API_PREFIX}/user_info`,
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: 'The signed-in user',
    tags: ['users'],
    schema: { response: { 200: userEnvelopeSchema } },
    handler: ({ auth }) => ({ data: toUserJson(auth) }),
  }),
  defineRoute({
    method: 'PUT',
    url: `${API_PREFIX}/users`,
    access: 'user',
    owner: 'self',
    role: 'member',
    summary:
      'Edit the profile: name, phone, photo at once; a new email (with current_password) is mailed a confirmation link and shows as unconfirmed_email until it is followed',
    tags: ['users'],
    rateLimit: 'auth',
    schema: { body: userUpdateBodySchema, response: { 200: userEnvelopeSchema } },
    handler: async ({ auth, body, brand, deps, req }) => ({ data: toUserJson(await updateProfile(deps, auth, brand, body, req.log)) }),
  }),
  defineRoute({
    method: 'GET',
    url: `${API_PREFIX}/users/email_confirmation`,
    systemScope: 'the signed email-change link names its user',
    access: 'public',
    owner: 'none',
    summary: 'The link mailed to a new sign-in email: makes it the email, signs out every device, redirects to sign-in',
    tags: ['users'],
    schema: { querystring: emailLinkQuerySchema },
    handler: async ({ query, brand, deps, reply }) =>
      reply.redirect(emailLinkTarget(deps, brand, 'confirmed', await confirmEmailChange(deps, query.token)), 302),
  }),
  defineRoute({
    method: 'GET',
    url: `${API_PREFIX}/users/email_undo`,
    systemScope: 'the signed undo link names its user',
    access: 'public',
    owner: 'none',
    summary: 'The undo link mailed to the old sign-in email: keeps or restores it, signs out every device, redirects to sign-in',
    tags: ['users'],
    schema: { querystring: emailLinkQuerySchema },
    handler: async ({ query, brand, deps, reply, req }) =>
      reply.redirect(emailLinkTarget(deps, brand, 'undone', await undoEmailChange(deps, query.token, req.log)), 302),
  }),
];
