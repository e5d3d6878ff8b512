import { Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
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

  const save = (body: { events?: NotificationEvent[]; enabled?: boolean }) => {
    if (rule.provider === 'in_app') byProvider.mutate({ provider: 'in_app', ...body });
    else single.mutate({ id: rule.id, body });
  };

  const toggleEvent = (event: NotificationEvent, on: boolean) => {
    const events = on ? [...rule.events, event] : rule.events.filter((e) => e !== event);
    save({ events: NOTIFICATION_EVENTS.filter((e) => events.includes(e)) });
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
          {rule.last_status ? (
            <p className="text-xs text-muted">
              Last delivery: {rule.last_status === 'ok' ? 'ok' : rule.last_status}
              {rule.last_sent_at ? ` · ${new Date(rule.last_sent_at).toLocaleString()}` : ''}
            </p>
          ) : null}
        </div>
        <label className="flex items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            role="switch"
            className="h-4 w-4 accent-[var(--accent)]"
            checked={rule.enabled}
            disabled={saving}
            aria-checked={rule.enabled}
            onChange={(e) => save({ enabled: e.target.checked })}
          />
          {rule.enabled ? 'On' : 'Off'}
        </label>
      </div>
      <fieldset className="space-y-1.5" disabled={saving}>
        <legend className="mb-1 text-xs font-medium text-muted uppercase">Notify me when</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {NOTIFICATION_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm text-fg">
              <input type="checkbox" className="h-4 w-4 accent-[var(--accent)]" checked={rule.events.includes(event)} onChange={(e) => toggleEvent(event, e.target.checked)} />
              {NOTIFICATION_EVENT_LABELS[event]}
            </label>
          ))}
        </div>
      </fieldset>
      <ServerErrors messages={saveError ? apiErrorMessages(saveError) : null} />
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
