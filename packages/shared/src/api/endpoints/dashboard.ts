import type { ApiClient } from '../client';
import type {
  ActivityGraph,
  ActivityList,
  ActivityListQuery,
  AwareCompanies,
  AwareCompaniesQuery,
  ChannelsActivity,
  DashboardPeriod,
  GeneralStatistics,
} from '../../schemas/dashboard';

/** The cabinet dashboard (spec §7 "Dashboard and onboarding"). */
export function dashboardEndpoints(http: ApiClient) {
  return {
    generalStatistics: (period: DashboardPeriod) =>
      http.get<{ data: GeneralStatistics }>('/dashboard_general_statistics', { params: { period } }).then((r) => r.data.data),
    activityGraph: (period: DashboardPeriod) =>
      http.get<{ data: ActivityGraph }>('/dashboard_activity_graph_statistics', { params: { period } }).then((r) => r.data.data),
    awareCompanies: (params: AwareCompaniesQuery = {}) =>
      http.get<{ data: AwareCompanies }>('/dashboard_aware_companies_statistics', { params }).then((r) => r.data.data),
    channelsActivity: (period: DashboardPeriod) =>
      http.get<{ data: ChannelsActivity }>('/channels_activity', { params: { period } }).then((r) => r.data.data),
    activityList: (params: ActivityListQuery = {}) => http.get<ActivityList>('/activity_list', { params }).then((r) => r.data),
  };
}
