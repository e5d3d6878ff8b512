import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { messagingKeys } from './keys';

/** GET messaging_settings: the account default (persona_id null) first, then one per persona. */
export const messagingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.list(),
    queryFn: () => api.messagingSettings.list(),
  });

export function useMessagingSettings() {
  return useQuery(messagingSettingsQueryOptions());
}
