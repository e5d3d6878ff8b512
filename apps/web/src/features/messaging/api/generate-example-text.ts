import { useMutation } from '@tanstack/react-query';
import type { GenerateExampleTextBody } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';

/**
 * POST generate_example_text: 200 with the text, or 202 {job_id} polled (GET generation_jobs/{id})
 * until it succeeds or fails; a failure rejects with the server's message.
 */
export function useGenerateExampleText() {
  return useMutation({
    mutationFn: async (body: GenerateExampleTextBody) => api.generation.waitFor(await api.generation.generateExampleText(body)),
  });
}
