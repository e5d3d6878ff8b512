import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkedInProfile } from '@shared/schemas/linkedin';
import { api } from '@web/lib/api';
import { personaKeys, prospectKeys } from './keys';

/** POST persons/{id}/prospects: adds a captured profile; the same LinkedIn URL updates the prospect. */
export function useAddCapturedProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personaId, profile }: { personaId: number; profile: LinkedInProfile }) =>
      api.persons.addCapturedProspect(personaId, profile),
    onSuccess: (result, { personaId, profile }) => {
      queryClient.setQueryData(prospectKeys.byLinkedInUrl(profile.profile_url), result.data);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: prospectKeys.all }),
        queryClient.invalidateQueries({ queryKey: personaKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: personaKeys.loadedProspects(personaId) }),
      ]);
    },
  });
}
