import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoCommunicationSettingsBody } from '@shared/schemas/auto-communication';
import { api } from '@web/lib/api';

export const autoCommunicationKeys = {
  all: ['auto-communication'] as const,
  settings: () => [...autoCommunicationKeys.all, 'settings'] as const,
};

export const autoCommunicationQueryOptions = () =>
  queryOptions({ queryKey: autoCommunicationKeys.settings(), queryFn: () => api.autoCommunication.get() });

export function useAutoCommunicationSettings() {
  return useQuery(autoCommunicationQueryOptions());
}

export function useSaveAutoCommunicationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoCommunicationSettingsBody) => api.autoCommunication.update(body),
    onSuccess: (saved) => queryClient.setQueryData(autoCommunicationKeys.settings(), saved),
  });
}
