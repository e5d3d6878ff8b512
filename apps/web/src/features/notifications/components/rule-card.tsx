import { formatDistanceToNow } from 'date-fns';
import { Check, Send, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS, NOTIFICATION_PROVIDER_LABELS, type CampaignNotification, type NotificationEvent } from '@shared/schemas/notifications';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useDeleteRule, useTestRule, useUpdateByProvider, useUpdateRule } from '../api/rules';
import { requestNotificationPoll } from '../hooks/use-notification-toasts';

/** What a rule delivers to, in words. */
export function targetLabel(rule: CampaignNotification): string {
  if (rule.provider === 'in_app') return 'Shown in the app to everyone on your account';
  if (rule.provider === 'email') return rule.target ?? 'Everyone on your account';
  return rule.target ?? '';
}

type TestOutcome = { ok: true; text: string } | { ok: false; text: string };

/** How long "Saved" stays beside a rule after a change was stored. */
export const SAVED_VISIBLE_MS = 2500;

/** The last delivery in words: "Delivered 5 minutes ago", or the failure with its reason. */
export function LastDelivery({ rule }: { rule: CampaignNotification }) {
  if (!rule.last_status) return null;
  const when = rule.last_sent_at ? (
    <time dateTime={rule.last_sent_at} title={new Date(rule.last_sent_at).toLocaleString()}>
      {formatDistanceToNow(new Date(rule.last_sent_at), { addSuffix: true })}
    </time>
  ) : null;
  if (rule.last_status === 'ok') return <p className="text-xs text-muted">Delivered{when ? <> {when}</> : null}</p>;
  return (
    <p className="text-xs text-danger">
      Last delivery failed{when ? <> {when}</> : null}: {rule.last_status}
    </p>
  );
}

/**
 * One rule: on/off, its events, a test send with its outcome, delete. The in-app rule (one per
 * account) is changed with update_by_provider; email and webhook rules one by one.
 */
export function RuleCard({ rule }: { rule: CampaignNotification }) {
  const headingId = useId();
  const byProvider = useUpdateByProvider();
  const single = useUpdateRule();
  const remove = useDeleteRule();
  const test = useTestRule();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [confirming, setConfirming] = useState(false);
  const saving = byProvider.isPending || single.isPending;
  const saveError = byProvider.error ?? single.error;
  // The change shows at once; it goes back to the stored state if saving fails.
  const [draft, setDraft] = useState<{ events?: NotificationEvent[]; enabled?: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (savedTimer.current) clearTimeout(savedTimer.current);
  }, []);
  const events = draft?.events ?? rule.events;
  const enabled = draft?.enabled ?? rule.enabled;

  const save = (body: { events?: NotificationEvent[]; enabled?: boolean }) => {
    setDraft(body);
    setSaved(false);
    const done = {
      onSuccess: () => {
        setDraft(null);
        setSaved(true);
        if (savedTimer.current) clearTimeout(savedTimer.current);
        savedTimer.current = setTimeout(() => setSaved(false), SAVED_VISIBLE_MS);
      },
      onError: () => setDraft(null),
    };
    if (rule.provider === 'in_app') byProvider.mutate({ provider: 'in_app', ...body }, done);
    else single.mutate({ id: rule.id, body }, done);
  };

  const toggleEvent = (event: NotificationEvent, on: boolean) => {
    const next = on ? [...events, event] : events.filter((e) => e !== event);
    save({ events: NOTIFICATION_EVENTS.filter((e) => next.includes(e)) });
  };

  const sendTest = () => {
    setOutcome(null);
    test.mutate(rule.id, {
      onSuccess: () => {
        setOutcome({ ok: true, text: rule.provider === 'in_app' ? 'Sent: it appears in your history and as a toast.' : 'Sent: the test reached its target.' });
        if (rule.provider === 'in_app') requestNotificationPoll();
      },
      onError: (error) => setOutcome({ ok: false, text: apiErrorMessages(error).join(' ') }),
    });
  };

  const title = rule.provider === 'in_app' ? NOTIFICATION_PROVIDER_LABELS.in_app : targetLabel(rule);
  return (
    <Card className="space-y-3 p-4" role="group" aria-labelledby={headingId} data-testid={`rule-${rule.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <h3 id={headingId} className="truncate text-sm font-semibold text-fg" title={title}>
            {title}
          </h3>
          <LastDelivery rule={rule} />
        </div>
        <label className="flex items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            role="switch"
            className="h-4 w-4 accent-[var(--accent)]"
            checked={enabled}
            disabled={saving}
            aria-checked={enabled}
            // A name that does not change with the state (the visible On/Off would read "On, switch, off").
            aria-label={`Enabled: ${title}`}
            onChange={(e) => save({ enabled: e.target.checked })}
          />
          {enabled ? 'On' : 'Off'}
        </label>
      </div>
      <fieldset className="space-y-1.5" disabled={saving}>
        <legend className="mb-1 text-xs font-medium text-muted uppercase">Notify me when</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {NOTIFICATION_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm text-fg">
              <input type="checkbox" className="h-4 w-4 accent-[var(--accent)]" checked={events.includes(event)} onChange={(e) => toggleEvent(event, e.target.checked)} />
              {NOTIFICATION_EVENT_LABELS[event]}
            </label>
          ))}
        </div>
      </fieldset>
      <ServerErrors messages={saveError && !saving ? [`Not saved: ${apiErrorMessages(saveError).join(' ')}`] : null} />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" size="sm" pending={test.isPending} onClick={sendTest} aria-label={`Send test to ${title}`}>
          <Send className="h-4 w-4" aria-hidden /> Send test
        </Button>
        {rule.provider !== 'in_app' ? (
          confirming ? (
            <>
              <Button type="button" variant="danger" size="sm" pending={remove.isPending} onClick={() => remove.mutate(rule.id)} autoFocus>
                Delete this rule
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${title}`}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          )
        ) : null}
        <span aria-live="polite" className="ml-auto text-xs text-success">
          {saved && !saving ? (
            <span className="inline-flex items-center gap-1">
              <Check className="h-3.5 w-3.5" aria-hidden /> Saved
            </span>
          ) : null}
        </span>
      </div>
      <ServerErrors messages={remove.isError ? apiErrorMessages(remove.error) : null} />
      {outcome ? (
        outcome.ok ? (
          <Alert tone="success">{outcome.text}</Alert>
        ) : (
          <Alert>
            <p>Test failed: {outcome.text}</p>
          </Alert>
        )
      ) : null}
    </Card>
  );
}
