import type { ReplyStatus } from '@shared/schemas/inbox';
import { REPLY_STATUS_LABELS } from '@shared/schemas/inbox';
import { cn } from '@web/lib/utils';

const TONE: Record<ReplyStatus, string> = {
  interested: 'bg-success/15 text-success',
  meeting_request: 'bg-success/15 text-success',
  not_now: 'bg-warning/15 text-warning',
  not_interested: 'bg-danger/15 text-danger',
  wrong_person: 'bg-warning/15 text-warning',
  out_of_office: 'bg-surface-2 text-muted',
  auto_reply: 'bg-surface-2 text-muted',
  unsubscribe: 'bg-danger/15 text-danger',
  bounce: 'bg-danger/15 text-danger',
  other: 'bg-accent/15 text-accent',
};

/** The classifier was unsure of the newest reply: nothing more is sent to the prospect until the user sets the status. */
export function NeedsReviewBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning" title="The classifier was unsure: nothing more is sent to this prospect until you set the reply status">
      Needs your review
    </span>
  );
}

export function ReplyStatusBadge({ status }: { status: ReplyStatus | null }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium', status ? TONE[status] : 'bg-surface-2 text-muted')}>
      {status ? REPLY_STATUS_LABELS[status] : 'Not classified'}
    </span>
  );
}
