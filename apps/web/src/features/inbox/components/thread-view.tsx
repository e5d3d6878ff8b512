import { MailOpen, Mail, Octagon, Star } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { apiErrorMessages, apiErrorStatus } from '@shared/api';
import type { EmailThread, EmailThreadMessage } from '@shared/schemas/email-threads';
import { REPLY_STATUSES, REPLY_STATUS_LABELS, type ReplyStatus } from '@shared/schemas/inbox';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { AddToHubSpotButton, AddToSalesforceButton } from '@web/features/integrations';
import { useStopSending, useThread, useThreadMessages, useUpdateThread } from '../api/inbox';
import { AgentAnswerNotice } from './agent-answer-notice';
import { MessageBody } from './message-body';
import { PanelButtons, SidePanel, type PanelKind } from './side-panel';
import { ReplyBox } from './reply-box';
import { NeedsReviewBadge, ReplyStatusBadge } from './status-badge';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Message({ message }: { message: EmailThreadMessage }) {
  const inbound = message.direction === 'inbound';
  return (
    <article
      aria-label={`${inbound ? 'Received from' : 'Sent by'} ${message.from_name || message.from}`}
      className={cn('min-w-0 space-y-3 rounded-xl border p-4', inbound ? 'border-border bg-surface' : 'border-accent/30 bg-accent/5')}
    >
      <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className="font-medium break-all text-fg">{message.from_name || message.from}</span>
        {message.from_name && message.from_name !== message.from ? <span className="break-all text-muted">&lt;{message.from}&gt;</span> : null}
        {/* The channel: a thread is an email conversation (LinkedIn and calls are interactions of their own). */}
        <span className="rounded bg-surface-2 px-1.5 text-xs text-muted">{inbound ? 'Received' : 'Sent'} by email</span>
        {message.kind === 'auto_reply' ? <span className="rounded bg-warning/15 px-1.5 text-xs text-warning">Auto-reply</span> : null}
        {message.kind === 'bounce' ? <span className="rounded bg-danger/15 px-1.5 text-xs text-danger">Bounce</span> : null}
        {message.from_colleague ? <span className="rounded bg-accent/15 px-1.5 text-xs text-accent">Colleague</span> : null}
        {message.source === 'agent' ? (
          <span className="rounded bg-accent/15 px-1.5 text-xs text-accent" title="Sent by the agent on its own (automatic answers are on in Agents)">
            Auto-answer by the agent
          </span>
        ) : null}
        <time dateTime={message.sent_at} className="ml-auto text-xs text-muted">
          {when(message.sent_at)}
        </time>
      </header>
      <MessageBody message={message} />
      {inbound && message.kind === 'human' ? (
        <div className="flex flex-wrap gap-3">
          <AddToHubSpotButton replyId={message.id} />
          <AddToSalesforceButton replyId={message.id} />
        </div>
      ) : null}
    </article>
  );
}

