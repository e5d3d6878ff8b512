import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComplianceSettingsBody } from '@shared/schemas/compliance';
import type { CreateUserEmailBody, MailOAuthProvider, UpdateUserEmailBody } from '@shared/schemas/user-emails';
import { api } from '@web/lib/api';

/** Query keys: the account's mailboxes and their sending domains (a mailbox change refreshes both). */
export const mailboxKeys = {
  all: ['mailboxes'] as const,
  list: () => [...mailboxKeys.all, 'list'] as const,
  domains: () => [...mailboxKeys.all, 'domains'] as const,
  capacity: () => [...mailboxKeys.all, 'capacity'] as const,
  campaignCapacity: (campaignId: number, virtualEmployeeIds: readonly number[]) => [...mailboxKeys.capacity(), 'campaign', campaignId, virtualEmployeeIds] as const,
  compliance: () => [...mailboxKeys.all, 'compliance'] as const,
  oauthProviders: () => [...mailboxKeys.all, 'oauth-providers'] as const,
};

/** GET user_emails/oauth_providers: which "Connect with …" buttons to show (the server's configuration; it does not change while the page is open). */
export const useMailOAuthProviders = () => useQuery({ queryKey: mailboxKeys.oauthProviders(), queryFn: () => api.userEmails.oauthProviders(), staleTime: Infinity });

/** POST user_emails/oauth/{provider}: the consent URL; the caller sends the browser there. */
export const useStartMailOAuth = () => useMutation({ mutationFn: (provider: MailOAuthProvider) => api.userEmails.startOAuth(provider) });

/** GET user_emails/capacity: refreshed every minute (sends and the clock move it). */
export const useCapacity = (enabled: boolean) =>
  useQuery({ queryKey: mailboxKeys.capacity(), queryFn: () => api.userEmails.capacity(), enabled, refetchInterval: 60_000 });

/**
 * GET user_emails/capacity?campaign_id=: today's capacity of one campaign's mailboxes (its virtual employees'). The
 * employees are part of the key, so editing the campaign's employees asks again at once.
 */
export const useCampaignCapacity = (campaignId: number, virtualEmployeeIds: readonly number[]) =>
  useQuery({ queryKey: mailboxKeys.campaignCapacity(campaignId, virtualEmployeeIds), queryFn: () => api.userEmails.capacity(campaignId), refetchInterval: 60_000 });

/** GET compliance_settings: the footer added to every campaign email at send time. */
export const useComplianceSettings = () => useQuery({ queryKey: mailboxKeys.compliance(), queryFn: () => api.compliance.get() });

/** PUT compliance_settings. */
export const useSaveComplianceSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComplianceSettingsBody) => api.compliance.update(body),
    onSuccess: (saved) => queryClient.setQueryData(mailboxKeys.compliance(), saved),
  });
};

/** GET user_emails. */
export const useMailboxes = () => useQuery({ queryKey: mailboxKeys.list(), queryFn: () => api.userEmails.list() });

/** GET domains (checked through DNS; the server keeps each check for an hour). */
export const useDomains = (enabled: boolean) => useQuery({ queryKey: mailboxKeys.domains(), queryFn: () => api.userEmails.domains(), enabled });

function useMailboxMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }) });
}

/** POST user_emails: tested live before it is saved; a refusal carries the steps (connectionTestOf). */
export const useCreateMailbox = () => useMailboxMutation((body: CreateUserEmailBody) => api.userEmails.create(body));
/** PUT user_emails/{id}. */
export const useUpdateMailbox = () => useMailboxMutation(({ id, body }: { id: number; body: UpdateUserEmailBody }) => api.userEmails.update(id, body));
export const useDeleteMailbox = () => useMailboxMutation((id: number) => api.userEmails.remove(id));
export const usePauseMailbox = () => useMailboxMutation((id: number) => api.userEmails.pause(id));
export const useResumeMailbox = () => useMailboxMutation((id: number) => api.userEmails.resume(id));
export const useTestMailbox = () => useMailboxMutation((id: number) => api.userEmails.test(id));

/** GET domains?refresh=1: check DNS again now. */
export function useRefreshDomains() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.userEmails.domains(true),
    onSuccess: (data) => {
      queryClient.setQueryData(mailboxKeys.domains(), data);
      void queryClient.invalidateQueries({ queryKey: mailboxKeys.list() });
    },
  });
}
