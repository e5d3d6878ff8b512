import type { ApiClient } from '../client';
import type { MovePipelineProspectBody, PipelineList, PipelineListQuery, PipelineProspect, UndoPipelineMoveBody, UpdatePipelineDealBody } from '../../schemas/pipeline';

/** The pipeline (spec §7 campaign_emails/pipeline_prospects: pipeline_status, page). */
export function pipelineEndpoints(http: ApiClient) {
  return {
    /** One column (pipeline_status) or every card; meta.counts has every column's count. */
    list: (params: PipelineListQuery = {}) => http.get<PipelineList>('/campaign_emails/pipeline_prospects', { params }).then((r) => r.data),
    /** Move a card to another stage (kept as set by hand). */
    move: (id: number, body: MovePipelineProspectBody) => http.put<{ data: PipelineProspect }>(`/campaign_emails/pipeline_prospects/${id}`, body).then((r) => r.data.data),
    /** Undo the card's last move (move_id: the one to undo, which must still be its last). */
    undo: (id: number, body: UndoPipelineMoveBody = {}) => http.post<{ data: PipelineProspect }>(`/campaign_emails/pipeline_prospects/${id}/undo`, body).then((r) => r.data.data),
    /** Set or clear the card's deal value and expected close date (null clears; a field left out is kept). */
    updateDeal: (id: number, body: UpdatePipelineDealBody) => http.put<{ data: PipelineProspect }>(`/campaign_emails/pipeline_prospects/${id}/deal`, body).then((r) => r.data.data),
  };
}
