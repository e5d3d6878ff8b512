import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod } from '@shared/schemas/dashboard';
import { api } from '@web/lib/api';
import { dashboardKeys } from './keys';

/** GET dashboard_general_statistics?period= */
export const generalStatisticsQueryOptions = (period: DashboardPeriod) =>
  queryOptions({ queryKey: dashboardKeys.generalStatistics(period), queryFn: () => api.dashboard.generalStatistics(period) });

/** GET dashboard_activity_graph_statistics?period= */
export const activityGraphQueryOptions = (period: DashboardPeriod) =>
  queryOptions({ queryKey: dashboardKeys.activityGraph(period), queryFn: () => api.dashboard.activityGraph(period) });

/** GET channels_activity?period= */
export const channelsActivityQueryOptions = (period: DashboardPeriod) =>
  queryOptions({ queryKey: dashboardKeys.channelsActivity(period), queryFn: () => api.dashboard.channelsActivity(period) });

/** GET dashboard_aware_companies_statistics (all time, top `limit`). */
export const awareCompaniesQueryOptions = (limit = 8) =>
  queryOptions({ queryKey: dashboardKeys.awareCompanies(limit), queryFn: () => api.dashboard.awareCompanies({ limit }) });

/** GET activity_list, page by page ("Load more"). */
export const activityListQueryOptions = (perPage = 10) =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.activityList(perPage),
    queryFn: ({ pageParam }) => api.dashboard.activityList({ page: pageParam, per_page: perPage }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page * last.meta.per_page < last.meta.total ? last.meta.page + 1 : undefined),
  });

// A period switch keeps the previous figures on screen (dimmed) until the new ones arrive.
export const useGeneralStatistics = (period: DashboardPeriod) => useQuery({ ...generalStatisticsQueryOptions(period), placeholderData: keepPreviousData });
export const useActivityGraph = (period: DashboardPeriod) => useQuery({ ...activityGraphQueryOptions(period), placeholderData: keepPreviousData });
export const useChannelsActivity = (period: DashboardPeriod) => useQuery({ ...channelsActivityQueryOptions(period), placeholderData: keepPreviousData });
export const useAwareCompanies = (limit?: number) => useQuery(awareCompaniesQueryOptions(limit));
export const useActivityList = (perPage?: number) => useInfiniteQuery(activityListQueryOptions(perPage));
