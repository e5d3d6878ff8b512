import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { personaKeys } from './keys';

const PICKER_PAGE = { page: 1, per_page: 50, order_by: 'created_at', order_direction: 'desc' } as const;

/** GET persons/{id}/loaded_prospects: the newest 50, enough to pick an example prospect from. */
export const loadedProspectsQueryOptions = (personaId: number) =>
  queryOptions({
    queryKey: [...personaKeys.loadedProspects(personaId), PICKER_PAGE] as const,
    queryFn: () => api.persons.loadedProspects(personaId, PICKER_PAGE),
  });

export function useLoadedProspects(personaId: number | null) {
  return useQuery({ ...loadedProspectsQueryOptions(personaId ?? 0), enabled: personaId != null });
}
