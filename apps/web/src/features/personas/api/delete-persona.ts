import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { personasPageKeys } from './keys';

/** DELETE persons/{id}. */
export function useDeletePersona() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.persons.delete(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: personasPageKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: personasPageKeys.lists() });
    },
  });
}
