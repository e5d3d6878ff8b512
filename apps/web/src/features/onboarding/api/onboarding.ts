import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnboardingDraft, OnboardingState, OnboardingStepInput, OnboardingStepSlug } from '@shared/schemas/onboarding';
import { api } from '@web/lib/api';
import { userKeys } from '@web/lib/user';

/** Query keys of the onboarding feature. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  state: () => [...onboardingKeys.all, 'state'] as const,
  searchUsers: (query: string) => [...onboardingKeys.all, 'search-users', query] as const,
  companyInfo: (domain: string) => [...onboardingKeys.all, 'company-info', domain] as const,
};

/** GET onboarding: answers, the step to resume at, the AI draft and the prefill. */
export function useOnboardingState() {
  return useQuery({ queryKey: onboardingKeys.state(), queryFn: () => api.onboarding.get(), staleTime: 30_000 });
}

type SaveStepVariables = { slug: OnboardingStepSlug; body: OnboardingStepInput<OnboardingStepSlug> };

/** PUT onboarding/steps/:slug; the answer comes back as the new state. */
export function useSaveStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: SaveStepVariables) => api.onboarding.saveStep(slug, body),
    onSuccess: (state: OnboardingState) => queryClient.setQueryData(onboardingKeys.state(), state),
  });
}

export function useSearchUsers(query: string) {
  const q = query.trim();
  return useQuery({ queryKey: onboardingKeys.searchUsers(q), queryFn: () => api.onboarding.searchUsers(q), enabled: q.length >= 2, staleTime: 60_000 });
}

/** The lookup runs when asked (domain set), once per domain. */
export function useCompanyInfo(domain: string | null) {
  return useQuery({
    queryKey: onboardingKeys.companyInfo(domain ?? ''),
    queryFn: () => api.onboarding.findCompanyInfo(domain!),
    enabled: !!domain,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** POST generate_onboarding_info: 200 with the draft, or 202 polled until done and then read from GET onboarding. */
export function useGenerateInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<OnboardingDraft> => {
      const { outcome, draft } = await api.onboarding.generateInfo();
      if (outcome.status === 'ready' && draft) return draft;
      await api.generation.waitFor(outcome);
      const state = await api.onboarding.get();
      queryClient.setQueryData(onboardingKeys.state(), state);
      if (!state.draft) throw new Error('The draft could not be read. Please try again.');
      return state.draft;
    },
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: (phone: string) => api.onboarding.sendPhoneCode(phone) });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.onboarding.verifyPhone(code),
    onSuccess: (status) =>
      queryClient.setQueryData<OnboardingState>(onboardingKeys.state(), (s) =>
        s ? { ...s, prefill: { ...s.prefill, phone: status.phone, phone_verified: status.phone_verified } } : s,
      ),
  });
}

/** POST finish_onboarding; the user query then says onboarding is done, so the guards open the cabinet. */
export function useFinishOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.onboarding.finish(),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.info(), user);
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.all });
    },
  });
}
