import type { ApiClient } from '../client';
import type {
  BlacklistedDomainList,
  BlacklistedEmailList,
  BlacklistListQuery,
  CreateBlacklistedDomainsResult,
  CreateBlacklistedEmailsResult,
} from '../../schemas/blacklist';

/** The blacklist (spec §7: user emails and blacklist, domains, campaign emails' export). */
export function blacklistEndpoints(http: ApiClient) {
  return {
    emails: (params: BlacklistListQuery = {}) => http.get<BlacklistedEmailList>('/blacklisted_emails', { params }).then((r) => r.data),
    addEmails: (emails: string[]) => http.post<{ data: CreateBlacklistedEmailsResult }>('/create_blacklisted_emails', { emails }).then((r) => r.data.data),
    removeEmail: (id: number) => http.delete<{ data: { id: number } }>('/remove_email_from_blacklist', { params: { id } }).then((r) => r.data.data),
    domains: (params: BlacklistListQuery = {}) => http.get<BlacklistedDomainList>('/domains/blacklisted_domains', { params }).then((r) => r.data),
    addDomains: (domains: string[]) => http.post<{ data: CreateBlacklistedDomainsResult }>('/domains/create_blacklisted_domains', { domains }).then((r) => r.data.data),
    removeDomain: (id: number) => http.delete<{ data: { id: number } }>(`/domains/${id}/remove_domain_from_blacklist`).then((r) => r.data.data),
    /** The whole list as CSV (needs the auth headers, so fetched, then saved). */
    exportCsv: () => http.get<string>('/campaign_emails/export_blacklisted_prospects', { responseType: 'text' }).then((r) => r.data),
  };
}
