import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkedInAccount } from '@shared/schemas/linkedin';
import { api } from '@web/lib/api';
import { useExtensionStore } from '@web/stores/extension';
import { linkedInAccountKeys } from './keys';

/** DELETE linkedin_accounts/{id}: disconnect. */
export function useRemoveLinkedInAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: LinkedInAccount) => api.linkedInAccounts.remove(account.id),
    onSuccess: (_result, account) => {
      const store = useExtensionStore.getState();
      if (store.dataExtension?.profile.profile_url === account.profile_url) store.setAccountStatus('not_connected');
      return queryClient.invalidateQueries({ queryKey: linkedInAccountKeys.all });
    },
  });
}
