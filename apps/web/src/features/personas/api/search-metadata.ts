import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { personasPageKeys } from './keys';

/** POST search_metadata without filters: the values the account's prospects have, with counts. */
export function useSearchMetadata() {
  return useQuery({
    queryKey: personasPageKeys.searchMetadata(),
    queryFn: () => api.persons.searchMetadata({}),
    staleTime: 5 * 60_000,
  });
}
