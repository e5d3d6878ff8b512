import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { linkedInAccountKeys } from './keys';

/** GET linkedin_accounts: the account's connected LinkedIn accounts. */
export const linkedInAccountsQueryOptions = () =>
  queryOptions({
    queryKey: linkedInAccountKeys.list(),
    queryFn: () => api.linkedInAccounts.list(),
  });

export function useLinkedInAccounts() {
  return useQuery(linkedInAccountsQueryOptions());
}
