import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PER_PAGE } from '@shared/schemas/notifications';
import { api } from '@web/lib/api';
import { notificationKeys } from './keys';

/** GET notifications: the history, newest first, a page at a time. */
export function useNotificationHistory(params: { page: number; unread: boolean }) {
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: () => api.notifications.list({ page: params.page, per_page: NOTIFICATIONS_PER_PAGE, ...(params.unread ? { unread: '1' } : {}) }),
    placeholderData: keepPreviousData,
  });
}

/** PUT notifications/{id}/read. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.notifications.markRead(id), onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}

/** PUT notifications/read_all. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => api.notifications.markAllRead(), onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}
