import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignInstructionToPersonBody } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';
import { messagingKeys, personaKeys } from './keys';

/** POST assign_instruction_to_person: the setting becomes this persona's. */
export function useAssignMessagingSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignInstructionToPersonBody) => api.messagingSettings.assignToPerson(body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
        queryClient.invalidateQueries({ queryKey: personaKeys.lists() }),
      ]),
  });
}
