import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { formatDistanceToNowStrict } from 'date-fns';
import { useEffect, useRef } from 'react';
import { INTERACTION_KIND_INFO, type Interaction } from '@shared/schemas/interactions';
import { cn } from '@web/lib/utils';
import { CHANNEL_LABELS, KindIcon } from './interaction-item';

const ROW_HEIGHT = 84;

/**
 * The interactions, virtualised like the thread list (only the rows in view are in the page); the next page
 * loads as the end comes into view. `active` is the keyboard cursor, `selected` the open interaction.
 */
export function InteractionList({
  items: interactions,
  active,
  selected,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  items: Interaction[];
  active: number;
  selected: number | null;
  onOpen: (interaction: Interaction, index: number) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands out functions the React Compiler cannot memoise: it skips this component (intended).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: interactions.length + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Without layout (a hidden pane, or a test DOM) the scroller measures 0: render a screenful anyway.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: 800 })),
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1);

  useEffect(() => {
    if (last && last.index >= interactions.length && hasMore && !loadingMore) onLoadMore();
  }, [last, interactions.length, hasMore, loadingMore, onLoadMore]);

  useEffect(() => {
    if (active >= 0 && active < interactions.length) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, interactions.length, virtualizer]);

  return (
    <div ref={scroller} className="h-[calc(100dvh-13rem)] min-h-80 overflow-y-auto overscroll-contain">
      <ul aria-label="Interactions" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const i = interactions[row.index];
          if (!i) {
            return (
              <li key="more" className="absolute inset-x-0 flex items-center justify-center text-sm text-muted" style={{ top: row.start, height: row.size }}>
                Loading more interactions…
              </li>
            );
          }
          return (
            <li key={i.id} className="absolute inset-x-0" style={{ top: row.start, height: row.size }} aria-current={selected === i.id ? 'true' : undefined}>
              <button
                type="button"
                aria-label={`${INTERACTION_KIND_INFO[i.kind].label}: ${i.summary}`}
                onClick={() => onOpen(i, row.index)}
                className={cn(
                  'flex h-full w-full min-w-0 items-start gap-3 border-b border-border px-3 py-2 text-left hover:bg-surface-2',
                  selected === i.id && 'bg-accent/10',
                  active === row.index && 'ring-2 ring-accent ring-inset',
                )}
              >
                <KindIcon kind={i.kind} className="mt-0.5" />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="flex w-full min-w-0 items-center gap-2">
                    <span className="min-w-0 flex-1 truncate text-sm text-fg">{i.summary}</span>
                    <time dateTime={i.occurred_at} className="shrink-0 text-xs text-muted">
                      {formatDistanceToNowStrict(new Date(i.occurred_at))}
                    </time>
                  </span>
                  <span className="truncate text-xs text-muted">
                    {[i.prospect?.company, i.campaign?.name, i.step ? `step ${i.step}` : null].filter(Boolean).join(' · ') || CHANNEL_LABELS[i.channel]}
                  </span>
                  <span className="truncate text-xs text-muted">{i.snippet ?? i.detail ?? i.subject ?? ''}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
