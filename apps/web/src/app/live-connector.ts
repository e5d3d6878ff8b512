import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ActivityVerb } from '@shared/events';
import type { LiveEvent, LiveEventData, LiveEventName } from '@shared/live/events';
import type { StaleReason } from '@shared/live/stream';
import type { EmailThread } from '@shared/schemas/email-threads';
import { brandAwarenessKeys } from '@web/features/brand-awareness';
import { campaignKeys } from '@web/features/campaigns';
import { dashboardKeys } from '@web/features/dashboard';
import { inboxKeys, interactionKeys } from '@web/features/inbox';
import { mailboxKeys } from '@web/features/mailboxes';
import { notificationKeys } from '@web/features/notifications';
import { personasPageKeys } from '@web/features/personas';

/**
 * THE live connector (as Chatwoot's ActionCableConnector): one map from the cable's event names to the
 * query cache. Events carry ids and what changed, never the data itself, so most handlers invalidate
 * the queries that show it (TanStack refetches only those on screen; the rest refetch when next shown);
 * a thread's marks are written into the cached thread and list pages at once. Aggregates (counts, the
 * dashboard) refetch at most once per `throttleMs` however many events arrive. When events may have been
 * missed (the first sync of a page, a resync) every query is invalidated and notifications are asked for.
 */

/** The pipeline board's queries (features/pipeline keys start with this). */
export const PIPELINE_KEY = ['pipeline'] as const;

/** Activity verbs that change what the inbox shows (besides any activity naming a thread). */
const INBOX_VERBS: ReadonlySet<ActivityVerb> = new Set<ActivityVerb>(['reply_received', 'reply_status_changed', 'reply_interested', 'meeting_requested', 'inbox_reply_sent', 'agent_reply_sent', 'email_bounced', 'email_delayed', 'email_unsubscribed', 'sequence_stopped']);
/** Activity verbs that move a prospect on the pipeline board (its own moves, and what the replies say). */
const PIPELINE_VERBS: ReadonlySet<ActivityVerb> = new Set<ActivityVerb>(['pipeline_moved', 'reply_received', 'reply_status_changed', 'reply_interested', 'meeting_requested', 'meeting_booked', 'email_unsubscribed', 'sequence_stopped']);
/** Activity verbs that change a persona's prospects. */
const PERSONA_VERBS: ReadonlySet<ActivityVerb> = new Set<ActivityVerb>(['prospect_added', 'import_finished']);

export type LiveConnectorDeps = {
  queryClient: QueryClient;
  /** Ask for new in-app notifications (features/notifications toasts them). */
  requestNotificationPoll: () => void;
  throttleMs?: number;
};

export type LiveConnector = {
  handleEvent(event: LiveEvent): void;
  handleStale(reason: StaleReason): void;
  dispose(): void;
};

