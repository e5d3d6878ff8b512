import { formatDistanceToNow } from 'date-fns';
import type { WebhookDelivery } from '@shared/schemas/webhooks';
import { cn } from '@web/lib/utils';

const TONE: Record<WebhookDelivery['status'], string> = {
  delivered: 'bg-emerald-500/15 text-emerald-300',
  pending: 'bg-amber-500/15 text-amber-300',
  failed: 'bg-red-500/15 text-red-300',
  gone: 'bg-zinc-500/15 text-zinc-300',
};

const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

/** One delivery in a line: its event, status, attempts, the receiver's answer and the next try. */
export function DeliveryLine({ delivery }: { delivery: WebhookDelivery }) {
  const d = delivery;
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
      <span className={cn('rounded px-1.5 py-0.5 font-medium', TONE[d.status])}>{d.status}</span>
      <span className="font-mono text-fg">{d.event}</span>
      <span className="text-muted">
        {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
        {d.response_code !== null ? `, answered ${d.response_code}` : ''}
        {d.delivered_at ? `, delivered ${ago(d.delivered_at)}` : `, created ${ago(d.created_at)}`}
      </span>
      {d.status === 'pending' && d.next_attempt_at ? <span className="text-muted">next try {ago(d.next_attempt_at)}</span> : null}
      {d.last_error && d.status !== 'delivered' ? <span className="w-full text-danger">{d.last_error}</span> : null}
    </li>
  );
}
