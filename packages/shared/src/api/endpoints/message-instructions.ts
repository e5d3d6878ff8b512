import type { ApiClient } from '../client';
import type {
  CreateMessageInstructionBody,
  GenerateCategoryExampleTextBody,
  MessageInstruction,
  UpdateMessageInstructionBody,
} from '../../schemas/messaging';
import { generationOutcome, type GenerationOutcome } from './generation';

const BASE = '/message_instructions_by_categories';

/** Message instructions by categories: one instruction per category (cold email, follow-up, …). */
export function messageInstructionEndpoints(http: ApiClient) {
  return {
    list: () => http.get<{ data: MessageInstruction[] }>(BASE).then((r) => r.data.data),
    get: (id: number) => http.get<{ data: MessageInstruction }>(`${BASE}/${id}`).then((r) => r.data.data),
    create: (body: CreateMessageInstructionBody) => http.post<{ data: MessageInstruction }>(BASE, body).then((r) => r.data.data),
    update: (id: number, body: UpdateMessageInstructionBody) =>
      http.put<{ data: MessageInstruction }>(`${BASE}/${id}`, body).then((r) => r.data.data),
    /** 200 with the text, or 202 with a job to poll (see generationEndpoints.waitFor). */
    generateExampleText: (body: GenerateCategoryExampleTextBody): Promise<GenerationOutcome> =>
      http.post(`${BASE}/generate_example_text`, body).then(generationOutcome),
  };
}
