import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagingSetting, UpdateMessagingSettingBody } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';
import { messagingKeys } from './keys';

/**
 * PUT messaging_settings/{id} with one page's fields; with no setting yet, POST messaging_settings
 * creates the account's default with them, so every page works from an empty account.
 */
export function useSaveMessagingSetting(settingId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMessagingSettingBody) =>
      settingId == null ? api.messagingSettings.create({ persona_id: null, ...body }) : api.messagingSettings.update(settingId, body),
    onSuccess: (saved: MessagingSetting) => {
      queryClient.setQueryData<MessagingSetting[]>(messagingKeys.list(), (list) => {
        if (!list) return [saved];
        return list.some((s) => s.id === saved.id) ? list.map((s) => (s.id === saved.id ? saved : s)) : [...list, saved];
      });
      return queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    },
  });
}
