import { KanbanSquare, LayoutList } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PIPELINE_STATUSES, type PipelineStatus } from '@shared/schemas/pipeline';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { paths } from '@web/config/paths';
import { PreloadLink } from '@web/components/preload-link';
import { useNow } from '@web/lib/use-now';
import { cn } from '@web/lib/utils';
import { useUser } from '@web/lib/user';
import { useMovePipelineProspect, usePipelineCounts, useUndoPipelineMove } from '../api/pipeline';
import { PipelineBoard, type CardActions } from '../components/pipeline-board';
import { PipelineList } from '../components/pipeline-list';

type View = 'board' | 'list';
/** Below this width the list is the default view (a board of seven columns does not fit a phone). */
const BOARD_MIN_WIDTH = '(min-width: 768px)';

const defaultView = (): View => (typeof window !== 'undefined' && window.matchMedia && !window.matchMedia(BOARD_MIN_WIDTH).matches ? 'list' : 'board');
const isStatus = (s: string | null): s is PipelineStatus => s !== null && (PIPELINE_STATUSES as readonly string[]).includes(s);

/**
 * /cabinet/pipeline: prospects by stage, from the first reply to the won deal. The board (drag and drop,
 * or the keyboard) or the list (narrow screens); the view and the list's stage live in the URL.
 */
export function PipelineRoute() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'list' || params.get('view') === 'board' ? (params.get('view') as View) : defaultView();
  const stage = isStatus(params.get('stage')) ? (params.get('stage') as PipelineStatus) : null;
  const counts = usePipelineCounts();
  const user = useUser();
  const move = useMovePipelineProspect();
  const undo = useUndoPipelineMove();
  const now = useNow();
  const actions: CardActions = useMemo(
    () => ({
      currentUserId: user.data?.id ?? null,
      now,
      onMove: (card, to) => move.mutate({ card, to }),
      onUndo: (card) => undo.mutate({ card, ...(card.undoable_move_id ? { moveId: card.undoable_move_id } : {}) }),
    }),
    // The mutations' functions are stable; the user and the clock change what the cards say.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [user.data?.id, now],
  );
  const setView = (next: View) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('view', next);
        return q;
      },
      { replace: true },
    );
  const setStage = (next: PipelineStatus | null) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next) q.set('stage', next);
        else q.delete('stage');
        return q;
      },
      { replace: true },
    );

  const total = counts.data ? Object.values(counts.data).reduce((s, n) => s + n, 0) : null;
  const toggle = (
    <div role="group" aria-label="View" className="inline-flex rounded-lg border border-border bg-surface p-0.5">
      {(
        [
          ['board', 'Board', KanbanSquare],
          ['list', 'List', LayoutList],
        ] as const
      ).map(([value, label, Icon]) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => setView(value)}
          className={cn(
            'flex h-8 items-center gap-1.5 rounded-md px-3 text-sm focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none',
            view === value ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
          )}
        >
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );

  return (
    <PageFrame wide={view === 'board'} title="Pipeline" description="Prospects by stage, from their first reply to the won deal. The agent moves them as replies come in; you move them on." actions={total ? toggle : undefined}>
      {counts.isPending ? (
        <p className="text-sm text-muted" role="status">
          Loading the pipeline…
        </p>
      ) : counts.isError ? (
        <LoadError what="the pipeline" error={counts.error} onRetry={() => counts.refetch()} />
      ) : total === 0 ? (
        <EmptyState
          icon={KanbanSquare}
          title="Your pipeline is empty"
          action={
            <Button asChild variant="secondary">
              <PreloadLink to={paths.cabinet.inbox.path}>Open the inbox</PreloadLink>
            </Button>
          }
        >
          Prospects arrive here when they reply: a person’s answer opens a card in New reply, Interested or Meeting booked, as the reply says, and later replies move it on. You then drag cards through the stages,
          or use each card’s “Move to…” menu.
        </EmptyState>
      ) : view === 'board' ? (
        <PipelineBoard counts={counts.data} actions={actions} />
      ) : (
        <PipelineList status={stage} onStatus={setStage} counts={counts.data} actions={actions} />
      )}
    </PageFrame>
  );
}
