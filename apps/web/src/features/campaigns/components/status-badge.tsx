import type { CampaignEmailStatus, CampaignStatus } from '@shared/schemas/campaigns';
import { cn } from '@web/lib/utils';

const TONES: Record<string, string> = {
  draft: 'bg-surface-2 text-muted border-border',
  running: 'bg-success/15 text-success border-success/40',
  scheduled: 'bg-accent/15 text-accent border-accent/40',
  queued: 'bg-accent/15 text-accent border-accent/40',
  sending: 'bg-accent/15 text-accent border-accent/40',
  sent: 'bg-success/15 text-success border-success/40',
  paused: 'bg-warning/15 text-warning border-warning/40',
  uncertain: 'bg-warning/15 text-warning border-warning/40',
  failed: 'bg-danger/15 text-danger border-danger/40',
  archived: 'bg-surface-2 text-muted border-border',
  finished: 'bg-surface-2 text-muted border-border',
  skipped: 'bg-surface-2 text-muted border-border',
  cancelled: 'bg-surface-2 text-muted border-border',
};

export const STATUS_LABELS: Record<CampaignStatus | CampaignEmailStatus, string> = {
  draft: 'Draft',
  running: 'Running',
  paused: 'Paused',
  archived: 'Archived',
  finished: 'Finished',
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  uncertain: 'Uncertain',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/** A campaign's or an email's state, as a word (never colour alone). */
export function StatusBadge({ status, className }: { status: CampaignStatus | CampaignEmailStatus; className?: string }) {
  return <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium', TONES[status], className)}>{STATUS_LABELS[status]}</span>;
}
