import { z } from 'zod';
import { text } from '@shared/schemas/primitives';
import { v1 } from '@shared/constants';
import { userEnvelopeSchema } from '@shared/schemas/auth';
import { generationAcceptedResponseSchema, generatedTextSchema } from '@shared/schemas/messaging';
import {
  companyInfoQuerySchema,
  companyInfoResponseSchema,
  generateOnboardingInfoBodySchema,
  onboardingDraftSchema,
  onboardingStateEnvelopeSchema,
  onboardingStepParamsSchema,
  onboardingStepSchemas,
  phoneCodeSentResponseSchema,
  phoneStatusResponseSchema,
  searchUsersQuerySchema,
  searchUsersResponseSchema,
  sendPhoneCodeBodySchema,
  verifyPhoneBodySchema,
} from '@shared/schemas/onboarding';
import { HttpError } from '../../lib/http-error';
import { defineRoute } from '../../lib/route';
import { toUserJson } from '../auth/repository';
import { findCompanyInfo } from './company-info';
import { generateOnboardingInfo } from './generate';
import { sendPhoneCode, verifyPhone } from './phone';
import { searchUsers } from './search-users';
import { finish, getState, saveStep } from './service';

/**
 * Onboarding (spec §2, §7): the saved answers and where to resume, one PUT per step (validated by
 * that step's schema), the profile search, the company-site lookup, the AI draft, the phone check
 * and finish_onboarding, which creates the first persona, offering and messaging settings.
 */
export const onboardingRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/onboarding'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: "The user's onboarding: answers per step, the step to resume at, the AI draft and what is prefilled",
    tags: ['onboarding'],
    schema: { response: { 200: onboardingStateEnvelopeSchema } },
    handler: async ({ auth, deps }) => ({ data: await getState(deps, auth) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/onboarding/steps/:slug'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: "Save one step's answers (validated by the step's schema) and resume after it",
    tags: ['onboarding'],
    schema: { params: onboardingStepParamsSchema, body: z.record(text(), z.unknown()), response: { 200: onboardingStateEnvelopeSchema } },
    handler: async ({ auth, deps, params, body }) => {
      const parsed = onboardingStepSchemas[params.slug].safeParse(body);
      if (!parsed.success) {
        throw new HttpError(
          422,
          parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)),
        );
      }
      return { data: await saveStep(deps, auth, params.slug, parsed.data) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/search_users'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Find your own profile among the account's connected LinkedIn accounts and prospects (no query: [])",
    tags: ['onboarding'],
    schema: { querystring: searchUsersQuerySchema, response: { 200: searchUsersResponseSchema } },
    handler: async ({ auth, deps, query }) => ({ data: await searchUsers(deps, auth, query.query) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/find_company_info_by_domain'),
    access: 'user',
    owner: 'none',
    role: 'member',
    summary: "A company site's title, description, language and logo, read through the guarded fetcher; found: false with a message when it cannot be read",
    rateLimit: 'outbound',
    tags: ['onboarding'],
    schema: { querystring: companyInfoQuerySchema, response: { 200: companyInfoResponseSchema } },
    handler: async ({ deps, query }) => ({ data: await findCompanyInfo(deps, query.domain) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/generate_onboarding_info'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: 'Draft the value proposition, problem, solution, differentiators and ideal customer from the answers: 200, or 202 {job_id}',
    tags: ['onboarding', 'generation'],
    schema: {
      body: generateOnboardingInfoBodySchema,
      response: { 200: z.object({ data: generatedTextSchema, draft: onboardingDraftSchema }), 202: generationAcceptedResponseSchema },
    },
    handler: async ({ auth, deps, reply }) => {
      const answer = await generateOnboardingInfo(deps, auth);
      reply.code(answer.status);
      return answer.status === 200 ? { ...answer.body, draft: answer.draft } : answer.body;
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/onboarding/phone/send_code'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: "Send a 6-digit code to verify the phone (E.164): by SMS, or to the user's email when no SMS provider is configured (`channel` says which)",
    tags: ['onboarding'],
    schema: { body: sendPhoneCodeBodySchema, response: { 200: phoneCodeSentResponseSchema } },
    handler: async ({ auth, deps, body, brand, req }) => ({ data: await sendPhoneCode(deps, auth, brand, body.phone, req.log) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/onboarding/phone/verify'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: 'Verify the phone with the code sent by SMS (5 attempts, 15 minutes)',
    tags: ['onboarding'],
    schema: { body: verifyPhoneBodySchema, response: { 200: phoneStatusResponseSchema } },
    handler: async ({ auth, deps, body }) => ({ data: await verifyPhone(deps, auth, body.code) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/finish_onboarding'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: 'Finish onboarding: creates the first persona, offering and messaging settings from the answers (once); the cabinet opens',
    tags: ['onboarding'],
    schema: { response: { 200: userEnvelopeSchema } },
    handler: async ({ auth, deps }) => {
      const { user } = await finish(deps, auth);
      return { data: toUserJson({ user, account: auth.account }) };
    },
  }),
];
