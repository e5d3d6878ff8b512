import { Bot, Cog, Mail, MessageCircle, Phone, User } from 'lucide-react';
import { useState } from 'react';
import type { ActivityItem } from '@shared/schemas/dashboard';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { PANEL_PAGE, useProspectActivity } from '../api/interactions';
import { when } from '../components/interaction-item';
import type { PanelProps } from '../components/side-panel';
import { AllInteractionsLink } from './all-interactions-link';
import { PanelLoading } from './panel-parts';

const ACTOR_ICON = { user: User, agent: Bot, virtual_employee: Bot, system: Cog } as const;
const CHANNEL = { email: { icon: Mail, label: 'Email' }, linkedin: { icon: MessageCircle, label: 'LinkedIn' }, phone: { icon: Phone, label: 'Phone' } } as const;

function Entry({ a }: { a: ActivityItem }) {
  const Actor = ACTOR_ICON[a.actor.type];
  const channel = a.channel ? CHANNEL[a.channel] : null;
  return (
    <article aria-label={a.description} className="flex min-w-0 gap-3">
      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent" aria-hidden>
        <Actor className="h-3.5 w-3.5" />
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-sm break-words text-fg">{a.description}</p>
        <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted">
          <span>{a.actor.name}</span>
          <span aria-hidden>·</span>
          <time dateTime={a.occurred_at}>{when(a.occurred_at)}</time>
          {channel ? (
            <>
              <span aria-hidden>·</span>
              <channel.icon className="h-3 w-3" aria-hidden />
              <span>{channel.label}</span>
            </>
          ) : null}
          {a.persona ? (
            <>
              <span aria-hidden>·</span>
              <span>{a.persona.name}</span>
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
}

/** Agent activity by prospect: the activity log for this prospect, every campaign and channel, newest first. */
export default function AgentActivityPanel({ subject }: PanelProps) {
  const [perPage, setPerPage] = useState(PANEL_PAGE);
  const activity = useProspectActivity(subject.prospectId, perPage);
  if (subject.prospectId === null) return <p className="text-sm text-muted">This conversation’s prospect was erased: nothing recorded about them is kept.</p>;
  if (activity.isPending) return <PanelLoading what="the agent activity" />;
  if (activity.isError) return <LoadError what="the agent activity" error={activity.error} onRetry={() => activity.refetch()} />;
  const { data, meta } = activity.data;
  if (data.length === 0) return <p className="text-sm text-muted">Nothing has been recorded for this prospect yet.</p>;
  return (
    <div className="space-y-3">
      <p className="text-xs text-muted" aria-live="polite">
        {meta.total} {meta.total === 1 ? 'entry' : 'entries'}, newest first
      </p>
      <ol aria-label="Agent activity" className="space-y-3">
        {data.map((a) => (
          <li key={a.id}>
            <Entry a={a} />
          </li>
        ))}
      </ol>
      {meta.total > data.length && perPage < 100 ? (
        <Button type="button" size="sm" variant="ghost" pending={activity.isFetching} onClick={() => setPerPage((n) => Math.min(100, n + PANEL_PAGE))}>
          Show more ({meta.total - data.length} older)
        </Button>
      ) : null}
      <AllInteractionsLink prospectId={subject.prospectId} />
    </div>
  );
}
