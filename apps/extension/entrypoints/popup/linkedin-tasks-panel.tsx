import { useEffect, useRef, useState } from 'react';
import { Copy, ExternalLink } from 'lucide-react';
import { apiErrorMessages, type Api } from '@shared/api';
import type { HolderConfig } from '@shared/brands';
import type { OutreachTask, OutreachTaskSummary } from '@shared/schemas/outreach-tasks';
import { offersLinkedInTasks, popupBrand } from '../../lib/popup/brand';
import { PREPARED_TEXT_NAMES, heldBack, pageSuggestion, taskForPage, taskKindLabel } from '../../lib/popup/linkedin-tasks';
import { isUnreachable } from '../../lib/popup/status';
import { openTab } from './open-tab';
import { Button, Notice, Spinner } from './ui';
import { useTabProfile } from './use-tab-profile';

type Loaded = { summary: OutreachTaskSummary; today: OutreachTask[]; waiting: OutreachTask[] };

/** Copies through the async clipboard, falling back to a selected textarea where the page is not focused. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy refused');
  }
}

async function fetchTasks(api: Api): Promise<Loaded> {
  const [summary, today, waiting] = await Promise.all([
    api.outreachTasks.summary(),
    api.outreachTasks.list({ view: 'today', channel: 'linkedin', per_page: 50 }),
    api.outreachTasks.list({ view: 'waiting', channel: 'linkedin', per_page: 50 }),
  ]);
  return { summary, today: today.data, waiting: heldBack(waiting.data) };
}

/**
 * "Today on LinkedIn: N": the LinkedIn tasks due today, each performed by the user (open the profile, copy
 * the prepared text, then mark done or skip), the ones a limit moved to a later day with the reason, and,
 * on a task's profile, what the page shows (an invitation pending, connected) with an offer to mark it done.
 * Not shown at all where the brand's LinkedIn flag is off.
 */
export function LinkedInTasksPanel({ api, onUnreachable, brand = popupBrand() }: { api: Api; onUnreachable: () => void; brand?: HolderConfig }) {
  if (!offersLinkedInTasks(brand)) return null;
  return <TasksSection api={api} onUnreachable={onUnreachable} />;
}

