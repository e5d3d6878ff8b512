import { CalendarDays } from 'lucide-react';
import { apiErrorMessages } from '@shared/api';
import { SOCIAL_POST_STATUS_LABELS, type SocialPost, type SocialPostStatus } from '@shared/schemas/brand-awareness';
import { EmptyState } from '@web/components/page-frame';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { useManagePosts } from '../api/brand-awareness';

const STATUS_TONE: Record<SocialPostStatus, string> = {
  pending_approval: 'bg-warning/15 text-warning',
  approved: 'bg-accent/15 text-accent',
  publishing: 'bg-accent/15 text-accent',
  published: 'bg-success/15 text-success',
  failed: 'bg-danger/15 text-danger',
  paused: 'bg-danger/15 text-danger',
  skipped: 'bg-surface-2 text-muted',
  missed: 'bg-surface-2 text-muted',
};

export function StatusBadge({ status }: { status: SocialPostStatus }) {
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONE[status])}>{SOCIAL_POST_STATUS_LABELS[status]}</span>;
}

const dayKey = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric' });
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The employee's planned and published posts, day by day (the calendar): each opens the manage automated
 * post panel. Posts waiting for approval can be approved together.
 */
export function PostsCalendar({ veId, posts, enabled, onOpen }: { veId: number; posts: SocialPost[]; enabled: boolean; onOpen: (post: SocialPost) => void }) {
  const manage = useManagePosts(veId);
  const waiting = posts.filter((p) => p.status === 'pending_approval');
  const days = new Map<string, SocialPost[]>();
  for (const p of posts) days.set(dayKey(p.scheduled_at), [...(days.get(dayKey(p.scheduled_at)) ?? []), p]);

  return (
    <Card className="space-y-4 p-5" aria-labelledby={`calendar-${veId}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`calendar-${veId}`} className="text-base font-semibold text-fg">
          Posts
        </h2>
        {waiting.length > 1 ? (
          <Button type="button" size="sm" variant="secondary" pending={manage.isPending} onClick={() => manage.mutate({ post_ids: waiting.map((p) => p.id), action: 'approve' })}>
            Approve all {waiting.length} waiting
          </Button>
        ) : null}
      </div>
      <ServerErrors messages={manage.isError ? apiErrorMessages(manage.error) : null} />
      {posts.length === 0 ? (
        <EmptyState icon={CalendarDays} title="No posts planned">
          {enabled ? 'The coming week is being planned: its posts appear here shortly.' : 'Connect LinkedIn, choose topics and turn posting on: the coming week’s posts appear here for review.'}
        </EmptyState>
      ) : (
        <ol className="space-y-4">
          {[...days.entries()].map(([day, items]) => (
            <li key={day}>
              <h3 className="mb-2 text-xs font-medium tracking-wide text-muted uppercase">{day}</h3>
              <ul className="space-y-2">
                {items.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      aria-haspopup="dialog"
                      className="w-full rounded-lg border border-border bg-surface-2 p-3 text-left hover:border-accent focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
                      onClick={() => onOpen(p)}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="text-sm font-medium text-fg">
                          {timeOf(p.scheduled_at)} · {p.topic}
                        </span>
                        <StatusBadge status={p.status} />
                      </span>
                      <span className="mt-1 line-clamp-2 block text-sm text-muted">{p.content}</span>
                      {p.error ? <span className="mt-1 block text-xs text-danger">{p.error}</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
