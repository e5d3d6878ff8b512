import { formatDistanceStrict } from 'date-fns';
import { Activity, Ban, CalendarCheck, Mail, MessageSquareReply, Network, Phone, Sparkles, UserPlus, type LucideIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useActivityList } from '../api/dashboard';
import { Skeleton, WidgetError } from './widget-states';

const VERB_ICONS: Record<string, LucideIcon> = {
  email_sent: Mail,
  linkedin_invitation_sent: Network,
  linkedin_connection_accepted: Network,
  linkedin_message_sent: Network,
  call_made: Phone,
  reply_received: MessageSquareReply,
  meeting_booked: CalendarCheck,
  prospect_added: UserPlus,
  message_generated: Sparkles,
  email_unsubscribed: Ban,
};
const CHANNEL_LABELS = { email: 'Email', linkedin: 'LinkedIn', phone: 'Phone' } as const;

/** The account's activity log, newest first, ten at a time. */
export function ActivityFeed() {
  const list = useActivityList(10);
  if (list.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading activity">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    );
  }
  // A failed "Load more" keeps the pages already shown (the query is in error with data).
  if (!list.data) return <WidgetError what="the activity" onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((p) => p.data);
  const total = list.data.pages[0]?.meta.total ?? 0;
  if (items.length === 0) {
    return <p className="py-6 text-center text-sm text-muted">Nothing has happened yet. Every send, reply and meeting will be listed here.</p>;
  }
  const now = new Date();
  return (
    <div>
      <ul className="divide-y divide-border" aria-label="Recent activity">
        {items.map((item) => {
          const Icon = VERB_ICONS[item.verb] ?? Activity;
          const meta = [item.actor.name, item.channel ? CHANNEL_LABELS[item.channel] : null, item.persona?.name].filter(Boolean).join(' · ');
          return (
            <li key={item.id} className="flex gap-3 py-3">
              <span className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-surface-2 text-muted">
                <Icon className="h-3.5 w-3.5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm text-fg">{item.description}</span>
                <span className="block text-xs text-muted">{meta}</span>
              </span>
              <time dateTime={item.occurred_at} title={new Date(item.occurred_at).toLocaleString()} className="shrink-0 text-xs text-muted">
                {formatDistanceStrict(new Date(item.occurred_at), now, { addSuffix: true })}
              </time>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex items-center justify-between text-xs text-muted">
        <span>
          Showing {items.length} of {total}
        </span>
        {list.hasNextPage ? (
          <Button type="button" variant="secondary" size="sm" pending={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </div>
      {list.isFetchNextPageError ? <WidgetError what="more activity" onRetry={() => void list.fetchNextPage()} /> : null}
    </div>
  );
}
