import type { ApiClient } from '../client';
import type { InsightsQuery, Opportunities, OverallStats, TargetAudience, TargetAudienceQuery } from '../../schemas/insights';

/** Insights (spec §7 "insights/…"): deliverability, performance and target audience. */
export function insightsEndpoints(http: ApiClient) {
  return {
    overallStats: (params: InsightsQuery = {}) => http.get<{ data: OverallStats }>('/insights/deliverability/overall-stats', { params }).then((r) => r.data.data),
    opportunities: (params: InsightsQuery = {}) => http.get<{ data: Opportunities }>('/insights/performance/my_opportunities', { params }).then((r) => r.data.data),
    targetAudience: (params: TargetAudienceQuery) => http.get<{ data: TargetAudience }>('/insights/performance/target_audience', { params }).then((r) => r.data.data),
  };
}
