import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLinkedInAccountBody } from '@shared/schemas/linkedin';
import { api } from '@web/lib/api';
import { useExtensionStore } from '@web/stores/extension';
import { linkedInAccountKeys } from './keys';

/** POST linkedin_accounts: connect the user's own LinkedIn by its profile URL (idempotent). */
export function useCreateLinkedInAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLinkedInAccountBody) => api.linkedInAccounts.create(body),
    onSuccess: (account) => {
      // The captured profile is this account: its public status is now known without asking again.
      const store = useExtensionStore.getState();
      if (store.dataExtension?.profile.profile_url === account.profile_url) store.setAccountStatus('connected');
      return queryClient.invalidateQueries({ queryKey: linkedInAccountKeys.all });
    },
  });
}
