import type { DashboardPeriod } from '@shared/schemas/dashboard';
import type { StatisticName } from '@shared/schemas/insights';

/** Query-key factories for the insights (read-only figures of the account). */
export const insightsKeys = {
  all: ['insights'] as const,
  overallStats: (period: DashboardPeriod, campaignId: number | null) => [...insightsKeys.all, 'overall-stats', period, campaignId] as const,
  opportunities: (period: DashboardPeriod) => [...insightsKeys.all, 'opportunities', period] as const,
  targetAudience: (period: DashboardPeriod, name: StatisticName) => [...insightsKeys.all, 'target-audience', period, name] as const,
};
