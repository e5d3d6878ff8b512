import { useMutation } from '@tanstack/react-query';
import type { TestCallBody } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';

/** POST test_call: the agent calls the user's own phone. */
export function useTestCall() {
  return useMutation({ mutationFn: (body: TestCallBody) => api.messagingSettings.testCall(body) });
}