function Actions({ thread }: { thread: EmailThread }) {
  const update = useUpdateThread();
  const stop = useStopSending();
  const [confirmStop, setConfirmStop] = useState(false);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" variant="secondary" pending={update.isPending && update.variables?.body.unread !== undefined} onClick={() => update.mutate({ id: thread.id, body: { unread: !thread.unread } })}>
          {thread.unread ? <MailOpen className="h-4 w-4" aria-hidden /> : <Mail className="h-4 w-4" aria-hidden />}
          {thread.unread ? 'Mark read' : 'Mark unread'}
        </Button>
        <Button type="button" size="sm" variant="secondary" aria-pressed={thread.starred} onClick={() => update.mutate({ id: thread.id, body: { starred: !thread.starred } })}>
          <Star className={cn('h-4 w-4', thread.starred && 'fill-current text-warning')} aria-hidden />
          {thread.starred ? 'Unstar' : 'Star'}
        </Button>
        <label className="flex items-center gap-2 text-sm text-muted">
          <span>Reply status</span>
          <select
            className="h-8 rounded-lg border border-border bg-surface px-2 text-sm text-fg"
            value={thread.reply_status ?? ''}
            onChange={(e) => update.mutate({ id: thread.id, body: { reply_status: e.currentTarget.value as ReplyStatus } })}
          >
            {thread.reply_status ? null : <option value="">Not classified</option>}
            {REPLY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REPLY_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {thread.stop_sending ? (
          <span className="inline-flex items-center gap-1 text-sm text-muted">
            <Octagon className="h-4 w-4" aria-hidden /> Sequence stopped
          </span>
        ) : (
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirmStop(true)}>
            <Octagon className="h-4 w-4" aria-hidden /> Stop sequence
          </Button>
        )}
      </div>
      {thread.needs_review ? (
        <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-fg">
          <span className="min-w-0 flex-1">
            <strong className="font-semibold">Needs your review.</strong> The classifier was unsure what this reply means, so nothing more is sent to {thread.prospect_email} until you set the reply
            status: out of office or auto-reply lets the sequence go on, unsubscribe blocks the address, anything else stops it.
          </span>
          {thread.reply_status ? (
            <Button type="button" size="sm" variant="secondary" pending={update.isPending} onClick={() => update.mutate({ id: thread.id, body: { reply_status: thread.reply_status! } })}>
              Keep {REPLY_STATUS_LABELS[thread.reply_status]}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ServerErrors messages={update.error ? apiErrorMessages(update.error) : null} />
      <ConfirmDialog
        open={confirmStop}
        onOpenChange={(open) => {
          setConfirmStop(open);
          if (!open) stop.reset();
        }}
        title="Stop the sequence?"
        description={`No more follow-ups go to ${thread.prospect_email} from this campaign. You can still answer from here.`}
        confirmLabel="Stop sequence"
        pending={stop.isPending}
        error={stop.error}
        onConfirm={() => stop.mutate(thread.id, { onSuccess: () => setConfirmStop(false) })}
      />
    </div>
  );
}

/**
 * One conversation: the prospect, the marks and actions, every message in order, and the answer box.
 * Shared by the inbox's right pane and /cabinet/chat/:id. `onNotFound` runs when the API answers 404
 * (an unknown id or another account's thread).
 */
export function ThreadView({ id, onNotFound, toolbar, titleAs: Title = 'h2' }: { id: number; onNotFound?: () => void; toolbar?: ReactNode; titleAs?: 'h1' | 'h2' }) {
  const thread = useThread(id);
  const messages = useThreadMessages(id);
  const notFound = apiErrorStatus(thread.error) === 404 || apiErrorStatus(messages.error) === 404;
  useEffect(() => {
    if (notFound) onNotFound?.();
  }, [notFound, onNotFound]);
  // Opening a thread reads it: marked read once per opening (the user can mark it unread again).
  const markedRead = useRef(false);
  const markRead = useUpdateThread();
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const unread = thread.data?.unread === true;
  useEffect(() => {
    if (!unread || markedRead.current) return;
    markedRead.current = true;
    markRead.mutate({ id, body: { unread: false } });
  }, [unread, id, markRead]);

  if (notFound) {
    return <ServerErrors messages={['This conversation does not exist or is not in your account.']} />;
  }
  if (thread.isError || messages.isError) {
    return <LoadError what="this conversation" error={thread.error ?? messages.error} onRetry={() => Promise.all([thread.refetch(), messages.refetch()])} />;
  }
  if (thread.isPending || messages.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading conversation" />
      </div>
    );
  }
  const t = thread.data;
  return (
    <div className="min-w-0 space-y-4">
      {toolbar}
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Title className="min-w-0 text-lg font-semibold break-words text-fg">{t.subject || '(no subject)'}</Title>
          <ReplyStatusBadge status={t.reply_status} />
          {t.needs_review ? <NeedsReviewBadge /> : null}
        </div>
        <p className="text-sm break-all text-muted">
          {t.prospect?.name ? `${t.prospect.name} · ` : ''}
          {t.prospect_email}
          {t.prospect?.company ? ` · ${t.prospect.company}` : ''}
          {t.campaign ? ` · ${t.campaign.name}` : ''}
        </p>
      </header>
      <Actions thread={t} />
      <PanelButtons onOpen={setPanel} />
      <SidePanel
        kind={panel}
        subject={{ campaignEmailId: t.campaign_email_id, prospectId: t.prospect?.id ?? null, prospectName: t.prospect?.name ?? t.prospect_email, campaignId: t.campaign?.id ?? null }}
        onClose={() => setPanel(null)}
      />
      <ol aria-label="Messages" className="space-y-3">
        {messages.data.map((m) => (
          <li key={m.id}>
            <Message message={m} />
            <AgentAnswerNotice message={m} />
          </li>
        ))}
      </ol>
      <ReplyBox key={id} threadId={id} />
    </div>
  );
}
