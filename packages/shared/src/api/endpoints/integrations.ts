import type { ApiClient } from '../client';
import type {
  AutoPushPreview,
  CreateIntegrationBody,
  HubSpotContactItem,
  HubSpotListItem,
  Integration,
  IntegrationList,
  IntegrationSettings,
  IntegrationSync,
  IntegrationWrite,
  PushAnswer,
} from '../../schemas/integrations';
import type { CalendlyEvents } from '../../schemas/integrations-calendly';
import type { SalesforceListItem, SalesforceObject } from '../../schemas/integrations-salesforce';

/** Integrations (spec §7 Integrations; replies/{id}/import_contact_to_hubspot; hubspot_contacts; import_all_hubspot_contacts_to_blacklist). */
export function integrationEndpoints(http: ApiClient) {
  return {
    list: () => http.get<IntegrationList>('/integrations').then((r) => r.data),
    /** An OAuth provider answers its consent URL (the browser goes there). */
    connect: (body: CreateIntegrationBody) => http.post<{ data: { authorize_url: string } }>('/integrations', body).then((r) => r.data.data),
    updateSettings: (id: number, settings: IntegrationSettings) => http.put<{ data: Integration }>(`/integrations/${id}`, { settings }).then((r) => r.data.data),
    disconnect: (id: number) => http.delete<{ data: { id: number; revoked: boolean } }>(`/integrations/${id}`).then((r) => r.data.data),
    writes: (id: number) => http.get<{ data: IntegrationWrite[] }>(`/integrations/${id}/writes`).then((r) => r.data.data),
    replay: (id: number, writeId: number) => http.post<{ data: IntegrationWrite }>(`/integrations/${id}/writes/${writeId}/replay`).then((r) => r.data.data),
    syncs: (id: number) => http.get<{ data: IntegrationSync[] }>(`/integrations/${id}/syncs`).then((r) => r.data.data),
    sync: (id: number, syncId: number) => http.get<{ data: IntegrationSync }>(`/integrations/${id}/syncs/${syncId}`).then((r) => r.data.data),
    hubspotLists: (params: { query?: string; offset?: number; count?: number } = {}) =>
      http.get<{ data: HubSpotListItem[]; meta: { offset: number; has_more: boolean; total: number } }>('/integrations/hubspot_lists', { params }).then((r) => r.data),
    hubspotContacts: (params: { list_id?: string; after?: string; limit?: number } = {}) =>
      http.get<{ data: HubSpotContactItem[]; meta: { next_after: string | null } }>('/hubspot_contacts', { params }).then((r) => r.data),
    /** Starts the preview of every contact (or a list's members) to the blacklist. */
    previewHubSpotBlacklistImport: (body: { list_id?: string | null; list_name?: string | null }) =>
      http.post<{ data: IntegrationSync }>('/import_all_hubspot_contacts_to_blacklist', body).then((r) => r.data.data),
    /** Applies that preview. */
    confirmHubSpotBlacklistImport: (syncId: number) => http.post<{ data: IntegrationSync }>('/import_all_hubspot_contacts_to_blacklist', { sync_id: syncId, confirm: true }).then((r) => r.data.data),
    hubspotPushPreview: (autoPush: 'positive' | 'all') => http.get<{ data: AutoPushPreview }>('/integrations/hubspot/push_preview', { params: { auto_push: autoPush } }).then((r) => r.data.data),
    pushReplyToHubSpot: (replyId: number) => http.post<PushAnswer>(`/replies/${replyId}/import_contact_to_hubspot`).then((r) => r.data),
    /** Calendly with a personal access token: checked at Calendly, then connected (no consent page). */
    connectCalendlyToken: (accessToken: string) => http.post<{ data: Integration }>('/integrations', { provider: 'calendly', access_token: accessToken }).then((r) => r.data.data),
    calendlyEvents: (params: { page_token?: string; count?: number; min_start_time?: string; status?: 'active' | 'canceled' } = {}) =>
      http.get<CalendlyEvents>('/integrations/calendly_events', { params }).then((r) => r.data),
    salesforceLists: (params: { sobject?: SalesforceObject } = {}) => http.get<{ data: SalesforceListItem[] }>('/integrations/salesforce_lists', { params }).then((r) => r.data.data),
    /** Starts the preview of a list view's members to the blacklist. */
    previewSalesforceBlacklistImport: (listId: string, body: { sobject: SalesforceObject; list_name?: string }) =>
      http.post<{ data: IntegrationSync }>(`/integrations/salesforce_lists/${encodeURIComponent(listId)}/import_to_blacklist`, body).then((r) => r.data.data),
    confirmSalesforceBlacklistImport: (listId: string, syncId: number) =>
      http.post<{ data: IntegrationSync }>(`/integrations/salesforce_lists/${encodeURIComponent(listId)}/import_to_blacklist`, { sync_id: syncId, confirm: true }).then((r) => r.data.data),
    pushReplyToSalesforce: (replyId: number, object?: SalesforceObject) => http.post<PushAnswer>(`/replies/${replyId}/import_contact_to_salesforce`, object ? { object } : {}).then((r) => r.data),
  };
}
