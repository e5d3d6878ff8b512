import type { SendingCapacity } from '@shared/schemas/user-emails';

/** "Today (Europe/Berlin): 45 emails left of 80 · 25 sent · 10 scheduled": the total line of a capacity answer. */
export function CapacityTotal({ capacity, label = "Today's sending capacity" }: { capacity: SendingCapacity; label?: string }) {
  return (
    <p className="rounded-lg border border-border bg-surface px-4 py-3 text-sm text-fg" aria-label={label}>
      Today ({capacity.time_zone}): <strong>{capacity.total.left} emails left</strong> of {capacity.total.limit} · {capacity.total.sent} sent ·{' '}
      {capacity.total.scheduled} scheduled
      {capacity.account_limit.source === 'plan' ? (
        <span className="block text-muted">
          {capacity.account_limit.limit === 0
            ? 'Nothing is sent until a plan is chosen (Billing in the account menu).'
            : `Capped by your ${capacity.account_limit.plan} plan at ${capacity.account_limit.limit} emails a day.`}
        </span>
      ) : null}
    </p>
  );
}

/**
 * Today's capacity of some mailboxes (a campaign's): the total, then per mailbox the limit after warm-up,
 * sent, scheduled, left, and for one that cannot send now the rule that holds it back.
 */
export function CapacityPanel({ capacity, label }: { capacity: SendingCapacity; label: string }) {
  return (
    <div className="space-y-2">
      <CapacityTotal capacity={capacity} label={label} />
      <ul className="divide-y divide-border rounded-lg border border-border text-sm">
        {capacity.mailboxes.map((m) => (
          <li key={m.user_email_id} className="px-4 py-2.5" aria-label={`Today at ${m.email}`}>
            <span className="font-medium break-all text-fg">{m.email}</span>
            <span className="block text-fg">
              {m.sent} of {m.limit} sent · {m.scheduled} scheduled · <strong>{m.left} left</strong>
            </span>
            {m.held ? <span className="block text-muted">Waiting: {m.held.message}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
