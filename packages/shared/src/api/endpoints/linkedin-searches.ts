import type { ApiClient } from '../client';
import type {
  CreateLinkedInSearchBody,
  LinkedInSearch,
  LinkedInSearchResults,
  LinkedInSearchResultsBody,
} from '../../schemas/linkedin-searches';

/** LinkedIn saved searches: the web app saves and lists them, the extension sends what it read. */
export function linkedInSearchEndpoints(http: ApiClient) {
  return {
    list: (params: { person_id?: number } = {}) =>
      http.get<{ data: LinkedInSearch[] }>('/linkedin_searches', { params }).then((r) => r.data.data),
    create: (body: CreateLinkedInSearchBody) => http.post<{ data: LinkedInSearch }>('/linkedin_searches', body).then((r) => r.data.data),
    remove: (id: number) => http.delete(`/linkedin_searches/${id}`).then(() => undefined),
    addResults: (id: number, body: LinkedInSearchResultsBody) =>
      http.post<{ data: LinkedInSearchResults }>(`/linkedin_searches/${id}/results`, body).then((r) => r.data.data),
  };
}
