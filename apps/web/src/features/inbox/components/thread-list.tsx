import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { formatDistanceToNowStrict } from 'date-fns';
import { Star } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { EmailThread } from '@shared/schemas/email-threads';
import { cn } from '@web/lib/utils';
import { ReplyStatusBadge } from './status-badge';

const ROW_HEIGHT = 104;

/**
 * The threads, virtualised (only the rows in view are in the page, so 100k threads scroll smoothly); the
 * next page loads as the end comes into view. `active` is the keyboard cursor, `selected` the open thread.
 */
export function ThreadList({
  threads,
  active,
  selected,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  threads: EmailThread[];
  active: number;
  selected: number | null;
  onOpen: (thread: EmailThread, index: number) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands out functions the React Compiler cannot memoise: it skips this component (intended).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: threads.length + (hasMore ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Without layout (a hidden pane, or a test DOM) the scroller measures 0: render a screenful anyway.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: 800 })),
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);

  useEffect(() => {
    if (last && last.index >= threads.length && hasMore && !loadingMore) onLoadMore();
  }, [last, threads.length, hasMore, loadingMore, onLoadMore]);

  useEffect(() => {
    if (active >= 0 && active < threads.length) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, threads.length, virtualizer]);

  return (
    <div ref={scroller} className="h-[calc(100dvh-13rem)] min-h-80 overflow-y-auto overscroll-contain">
      <ul aria-label="Threads" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const t = threads[item.index];
          if (!t) {
            return (
              <li key="more" className="absolute inset-x-0 flex items-center justify-center text-sm text-muted" style={{ top: item.start, height: item.size }}>
                Loading more threads…
              </li>
            );
          }
          const name = t.prospect?.name || t.prospect_email;
          return (
            <li key={t.id} className="absolute inset-x-0" style={{ top: item.start, height: item.size }} aria-current={selected === t.id ? 'true' : undefined}>
              <button
                type="button"
                data-thread-id={t.id}
                aria-label={`${name}: ${t.subject}${t.unread ? ' (unread)' : ''}`}
                onClick={() => onOpen(t, item.index)}
                className={cn(
                  'flex h-full w-full min-w-0 flex-col gap-1 border-b border-border px-3 py-2 text-left hover:bg-surface-2',
                  selected === t.id && 'bg-accent/10',
                  active === item.index && 'ring-2 ring-accent ring-inset',
                )}
              >
                <span className="flex w-full min-w-0 items-center gap-2">
                  {t.unread ? <span className="h-2 w-2 shrink-0 rounded-full bg-accent" aria-hidden /> : null}
                  <span className={cn('min-w-0 flex-1 truncate text-sm', t.unread ? 'font-semibold text-fg' : 'text-fg')}>
                    {name}
                    {t.prospect?.company ? <span className="font-normal text-muted"> · {t.prospect.company}</span> : null}
                  </span>
                  {t.starred ? <Star className="h-3.5 w-3.5 shrink-0 fill-current text-warning" aria-label="Starred" /> : null}
                  <time dateTime={t.last_message_at} className="shrink-0 text-xs text-muted">
                    {formatDistanceToNowStrict(new Date(t.last_message_at))}
                  </time>
                </span>
                {t.prospect?.name ? <span className="truncate text-xs text-muted">{t.prospect_email}</span> : null}
                <span className="flex w-full min-w-0 items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm text-fg">{t.subject || '(no subject)'}</span>
                  <ReplyStatusBadge status={t.reply_status} />
                </span>
                <span className="w-full truncate text-xs text-muted">{t.last_message?.snippet ?? ''}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