function TasksSection({ api, onUnreachable }: { api: Api; onUnreachable: () => void }) {
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [actError, setActError] = useState<string | null>(null);
  const reply = useTabProfile();
  // The popup passes a new callback on each render; the fetch must not follow it.
  const unreachable = useRef(onUnreachable);
  useEffect(() => {
    unreachable.current = onUnreachable;
  });

  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    fetchTasks(api)
      .then((loaded) => {
        if (!live) return;
        setData(loaded);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (isUnreachable(e)) unreachable.current();
        else setError(apiErrorMessages(e).join(' '));
      });
    return () => {
      live = false;
    };
  }, [api, version]);

  const act = async (task: OutreachTask, action: 'done' | 'skip') => {
    setStatus(null);
    setActError(null);
    try {
      await (action === 'done' ? api.outreachTasks.done(task.id) : api.outreachTasks.skip(task.id));
      setStatus(`${action === 'done' ? 'Done' : 'Skipped'}: ${task.prospect.full_name ?? 'the prospect'}'s sequence moves on`);
    } catch (e) {
      if (isUnreachable(e)) return onUnreachable();
      setActError(apiErrorMessages(e).join(' '));
    }
    // Done, skipped, or refused (done elsewhere, the sequence stopped): the list shows where things stand now.
    reload();
  };

  const pageTask = data ? taskForPage(data.today, reply) : null;
  const suggestion = pageTask ? pageSuggestion(pageTask, reply?.status === 'ok' ? reply.connection : undefined) : null;
  const linkedin = data?.summary.capacity.linkedin;
  const invitations = data?.summary.capacity.invitations;

  return (
    <section aria-labelledby="linkedin-tasks-title" className="grid gap-2 rounded-lg border border-border bg-surface p-3">
      <h2 id="linkedin-tasks-title" className="text-sm font-semibold">
        Today on LinkedIn{data ? `: ${data.summary.today.linkedin}` : ''}
      </h2>
      {!data && !error && <Spinner label="Loading today’s LinkedIn tasks…" />}
      {error && (
        <div className="grid gap-2">
          <Notice tone="danger">Could not load the LinkedIn tasks. {error}</Notice>
          <Button
            variant="secondary"
            onClick={() => {
              setError(null);
              reload();
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {data && linkedin && invitations && (
        <p className="text-xs text-muted">
          {linkedin.left} of {linkedin.limit} LinkedIn actions left today · {invitations.left} invitations left this week
        </p>
      )}
      {status && <Notice tone="success">{status}</Notice>}
      {actError && <Notice tone="danger">{actError}</Notice>}
      {pageTask && (
        <div role="region" aria-label="On this profile" className="grid gap-2 rounded-md border border-accent/60 bg-surface-2 p-2.5">
          <p className="text-xs text-muted">
            On this profile: {taskKindLabel(pageTask.kind)} for {pageTask.prospect.full_name ?? 'this prospect'}
          </p>
          {suggestion && <p className="text-sm">{suggestion.text}</p>}
          {suggestion?.kind === 'offer' && (
            <Button onClick={() => void act(pageTask, 'done')}>
              Mark done<span className="sr-only"> from what the page shows</span>
            </Button>
          )}
        </div>
      )}
      {data && data.today.length === 0 && <p className="text-sm text-muted">Nothing to do on LinkedIn today.</p>}
      {data && data.today.length > 0 && (
        <ul aria-label="Today’s LinkedIn tasks" className="grid gap-2">
          {data.today.map((task) => (
            <li key={task.id}>
              <TaskItem task={task} onAct={act} />
            </li>
          ))}
        </ul>
      )}
      {data && data.waiting.length > 0 && (
        <div className="grid gap-1.5 border-t border-border pt-2">
          <h3 className="text-xs font-medium text-muted">Waiting ({data.waiting.length})</h3>
          <ul aria-label="Waiting LinkedIn tasks" className="grid gap-1.5">
            {data.waiting.map((task) => (
              <li key={task.id} className="text-xs">
                <span className="font-medium">{task.prospect.full_name ?? 'Unnamed prospect'}</span> · {taskKindLabel(task.kind)}
                <p className="text-warning">{task.wait_reason}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function TaskItem({ task, onAct }: { task: OutreachTask; onAct: (task: OutreachTask, action: 'done' | 'skip') => Promise<void> }) {
  const [busy, setBusy] = useState<'done' | 'skip' | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const p = task.prospect;
  const name = p.full_name ?? 'Unnamed prospect';
  const textName = PREPARED_TEXT_NAMES[task.kind];
  const headingId = `linkedin-task-${task.id}`;

  const handle = async (action: 'done' | 'skip') => {
    setBusy(action);
    try {
      await onAct(task, action);
    } finally {
      setBusy(null);
    }
  };
  const handleCopy = async () => {
    if (!textName) return;
    try {
      await copyText(task.prepared_text);
      setCopied(`${textName} copied`);
    } catch {
      setCopied('Could not copy: select the text and copy it by hand');
    }
  };

  return (
    <article aria-labelledby={headingId} className="grid gap-2 rounded-md bg-surface-2 p-2.5">
      <div>
        <h3 id={headingId} className="truncate text-sm font-semibold">
          {name}
        </h3>
        <p className="text-xs text-muted">
          {taskKindLabel(task.kind)}
          {task.campaign_name ? ` · ${task.campaign_name}` : ''}
        </p>
      </div>
      {textName && task.prepared_text && (
        <p aria-label={`Prepared ${textName.toLowerCase()}`} className="max-h-28 overflow-auto rounded bg-bg p-2 text-xs whitespace-pre-wrap">
          {task.prepared_text}
        </p>
      )}
      <div className="flex flex-wrap gap-1.5">
        {p.linkedin_url ? (
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => openTab(p.linkedin_url!)}>
            <ExternalLink className="size-3.5" aria-hidden="true" /> Open profile<span className="sr-only"> of {name} (new tab)</span>
          </Button>
        ) : (
          <p className="text-xs text-muted">No LinkedIn profile address on file.</p>
        )}
        {textName && task.prepared_text && (
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => void handleCopy()}>
            <Copy className="size-3.5" aria-hidden="true" /> Copy {textName.toLowerCase()}
          </Button>
        )}
        <Button className="px-2 py-1 text-xs" busy={busy === 'done'} disabled={busy !== null} onClick={() => void handle('done')}>
          Mark done<span className="sr-only"> for {name}</span>
        </Button>
        <Button variant="ghost" className="px-2 py-1 text-xs" busy={busy === 'skip'} disabled={busy !== null} onClick={() => void handle('skip')}>
          Skip<span className="sr-only"> {name}</span>
        </Button>
      </div>
      {copied && <Notice tone={copied.startsWith('Could') ? 'danger' : 'success'}>{copied}</Notice>}
    </article>
  );
}
