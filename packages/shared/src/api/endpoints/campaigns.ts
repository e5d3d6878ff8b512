import type { ApiClient } from '../client';
import type {
  Campaign,
  CampaignEmail,
  CampaignEmailDetail,
  CampaignEmailFilters,
  CreateCampaignBody,
  CreateVirtualEmployeeBody,
  SkippedProspectsResponse,
  UpdateCampaignEmailBody,
  VirtualEmployee,
} from '../../schemas/campaigns';
import type { InteractionFilters, InteractionList, InteractionsStats, PersonOfferingInfo } from '../../schemas/interactions';
import type { PageMeta } from '../../schemas/personas';

/** Virtual employees (spec §7: GET/POST virtual_employees, PUT virtual_employees/{id}, POST add_to_wishlist). */
export function virtualEmployeeEndpoints(http: ApiClient) {
  return {
    list: () => http.get<{ data: VirtualEmployee[] }>('/virtual_employees').then((r) => r.data.data),
    create: (body: CreateVirtualEmployeeBody) => http.post<{ data: VirtualEmployee }>('/virtual_employees', body).then((r) => r.data.data),
    update: (id: number, body: Partial<CreateVirtualEmployeeBody>) => http.put<{ data: VirtualEmployee }>(`/virtual_employees/${id}`, body).then((r) => r.data.data),
    addToWishlist: (body: { kind: string; note?: string | null }) => http.post<{ data: { id: number; kind: string } }>('/add_to_wishlist', body).then((r) => r.data.data),
  };
}

export type CampaignEmailListParams = {
  page?: number;
  per_page?: number;
  sort?: 'created_at' | 'updated_at' | 'due_at' | 'step' | 'status' | 'to_email';
  sort_direction?: 'asc' | 'desc';
  filters?: Partial<CampaignEmailFilters>;
};

const listParams = ({ filters, ...rest }: CampaignEmailListParams) => ({ ...rest, ...(filters && Object.keys(filters).length ? { filters: JSON.stringify(filters) } : {}) });

export type InteractionListParams = {
  page?: number;
  per_page?: number;
  sort_direction?: 'asc' | 'desc';
  filters?: InteractionFilters;
};

/** Interaction filters as one JSON object; empty ones are left out. */
const interactionFilters = (filters: InteractionFilters | undefined) => {
  const kept = Object.fromEntries(Object.entries(filters ?? {}).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)));
  return Object.keys(kept).length ? { filters: JSON.stringify(kept) } : {};
};

/** Campaigns (paths in docs/decisions.md) and campaign emails (spec §7). */
export function campaignEndpoints(http: ApiClient) {
  return {
    list: () => http.get<{ data: Campaign[] }>('/campaigns').then((r) => r.data.data),
    show: (id: number) => http.get<{ data: Campaign }>(`/campaigns/${id}`).then((r) => r.data.data),
    create: (body: CreateCampaignBody) => http.post<{ data: Campaign }>('/campaigns', body).then((r) => r.data.data),
    update: (id: number, body: Partial<Omit<CreateCampaignBody, 'person_id'>>) => http.put<{ data: Campaign }>(`/campaigns/${id}`, body).then((r) => r.data.data),
    transition: (id: number, action: 'start' | 'pause' | 'resume' | 'archive') => http.post<{ data: Campaign }>(`/campaigns/${id}/${action}`).then((r) => r.data.data),
    approveAll: (id: number) => http.post<{ data: { approved: number } }>(`/campaigns/${id}/approve_all`).then((r) => r.data.data),
    skippedProspects: (id: number, params: { page?: number; per_page?: number } = {}) =>
      http.get<SkippedProspectsResponse>(`/campaigns/${id}/skipped_prospects`, { params }).then((r) => r.data),
    enrolProspect: (id: number, prospectId: number) =>
      http.post<{ data: { enrolment_id: number; prospect_id: number } }>(`/campaigns/${id}/enrolments`, { prospect_id: prospectId }).then((r) => r.data.data),
    emails: (id: number, params: CampaignEmailListParams = {}) =>
      http.get<{ data: CampaignEmail[]; meta: PageMeta }>(`/campaigns/${id}/campaign_emails`, { params: listParams(params) }).then((r) => r.data),
  };
}

export function campaignEmailEndpoints(http: ApiClient) {
  return {
    list: (params: CampaignEmailListParams = {}) => http.get<{ data: CampaignEmail[]; meta: PageMeta }>('/campaign_emails', { params: listParams(params) }).then((r) => r.data),
    /** One email with its campaign, enrolment, sequence and conversation (what the side panels show). */
    show: (id: number) => http.get<{ data: CampaignEmailDetail }>(`/campaign_emails/${id}`).then((r) => r.data.data),
    /** GET campaign_emails with interaction_view=interactions: everything the agent did and received per prospect. */
    interactions: ({ filters, ...rest }: InteractionListParams = {}) =>
      http.get<InteractionList>('/campaign_emails', { params: { ...rest, interaction_view: 'interactions', ...interactionFilters(filters) } }).then((r) => r.data),
    interactionsStats: (filters?: InteractionFilters) =>
      http.get<{ data: InteractionsStats }>('/campaign_emails/interactions_stats', { params: interactionFilters(filters) }).then((r) => r.data.data),
    /** The prospect, the persona (with its figures) and the offering behind a message. */
    personOfferingInfo: (id: number) => http.get<{ data: PersonOfferingInfo }>(`/campaign_emails/${id}/person_offering_info`).then((r) => r.data.data),
    update: (id: number, body: UpdateCampaignEmailBody) => http.put<{ data: CampaignEmail }>(`/campaign_emails/${id}`, body).then((r) => r.data.data),
    markStopSending: (id: number) => http.post<{ data: CampaignEmail }>(`/campaign_emails/${id}/mark_stop_sending`).then((r) => r.data.data),
    /** An uncertain email (its send was interrupted, not found in the Sent folder) sent anyway. */
    sendAnyway: (id: number) => http.post<{ data: CampaignEmail }>(`/campaign_emails/${id}/send_anyway`).then((r) => r.data.data),
  };
}
