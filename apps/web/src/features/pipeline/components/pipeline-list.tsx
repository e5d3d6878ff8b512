import { PIPELINE_STATUS_LABELS, PIPELINE_STATUSES, type PipelineCounts, type PipelineStatus } from '@shared/schemas/pipeline';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { cn } from '@web/lib/utils';
import { usePipelineList } from '../api/pipeline';
import type { CardActions } from './pipeline-board';
import { CardSkeleton, PipelineCard, STATUS_DOT } from './pipeline-card';

/**
 * The pipeline as one list (narrow screens, or by choice): a stage filter with each stage's count, the
 * cards most recently moved first, each with its stage and its "Move to…" menu.
 */
export function PipelineList({ status, onStatus, counts, actions }: { status: PipelineStatus | null; onStatus: (s: PipelineStatus | null) => void; counts: PipelineCounts | undefined; actions: CardActions }) {
  const query = usePipelineList(status);
  const cards = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages.at(-1)?.meta.total ?? 0;
  const all = counts ? Object.values(counts).reduce((s, n) => s + n, 0) : undefined;
  const chip = (value: PipelineStatus | null, label: string, n: number | undefined) => (
    <button
      key={value ?? 'all'}
      type="button"
      aria-pressed={status === value}
      onClick={() => onStatus(value)}
      className={cn(
        'flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none',
        status === value ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg',
      )}
    >
      {value ? <span className={cn('h-2 w-2 rounded-full', STATUS_DOT[value])} aria-hidden /> : null}
      {label}
      <span className="text-xs tabular-nums">{n ?? '…'}</span>
    </button>
  );
  return (
    <div className="space-y-3">
      <nav aria-label="Stages" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {chip(null, 'All', all)}
        {PIPELINE_STATUSES.map((s) => chip(s, PIPELINE_STATUS_LABELS[s], counts?.[s]))}
      </nav>
      {query.isPending ? (
        <div className="space-y-2" aria-label="Loading cards">
          <CardSkeleton />
          <CardSkeleton />
          <CardSkeleton />
        </div>
      ) : query.isError && !query.data ? (
        <LoadError what="the pipeline" error={query.error} onRetry={() => query.refetch()} />
      ) : cards.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">No prospect is in {status ? PIPELINE_STATUS_LABELS[status] : 'the pipeline'} right now.</p>
      ) : (
        <ul className="space-y-2" aria-label="Pipeline cards">
          {cards.map((card) => (
            <li key={card.id}>
              <PipelineCard
                card={card}
                currentUserId={actions.currentUserId}
                now={actions.now}
                onMove={(to) => actions.onMove(card, to)}
                onUndo={() => actions.onUndo(card)}
                showStatus
              />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button type="button" variant="secondary" className="w-full" pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load {Math.min(total - cards.length, 20)} more
        </Button>
      ) : null}
    </div>
  );
}
