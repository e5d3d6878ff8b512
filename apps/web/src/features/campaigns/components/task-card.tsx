import { Copy, ExternalLink, Phone } from 'lucide-react';
import { apiErrorMessages } from '@shared/api';
import { STEP_KIND_LABELS } from '@shared/schemas/campaigns';
import { AGENT_CALL_BACK_TO_USER, agentCallLine, CALL_OUTCOME_LABELS, type CallOutcome, type OutreachTask } from '@shared/schemas/outreach-tasks';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { useTaskDone, useTaskSkip } from '../api/tasks';

const TEXT_LABEL: Partial<Record<OutreachTask['kind'], string>> = {
  connection_request: 'Connection note',
  message: 'Message',
  follow_up: 'Follow-up message',
  call: 'Call script',
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }) : '');

/** A tel: address: digits and a leading +, nothing a browser could read as something else. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
  } catch {
    notify.error('Could not copy: select the text and copy it by hand');
  }
}

/**
 * One LinkedIn or call task: who, what to do (open the profile or call), the text the agent prepared, and
 * the buttons that close it. The product never acts on LinkedIn itself: the user does, in one click each.
 */
export function TaskCard({
  task,
  upcoming,
  onReply,
  onOutcome,
}: {
  task: OutreachTask;
  /** Listed among the upcoming tasks (due on a later day): shown with its due time, not yet to act on. */
  upcoming: boolean;
  onReply: (task: OutreachTask) => void;
  onOutcome: (task: OutreachTask) => void;
}) {
  const done = useTaskDone();
  const skip = useTaskSkip();
  const p = task.prospect;
  const textLabel = TEXT_LABEL[task.kind];
  const headingId = `task-${task.id}-title`;
  const call = task.agent_call;
  // The agent is placing this call (or placed it): the user watches, and acts only when it comes back to them.
  const agentsCall = call !== null && !(AGENT_CALL_BACK_TO_USER as readonly string[]).includes(call.status) && task.status === 'due';
  const outcome = task.outcome ? (task.outcome === 'replied' ? 'Replied on LinkedIn' : (CALL_OUTCOME_LABELS[task.outcome as CallOutcome] ?? task.outcome)) : null;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border border-border bg-surface p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-sm font-semibold text-fg">
            {STEP_KIND_LABELS[task.kind]} · {p.full_name ?? 'Unnamed prospect'}
          </h3>
          <p className="text-xs text-muted">
            {[p.title, p.company].filter(Boolean).join(' at ')}
            {task.campaign_name ? ` · ${task.campaign_name}, step ${task.step}` : ''}
          </p>
        </div>
        {upcoming ? (
          <p className="text-xs text-muted">Due {when(task.due_at)}</p>
        ) : null}
      </header>
      {task.wait_reason && task.status === 'waiting' ? <p className="text-xs text-warning">{task.wait_reason}</p> : null}
      {call && task.status === 'due' ? (
        <p role="status" className={agentsCall ? 'flex items-center gap-1.5 text-xs text-accent' : 'text-xs text-warning'}>
          {agentsCall ? <Phone className="h-3.5 w-3.5" aria-hidden /> : null}
          {agentCallLine(call)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {task.channel === 'linkedin' ? (
          p.linkedin_url ? (
            <Button asChild size="sm" variant="secondary">
              <a href={p.linkedin_url} target="_blank" rel="noopener noreferrer">
                <ExternalLink className="h-4 w-4" aria-hidden /> Open profile<span className="sr-only"> of {p.full_name ?? 'the prospect'} (new tab)</span>
              </a>
            </Button>
          ) : (
            <p className="text-xs text-muted">No LinkedIn profile address on file for this prospect.</p>
          )
        ) : agentsCall ? null : p.phone ? (
          <Button asChild size="sm" variant="secondary">
            <a href={telHref(p.phone)}>
              <Phone className="h-4 w-4" aria-hidden /> Call {p.phone}
            </a>
          </Button>
        ) : (
          <p className="text-xs text-muted">No phone number on file for this prospect: find it on their profile, or skip the call.</p>
        )}
      </div>
      {textLabel && task.prepared_text ? (
        <section aria-label={textLabel} className="space-y-1.5">
          <div className="flex items-center justify-between gap-2">
            <h4 className="text-xs font-medium tracking-wide text-muted uppercase">{textLabel}</h4>
            <Button type="button" size="sm" variant="ghost" onClick={() => void copy(task.prepared_text, textLabel)}>
              <Copy className="h-4 w-4" aria-hidden /> Copy<span className="sr-only"> {textLabel.toLowerCase()}</span>
            </Button>
          </div>
          <p className="rounded-lg bg-surface-2 p-3 text-sm whitespace-pre-wrap text-fg">{task.prepared_text}</p>
          {task.kind === 'connection_request' ? <p className="text-xs text-muted">{task.prepared_text.length} / 300 characters</p> : null}
        </section>
      ) : null}
      {task.status === 'due' && !upcoming && !agentsCall ? (
        <div className="flex flex-wrap gap-2">
          {task.channel === 'call' ? (
            <Button type="button" size="sm" onClick={() => onOutcome(task)}>
              Log outcome
            </Button>
          ) : (
            <>
              <Button type="button" size="sm" pending={done.isPending} onClick={() => done.mutate(task.id, { onSuccess: () => notify.success('Done: the sequence moves on') })}>
                Mark done
              </Button>
              <Button type="button" size="sm" variant="secondary" onClick={() => onReply(task)}>
                Log reply
              </Button>
            </>
          )}
          <Button type="button" size="sm" variant="ghost" pending={skip.isPending} onClick={() => skip.mutate(task.id, { onSuccess: () => notify.success('Skipped: the sequence moves on') })}>
            Skip
          </Button>
        </div>
      ) : null}
      {task.status === 'done' || task.status === 'skipped' ? (
        <p className="text-xs text-muted">
          {task.status === 'done' ? 'Done' : 'Skipped'} {when(task.done_at)}
          {outcome ? ` · ${outcome}` : ''}
          {task.note ? ` · ${task.note}` : ''}
        </p>
      ) : null}
      {task.channel === 'linkedin' && task.status === 'done' && task.outcome !== 'replied' ? (
        <Button type="button" size="sm" variant="secondary" onClick={() => onReply(task)}>
          Log reply
        </Button>
      ) : null}
      <ServerErrors messages={done.isError ? apiErrorMessages(done.error) : skip.isError ? apiErrorMessages(skip.error) : null} />
    </article>
  );
}
