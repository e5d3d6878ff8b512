import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMessagingSettingBody } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';
import { messagingKeys } from './keys';

/** POST messaging_settings: a persona's own settings (or the account default with persona_id null). */
export function useCreateMessagingSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMessagingSettingBody) => api.messagingSettings.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}
