import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { messageInstructionKeys } from './keys';

/** GET message_instructions_by_categories: at most one instruction per category. */
export const messageInstructionsQueryOptions = () =>
  queryOptions({
    queryKey: messageInstructionKeys.list(),
    queryFn: () => api.messageInstructions.list(),
  });

export function useMessageInstructions() {
  return useQuery(messageInstructionsQueryOptions());
}
