import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateLinkedInSearchBody } from '@shared/schemas/linkedin-searches';
import { api } from '@web/lib/api';
import { personasPageKeys } from './keys';

/** GET linkedin_searches?person_id=: the persona's saved LinkedIn searches, newest first. */
export const linkedInSearchesQueryOptions = (personaId: number) =>
  queryOptions({ queryKey: personasPageKeys.linkedinSearches(personaId), queryFn: () => api.linkedInSearches.list({ person_id: personaId }) });

export function useLinkedInSearches(personaId: number) {
  return useQuery(linkedInSearchesQueryOptions(personaId));
}

/** POST linkedin_searches: saving the same search again answers the one already saved. */
export function useCreateLinkedInSearch(personaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateLinkedInSearchBody, 'person_id'>) => api.linkedInSearches.create({ ...body, person_id: personaId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personasPageKeys.linkedinSearches(personaId) }),
  });
}

/** DELETE linkedin_searches/{id}: the prospects it added stay. */
export function useDeleteLinkedInSearch(personaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.linkedInSearches.remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personasPageKeys.linkedinSearches(personaId) }),
  });
}
