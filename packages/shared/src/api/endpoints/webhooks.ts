import type { ApiClient } from '../client';
import type { ApiKey, CreateApiKeyBody, CreatedWebhook, CreateWebhookBody, Webhook, WebhookDelivery } from '../../schemas/webhooks';

/** The account's API keys (Zapier's connection) and webhooks with their delivery log (issue 27). */
export function webhookEndpoints(http: ApiClient) {
  return {
    apiKeys: {
      list: () => http.get<{ data: ApiKey[] }>('/api_keys').then((r) => r.data.data),
      create: (body: CreateApiKeyBody = {}) => http.post<{ data: ApiKey & { api_key: string } }>('/api_keys', body).then((r) => r.data.data),
      revoke: (id: number) => http.delete<{ data: { id: number } }>(`/api_keys/${id}`).then((r) => r.data.data),
      /** POST integrations {provider: 'zapier'}: a key for Zapier, and the Zapier connection made with the first. */
      connectZapier: (name?: string) => http.post<{ data: { id: number; api_key: string } }>('/integrations', { provider: 'zapier', ...(name ? { name } : {}) }).then((r) => r.data.data),
    },
    webhooks: {
      list: () => http.get<{ data: Webhook[] }>('/webhooks').then((r) => r.data.data),
      create: (body: CreateWebhookBody) => http.post<{ data: CreatedWebhook }>('/webhooks', body).then((r) => r.data.data),
      remove: (id: number) => http.delete<{ data: { id: number } }>(`/webhooks/${id}`).then((r) => r.data.data),
      deliveries: (id: number, limit = 20) => http.get<{ data: WebhookDelivery[] }>(`/webhooks/${id}/deliveries`, { params: { limit } }).then((r) => r.data.data),
      test: (id: number) => http.post<{ data: WebhookDelivery }>(`/webhooks/${id}/test`).then((r) => r.data.data),
    },
  };
}
