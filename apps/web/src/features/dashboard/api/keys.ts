import type { DashboardPeriod } from '@shared/schemas/dashboard';

/** Query-key factories for the dashboard's widgets (all read-only figures of the account). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  generalStatistics: (period: DashboardPeriod) => [...dashboardKeys.all, 'general-statistics', period] as const,
  activityGraph: (period: DashboardPeriod) => [...dashboardKeys.all, 'activity-graph', period] as const,
  channelsActivity: (period: DashboardPeriod) => [...dashboardKeys.all, 'channels-activity', period] as const,
  awareCompanies: (limit: number) => [...dashboardKeys.all, 'aware-companies', limit] as const,
  activityList: (perPage: number) => [...dashboardKeys.all, 'activity-list', perPage] as const,
};
