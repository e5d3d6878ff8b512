import { API_PREFIX } from '@shared/constants';
import { userEnvelopeSchema } from '@shared/schemas/auth';
import { defineRoute } from '../../lib/route';
import { toUserJson, updateUser } from '../users/repository';

/**
 * Onboarding. `finish_onboarding` marks it done so the cabinet opens; the onboarding issue adds the
 * answers and creates the first persona, offering and messaging settings from them here.
 */
export const onboardingRoutes = [
  defineRoute({
    method: 'POST',
    url: `${API_PREFIX}/finish_onboarding`,
    access: 'user',
    owner: 'self',
    summary: 'Finish onboarding: the cabinet opens from now on',
    tags: ['onboarding'],
    schema: { response: { 200: userEnvelopeSchema } },
    handler: async ({ auth, deps }) => {
      // Idempotent: finishing twice keeps the first time.
      const user = auth.user.onboardingFinishedAt
        ? auth.user
        : await updateUser(deps.db, { accountId: auth.account.id, userId: auth.user.id }, { onboardingFinishedAt: new Date() });
      return { data: toUserJson({ user: user ?? auth.user, account: auth.account }) };
    },
  }),
];
