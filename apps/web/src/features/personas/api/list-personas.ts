import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PersonaListQuery } from '@shared/schemas/personas';
import { api } from '@web/lib/api';
import { personasPageKeys } from './keys';

export type PersonaListParams = Required<Pick<PersonaListQuery, 'page' | 'per_page' | 'sort' | 'sort_direction'>> & { filter?: string };

/** GET persons for the list page (compact view: no filters), under the shared list key so every mutation refreshes it. */
export function usePersonaList(params: PersonaListParams) {
  return useQuery({
    queryKey: [...personasPageKeys.lists(), 'page', params] as const,
    queryFn: () => api.persons.list({ ...params, view: 'compact' }),
    placeholderData: keepPreviousData,
  });
}
