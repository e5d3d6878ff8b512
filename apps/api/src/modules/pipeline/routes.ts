import { v1 } from '@shared/constants';
import { movePipelineProspectBodySchema, pipelineListQuerySchema, pipelineListSchema, pipelineProspectResponseSchema, undoPipelineMoveBodySchema, updatePipelineDealBodySchema } from '@shared/schemas/pipeline';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as service from './service';

const TAGS = ['pipeline'];
const one = { 200: pipelineProspectResponseSchema };

/**
 * The pipeline (spec §7 campaign_emails/pipeline_prospects; issue 13): the cards of a column (or all),
 * every column's count, a move by hand, the undo of a card's last move, and the card's deal value and close date (docs/decisions.md).
 */
export const pipelineRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/campaign_emails/pipeline_prospects'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Pipeline cards: one column (pipeline_status) or all, page by page, most recently moved first; meta.counts has every column’s count',
    tags: TAGS,
    schema: { querystring: pipelineListQuerySchema, response: { 200: pipelineListSchema } },
    handler: async ({ auth, deps, query }) => service.list(deps, auth, query),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/campaign_emails/pipeline_prospects/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Move a card to another stage (kept as set by hand: automatic moves never take it back); recorded in its history',
    tags: TAGS,
    schema: { params: idParamsSchema, body: movePipelineProspectBodySchema, response: one },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.move(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/campaign_emails/pipeline_prospects/:id/deal'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Set or clear the card’s deal value (the account’s currency) and expected close date; not a move, its history is unchanged',
    tags: TAGS,
    schema: { params: idParamsSchema, body: updatePipelineDealBodySchema, response: one },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.updateDeal(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/campaign_emails/pipeline_prospects/:id/undo'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Undo the card’s last move (move_id: the move to undo, which must still be its last); recorded in its history',
    tags: TAGS,
    schema: { params: idParamsSchema, body: undoPipelineMoveBodySchema, response: one },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.undo(deps, auth, params.id, body ?? {}) }),
  }),
];
