import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type Key, type ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** What a row knows of itself: its place, whether the keyboard cursor is on it, whether it is the open one. */
export type VirtualRowState = { index: number; active: boolean; selected: boolean };

/**
 * The classes every row's button shares: full height and width of its slot, a divider, the open row tinted,
 * the keyboard cursor ringed (`ring-2`). A row adds its own layout.
 */
export const virtualRowClass = ({ active, selected }: VirtualRowState, layout: string) =>
  cn('flex h-full w-full min-w-0 border-b border-border px-3 py-2 text-left hover:bg-surface-2', layout, selected && 'bg-accent/10', active && 'ring-2 ring-accent ring-inset');

/** A page-by-page list's paging, as an infinite query gives it (hasNextPage, isFetchingNextPage, fetchNextPage). */
export type InfinitePaging = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** The VirtualList props that load the next page of an infinite query. */
export const infiniteListProps = (query: InfinitePaging) => ({
  hasMore: query.hasNextPage,
  loadingMore: query.isFetchingNextPage,
  onLoadMore: () => void query.fetchNextPage(),
});

type Props<T> = {
  items: readonly T[];
  /** The list's accessible name (`<ul aria-label>`): tests, and the pages' Enter key, find the list by it. */
  label: string;
  /** Each row's slot (px): rows are laid out at fixed heights. */
  rowHeight: number;
  getKey: (item: T) => Key;
  /** The keyboard cursor (an index): ringed, and scrolled into view when it moves. */
  active: number;
  /** The open item (`aria-current` on its row). */
  isSelected: (item: T) => boolean;
  /** A row's content (its button) in its slot. */
  renderRow: (item: T, state: VirtualRowState) => ReactNode;
  /** Another page exists: a last row says so, and loads it as it comes into view. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The last row's text while the next page loads ("Loading more threads…"). */
  loadingMoreText: string;
};

/**
 * THE virtualised list of the web app (the inbox's threads, the interactions): only the rows in view are in
 * the page, so 100k rows scroll smoothly; the next page loads as the end comes into view. Rows are `<li>`s
 * of a labelled `<ul>`, the open one `aria-current`; the keyboard cursor (`active`, moved by the page's own
 * keys) is kept in view. Each row's content comes from `renderRow`.
 */
export function VirtualList<T>({ items, label, rowHeight, getKey, active, isSelected, renderRow, hasMore, loadingMore, onLoadMore, loadingMoreText }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands out functions the React Compiler cannot memoise: it skips this component (intended).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // Without layout (a hidden pane, or a test DOM) the scroller measures 0: render a screenful anyway.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: 800 })),
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1);

  useEffect(() => {
    if (last && last.index >= items.length && hasMore && !loadingMore) onLoadMore();
  }, [last, items.length, hasMore, loadingMore, onLoadMore]);

  useEffect(() => {
    if (active >= 0 && active < items.length) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, items.length, virtualizer]);

  return (
    <div ref={scroller} className="h-[calc(100dvh-13rem)] min-h-80 overflow-y-auto overscroll-contain">
      <ul aria-label={label} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const item = items[row.index];
          if (item === undefined) {
            return (
              <li key="more" className="absolute inset-x-0 flex items-center justify-center text-sm text-muted" style={{ top: row.start, height: row.size }}>
                {loadingMoreText}
              </li>
            );
          }
          const selected = isSelected(item);
          return (
            <li key={getKey(item)} className="absolute inset-x-0" style={{ top: row.start, height: row.size }} aria-current={selected ? 'true' : undefined}>
              {renderRow(item, { index: row.index, active: active === row.index, selected })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
