import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePersonaBody } from '@shared/schemas/personas';
import { api } from '@web/lib/api';
import { personaKeys } from './keys';

/** POST persons. */
export function useCreatePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePersonaBody) => api.persons.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personaKeys.lists() }),
  });
}
