import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BlacklistedDomainList,
  BlacklistedEmailList,
  CreateBlacklistedDomainsResult,
  CreateBlacklistedEmailsResult,
} from '@shared/schemas/blacklist';
import { api } from '@web/lib/api';
import { downloadText } from '@web/lib/download';

export type BlacklistKind = 'emails' | 'domains';
export type BlacklistPageParams = { search: string; page: number; per_page: number };

/** Query keys: one tree per list, so a change to the emails refreshes only the emails. */
export const blacklistKeys = {
  all: ['blacklist'] as const,
  lists: (kind: BlacklistKind) => [...blacklistKeys.all, kind] as const,
  list: (kind: BlacklistKind, params: BlacklistPageParams) => [...blacklistKeys.lists(kind), params] as const,
};

/** GET blacklisted_emails or domains/blacklisted_domains: one page, newest first. */
export function useBlacklist(kind: BlacklistKind, params: BlacklistPageParams) {
  return useQuery<BlacklistedEmailList | BlacklistedDomainList>({
    queryKey: blacklistKeys.list(kind, params),
    queryFn: () => (kind === 'emails' ? api.blacklist.emails(params) : api.blacklist.domains(params)),
    placeholderData: keepPreviousData,
  });
}

/** POST create_blacklisted_emails / domains/create_blacklisted_domains (the server reports each invalid item). */
export function useAddToBlacklist(kind: BlacklistKind) {
  const queryClient = useQueryClient();
  return useMutation<CreateBlacklistedEmailsResult | CreateBlacklistedDomainsResult, Error, string[]>({
    mutationFn: (values) => (kind === 'emails' ? api.blacklist.addEmails(values) : api.blacklist.addDomains(values)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blacklistKeys.lists(kind) }),
  });
}

/** DELETE remove_email_from_blacklist?id= / domains/{id}/remove_domain_from_blacklist. */
export function useRemoveFromBlacklist(kind: BlacklistKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => (kind === 'emails' ? api.blacklist.removeEmail(id) : api.blacklist.removeDomain(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blacklistKeys.lists(kind) }),
  });
}

/** GET campaign_emails/export_blacklisted_prospects, saved as blacklist-<date>.csv. */
export function useExportBlacklist() {
  return useMutation({
    mutationFn: () => api.blacklist.exportCsv(),
    onSuccess: (csv) => downloadText(csv, `blacklist-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
