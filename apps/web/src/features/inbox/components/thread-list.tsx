import { formatDistanceToNowStrict } from 'date-fns';
import { Star } from 'lucide-react';
import type { EmailThread } from '@shared/schemas/email-threads';
import { VirtualList, virtualRowClass } from '@web/components/virtual-list';
import { cn } from '@web/lib/utils';
import { NeedsReviewBadge, ReplyStatusBadge } from './status-badge';

const ROW_HEIGHT = 104;

/**
 * The threads in the virtualised list (only the rows in view are in the page, so 100k threads scroll
 * smoothly); the next page loads as the end comes into view. `active` is the keyboard cursor, `selected`
 * the open thread.
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
  return (
    <VirtualList
      items={threads}
      label="Threads"
      rowHeight={ROW_HEIGHT}
      getKey={(t) => t.id}
      active={active}
      isSelected={(t) => t.id === selected}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={onLoadMore}
      loadingMoreText="Loading more threads…"
      renderRow={(t, row) => {
        const name = t.prospect?.name || t.prospect_email;
        return (
          <button
            type="button"
            data-thread-id={t.id}
            aria-label={`${name}: ${t.subject}${t.unread ? ' (unread)' : ''}${t.needs_review ? ' (needs your review)' : ''}`}
            onClick={() => onOpen(t, row.index)}
            className={virtualRowClass(row, 'flex-col gap-1')}
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
              {t.needs_review ? <NeedsReviewBadge /> : null}
              <ReplyStatusBadge status={t.reply_status} />
            </span>
            <span className="w-full truncate text-xs text-muted">{t.last_message?.snippet ?? ''}</span>
          </button>
        );
      }}
    />
  );
}
