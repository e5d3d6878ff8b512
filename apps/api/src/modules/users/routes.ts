import { API_PREFIX } from '@shared/constants';
import { userEnvelopeSchema, userUpdateBodySchema } from '@shared/schemas/auth';
import { defineRoute } from '../../lib/route';
import { toUserJson } from './repository';
import { updateProfile } from './service';

export const userRoutes = [
  defineRoute({
    method: 'GET',
    url: `${API_PREFIX}/user_info`,
    access: 'user',
    owner: 'self',
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
    summary: 'Edit the profile: name, email, phone, photo',
    tags: ['users'],
    schema: { body: userUpdateBodySchema, response: { 200: userEnvelopeSchema } },
    handler: async ({ auth, body, deps, reply }) => {
      const updated = await updateProfile(deps, auth, body);
      // A changed email changes the uid header the client must send from now on.
      reply.header('uid', updated.user.uid);
      return { data: toUserJson(updated) };
    },
  }),
];
