import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { prospectKeys } from './keys';

/** GET prospects/search_by_linkedin_url: the saved prospect with this LinkedIn URL (and its personas), or null. */
export const prospectByLinkedInUrlQueryOptions = (profileUrl: string) =>
  queryOptions({
    queryKey: prospectKeys.byLinkedInUrl(profileUrl),
    queryFn: () => api.prospects.findByLinkedInUrl(profileUrl),
  });

export function useProspectByLinkedInUrl(profileUrl: string) {
  return useQuery(prospectByLinkedInUrlQueryOptions(profileUrl));
}
