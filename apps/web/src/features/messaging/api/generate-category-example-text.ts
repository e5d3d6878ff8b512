import { useMutation } from '@tanstack/react-query';
import type { GenerateCategoryExampleTextBody } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';

/**
 * POST message_instructions_by_categories/generate_example_text: 200 with the text, or 202 {job_id}
 * polled (GET generation_jobs/{id}) until it succeeds or fails; a failure rejects with the server's message.
 */
export function useGenerateCategoryExampleText() {
  return useMutation({
    mutationFn: async (body: GenerateCategoryExampleTextBody) =>
      api.generation.waitFor(await api.messageInstructions.generateExampleText(body)),
  });
}
