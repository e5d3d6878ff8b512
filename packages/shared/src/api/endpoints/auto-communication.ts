import type { ApiClient } from '../client';
import type { AutoCommunicationSettings, AutoCommunicationSettingsBody } from '../../schemas/auto-communication';

/** Auto communication (spec §7): GET and PUT auto_communication_settings. */
export function autoCommunicationEndpoints(http: ApiClient) {
  return {
    get: () => http.get<{ data: AutoCommunicationSettings }>('/auto_communication_settings').then((r) => r.data.data),
    update: (body: AutoCommunicationSettingsBody) =>
      http.put<{ data: AutoCommunicationSettings }>('/auto_communication_settings', body).then((r) => r.data.data),
  };
}
