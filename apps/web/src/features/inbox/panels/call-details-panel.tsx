import { PhoneOff } from 'lucide-react';
import { LoadError } from '@web/components/ui/load-error';
import { PANEL_PAGE, useInteractionTimeline } from '../api/interactions';
import { InteractionItem } from '../components/interaction-item';
import type { PanelProps } from '../components/side-panel';
import { PanelLoading } from './panel-parts';

/**
 * Call message details: the calls with this prospect (call interactions of the activity log). Campaign
 * sequences have email steps only so far, so for now this is empty and says so plainly.
 */
export default function CallDetailsPanel({ subject }: PanelProps) {
  const calls = useInteractionTimeline(subject.prospectId ? { by_prospect: [subject.prospectId], by_channels: ['call'] } : {}, PANEL_PAGE, subject.prospectId !== null);
  if (subject.prospectId === null) return <p className="text-sm text-muted">This conversation’s prospect was erased: there are no calls to show.</p>;
  if (calls.isPending) return <PanelLoading what="the calls" />;
  if (calls.isError) return <LoadError what="the calls" error={calls.error} onRetry={() => calls.refetch()} />;
  if (calls.data.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-4 py-8 text-center">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-surface-2 text-muted">
          <PhoneOff className="h-5 w-5" aria-hidden />
        </span>
        <p className="text-sm font-medium text-fg">No calls with this prospect</p>
        <p className="max-w-xs text-sm text-muted">
          Campaign sequences send emails today; calls are not a sequence step yet. Once a sequence can call, each call with this prospect is listed here with its time, length and outcome.
        </p>
      </div>
    );
  }
  return (
    <ol aria-label="Calls" className="space-y-3">
      {calls.data.data.map((i) => (
        <li key={i.id}>
          <InteractionItem interaction={i} />
        </li>
      ))}
    </ol>
  );
}
