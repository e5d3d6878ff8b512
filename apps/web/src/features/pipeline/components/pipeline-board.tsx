import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { useState } from 'react';
import { PIPELINE_STATUS_INFO, PIPELINE_STATUS_LABELS, PIPELINE_STATUSES, type PipelineCounts, type PipelineProspect, type PipelineStatus } from '@shared/schemas/pipeline';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { cn } from '@web/lib/utils';
import { usePipelineColumn } from '../api/pipeline';
import { columnKeyboardCoordinates } from '../lib/keyboard-coordinates';
import { CardSkeleton, HANDLE_CLASS, nameOf, PipelineCard, STATUS_DOT } from './pipeline-card';

export type CardActions = {
  currentUserId: number | null;
  now: Date;
  onMove: (card: PipelineProspect, to: PipelineStatus) => void;
  onUndo: (card: PipelineProspect) => void;
};

const INSTRUCTIONS =
  'To move a card with the keyboard, focus its handle and press Space or Enter to pick it up, the arrow keys to choose a column, and Space or Enter to drop it there; Escape cancels. Each card’s “Move to…” menu does the same.';

/** Pointer first (a drop under the pointer); the keyboard, which has no pointer, by overlap. */
const collision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

const columnOf = (id: unknown) => (typeof id === 'string' && id.startsWith('column:') ? (id.slice(7) as PipelineStatus) : null);

/**
 * The board: one column per stage with its count, cards a page at a time. Cards move by drag and drop
 * (dnd-kit: pointer, or the keyboard on a card's handle with the arrow keys) and by each card's
 * "Move to…" menu; screen readers hear where a card is and where it went.
 */
export function PipelineBoard({ counts, actions }: { counts: PipelineCounts | undefined; actions: CardActions }) {
  const [active, setActive] = useState<PipelineProspect | null>(null);
  const sensors = useSensors(
    // A press that moves less than 6 px is a click (it opens the conversation).
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  const cardOf = (e: { active: { data: { current?: unknown } } }) => (e.active.data.current as { card?: PipelineProspect } | undefined)?.card ?? null;
  const label = (id: unknown) => {
    const s = columnOf(id);
    return s ? PIPELINE_STATUS_LABELS[s] : 'no column';
  };
  const announcements: Announcements = {
    onDragStart: (e) => `Picked up ${cardName(cardOf(e))}, in ${label(`column:${cardOf(e)?.pipeline_status}`)}.`,
    onDragOver: (e) => `${cardName(cardOf(e))} is over ${label(e.over?.id)}.`,
    onDragEnd: (e) => (e.over ? `${cardName(cardOf(e))} was dropped in ${label(e.over.id)}.` : `${cardName(cardOf(e))} was dropped outside the columns; it stays where it was.`),
    onDragCancel: (e) => `Moving ${cardName(cardOf(e))} was cancelled.`,
  };

  const onDragStart = (e: DragStartEvent) => setActive(cardOf(e));
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    const card = cardOf(e);
    const to = columnOf(e.over?.id);
    if (card && to && to !== card.pipeline_status) actions.onMove(card, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <div role="region" aria-label="Pipeline board" className="-mx-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0">
        <div className="flex min-h-[60vh] gap-3">
          {PIPELINE_STATUSES.map((status) => (
            <Column key={status} status={status} count={counts?.[status]} actions={actions} />
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>{active ? <PipelineCard card={active} {...cardCallbacks(active, actions)} className="h-full rotate-1 shadow-2xl ring-2 ring-accent" /> : null}</DragOverlay>
    </DndContext>
  );
}

const cardName = (card: PipelineProspect | null) => (card ? nameOf(card) : 'The card');

const cardCallbacks = (card: PipelineProspect, actions: CardActions) => ({
  currentUserId: actions.currentUserId,
  now: actions.now,
  onMove: (to: PipelineStatus) => actions.onMove(card, to),
  onUndo: () => actions.onUndo(card),
});

function Column({ status, count, actions }: { status: PipelineStatus; count: number | undefined; actions: CardActions }) {
  const { setNodeRef, isOver } = useDroppable({ id: `column:${status}` });
  const query = usePipelineColumn(status);
  const cards = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages.at(-1)?.meta.total ?? 0;
  const headingId = `pipeline-column-${status}`;
  const shown = count ?? (query.data ? total : undefined);
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-pipeline-column={status}
      className={cn('flex min-w-[13.5rem] flex-1 basis-0 flex-col rounded-2xl border border-border bg-surface/40 p-2 transition-colors', isOver && 'border-accent bg-accent/10')}
    >
      <header className="flex items-center gap-2 px-1.5 pt-1 pb-2" title={PIPELINE_STATUS_INFO[status].meaning}>
        <span className={cn('h-2.5 w-2.5 rounded-full', STATUS_DOT[status])} aria-hidden />
        <h2 id={headingId} className="text-sm font-semibold text-fg">
          {PIPELINE_STATUS_LABELS[status]}
        </h2>
        <span className="ml-auto rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted tabular-nums" aria-label={shown === undefined ? 'Counting' : `${shown} ${shown === 1 ? 'card' : 'cards'}`}>
          {shown ?? '…'}
        </span>
      </header>
      <ul className="flex flex-1 flex-col gap-2" aria-label={`${PIPELINE_STATUS_LABELS[status]} cards`}>
        {query.isPending ? (
          <>
            <li>
              <CardSkeleton />
            </li>
            <li>
              <CardSkeleton />
            </li>
          </>
        ) : query.isError && !query.data ? (
          <li>
            <LoadError what={`the ${PIPELINE_STATUS_LABELS[status]} column`} error={query.error} onRetry={() => query.refetch()} />
          </li>
        ) : cards.length === 0 ? (
          <li className="rounded-xl border border-dashed border-border px-3 py-6 text-center text-xs text-muted">{PIPELINE_STATUS_INFO[status].meaning}</li>
        ) : (
          cards.map((card) => (
            <li key={card.id}>
              <DraggableCard card={card} actions={actions} />
            </li>
          ))
        )}
      </ul>
      {query.hasNextPage ? (
        <Button type="button" variant="ghost" size="sm" className="mt-2 w-full" pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load {Math.min(total - cards.length, 20)} more
        </Button>
      ) : null}
      {query.isError && query.data ? <p className="mt-2 px-1 text-xs text-danger">Could not load more cards. Try again.</p> : null}
    </section>
  );
}

function DraggableCard({ card, actions }: { card: PipelineProspect; actions: CardActions }) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `card:${card.id}`, data: { card, column: `column:${card.pipeline_status}` } });
  // The pointer drags from anywhere on the card; the keyboard picks it up on its handle (Enter on the name opens the conversation).
  const { onKeyDown, ...pointer } = (listeners ?? {}) as Record<string, (e: unknown) => void>;
  return (
    <div ref={setNodeRef} {...pointer} className="touch-manipulation">
      <PipelineCard
        card={card}
        {...cardCallbacks(card, actions)}
        dragging={isDragging}
        handle={
          <button ref={setActivatorNodeRef} type="button" className={HANDLE_CLASS} {...attributes} onKeyDown={onKeyDown} aria-label={`Drag ${nameOf(card)}`}>
            <GripVertical className="h-4 w-4" aria-hidden />
          </button>
        }
      />
    </div>
  );
}
