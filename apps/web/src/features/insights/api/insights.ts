import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod } from '@shared/schemas/dashboard';
import type { StatisticName } from '@shared/schemas/insights';
import { api } from '@web/lib/api';
import { insightsKeys } from './keys';

// A period switch keeps the previous figures on screen (dimmed) until the new ones arrive.

/** While the API answers a big account's last figures as stale (newer ones being computed), the page asks again this often. */
export const STALE_REFETCH_MS = 5000;
const whileStale = (query: { state: { data?: { freshness: { stale: boolean } } } }) => (query.state.data?.freshness.stale ? STALE_REFETCH_MS : false);

/** GET insights/deliverability/overall-stats?period=&campaign_id= */
export const useOverallStats = (period: DashboardPeriod, campaignId: number | null = null) =>
  useQuery({
    queryKey: insightsKeys.overallStats(period, campaignId),
    queryFn: () => api.insights.overallStats({ period, ...(campaignId ? { campaign_id: campaignId } : {}) }),
    placeholderData: keepPreviousData,
    refetchInterval: whileStale,
  });

/** GET insights/performance/my_opportunities?period= */
export const useOpportunities = (period: DashboardPeriod) =>
  useQuery({ queryKey: insightsKeys.opportunities(period), queryFn: () => api.insights.opportunities({ period }), placeholderData: keepPreviousData, refetchInterval: whileStale });

/** GET insights/performance/target_audience?statistic_name=&period= */
export const useTargetAudience = (period: DashboardPeriod, name: StatisticName) =>
  useQuery({ queryKey: insightsKeys.targetAudience(period, name), queryFn: () => api.insights.targetAudience({ period, statistic_name: name }), placeholderData: keepPreviousData, refetchInterval: whileStale });

/** The account's campaigns, for the deliverability tab's campaign picker (GET campaigns). */
export const useCampaignChoices = () => useQuery({ queryKey: [...insightsKeys.all, 'campaign-choices'], queryFn: () => api.campaigns.list(), staleTime: 60_000 });
