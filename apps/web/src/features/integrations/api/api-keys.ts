import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { apiKeyKeys, webhookKeys } from './keys';

/** GET api_keys: the account's keys (prefix only) and how many Zapier hooks each holds. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: () => api.apiKeys.list() });
}

/** POST integrations {provider: 'zapier'}: a new key, shown once by the caller. */
export function useConnectZapier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name?: string) => api.apiKeys.connectZapier(name),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }), queryClient.invalidateQueries({ queryKey: ['integrations'] })]),
  });
}

/** DELETE api_keys/{id}: the key stops working and its zaps' hooks go. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.apiKeys.revoke(id),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }), queryClient.invalidateQueries({ queryKey: webhookKeys.all })]),
  });
}
