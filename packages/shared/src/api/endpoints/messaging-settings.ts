import type { ApiClient } from '../client';
import type {
  AssignInstructionToPersonBody,
  CreateMessagingSettingBody,
  FollowupSettings,
  MessagingSetting,
  TestCallBody,
  TestCallResult,
  UpdateFollowupSettingsBody,
  UpdateMessagingSettingBody,
} from '../../schemas/messaging';

/** Messaging settings (one per persona, plus the account's default with persona_id null). */
export function messagingSettingEndpoints(http: ApiClient) {
  return {
    list: () => http.get<{ data: MessagingSetting[] }>('/messaging_settings').then((r) => r.data.data),
    edit: (id: number) => http.get<{ data: MessagingSetting }>(`/messaging_settings/${id}/edit`).then((r) => r.data.data),
    create: (body: CreateMessagingSettingBody) =>
      http.post<{ data: MessagingSetting }>('/messaging_settings', body).then((r) => r.data.data),
    update: (id: number, body: UpdateMessagingSettingBody) =>
      http.put<{ data: MessagingSetting }>(`/messaging_settings/${id}`, body).then((r) => r.data.data),
    remove: (id: number) => http.delete<{ data: { id: number } }>(`/messaging_settings/${id}`).then((r) => r.data.data),
    assignToPerson: (body: AssignInstructionToPersonBody) =>
      http.post<{ data: MessagingSetting }>('/assign_instruction_to_person', body).then((r) => r.data.data),
    /** The agent calls the user's own phone; simulated (logged) when no phone provider is configured. */
    testCall: (body: TestCallBody) => http.post<{ data: TestCallResult }>('/test_call', body).then((r) => r.data.data),
  };
}

/** Follow-up settings (/business-information/followup): one per account. */
export function followupSettingEndpoints(http: ApiClient) {
  return {
    get: () => http.get<{ data: FollowupSettings }>('/followup_settings').then((r) => r.data.data),
    update: (body: UpdateFollowupSettingsBody) =>
      http.put<{ data: FollowupSettings }>('/followup_settings', body).then((r) => r.data.data),
  };
}
