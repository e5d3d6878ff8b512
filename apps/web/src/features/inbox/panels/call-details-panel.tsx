import { PhoneOff } from 'lucide-react';
import { CALL_STATUS_LABELS, type Interaction } from '@shared/schemas/interactions';
import { CALL_OUTCOME_LABELS } from '@shared/schemas/outreach-tasks';
import { LoadError } from '@web/components/ui/load-error';
import { PANEL_PAGE, useInteractionTimeline } from '../api/interactions';
import { InteractionItem, KindIcon } from '../components/interaction-item';
import type { PanelProps } from '../components/side-panel';
import { PanelLoading } from './panel-parts';

type Call = { key: string; events: Interaction[] };

/** The call interactions (newest first) as calls: the events of one call task together, oldest event first. */
export function groupCalls(list: readonly Interaction[]): Call[] {
  const calls = new Map<string, Call>();
  for (const i of list) {
    const key = i.call?.outreach_task_id != null ? `task:${i.call.outreach_task_id}` : `one:${i.id}`;
    const call = calls.get(key) ?? { key, events: [] };
    call.events.unshift(i);
    calls.set(key, call);
  }
  return [...calls.values()];
}

export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function CallCard({ call }: { call: Call }) {
  const last = call.events.at(-1)!;
  // A call logged by hand, or one from before the status timeline: shown as it was recorded.
  if (!call.events.some((e) => e.call)) return <InteractionItem interaction={last} />;
  const ended = [...call.events].reverse().find((e) => e.call?.status === 'ended');
  const outcome = ended?.call?.outcome ?? null;
  const duration = ended?.call?.duration_seconds ?? null;
  const state = ended ? 'Ended' : CALL_STATUS_LABELS[last.call?.status ?? 'placed'];
  return (
    <article aria-label={`Call: ${last.summary}`} className="space-y-2 rounded-xl border border-border p-3">
      <div className="flex min-w-0 items-center gap-3">
        <KindIcon kind="call" />
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-fg">{ended ? ended.summary : last.summary}</p>
          <p className="text-xs text-muted">
            {[last.campaign?.name, last.step ? `step ${last.step}` : null].filter(Boolean).join(' · ') || 'Call'}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-muted">Status</dt>
          <dd className="font-medium text-fg">{state}</dd>
        </div>
        <div>
          <dt className="text-muted">Duration</dt>
          <dd className="font-medium text-fg">{duration === null ? '—' : durationText(duration)}</dd>
        </div>
        <div>
          <dt className="text-muted">Outcome</dt>
          <dd className="font-medium text-fg">{outcome ? CALL_OUTCOME_LABELS[outcome] : ended ? '—' : 'Not ended yet'}</dd>
        </div>
      </dl>
      <ol aria-label="Status timeline" className="space-y-1 border-l border-border pl-3">
        {call.events.map((e) => (
          <li key={e.id} className="text-xs text-muted">
            <span className="font-medium text-fg">{e.call ? CALL_STATUS_LABELS[e.call.status] : e.summary}</span> ·{' '}
            <time dateTime={e.occurred_at}>{time(e.occurred_at)}</time>
            {e.detail && e.call?.status !== 'ended' ? ` · ${e.detail}` : ''}
          </li>
        ))}
      </ol>
    </article>
  );
}

/**
 * Call message details: the calls with this prospect (the call interactions of the activity log), each with
 * its status timeline (calling, ringing, answered, ended), its duration and its outcome. Calls the user
 * logged on a call task show as they were logged.
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
        <p className="max-w-xs text-sm text-muted">When a call step of their sequence is made, by the agent or logged by you, it is listed here with its status, length and outcome.</p>
      </div>
    );
  }
  return (
    <ol aria-label="Calls" className="space-y-3">
      {groupCalls(calls.data.data).map((call) => (
        <li key={call.key}>
          <CallCard call={call} />
        </li>
      ))}
    </ol>
  );
}
