import { useState } from 'react';
import type { MessagingSetting, UpdateMessagingSettingBody } from '@shared/schemas/messaging';
import { useSaveMessagingSetting } from '../api/save-messaging-setting';

/** Saves one page's fields of a setting and remembers when it last succeeded. */
export function useSettingSave(setting: MessagingSetting | null) {
  const save = useSaveMessagingSetting(setting?.id ?? null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const submit = async (body: UpdateMessagingSettingBody) => {
    setSavedAt(null);
    try {
      const saved = await save.mutateAsync(body);
      setSavedAt(new Date());
      return saved;
    } catch {
      return null;
    }
  };
  return { submit, savedAt, pending: save.isPending, error: save.error };
}
