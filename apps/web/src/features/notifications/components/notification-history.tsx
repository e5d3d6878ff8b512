import { BellOff, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { EmptyState } from '@web/components/page-frame';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useMarkAllRead, useMarkRead, useNotificationHistory } from '../api/inbox';
import { LoadError } from '@web/components/ui/load-error';

/** The in-app notifications, newest first: all or unread only, a page at a time, mark one or all read. */
export function NotificationHistory() {
  const [unread, setUnread] = useState(false);
  const [page, setPage] = useState(1);
  const history = useNotificationHistory({ page, unread });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const meta = history.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;
  // Marking the last items of the last page read (unread view) or fewer notifications: back to the last page that has some.
  // (State adjusted while rendering, React's pattern for state derived from new data.)
  if (meta && !history.isPlaceholderData && page > pages) setPage(pages);

  const filter = (value: boolean) => {
    setUnread(value);
    setPage(1);
  };

  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-heading" className="text-lg font-semibold text-fg">
          History {meta ? <span className="text-sm font-normal text-muted">({meta.unread} unread)</span> : null}
        </h2>
        <div className="flex flex-wrap gap-2">
          <div role="group" aria-label="Show" className="flex gap-1">
            <Button type="button" size="sm" variant={unread ? 'ghost' : 'secondary'} aria-pressed={!unread} onClick={() => filter(false)}>
              All
            </Button>
            <Button type="button" size="sm" variant={unread ? 'secondary' : 'ghost'} aria-pressed={unread} onClick={() => filter(true)}>
              Unread
            </Button>
          </div>
          <Button type="button" size="sm" variant="secondary" disabled={!meta?.unread} pending={markAll.isPending} onClick={() => markAll.mutate()}>
            <CheckCheck className="h-4 w-4" aria-hidden /> Mark all read
          </Button>
        </div>
      </div>
      <ServerErrors messages={markRead.isError ? apiErrorMessages(markRead.error) : markAll.isError ? apiErrorMessages(markAll.error) : null} />
      {history.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading notifications" />
        </div>
      ) : history.isError ? (
        <LoadError what="your notification history" error={history.error} onRetry={() => history.refetch()} />
      ) : history.data.data.length === 0 ? (
        <EmptyState icon={BellOff} title={unread ? 'Nothing unread' : 'No notifications yet'}>
          {unread ? 'You have read every notification.' : 'Replies, booked meetings, finished imports and plan changes appear here and as a toast when they happen.'}
        </EmptyState>
      ) : (
        <Card>
          <ul aria-label="Notifications" className="divide-y divide-border">
            {history.data.data.map((n) => (
              <li key={n.id} className={cn('flex items-start justify-between gap-3 p-4', !n.read_at && 'bg-accent/5')}>
                <div className="min-w-0 space-y-0.5">
                  <p className="text-sm font-medium text-fg">
                    {!n.read_at ? <span className="sr-only">Unread: </span> : null}
                    {n.url ? (
                      <Link to={n.url} className="hover:underline focus-visible:underline">
                        {n.title}
                      </Link>
                    ) : (
                      n.title
                    )}
                  </p>
                  {n.body ? <p className="text-sm text-muted">{n.body}</p> : null}
                  <p className="text-xs text-muted">
                    <time dateTime={n.created_at}>{new Date(n.created_at).toLocaleString()}</time>
                  </p>
                </div>
                {!n.read_at ? (
                  <Button type="button" size="sm" variant="ghost" onClick={() => markRead.mutate(n.id)} aria-label={`Mark “${n.title}” read`}>
                    Mark read
                  </Button>
                ) : (
                  <span className="text-xs text-muted">Read</span>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}
      {pages > 1 ? (
        <nav aria-label="History pages" className="flex items-center justify-between text-sm text-muted">
          <Button type="button" size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button type="button" size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
