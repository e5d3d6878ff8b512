import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/schemas/auth';
import { api } from '@web/lib/api';

/** Query keys for the signed-in user (server data lives only in the query cache). */
export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
};

export const userInfoQueryOptions = () =>
  queryOptions<User>({
    queryKey: userKeys.info(),
    queryFn: () => api.user.userInfo(),
    staleTime: 5 * 60_000,
  });

export function useUser() {
  return useQuery(userInfoQueryOptions());
}
