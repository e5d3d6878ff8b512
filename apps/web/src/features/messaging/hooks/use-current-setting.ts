import { useSearchParams } from 'react-router';
import { useMessagingSettings } from '../api/list-messaging-settings';

/** The query parameter that picks which messaging setting the pages edit. */
export const SETTING_PARAM = 'setting';

/**
 * The messaging setting the pages edit: ?setting=<id>, else the first (the account default).
 * null when the account has none yet (a page's first save creates the default).
 */
export function useCurrentSetting() {
  const [params] = useSearchParams();
  const query = useMessagingSettings();
  const wanted = Number(params.get(SETTING_PARAM));
  const settings = query.data ?? [];
  const setting = settings.find((s) => s.id === wanted) ?? settings[0] ?? null;
  return { query, settings, setting };
}
