import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookBody, Webhook } from '@shared/schemas/webhooks';
import { api } from '@web/lib/api';
import { webhookKeys } from './keys';

/** While a delivery is pending (a test just sent, a retry due), the list is read again every few seconds. */
export const PENDING_REFETCH_MS = 3000;

const anyPending = (hooks: Webhook[] | undefined) => Boolean(hooks?.some((h) => h.recent_deliveries.some((d) => d.status === 'pending')));

/** GET webhooks: hand-made and Zapier hooks with their newest deliveries. */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list(), queryFn: () => api.webhooks.list(), refetchInterval: (q) => (anyPending(q.state.data) ? PENDING_REFETCH_MS : false) });
}

/** GET webhooks/{id}/deliveries: one hook's log (when its details are open). */
export function useDeliveries(id: number, enabled: boolean) {
  return useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: () => api.webhooks.deliveries(id, 50), enabled });
}

function useWebhookMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useCreateWebhook = () => useWebhookMutation((body: CreateWebhookBody) => api.webhooks.create(body));
export const useDeleteWebhook = () => useWebhookMutation((id: number) => api.webhooks.remove(id));
export const useTestWebhook = () => useWebhookMutation((id: number) => api.webhooks.test(id));
