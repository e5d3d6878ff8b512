import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { personasPageKeys, type ProspectsParams } from './keys';

/** GET persons/{id}/loaded_prospects: one page of the persona's prospects, ordered server-side. */
export const loadedProspectsQueryOptions = (id: number, params: ProspectsParams) =>
  queryOptions({
    queryKey: personasPageKeys.loadedProspects(id, params),
    queryFn: () => api.persons.loadedProspects(id, params),
    placeholderData: keepPreviousData,
  });

export function useLoadedProspects(id: number, params: ProspectsParams) {
  return useQuery(loadedProspectsQueryOptions(id, params));
}
