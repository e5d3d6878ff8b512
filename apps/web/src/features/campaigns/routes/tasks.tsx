import { ArrowLeft, ListTodo } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OUTREACH_TASK_VIEWS, type OutreachTask, type OutreachTaskChannel, type OutreachTaskView, type TaskCapacity } from '@shared/schemas/outreach-tasks';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Pagination } from '@web/components/ui/pagination';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { useBrand } from '@web/stores/brand';
import { useTasks } from '../api/tasks';
import { TaskCard } from '../components/task-card';
import { CallOutcomeDialog, LinkedinReplyDialog } from '../components/task-dialogs';

const VIEW_LABELS: Record<OutreachTaskView, string> = { today: 'Today', waiting: 'Upcoming', done: 'Done' };
const PER_PAGE = 20;

/** The limits as the user reads them: what is used of what, per channel the brand has. */
function CapacityLine({ capacity, channels }: { capacity: TaskCapacity; channels: OutreachTaskChannel[] }) {
  const items = [
    ...(channels.includes('linkedin')
      ? [
          `LinkedIn actions today: ${capacity.linkedin.used} of ${capacity.linkedin.limit}${capacity.linkedin.plan_limit !== null && capacity.linkedin.plan_limit < capacity.linkedin.settings_limit ? ' (your plan’s limit)' : ''}`,
          `Invitations in the last 7 days: ${capacity.invitations.used} of ${capacity.invitations.limit}${capacity.invitations.ramp_limit < capacity.invitations.weekly_limit ? ' (new account: ramping up)' : ''}`,
        ]
      : []),
    ...(channels.includes('call') ? [`Calls today: ${capacity.calls.used} of ${capacity.calls.limit}`] : []),
  ];
  return (
    <section aria-label="Today's capacity" className="mb-4 rounded-xl border border-border bg-surface p-3 text-sm text-fg">
      <ul className="flex flex-wrap gap-x-6 gap-y-1">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {!capacity.working_now ? (
        <p className="mt-1 text-xs text-muted">
          Outside working hours ({capacity.time_zone}){capacity.next_working_at ? `: new tasks come due from ${new Date(capacity.next_working_at).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' })}` : ''}.
        </p>
      ) : null}
    </section>
  );
}

/**
 * /cabinet/campaigns/tasks: the LinkedIn steps and calls of the running campaigns that are the user's to
 * do — open the profile or call, copy what the agent prepared, then mark done, skip or log the outcome.
 * Within the day's limits; the rest waits (Upcoming) with the reason.
 */
export function TasksRoute() {
  const flags = useBrand().feature_flags;
  const channels: OutreachTaskChannel[] = [...(flags.linkedin ? (['linkedin'] as const) : []), ...(flags.phone_calls ? (['call'] as const) : [])];
  const [view, setView] = useState<OutreachTaskView>('today');
  const [channel, setChannel] = useState<OutreachTaskChannel | ''>('');
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<OutreachTask | null>(null);
  const [logging, setLogging] = useState<OutreachTask | null>(null);
  const tasks = useTasks({ view, page, per_page: PER_PAGE, ...(channel ? { channel } : {}) });
  const meta = tasks.data?.meta;
  const back = (
    <Button asChild variant="secondary">
      <Link to={paths.cabinet.campaigns.path}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Campaigns
      </Link>
    </Button>
  );
  if (channels.length === 0) {
    return (
      <PageFrame title="Tasks" actions={back}>
        <EmptyState icon={ListTodo} title="No LinkedIn or call steps here">
          Campaigns on this service write emails only.
        </EmptyState>
      </PageFrame>
    );
  }
  const countOf = (v: OutreachTaskView) => (v === 'today' ? meta?.today : v === 'waiting' ? meta?.waiting : undefined);
  const badge = (v: OutreachTaskView) => {
    const counts = countOf(v);
    if (!counts) return '';
    const n = (channel ? counts[channel] : counts.linkedin + counts.call) ?? 0;
    return ` (${n})`;
  };
  return (
    <PageFrame
      title="Tasks"
      description="Your campaigns' LinkedIn steps and calls. The agent prepares each one; you open the profile or make the call, use the prepared text, and mark it done: the sequence then moves on."
      actions={back}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Which tasks" className="flex gap-1">
          {OUTREACH_TASK_VIEWS.map((v) => (
            <Button
              key={v}
              type="button"
              size="sm"
              variant={view === v ? 'primary' : 'secondary'}
              aria-pressed={view === v}
              onClick={() => {
                setView(v);
                setPage(1);
              }}
            >
              {VIEW_LABELS[v]}
              {badge(v)}
            </Button>
          ))}
        </div>
        {channels.length > 1 ? (
          <div role="group" aria-label="Channel" className="flex gap-1">
            {(
              [
                ['', 'All'],
                ['linkedin', 'LinkedIn'],
                ['call', 'Calls'],
              ] as const
            ).map(([value, label]) => (
              <Button
                key={value || 'all'}
                type="button"
                size="sm"
                variant={channel === value ? 'primary' : 'ghost'}
                aria-pressed={channel === value}
                onClick={() => {
                  setChannel(value);
                  setPage(1);
                }}
              >
                {label}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {meta ? <CapacityLine capacity={meta.capacity} channels={channels} /> : null}
      {tasks.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading tasks" />
        </div>
      ) : tasks.isError ? (
        <LoadError what="your tasks" error={tasks.error} onRetry={() => tasks.refetch()} />
      ) : tasks.data.data.length === 0 ? (
        <EmptyState icon={ListTodo} title={view === 'today' ? 'Nothing to do today' : view === 'waiting' ? 'Nothing coming up' : 'Nothing done yet'}>
          {view === 'today'
            ? 'When a campaign reaches a LinkedIn step or a call, it shows up here with the text the agent prepared, within your daily limits.'
            : view === 'waiting'
              ? 'Tasks due on a later day, or held back by a limit, wait here with the reason.'
              : 'Tasks you mark done or skip are listed here.'}
        </EmptyState>
      ) : (
        <div className={cn('space-y-3', tasks.isPlaceholderData && 'opacity-60')} aria-busy={tasks.isFetching || undefined}>
          {tasks.data.data.map((task) => (
            <TaskCard key={task.id} task={task} upcoming={view === 'waiting'} onReply={setReplying} onOutcome={setLogging} />
          ))}
          <Pagination page={page} perPage={PER_PAGE} total={tasks.data.meta.total} onPage={setPage} label="Tasks pages" />
        </div>
      )}
      {replying ? <LinkedinReplyDialog task={replying} onClose={() => setReplying(null)} /> : null}
      {logging ? <CallOutcomeDialog task={logging} onClose={() => setLogging(null)} /> : null}
    </PageFrame>
  );
}
