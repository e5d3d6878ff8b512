import { ChevronDown, ChevronUp, Plus, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import { createWebhookBodySchema, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_HEADERS, type Webhook, type WebhookEvent } from '@shared/schemas/webhooks';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Field } from '@web/components/ui/field';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useTestWebhook, useWebhooks } from '../api/webhooks';
import { DeliveryLine } from './delivery-status';
import { SecretReveal } from './secret-reveal';

const eventLabel = (e: string) => WEBHOOK_EVENT_LABELS[e as WebhookEvent] ?? e;

/** URL, events, and an optional secret of one's own (else one is generated and shown once). */
function AddWebhookForm({ onCreated, onCancel }: { onCreated: (secret: string) => void; onCancel: () => void }) {
  const create = useCreateWebhook();
  const legendId = useId();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['reply.received', 'meeting.booked']);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = { url, events, ...(secret.trim() ? { secret } : {}), ...(description.trim() ? { description } : {}) };
    const parsed = createWebhookBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(body, { onSuccess: (created) => onCreated(created.secret) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-border p-4" aria-label="Add a webhook">
      <Field label="URL" type="url" inputMode="url" placeholder="https://example.com/hooks/outreach" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url} autoFocus />
      <fieldset aria-labelledby={legendId} className="space-y-1.5">
        <legend id={legendId} className="mb-1 text-xs font-medium text-muted uppercase">
          Events
        </legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm text-fg">
              <input
                type="checkbox"
                className="h-4 w-4 accent-[var(--accent)]"
                checked={events.includes(event)}
                onChange={(e) => setEvents((list) => (e.target.checked ? WEBHOOK_EVENTS.filter((x) => x === event || list.includes(x)) : list.filter((x) => x !== event)))}
              />
              {WEBHOOK_EVENT_LABELS[event]}
            </label>
          ))}
        </div>
        {errors.events ? <p className="text-xs text-danger">{errors.events}</p> : null}
      </fieldset>
      <Field
        label="Signing secret (optional)"
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        error={errors.secret}
        hint="Leave empty to get a generated one. Deliveries carry X-Signature: t=…,v1=… (HMAC-SHA256 of “t.body”)."
        autoComplete="off"
      />
      <Field label="Description (optional)" value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
      <ServerErrors messages={create.isError ? apiErrorMessages(create.error) : null} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={create.isPending}>
          <Plus className="h-4 w-4" aria-hidden /> Add webhook
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeliveryLog({ hook }: { hook: Webhook }) {
  const log = useDeliveries(hook.id, true);
  if (log.isPending) return <Spinner label="Loading deliveries" />;
  if (log.isError) return <LoadError what="the delivery log" error={log.error} onRetry={() => log.refetch()} />;
  if (!log.data.length) return <p className="text-xs text-muted">Nothing delivered yet.</p>;
  return (
    <ul className="space-y-1" aria-label="Delivery log">
      {log.data.map((d) => (
        <DeliveryLine key={d.id} delivery={d} />
      ))}
    </ul>
  );
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-mono text-sm text-fg" title={hook.url}>
            {hook.url}
          </p>
          <p className="text-xs text-muted">
            {hook.description ? `${hook.description} · ` : ''}
            {hook.events.map(eventLabel).join(', ')}
          </p>
        </div>
        <div className="flex gap-1">
          <Button type="button" size="sm" variant="secondary" pending={test.isPending} onClick={() => test.mutate(hook.id)}>
            <Send className="h-4 w-4" aria-hidden /> Send test
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete webhook ${hook.url}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
      <ServerErrors messages={test.isError ? apiErrorMessages(test.error) : null} />
      {hook.recent_deliveries.length ? (
        <ul className="space-y-1" aria-label="Recent deliveries">
          {hook.recent_deliveries.slice(0, 3).map((d) => (
            <DeliveryLine key={d.id} delivery={d} />
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted">Nothing sent yet: use Send test to check the receiver.</p>
      )}
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? <ChevronUp className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />} {open ? 'Hide' : 'Show'} delivery log
      </Button>
      {open ? <DeliveryLog hook={hook} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this webhook?"
        description={`${hook.url} stops receiving events, and its delivery log goes with it.`}
        confirmLabel="Delete webhook"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(hook.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}

/** Plain signed webhooks (no Zapier): add (URL, events, secret shown once), the list with recent deliveries, test, delete. */
export function WebhooksCard() {
  const hooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const manual = hooks.data?.filter((h) => h.source === 'manual') ?? [];
  return (
    <Card className="space-y-4 p-5" aria-labelledby="webhooks-card-title" role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="webhooks-card-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
            <WebhookIcon className="h-5 w-5" aria-hidden /> Webhooks
          </h2>
          <p className="text-sm text-muted">
            Signed JSON POSTs to your own endpoint, retried with backoff for about a day; a 410 answer removes the webhook. Verify{' '}
            <code className="font-mono text-xs">{WEBHOOK_HEADERS.signature}</code> and de-duplicate on <code className="font-mono text-xs">{WEBHOOK_HEADERS.idempotencyKey}</code>.
          </p>
        </div>
        {!adding ? (
          <Button type="button" size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add webhook
          </Button>
        ) : null}
      </div>
      {secret ? <SecretReveal label="Signing secret" value={secret} onDone={() => setSecret(null)} /> : null}
      {adding ? (
        <AddWebhookForm
          onCreated={(s) => {
            setAdding(false);
            setSecret(s);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : null}
      {hooks.isPending ? (
        <Spinner label="Loading webhooks" />
      ) : hooks.isError ? (
        <LoadError what="your webhooks" error={hooks.error} onRetry={() => hooks.refetch()} />
      ) : manual.length === 0 ? (
        !adding ? <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">No webhooks yet. Add one to receive events on your own server.</p> : null
      ) : (
        <ul className="divide-y divide-border">
          {manual.map((h) => (
            <WebhookRow key={h.id} hook={h} />
          ))}
        </ul>
      )}
    </Card>
  );
}
