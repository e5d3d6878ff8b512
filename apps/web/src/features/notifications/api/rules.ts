import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateCampaignNotificationBody, UpdateByProviderBody, UpdateCampaignNotificationBody } from '@shared/schemas/notifications';
import { api } from '@web/lib/api';
import { ruleKeys } from './keys';

/** GET campaign_notifications (the server creates the default rules on first read). */
export function useRules() {
  return useQuery({ queryKey: ruleKeys.list(), queryFn: () => api.campaignNotifications.list() });
}

function useRuleMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all }) });
}

/** POST campaign_notifications. */
export const useCreateRule = () => useRuleMutation((body: CreateCampaignNotificationBody) => api.campaignNotifications.create(body));
/** PUT campaign_notifications/update_by_provider. */
export const useUpdateByProvider = () => useRuleMutation((body: UpdateByProviderBody) => api.campaignNotifications.updateByProvider(body));
/** PUT campaign_notifications/{id}. */
export const useUpdateRule = () =>
  useRuleMutation(({ id, body }: { id: number; body: UpdateCampaignNotificationBody }) => api.campaignNotifications.update(id, body));
/** DELETE campaign_notifications/{id}. */
export const useDeleteRule = () => useRuleMutation((id: number) => api.campaignNotifications.remove(id));
/** POST campaign_notifications/{id}/test: the result (or the reason it failed) is shown beside the rule. */
export const useTestRule = () => useRuleMutation((id: number) => api.campaignNotifications.test(id));
