import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AppNotification } from '@shared/schemas/notifications';
import { api } from '@web/lib/api';
import { notify } from '@web/lib/notify';
import { useAuthStore } from '@web/stores/auth';
import { notificationKeys } from '../api/keys';
import { createNotificationPoller, type NotificationPoller } from '../lib/notification-poller';

const active = new Set<NotificationPoller>();

/** Asks for new notifications at once (e.g. right after a test send of the in-app rule). */
export function requestNotificationPoll(): void {
  for (const poller of active) poller.pollNow();
}

/**
 * Toasts per spec §9 (6000 ms, not dismissible, one at a time): one new notification shows its
 * title and text; several arriving together show as one toast with their count and the newest title.
 */
export function showNotificationToast(fresh: AppNotification[]): void {
  const [newest] = fresh;
  if (!newest) return;
  if (fresh.length === 1) notify.info(newest.title, { id: `notification-${newest.id}`, ...(newest.body ? { description: newest.body } : {}) });
  else notify.info(`${fresh.length} new notifications`, { id: `notification-${newest.id}`, description: newest.title });
}

/** While signed in: asks for unread in-app notifications when the live connection says there are new ones, and toasts them. */
export function useNotificationToasts(): void {
  const uid = useAuthStore((s) => s.headers?.uid ?? null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!uid) return;
    const poller = createNotificationPoller({
      userKey: uid,
      fetchNew: (afterId) => api.notifications.list({ unread: '1', after_id: afterId }).then((r) => r.data),
      onNew: (fresh) => {
        showNotificationToast(fresh);
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      },
    });
    active.add(poller);
    poller.start();
    return () => {
      poller.stop();
      active.delete(poller);
    };
  }, [uid, queryClient]);
}

/** Mounted once by the app shell. */
export function NotificationToasts() {
  useNotificationToasts();
  return null;
}
