import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { PIPELINE_STATUS_LABELS, type PipelineList, type PipelineProspect, type PipelineStatus, type UpdatePipelineDealBody } from '@shared/schemas/pipeline';
import { apiErrorMessages } from '@shared/api';
import { api } from '@web/lib/api';
import { notify } from '@web/lib/notify';

/** Cards per page of a column (and of the list view). */
export const PIPELINE_PAGE_SIZE = 20;

/**
 * Query keys, all under ['pipeline'] (the live connection invalidates that prefix when a pipeline_moved
 * activity, a reply or a status change arrives).
 */
export const pipelineKeys = {
  all: ['pipeline'] as const,
  counts: () => [...pipelineKeys.all, 'counts'] as const,
  columns: () => [...pipelineKeys.all, 'column'] as const,
  column: (status: PipelineStatus) => [...pipelineKeys.columns(), status] as const,
  lists: () => [...pipelineKeys.all, 'list'] as const,
  list: (status: PipelineStatus | null) => [...pipelineKeys.lists(), status ?? 'all'] as const,
};

const nextPage = (last: PipelineList) => (last.meta.page * last.meta.per_page < last.meta.total ? last.meta.page + 1 : undefined);

/** Every column's count (one card's worth of data): the empty state and the list view's filters. */
export function usePipelineCounts() {
  return useQuery({ queryKey: pipelineKeys.counts(), queryFn: () => api.pipeline.list({ per_page: 1 }).then((r) => r.meta.counts) });
}

/** One column of the board, page after page ("Load more"). */
export function usePipelineColumn(status: PipelineStatus) {
  return useInfiniteQuery({
    queryKey: pipelineKeys.column(status),
    queryFn: ({ pageParam }) => api.pipeline.list({ pipeline_status: status, page: pageParam, per_page: PIPELINE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The list view: every card (or one stage), most recently moved first. */
export function usePipelineList(status: PipelineStatus | null) {
  return useInfiniteQuery({
    queryKey: pipelineKeys.list(status),
    queryFn: ({ pageParam }) => api.pipeline.list({ ...(status ? { pipeline_status: status } : {}), page: pageParam, per_page: PIPELINE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

type Pages = InfiniteData<PipelineList, number>;

/** The card moved in every cached page: out of its column, on top of the new one, counts adjusted; in place in the list. */
function moveInCache(old: Pages | undefined, key: QueryKey, card: PipelineProspect, to: PipelineStatus): Pages | undefined {
  if (!old) return old;
  const from = card.pipeline_status;
  const column = key[1] === 'column' ? (key[2] as PipelineStatus) : null;
  const listStatus = key[1] === 'list' ? (key[2] as PipelineStatus | 'all') : null;
  const moved = { ...card, pipeline_status: to };
  const pages = old.pages.map((page, i) => {
    const counts = { ...page.meta.counts, [from]: Math.max(0, page.meta.counts[from] - 1), [to]: page.meta.counts[to] + 1 };
    let data = page.data;
    let total = page.meta.total;
    if (column === from || (listStatus !== null && listStatus !== 'all' && listStatus === from)) {
      data = data.filter((c) => c.id !== card.id);
      if (data.length !== page.data.length) total = Math.max(0, total - 1);
    } else if (column === to || listStatus === to) {
      if (i === 0) data = [moved, ...data.filter((c) => c.id !== card.id)];
      if (i === 0) total += 1;
    } else if (listStatus === 'all') {
      data = data.map((c) => (c.id === card.id ? moved : c));
    }
    return { ...page, data, meta: { ...page.meta, total, counts } };
  });
  return { ...old, pages };
}

/** A card's new state everywhere it is cached (after the server answered). */
function storeCard(old: Pages | undefined, card: PipelineProspect): Pages | undefined {
  if (!old) return old;
  return { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map((c) => (c.id === card.id ? card : c)) })) };
}

const nameOf = (card: PipelineProspect) => card.prospect.name ?? card.prospect.email ?? 'The prospect';

/**
 * PUT campaign_emails/pipeline_prospects/{id}: the card moves at once on the board (and back if the
 * server refuses); a toast offers Undo, which takes exactly this move back.
 */
export function useMovePipelineProspect() {
  const queryClient = useQueryClient();
  const undo = useUndoPipelineMove();
  return useMutation({
    mutationFn: ({ card, to }: { card: PipelineProspect; to: PipelineStatus }) => api.pipeline.move(card.id, { pipeline_status: to }),
    onMutate: async ({ card, to }) => {
      await queryClient.cancelQueries({ queryKey: pipelineKeys.all });
      const snapshot = queryClient.getQueriesData<Pages>({ queryKey: pipelineKeys.all });
      for (const [key] of snapshot) {
        if (key[1] === 'column' || key[1] === 'list') queryClient.setQueryData<Pages>(key, (old) => moveInCache(old, key, card, to));
      }
      queryClient.setQueryData<PipelineList['meta']['counts']>(pipelineKeys.counts(), (old) => (old ? { ...old, [card.pipeline_status]: Math.max(0, old[card.pipeline_status] - 1), [to]: old[to] + 1 } : old));
      return { snapshot };
    },
    onError: (error, { card }, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      notify.error(`Could not move ${nameOf(card)}`, { description: apiErrorMessages(error).join(' ') });
    },
    onSuccess: (card, { to }) => {
      for (const [key] of queryClient.getQueriesData<Pages>({ queryKey: pipelineKeys.all })) {
        if (key[1] === 'column' || key[1] === 'list') queryClient.setQueryData<Pages>(key, (old) => storeCard(old, card));
      }
      const moveId = card.undoable_move_id;
      notify.success(`${nameOf(card)} moved to ${PIPELINE_STATUS_LABELS[to]}`, moveId ? { action: { label: 'Undo', onClick: () => undo.mutate({ card, moveId }) } } : {});
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all }),
  });
}

/** POST campaign_emails/pipeline_prospects/{id}/undo: the card's last move (or exactly `moveId`) taken back. */
export function useUndoPipelineMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, moveId }: { card: PipelineProspect; moveId?: number }) => api.pipeline.undo(card.id, moveId ? { move_id: moveId } : {}),
    onSuccess: (card) => notify.info(`${nameOf(card)} is back in ${PIPELINE_STATUS_LABELS[card.pipeline_status]}`),
    onError: (error, { card }) => notify.error(`Could not undo the move of ${nameOf(card)}`, { description: apiErrorMessages(error).join(' ') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all }),
  });
}

/** PUT campaign_emails/pipeline_prospects/{id}/deal: the card's deal value and expected close date; the cached card takes the answer. */
export function useUpdatePipelineDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, body }: { card: PipelineProspect; body: UpdatePipelineDealBody }) => api.pipeline.updateDeal(card.id, body),
    onSuccess: (card) => {
      for (const [key] of queryClient.getQueriesData<Pages>({ queryKey: pipelineKeys.all })) {
        if (key[1] === 'column' || key[1] === 'list') queryClient.setQueryData<Pages>(key, (old) => storeCard(old, card));
      }
      notify.success(`Deal of ${nameOf(card)} saved`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineKeys.all }),
  });
}
