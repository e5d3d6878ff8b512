import type { ApiClient } from '../client';
import type {
  PersonalLinkCampaign,
  ProspectVisit,
  PutTrackingCodeBody,
  TrackingCheck,
  TrackingCode,
  VisitorPageView,
  WebsiteVisitor,
  WebsiteVisitorList,
  WebsiteVisitorsQuery,
} from '../../schemas/tracking';

/** Website tracking and visitors (spec §7: website_visitors, tracking_codes/check; issue 28). */
export function trackingEndpoints(http: ApiClient) {
  return {
    code: () => http.get<{ data: TrackingCode }>('/tracking_codes').then((r) => r.data.data),
    updateCode: (body: PutTrackingCodeBody) => http.put<{ data: TrackingCode }>('/tracking_codes', body).then((r) => r.data.data),
    check: () => http.get<{ data: TrackingCheck }>('/tracking_codes/check').then((r) => r.data.data),
    personalLinks: () => http.get<{ data: PersonalLinkCampaign[] }>('/tracking_codes/personal_links').then((r) => r.data.data),
    setPersonalLinks: (campaignId: number, enabled: boolean) =>
      http.put<{ data: PersonalLinkCampaign }>(`/tracking_codes/personal_links/${campaignId}`, { enabled }).then((r) => r.data.data),
    visitors: (params: WebsiteVisitorsQuery = {}) => http.get<WebsiteVisitorList>('/website_visitors', { params }).then((r) => r.data),
    trail: (id: number) => http.get<{ data: VisitorPageView[] }>(`/website_visitors/${id}/pages`).then((r) => r.data.data),
    markWrongCompany: (id: number, wrong: boolean) => http.put<{ data: WebsiteVisitor }>(`/website_visitors/${id}/wrong_company`, { wrong }).then((r) => r.data.data),
    /** The filtered list as CSV (needs the auth headers, so fetched, then saved). */
    exportCsv: (params: WebsiteVisitorsQuery = {}) => http.get<string>('/website_visitors/export_to_csv', { params, responseType: 'text' }).then((r) => r.data),
    prospectVisits: (prospectId: number) => http.get<{ data: ProspectVisit[] }>(`/prospects/${prospectId}/website_visits`).then((r) => r.data.data),
  };
}
