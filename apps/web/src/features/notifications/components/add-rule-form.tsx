import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import { createCampaignNotificationBodySchema, NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS, type NotificationEvent } from '@shared/schemas/notifications';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { useCreateRule } from '../api/rules';

/** Adds an email rule (an address, or none for everyone on the account) or a webhook rule (its URL). */
export function AddRuleForm({ provider, onDone }: { provider: 'email' | 'webhook'; onDone: () => void }) {
  const create = useCreateRule();
  const legendId = useId();
  const [target, setTarget] = useState('');
  const [events, setEvents] = useState<NotificationEvent[]>(['reply_received', 'meeting_booked']);
  const [errors, setErrors] = useState<{ target?: string; events?: string }>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = { provider, events, target: target.trim() === '' ? null : target };
    const parsed = createCampaignNotificationBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'target') next.target ??= issue.message;
        if (issue.path[0] === 'events') next.events ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(body, { onSuccess: onDone });
  };

  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={provider === 'webhook' ? 'Add a webhook' : 'Add an email rule'}>
        {provider === 'webhook' ? (
          <Field
            label="Webhook URL"
            type="url"
            inputMode="url"
            placeholder="https://hooks.slack.com/services/…"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            error={errors.target}
            hint="A Slack incoming webhook or any address that accepts Slack's JSON ({ text, blocks })."
            autoFocus
          />
        ) : (
          <Field
            label="Email address"
            type="email"
            placeholder="Leave empty for everyone on your account"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            error={errors.target}
            autoFocus
          />
        )}
        <fieldset aria-labelledby={legendId} className="space-y-1.5">
          <legend id={legendId} className="mb-1 text-xs font-medium text-muted uppercase">
            Events
          </legend>
          <div className="grid gap-1.5 sm:grid-cols-2">
            {NOTIFICATION_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm text-fg">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-[var(--accent)]"
                  checked={events.includes(event)}
                  onChange={(e) => setEvents((list) => (e.target.checked ? NOTIFICATION_EVENTS.filter((x) => x === event || list.includes(x)) : list.filter((x) => x !== event)))}
                />
                {NOTIFICATION_EVENT_LABELS[event]}
              </label>
            ))}
          </div>
          {errors.events ? <p className="text-xs text-danger">{errors.events}</p> : null}
        </fieldset>
        <ServerErrors messages={create.isError ? apiErrorMessages(create.error) : null} />
        <div className="flex gap-2">
          <Button type="submit" size="sm" pending={create.isPending}>
            <Plus className="h-4 w-4" aria-hidden /> {provider === 'webhook' ? 'Add webhook' : 'Add email rule'}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
