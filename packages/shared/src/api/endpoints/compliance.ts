import type { ApiClient } from '../client';
import type { ComplianceSettings, ComplianceSettingsBody } from '../../schemas/compliance';

/** The compliance footer of campaign emails: GET and PUT compliance_settings. */
export function complianceEndpoints(http: ApiClient) {
  return {
    get: () => http.get<{ data: ComplianceSettings }>('/compliance_settings').then((r) => r.data.data),
    update: (body: ComplianceSettingsBody) => http.put<{ data: ComplianceSettings }>('/compliance_settings', body).then((r) => r.data.data),
  };
}
