import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignEmailListParams } from '@shared/api/endpoints/campaigns';
import type { CreateCampaignBody, UpdateCampaignEmailBody } from '@shared/schemas/campaigns';
import { api } from '@web/lib/api';
import { useLiveFallbackInterval } from '@web/stores/live';

/** Query keys: campaigns, their emails (the review queue is a filtered list), and the pickers' data. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  detail: (id: number) => [...campaignKeys.all, 'detail', id] as const,
  emails: () => [...campaignKeys.all, 'emails'] as const,
  emailList: (campaignId: number | null, params: CampaignEmailListParams) => [...campaignKeys.emails(), campaignId, params] as const,
  skipped: (id: number, page: number) => [...campaignKeys.all, 'skipped', id, page] as const,
  employees: () => [...campaignKeys.all, 'virtual-employees'] as const,
  personas: () => [...campaignKeys.all, 'personas'] as const,
};

export const useCampaigns = () => useQuery({ queryKey: campaignKeys.list(), queryFn: () => api.campaigns.list() });
/**
 * While a campaign runs, its counts move (enrolment, composition and sending run in the background): the
 * live connection brings each change; only while it is down are they refreshed every few seconds.
 */
export const RUNNING_REFRESH_MS = 5000;
export const useCampaign = (id: number) => {
  const fallback = useLiveFallbackInterval(RUNNING_REFRESH_MS);
  return useQuery({ queryKey: campaignKeys.detail(id), queryFn: () => api.campaigns.show(id), refetchInterval: (q) => (q.state.data?.status === 'running' ? fallback : false) });
};

/** A campaign's emails (campaignId) or the account's, one page; `refetchInterval` applies only while the live connection is down. */
export const useCampaignEmails = (campaignId: number | null, params: CampaignEmailListParams, refetchInterval: number | false = false) => {
  const fallback = useLiveFallbackInterval(refetchInterval === false ? 0 : refetchInterval);
  return useQuery({
    refetchInterval: fallback || false,
    queryKey: campaignKeys.emailList(campaignId, params),
    queryFn: () => (campaignId === null ? api.campaignEmails.list(params) : api.campaigns.emails(campaignId, params)),
    placeholderData: keepPreviousData,
  });
};

export const useVirtualEmployeeOptions = () => useQuery({ queryKey: campaignKeys.employees(), queryFn: () => api.virtualEmployees.list() });
export const usePersonaOptions = () => useQuery({ queryKey: campaignKeys.personas(), queryFn: () => api.persons.list({ per_page: 100 }).then((p) => p.data) });

function useCampaignMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }) });
}

export const useCreateCampaign = () => useCampaignMutation((body: CreateCampaignBody) => api.campaigns.create(body));
export const useUpdateCampaign = () =>
  useCampaignMutation(({ id, body }: { id: number; body: Partial<Omit<CreateCampaignBody, 'person_id'>> }) => api.campaigns.update(id, body));
export const useCampaignTransition = () =>
  useCampaignMutation(({ id, action }: { id: number; action: 'start' | 'pause' | 'resume' | 'archive' }) => api.campaigns.transition(id, action));
export const useApproveAll = () => useCampaignMutation((id: number) => api.campaigns.approveAll(id));
export const useUpdateCampaignEmail = () => useCampaignMutation(({ id, body }: { id: number; body: UpdateCampaignEmailBody }) => api.campaignEmails.update(id, body));
export const useStopSending = () => useCampaignMutation((id: number) => api.campaignEmails.markStopSending(id));
export const useSendAnyway = () => useCampaignMutation((id: number) => api.campaignEmails.sendAnyway(id));

/** The persona's prospects the campaign left out, and why (issue 25): on the blacklist, in conversation, in another campaign, no address. */
export const SKIPPED_PER_PAGE = 25;
export const useSkippedProspects = (campaignId: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: campaignKeys.skipped(campaignId, page),
    queryFn: () => api.campaigns.skippedProspects(campaignId, { page, per_page: SKIPPED_PER_PAGE }),
    placeholderData: keepPreviousData,
    enabled,
  });
/** Enrols one prospect on purpose (someone in conversation, whom enrolment skips). */
export const useEnrolProspect = () => useCampaignMutation(({ campaignId, prospectId }: { campaignId: number; prospectId: number }) => api.campaigns.enrolProspect(campaignId, prospectId));

/** The A/B variants of the campaign's steps compared (issue 26); only asked for when a step has variants. */
export const useCampaignVariants = (campaignId: number, enabled: boolean) =>
  useQuery({ queryKey: [...campaignKeys.detail(campaignId), 'variants'] as const, queryFn: () => api.variants.compare(campaignId), enabled });
/** "Send the winner from now on" for one step. */
export const useSendWinner = () =>
  useCampaignMutation(({ campaignId, position, variantIndex }: { campaignId: number; position: number; variantIndex: number }) => api.variants.sendWinner(campaignId, position, variantIndex));
