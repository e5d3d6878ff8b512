import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateIntegrationBody, IntegrationSettings, IntegrationSync } from '@shared/schemas/integrations';
import type { SalesforceObject } from '@shared/schemas/integrations-salesforce';
import { api } from '@web/lib/api';

/** Query keys: the account's integrations, each one's ledger and imports, HubSpot's lists. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => [...integrationKeys.all, 'list'] as const,
  writes: (id: number) => [...integrationKeys.all, id, 'writes'] as const,
  syncs: (id: number) => [...integrationKeys.all, id, 'syncs'] as const,
  sync: (id: number, syncId: number) => [...integrationKeys.all, id, 'syncs', syncId] as const,
  hubspotLists: () => [...integrationKeys.all, 'hubspot', 'lists'] as const,
  salesforceLists: () => [...integrationKeys.all, 'salesforce', 'lists'] as const,
  calendlyEvents: () => [...integrationKeys.all, 'calendly', 'events'] as const,
};

/** GET integrations (with the brand's providers in meta). */
export const useIntegrations = () => useQuery({ queryKey: integrationKeys.list(), queryFn: () => api.integrations.list() });

/** GET integrations/{id}/writes: the ledger; refreshed while a write is on its way (a job writes it). */
export const useWrites = (id: number) =>
  useQuery({
    queryKey: integrationKeys.writes(id),
    queryFn: () => api.integrations.writes(id),
    refetchInterval: (q) => (q.state.data?.some((w) => w.status === 'pending' || w.status === 'running') ? 2000 : false),
  });

/** GET integrations/{id}/syncs/{syncId}: polled while the vendor is read or the preview applied. */
export const useSync = (id: number, syncId: number | null) =>
  useQuery({
    queryKey: integrationKeys.sync(id, syncId ?? 0),
    queryFn: () => api.integrations.sync(id, syncId!),
    enabled: syncId !== null,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'previewing' || q.state.data.status === 'applying') ? 1500 : false),
  });

/** GET integrations/hubspot_lists (the first 100 lists). */
export const useHubSpotLists = (enabled: boolean) => useQuery({ queryKey: integrationKeys.hubspotLists(), queryFn: () => api.integrations.hubspotLists({ count: 100 }), enabled });

/** GET integrations/hubspot/push_preview: what automatic pushes would have done with the last 30 days' replies. */
export const useHubSpotPushPreview = (mode: 'positive' | 'all' | null) =>
  useQuery({ queryKey: [...integrationKeys.all, 'hubspot', 'push-preview', mode] as const, queryFn: () => api.integrations.hubspotPushPreview(mode!), enabled: mode !== null });

/** POST integrations: the consent URL; the caller sends the browser there. */
export const useConnect = () => useMutation({ mutationFn: (body: CreateIntegrationBody) => api.integrations.connect(body) });

function useIntegrationMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}

export const useUpdateSettings = () => useIntegrationMutation(({ id, settings }: { id: number; settings: IntegrationSettings }) => api.integrations.updateSettings(id, settings));
export const useDisconnect = () => useIntegrationMutation((id: number) => api.integrations.disconnect(id));
export const useReplay = () => useIntegrationMutation(({ id, writeId }: { id: number; writeId: number }) => api.integrations.replay(id, writeId));

export const usePreviewBlacklistImport = () =>
  useMutation({ mutationFn: (body: { list_id: string | null; list_name: string | null }): Promise<IntegrationSync> => api.integrations.previewHubSpotBlacklistImport(body) });

export function useConfirmBlacklistImport(integrationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (syncId: number) => api.integrations.confirmHubSpotBlacklistImport(syncId),
    onSuccess: (sync) => queryClient.setQueryData(integrationKeys.sync(integrationId, sync.id), sync),
  });
}

/** POST replies/{id}/import_contact_to_hubspot (the inbox's "Add to HubSpot"). */
export function usePushReplyToHubSpot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (replyId: number) => api.integrations.pushReplyToHubSpot(replyId), onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}

/** GET integrations/salesforce_lists: the org's Lead and Contact list views. */
export const useSalesforceLists = (enabled: boolean) => useQuery({ queryKey: integrationKeys.salesforceLists(), queryFn: () => api.integrations.salesforceLists(), enabled });

export const usePreviewSalesforceBlacklistImport = () =>
  useMutation({ mutationFn: ({ listId, sobject, listName }: { listId: string; sobject: SalesforceObject; listName: string }) => api.integrations.previewSalesforceBlacklistImport(listId, { sobject, list_name: listName }) });

export function useConfirmSalesforceBlacklistImport(integrationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, syncId }: { listId: string; syncId: number }) => api.integrations.confirmSalesforceBlacklistImport(listId, syncId),
    onSuccess: (sync) => queryClient.setQueryData(integrationKeys.sync(integrationId, sync.id), sync),
  });
}

/** POST replies/{id}/import_contact_to_salesforce (the inbox's "Add to Salesforce"). */
export function usePushReplyToSalesforce() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (replyId: number) => api.integrations.pushReplyToSalesforce(replyId), onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}

/** GET integrations/calendly_events, page after page (Calendly's cursor). */
export const useCalendlyEvents = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: integrationKeys.calendlyEvents(),
    queryFn: ({ pageParam }) => api.integrations.calendlyEvents({ count: 10, ...(pageParam ? { page_token: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_page_token,
    enabled,
  });

export const useConnectCalendlyToken = () => useIntegrationMutation((token: string) => api.integrations.connectCalendlyToken(token));
