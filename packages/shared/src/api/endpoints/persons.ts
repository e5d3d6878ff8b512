import type { ApiClient } from '../client';
import type { LinkedInProfile } from '../../schemas/linkedin';
import type { CreatePersonaBody, PageMeta, Persona, Prospect } from '../../schemas/personas';

type Page<T> = { data: T[]; meta: PageMeta };

/** Personas are the spec's `persons`; prospects are the people loaded into them. */
export function personEndpoints(http: ApiClient) {
  return {
    list: (params: { page?: number; per_page?: number } = {}) => http.get<Page<Persona>>('/persons', { params }).then((r) => r.data),
    create: (body: CreatePersonaBody) => http.post<{ data: Persona }>('/persons', body).then((r) => r.data.data),
    loadedProspects: (
      id: number,
      params: { page?: number; per_page?: number; order_by?: string; order_direction?: 'asc' | 'desc' } = {},
    ) => http.get<Page<Prospect>>(`/persons/${id}/loaded_prospects`, { params }).then((r) => r.data),
    /** Adds a captured LinkedIn profile; the same LinkedIn URL updates the prospect instead of adding another. */
    addCapturedProspect: (id: number, profile: LinkedInProfile) =>
      http.post<{ data: Prospect; created: boolean }>(`/persons/${id}/prospects`, { profile }).then((r) => r.data),
  };
}

export function prospectEndpoints(http: ApiClient) {
  return {
    /** The account's prospect with this LinkedIn URL, if saved, with the personas it belongs to. */
    findByLinkedInUrl: (profileUrl: string) =>
      http
        .get<{ data: Prospect | null }>('/prospects/search_by_linkedin_url', { params: { profile_url: profileUrl } })
        .then((r) => r.data.data),
  };
}
