import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateFollowupSettingsBody } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';
import { followupKeys } from './keys';

/** GET followup_settings (the defaults until the account saves its own). */
export const followupSettingsQueryOptions = () => queryOptions({ queryKey: followupKeys.all, queryFn: () => api.followupSettings.get() });

export function useFollowupSettings() {
  return useQuery(followupSettingsQueryOptions());
}

/** PUT followup_settings. */
export function useSaveFollowupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFollowupSettingsBody) => api.followupSettings.update(body),
    onSuccess: (saved) => queryClient.setQueryData(followupKeys.all, saved),
  });
}
