import { Pause, Pencil, Play, RefreshCw, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages, connectionTestOf } from '@shared/api';
import { MAIL_OAUTH_PROVIDER_LABELS, PAUSED_BY_USER_REASON, type ConnectionTest, type SendingCapacity, type UserEmail } from '@shared/schemas/user-emails';

type MailboxCapacityToday = SendingCapacity['mailboxes'][number];
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { notify } from '@web/lib/notify';
import { cn } from '@web/lib/utils';
import { useDeleteMailbox, usePauseMailbox, useResumeMailbox, useTestMailbox } from '../api/mailboxes';
import { ConnectionSteps } from './connection-steps';
import { MailboxDialog } from './mailbox-dialog';

const STATUS_TEXT = { active: 'Active', paused: 'Paused', failing: 'Failing' } as const;
const STATUS_TONE = {
  active: 'bg-success/15 text-success',
  paused: 'bg-warning/15 text-warning',
  failing: 'bg-danger/15 text-danger',
} as const;

/** A date and time in the user's locale and zone, e.g. "5 Mar 2026, 14:30". */
export const formatWhen = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
/** A calendar day (YYYY-MM-DD), e.g. "10 Mar 2026". */
export const formatDay = (day: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * Why the mailbox does not send, and how it comes back: a pause of the deliverability rule ends by itself at a
 * reduced volume (auto_resume_at) or waits for the user; a pause by the user says only that.
 */
function statusLine(m: UserEmail): string | null {
  if (!m.status_reason) return null;
  if (m.status !== 'paused' || m.status_reason === PAUSED_BY_USER_REASON) return m.status_reason;
  const reason = /[.!?]$/.test(m.status_reason) ? m.status_reason : `${m.status_reason}.`;
  return `Paused: ${reason} ${m.auto_resume_at ? `Resumes automatically at reduced volume on ${formatWhen(m.auto_resume_at)}.` : 'Resume by hand.'}`;
}

/** One mailbox: status and reason, today's limit, the domain flag, and its actions. */
export function MailboxCard({ mailbox, capacity }: { mailbox: UserEmail; capacity?: MailboxCapacityToday }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const pause = usePauseMailbox();
  const resume = useResumeMailbox();
  const retest = useTestMailbox();
  const remove = useDeleteMailbox();
  const failed = [pause, resume, retest].find((m) => m.isError);

  const onResume = () =>
    resume.mutate(mailbox.id, {
      onSuccess: () => notify.success(`${mailbox.email} resumed`),
      onError: (e) => setTest(connectionTestOf(e)),
    });
  const onTest = () =>
    retest.mutate(mailbox.id, {
      onSuccess: (r) => {
        setTest(r.test);
        if (r.test.ok) notify.success(`${mailbox.email}: connection works`);
      },
    });

  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-fg">{mailbox.email}</h3>
          <p className="text-sm text-muted">{mailbox.sender_name}</p>
        </div>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS_TONE[mailbox.status])}>{STATUS_TEXT[mailbox.status]}</span>
      </div>
      {statusLine(mailbox) ? <p className={cn('text-sm', mailbox.status === 'failing' ? 'text-danger' : 'text-muted')}>{statusLine(mailbox)}</p> : null}
      {mailbox.domain_failing ? (
        <p className="flex gap-2 text-sm text-warning">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {mailbox.domain} fails a DNS check: see <a href="#sending-domains" className="underline">Sending domains</a>.
          </span>
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">Today’s limit</dt>
          <dd className="text-fg">
            {mailbox.limit_today}
            {mailbox.reduced_until ? (
              <span className="text-muted"> (reduced after a pause; full again on {formatDay(mailbox.reduced_until)})</span>
            ) : mailbox.warmup_enabled && mailbox.limit_today < mailbox.daily_limit ? (
              <span className="text-muted"> (warming up)</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Daily / hourly</dt>
          <dd className="text-fg">
            {mailbox.daily_limit} / {mailbox.hourly_limit}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Gap</dt>
          <dd className="text-fg">{mailbox.min_gap_seconds} s</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Servers</dt>
          <dd className="truncate text-fg" title={`${mailbox.smtp_host} / ${mailbox.imap_host}`}>
            {mailbox.smtp_host}
            {mailbox.auth_method === 'xoauth2' ? <span className="block text-xs text-muted">OAuth ({MAIL_OAUTH_PROVIDER_LABELS[mailbox.oauth_provider ?? 'google']})</span> : null}
          </dd>
        </div>
      </dl>
      {capacity ? (
        <p className="text-sm text-fg" aria-label={`Today at ${mailbox.email}`}>
          Today: {capacity.sent} of {capacity.limit} sent · {capacity.scheduled} scheduled · <strong>{capacity.left} left</strong>
          {/* A paused or failing mailbox already says why above; the other rules are said here. */}
          {capacity.held && capacity.held.rule !== 'mailbox_status' ? <span className="block text-muted">Waiting: {capacity.held.message}</span> : null}
        </p>
      ) : null}
      {failed ? <ServerErrors messages={apiErrorMessages(failed.error)} /> : null}
      {test ? <ConnectionSteps test={test} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(true)}>
          <Pencil className="h-4 w-4" aria-hidden /> Edit
        </Button>
        {mailbox.status === 'active' ? (
          <Button type="button" size="sm" variant="secondary" pending={pause.isPending} onClick={() => pause.mutate(mailbox.id, { onSuccess: () => notify.success(`${mailbox.email} paused`) })}>
            <Pause className="h-4 w-4" aria-hidden /> Pause
          </Button>
        ) : (
          <Button type="button" size="sm" variant="secondary" pending={resume.isPending} onClick={onResume}>
            <Play className="h-4 w-4" aria-hidden /> Resume
          </Button>
        )}
        <Button type="button" size="sm" variant="secondary" pending={retest.isPending} onClick={onTest}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Test connection
        </Button>
        <Button type="button" size="sm" variant="ghost" aria-label={`Delete ${mailbox.email}`} onClick={() => (remove.reset(), setDeleting(true))}>
          <Trash2 className="h-4 w-4" aria-hidden /> Delete
        </Button>
      </div>
      <MailboxDialog open={editing} onOpenChange={setEditing} mailbox={mailbox} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${mailbox.email}?`}
        description="Nothing more is sent from it, and its saved passwords are deleted. You can connect it again later."
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={() => remove.mutate(mailbox.id, { onSuccess: () => (setDeleting(false), notify.success(`${mailbox.email} deleted`)) })}
      />
    </Card>
  );
}
