import type { ApiClient } from '../client';
import type { CampaignVariants, ChooseWinnerResponse } from '../../schemas/variants';

/** A/B variants of campaign steps (issue 26): the comparison, and "send the winner from now on". */
export function variantEndpoints(http: ApiClient) {
  return {
    compare: (campaignId: number) => http.get<{ data: CampaignVariants }>('/insights/variants', { params: { campaign_id: campaignId } }).then((r) => r.data.data),
    sendWinner: (campaignId: number, position: number, variantIndex: number) =>
      http.post<ChooseWinnerResponse>(`/campaigns/${campaignId}/steps/${position}/winner`, { variant_index: variantIndex }).then((r) => r.data),
  };
}
