import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InteractionFilters } from '@shared/schemas/interactions';
import { api } from '@web/lib/api';
import { useLiveFallbackInterval } from '@web/stores/live';
import { INBOX_REFRESH_MS } from './inbox';

export const INTERACTIONS_PER_PAGE = 50;
/** A panel's timeline shows this many entries, then "Show more". */
export const PANEL_PAGE = 30;
/** A panel shows what it has at once and asks again each time it opens (a reply may have come in meanwhile). */
const PANEL_FRESHNESS = { staleTime: 0 } as const;

/**
 * Query keys of the interactions view and the side panels (GET campaign_emails with interaction_view,
 * interactions_stats, one campaign email's context, the person/offering behind it, a prospect's activity).
 */
export const interactionKeys = {
  all: ['interactions'] as const,
  lists: () => [...interactionKeys.all, 'list'] as const,
  list: (filters: InteractionFilters) => [...interactionKeys.lists(), filters] as const,
  stats: (filters: InteractionFilters) => [...interactionKeys.all, 'stats', filters] as const,
  timeline: (filters: InteractionFilters, perPage: number) => [...interactionKeys.all, 'timeline', filters, perPage] as const,
  email: (id: number) => [...interactionKeys.all, 'email', id] as const,
  personOffering: (id: number) => [...interactionKeys.all, 'person-offering', id] as const,
  prospectActivity: (prospectId: number, perPage: number) => [...interactionKeys.all, 'prospect-activity', prospectId, perPage] as const,
};

/**
 * The interactions list, page after page, for the virtualised list. Like the threads, the live connection
 * keeps it and its counts fresh (app/live-connector.ts: every activity, a thread's reply status); only while
 * it is down do they refresh every INBOX_REFRESH_MS.
 */
export function useInteractions(filters: InteractionFilters) {
  const refetchInterval = useLiveFallbackInterval(INBOX_REFRESH_MS);
  return useInfiniteQuery({
    queryKey: interactionKeys.list(filters),
    queryFn: ({ pageParam }) => api.campaignEmails.interactions({ per_page: INTERACTIONS_PER_PAGE, page: pageParam, filters }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page * last.meta.per_page < last.meta.total ? last.meta.page + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** Counts of the filtered interactions (by kind, channel, outcome), kept fresh as the list is. */
export function useInteractionStats(filters: InteractionFilters) {
  const refetchInterval = useLiveFallbackInterval(INBOX_REFRESH_MS);
  return useQuery({ queryKey: interactionKeys.stats(filters), queryFn: () => api.campaignEmails.interactionsStats(filters), placeholderData: keepPreviousData, refetchInterval });
}

/** A short timeline (one prospect, one campaign, one channel) for a panel; `perPage` grows with "Show more". */
export function useInteractionTimeline(filters: InteractionFilters, perPage: number, enabled = true) {
  return useQuery({
    queryKey: interactionKeys.timeline(filters, perPage),
    queryFn: () => api.campaignEmails.interactions({ per_page: perPage, filters }),
    placeholderData: keepPreviousData,
    enabled,
    ...PANEL_FRESHNESS,
  });
}

export function useCampaignEmailDetail(id: number | null) {
  return useQuery({ queryKey: interactionKeys.email(id ?? 0), queryFn: () => api.campaignEmails.show(id!), enabled: id !== null && id > 0, ...PANEL_FRESHNESS });
}

export function usePersonOfferingInfo(id: number | null) {
  return useQuery({ queryKey: interactionKeys.personOffering(id ?? 0), queryFn: () => api.campaignEmails.personOfferingInfo(id!), enabled: id !== null && id > 0, ...PANEL_FRESHNESS });
}

/** One prospect's activity log (GET activity_list?prospect_id=). */
export function useProspectActivity(prospectId: number | null, perPage: number) {
  return useQuery({
    queryKey: interactionKeys.prospectActivity(prospectId ?? 0, perPage),
    queryFn: () => api.dashboard.activityList({ prospect_id: prospectId!, per_page: perPage }),
    enabled: prospectId !== null && prospectId > 0,
    placeholderData: keepPreviousData,
    ...PANEL_FRESHNESS,
  });
}
