import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdatePersonaBody } from '@shared/schemas/personas';
import { api } from '@web/lib/api';
import { personasPageKeys } from './keys';

/** GET persons/{id}/edit: the persona with its saved filters. */
export const personaQueryOptions = (id: number) =>
  queryOptions({ queryKey: personasPageKeys.detail(id), queryFn: () => api.persons.edit(id) });

export function usePersona(id: number) {
  return useQuery(personaQueryOptions(id));
}

/** PUT persons/{id}: name, description, or the saved search (filters replace the old ones whole). */
export function useUpdatePersona(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePersonaBody) => api.persons.update(id, body),
    onSuccess: (persona) => {
      queryClient.setQueryData(personasPageKeys.detail(id), persona);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: personasPageKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: personasPageKeys.loadedProspects(id) }),
      ]);
    },
  });
}
