import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_CATEGORY_LABELS, type MessageCategory, type MessageInstruction } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';
import { messageInstructionKeys } from './keys';

export type SaveMessageInstructionInput = { category: MessageCategory; instructions: string };

/**
 * POST message_instructions_by_categories for a category's first save (titled with its label),
 * PUT message_instructions_by_categories/{id} with the instructions after that.
 */
export function useSaveMessageInstruction(instructionId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ category, instructions }: SaveMessageInstructionInput) =>
      instructionId == null
        ? api.messageInstructions.create({ category, title: MESSAGE_CATEGORY_LABELS[category], instructions })
        : api.messageInstructions.update(instructionId, { instructions }),
    onSuccess: (saved: MessageInstruction) => {
      queryClient.setQueryData<MessageInstruction[]>(messageInstructionKeys.list(), (list) => {
        if (!list) return [saved];
        return list.some((i) => i.id === saved.id) ? list.map((i) => (i.id === saved.id ? saved : i)) : [...list, saved];
      });
      return queryClient.invalidateQueries({ queryKey: messageInstructionKeys.all });
    },
  });
}
