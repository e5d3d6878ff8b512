import { personaKeys } from '@web/features/messaging';

export type ProspectsParams = {
  page: number;
  per_page: number;
  order_by: 'created_at' | 'full_name' | 'company';
  order_direction: 'asc' | 'desc';
};

/**
 * Keys of the personas page, under the business-information factory (`['personas', …]`) so that a
 * mutation there (dashboard: add a prospect) refreshes what is shown here and vice versa.
 */
export const personasPageKeys = {
  all: personaKeys.all,
  lists: personaKeys.lists,
  list: personaKeys.list,
  detail: (id: number) => [...personaKeys.all, id, 'detail'] as const,
  loadedProspects: (id: number, params?: ProspectsParams) =>
    params ? ([...personaKeys.loadedProspects(id), params] as const) : personaKeys.loadedProspects(id),
  filterInfoAll: () => [...personaKeys.all, 'filter-info'] as const,
  filterInfo: (filter: string, value: string) => [...personaKeys.all, 'filter-info', filter, value] as const,
  linkedinSearches: (personaId: number) => [...personaKeys.all, personaId, 'linkedin-searches'] as const,
  searchMetadata: () => [...personaKeys.all, 'search-metadata'] as const,
  previews: () => [...personaKeys.all, 'prospects-preview'] as const,
  preview: (filters: unknown) => [...personaKeys.all, 'prospects-preview', filters] as const,
  importStatus: (jobId: string | number) => [...personaKeys.all, 'import', String(jobId)] as const,
};
