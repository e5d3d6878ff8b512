import type { ApiClient } from '../client';
import type {
  AppNotification,
  CampaignNotification,
  CreateCampaignNotificationBody,
  NotificationList,
  NotificationListQuery,
  TestSendResult,
  UpdateByProviderBody,
  UpdateCampaignNotificationBody,
} from '../../schemas/notifications';

/** Campaign notifications (spec §7: GET list, POST create, PUT update_by_provider, DELETE {id}) and the test send. */
export function campaignNotificationEndpoints(http: ApiClient) {
  return {
    list: () => http.get<{ data: CampaignNotification[] }>('/campaign_notifications').then((r) => r.data.data),
    create: (body: CreateCampaignNotificationBody) => http.post<{ data: CampaignNotification }>('/campaign_notifications', body).then((r) => r.data.data),
    updateByProvider: (body: UpdateByProviderBody) =>
      http.put<{ data: CampaignNotification[] }>('/campaign_notifications/update_by_provider', body).then((r) => r.data.data),
    update: (id: number, body: UpdateCampaignNotificationBody) => http.put<{ data: CampaignNotification }>(`/campaign_notifications/${id}`, body).then((r) => r.data.data),
    remove: (id: number) => http.delete<{ data: { id: number } }>(`/campaign_notifications/${id}`).then((r) => r.data.data),
    test: (id: number) => http.post<{ data: TestSendResult }>(`/campaign_notifications/${id}/test`).then((r) => r.data.data),
  };
}

/** The user's in-app notifications. */
export function notificationEndpoints(http: ApiClient) {
  return {
    list: (params: NotificationListQuery = {}) => http.get<NotificationList>('/notifications', { params }).then((r) => r.data),
    markRead: (id: number) => http.put<{ data: AppNotification }>(`/notifications/${id}/read`).then((r) => r.data.data),
    markAllRead: () => http.put<{ data: { updated: number } }>('/notifications/read_all').then((r) => r.data.data),
  };
}