export function createLiveConnector({ queryClient, requestNotificationPoll, throttleMs = 1000 }: LiveConnectorDeps): LiveConnector {
  const waiting = new Map<string, { key: QueryKey; timer: ReturnType<typeof setTimeout> | null; again: boolean }>();

  const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });

  /** At once, then at most once more per window (whatever arrived meanwhile). */
  function throttled(queryKey: QueryKey) {
    const id = JSON.stringify(queryKey);
    const entry = waiting.get(id);
    if (entry) {
      entry.again = true;
      return;
    }
    invalidate(queryKey);
    const slot = { key: queryKey, timer: null as ReturnType<typeof setTimeout> | null, again: false };
    const close = () => {
      if (slot.again) {
        slot.again = false;
        invalidate(slot.key);
        slot.timer = setTimeout(close, throttleMs);
      } else waiting.delete(id);
    };
    slot.timer = setTimeout(close, throttleMs);
    waiting.set(id, slot);
  }

  function threadTouched(threadId: number, messages: boolean) {
    invalidate(inboxKeys.thread(threadId));
    if (messages) invalidate(inboxKeys.messages(threadId));
    throttled(inboxKeys.lists());
    throttled(inboxKeys.stats());
  }

  /** The thread's new marks in its cached entry and every cached list page (the row changes at once). */
  function patchThread(data: LiveEventData['thread_changed']) {
    const patch: Partial<EmailThread> = {};
    if (data.unread !== undefined) patch.unread = data.unread;
    if (data.starred !== undefined) patch.starred = data.starred;
    if (data.stop_sending !== undefined) patch.stop_sending = data.stop_sending;
    if (data.needs_review !== undefined) patch.needs_review = data.needs_review;
    if (!Object.keys(patch).length) return;
    const apply = (t: EmailThread) => (t.id === data.thread_id ? { ...t, ...patch } : t);
    queryClient.setQueryData<EmailThread>(inboxKeys.thread(data.thread_id), (old) => (old ? apply(old) : old));
    queryClient.setQueriesData<{ pages: Array<{ data: EmailThread[] }> }>({ queryKey: inboxKeys.lists() }, (old) =>
      old?.pages ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map(apply) })) } : old,
    );
  }

  const handlers: { [N in LiveEventName]: (data: LiveEventData[N]) => void } = {
    activity(a) {
      const { refs } = a;
      // Every activity may move a dashboard figure or the activity feed, and may be an interaction (the
      // interactions and their panels read the activity log).
      throttled(dashboardKeys.all);
      throttled(interactionKeys.all);
      if (refs.thread_id !== undefined) threadTouched(refs.thread_id, true);
      else if (INBOX_VERBS.has(a.verb)) {
        throttled(inboxKeys.lists());
        throttled(inboxKeys.stats());
      }
      if (PIPELINE_VERBS.has(a.verb)) throttled(PIPELINE_KEY);
      if (refs.campaign_id !== undefined || a.verb.startsWith('campaign_') || a.verb === 'message_generated') {
        if (refs.campaign_id !== undefined) invalidate(campaignKeys.detail(refs.campaign_id));
        throttled(campaignKeys.list());
      }
      if (a.verb.startsWith('mailbox_') || a.verb === 'email_sent') throttled(mailboxKeys.all);
      if (PERSONA_VERBS.has(a.verb)) throttled(personasPageKeys.all);
      // A virtual employee's post published, failed or decided on, its LinkedIn connected or expired.
      if (a.verb.startsWith('social_') || a.verb === 'post_published') throttled(brandAwarenessKeys.all);
    },
    thread_changed(data) {
      patchThread(data);
      threadTouched(data.thread_id, data.changed.includes('messages'));
      if (data.changed.includes('reply_status')) {
        throttled(PIPELINE_KEY);
        // Where the prospects stand (an interested thread) and each interaction's conversation badge.
        throttled(interactionKeys.all);
      }
    },
    campaign_emails_changed(data) {
      invalidate(campaignKeys.detail(data.campaign_id));
      throttled(campaignKeys.emails());
      throttled(campaignKeys.list());
      // What was sent or held changes today's capacity.
      throttled(mailboxKeys.capacity());
    },
    mailbox_changed() {
      throttled(mailboxKeys.all);
    },
    import_progress(data) {
      // The import's own query refreshes the persona's lists when it sees the job done.
      invalidate(personasPageKeys.importStatus(data.job_id));
    },
    notification_created() {
      requestNotificationPoll();
      throttled(notificationKeys.all);
    },
  };

  return {
    handleEvent(event) {
      const handler = handlers[event.name] as ((data: unknown) => void) | undefined;
      // An event this build does not know (a newer server): what it touched is unknown, refetch what is shown.
      if (!handler) return void queryClient.invalidateQueries();
      handler(event.data);
    },
    handleStale() {
      void queryClient.invalidateQueries();
      requestNotificationPoll();
    },
    dispose() {
      for (const w of waiting.values()) if (w.timer) clearTimeout(w.timer);
      waiting.clear();
    },
  };
}
