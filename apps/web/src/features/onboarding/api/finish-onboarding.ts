import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { userKeys } from '@web/lib/user';

/** POST finish_onboarding; the user query then says onboarding is done, so the guards open the cabinet. */
export function useFinishOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.onboarding.finish(),
    onSuccess: (user) => queryClient.setQueryData(userKeys.info(), user),
  });
}
