import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOfferingBody, UpdateOfferingBody } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';
import { offeringKeys } from './keys';

/** GET offerings. */
export const offeringsQueryOptions = () => queryOptions({ queryKey: offeringKeys.list(), queryFn: () => api.offerings.list() });

export function useOfferings() {
  return useQuery(offeringsQueryOptions());
}

/** POST offerings (one offering per call; the spec's "(list)" is read as "the list resource"). */
export function useCreateOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOfferingBody) => api.offerings.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
  });
}

/** PUT offerings/{id}. */
export function useUpdateOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateOfferingBody }) => api.offerings.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
  });
}

/** DELETE offerings/{id}. */
export function useDeleteOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.offerings.remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
  });
}
