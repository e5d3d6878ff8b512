import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateVirtualEmployeeBody } from '@shared/schemas/campaigns';
import { api } from '@web/lib/api';

export const virtualEmployeeKeys = {
  all: ['virtual-employees'] as const,
  list: () => [...virtualEmployeeKeys.all, 'list'] as const,
  mailboxes: () => [...virtualEmployeeKeys.all, 'mailboxes'] as const,
  personas: () => [...virtualEmployeeKeys.all, 'personas'] as const,
};

export const useVirtualEmployees = () => useQuery({ queryKey: virtualEmployeeKeys.list(), queryFn: () => api.virtualEmployees.list() });
export const useMailboxOptions = () => useQuery({ queryKey: virtualEmployeeKeys.mailboxes(), queryFn: () => api.userEmails.list() });
export const usePersonaChoices = () => useQuery({ queryKey: virtualEmployeeKeys.personas(), queryFn: () => api.persons.list({ per_page: 100 }).then((p) => p.data) });

export function useSaveVirtualEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateVirtualEmployeeBody }) => (id === null ? api.virtualEmployees.create(body) : api.virtualEmployees.update(id, body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: virtualEmployeeKeys.all }),
  });
}

export function useAddToWishlist() {
  return useMutation({ mutationFn: (body: { kind: string; note?: string | null }) => api.virtualEmployees.addToWishlist(body) });
}
