import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PutTrackingCodeBody, WebsiteVisitorsQuery } from '@shared/schemas/tracking';
import { api } from '@web/lib/api';
import { downloadText } from '@web/lib/download';

/** Query keys: the code (with its last check), the visitors' lists and trails, the personal-link settings. */
export const trackingKeys = {
  all: ['tracking'] as const,
  code: () => [...trackingKeys.all, 'code'] as const,
  visitors: () => [...trackingKeys.all, 'visitors'] as const,
  visitorList: (params: WebsiteVisitorsQuery) => [...trackingKeys.visitors(), 'list', params] as const,
  trail: (id: number) => [...trackingKeys.visitors(), 'trail', id] as const,
  personalLinks: () => [...trackingKeys.all, 'personal-links'] as const,
};

/** GET tracking_codes. */
export const useTrackingCode = () => useQuery({ queryKey: trackingKeys.code(), queryFn: () => api.tracking.code() });

/** PUT tracking_codes: website, GTM container, personal link target. */
export function useUpdateTrackingCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutTrackingCodeBody) => api.tracking.updateCode(body),
    onSuccess: (code) => queryClient.setQueryData(trackingKeys.code(), code),
  });
}

/** GET tracking_codes/check: the answer is also the code's last_check. */
export function useCheckWebsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.tracking.check(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackingKeys.code() }),
  });
}

/** GET website_visitors: one page, refreshed every 30 s while the page is open (visits arrive by themselves). */
export const useWebsiteVisitors = (params: WebsiteVisitorsQuery) =>
  useQuery({ queryKey: trackingKeys.visitorList(params), queryFn: () => api.tracking.visitors(params), placeholderData: keepPreviousData, refetchInterval: 30_000 });

/** GET website_visitors/{id}/pages. */
export const useVisitorTrail = (id: number | null) =>
  useQuery({ queryKey: trackingKeys.trail(id ?? 0), queryFn: () => api.tracking.trail(id!), enabled: id !== null });

/** PUT website_visitors/{id}/wrong_company. */
export function useMarkWrongCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, wrong }: { id: number; wrong: boolean }) => api.tracking.markWrongCompany(id, wrong),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackingKeys.visitors() }),
  });
}

/** GET website_visitors/export_to_csv with the list's filter and order, saved as website-visitors-<date>.csv. */
export function useExportVisitors(params: WebsiteVisitorsQuery) {
  return useMutation({
    mutationFn: () => api.tracking.exportCsv({ ...params, page: undefined, per_page: undefined }),
    onSuccess: (csv) => downloadText(csv, `website-visitors-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}

export const usePersonalLinkCampaigns = () => useQuery({ queryKey: trackingKeys.personalLinks(), queryFn: () => api.tracking.personalLinks() });

export function useSetPersonalLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, enabled }: { campaignId: number; enabled: boolean }) => api.tracking.setPersonalLinks(campaignId, enabled),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackingKeys.personalLinks() }),
  });
}
