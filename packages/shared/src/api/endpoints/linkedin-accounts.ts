import type { ApiClient } from '../client';
import type { AccountStatus, CreateLinkedInAccountBody, LinkedInAccount } from '../../schemas/linkedin';

export function linkedInAccountEndpoints(http: ApiClient) {
  return {
    list: () => http.get<{ data: LinkedInAccount[] }>('/linkedin_accounts').then((r) => r.data.data),
    create: (body: CreateLinkedInAccountBody) =>
      http.post<{ data: LinkedInAccount }>('/linkedin_accounts', body).then((r) => r.data.data),
    searchByProfileUrl: (profileUrl: string) =>
      http
        .get<{ data: LinkedInAccount | null }>('/linkedin_accounts/search_by_profile_url', { params: { profile_url: profileUrl } })
        .then((r) => r.data.data),
    remove: (id: number) => http.delete(`/linkedin_accounts/${id}`).then(() => undefined),
    /** Public and sent without auth headers (spec §7): only the status comes back. */
    accountStatus: (profileUrl: string) =>
      http
        .post<{ status: AccountStatus }>('/linkedin_accounts/account-status', { profile_url: profileUrl }, { skipAuth: true })
        .then((r) => r.data),
  };
}
