import type { ApiClient } from '../client';
import type { User } from '../../schemas/auth';
import type {
  CompanyInfo,
  OnboardingDraft,
  OnboardingState,
  OnboardingStepInput,
  OnboardingStepSlug,
  PhoneCodeSent,
  PhoneStatus,
  SearchedUser,
} from '../../schemas/onboarding';
import { generationOutcome, type GenerationOutcome } from './generation';

export function onboardingEndpoints(http: ApiClient) {
  return {
    /** The answers saved so far, the step to resume at, the AI draft and what is prefilled. */
    get: () => http.get<{ data: OnboardingState }>('/onboarding').then((r) => r.data.data),
    /** Saves one step's answers; the server validates them with the same schema. */
    saveStep: <S extends OnboardingStepSlug>(slug: S, body: OnboardingStepInput<S>) =>
      http.put<{ data: OnboardingState }>(`/onboarding/steps/${slug}`, body).then((r) => r.data.data),
    searchUsers: (query: string) => http.get<{ data: SearchedUser[] }>('/search_users', { params: { query } }).then((r) => r.data.data),
    findCompanyInfo: (domain: string) => http.get<{ data: CompanyInfo }>('/find_company_info_by_domain', { params: { domain } }).then((r) => r.data.data),
    /** 200: ready (the draft comes along); 202: a job to poll, after which GET onboarding has the draft. */
    generateInfo: (): Promise<{ outcome: GenerationOutcome; draft: OnboardingDraft | null }> =>
      http.post('/generate_onboarding_info', {}).then((r) => ({
        outcome: generationOutcome(r),
        draft: r.status === 200 ? ((r.data as { draft?: OnboardingDraft }).draft ?? null) : null,
      })),
    sendPhoneCode: (phone: string) => http.post<{ data: PhoneCodeSent }>('/onboarding/phone/send_code', { phone }).then((r) => r.data.data),
    verifyPhone: (code: string) => http.post<{ data: PhoneStatus }>('/onboarding/phone/verify', { code }).then((r) => r.data.data),
    /** Marks onboarding done and creates the first persona, offering and messaging settings from the answers. */
    finish: () => http.post<{ data: User }>('/finish_onboarding').then((r) => r.data.data),
  };
}
