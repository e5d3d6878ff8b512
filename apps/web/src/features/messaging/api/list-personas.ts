import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { personaKeys } from './keys';

/** GET persons: the account's personas, newest first (the first 100 are plenty for a picker). */
export const personasQueryOptions = (params: { page: number; per_page: number } = { page: 1, per_page: 100 }) =>
  queryOptions({
    queryKey: personaKeys.list(params),
    queryFn: () => api.persons.list(params),
  });

export function usePersonas(params?: { page: number; per_page: number }) {
  return useQuery(personasQueryOptions(params));
}
