import { INTEGRATION_STATUS_LABELS, type Integration, type IntegrationUsage } from '@shared/schemas/integrations';
import { cn } from '@web/lib/utils';

const STATUS_CLASS: Record<Integration['status'] | 'not_configured' | 'not_connected', string> = {
  connected: 'bg-success/15 text-success',
  needs_reconnect: 'bg-warning/15 text-warning',
  error: 'bg-danger/15 text-danger',
  not_configured: 'bg-surface-2 text-muted',
  not_connected: 'bg-surface-2 text-fg',
};
const LABELS = { ...INTEGRATION_STATUS_LABELS, not_configured: 'Not configured', not_connected: 'Not connected' };

/** Connected, needs reconnect, error; or, without a connection, not connected / not configured on this server. */
export function StatusBadge({ status }: { status: keyof typeof STATUS_CLASS }) {
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', STATUS_CLASS[status])}>{LABELS[status]}</span>;
}

/** Today's vendor requests against the user's cap (or the vendor's own allowance), and a pause the vendor asked for. */
export function UsageMeter({ usage }: { usage: IntegrationUsage }) {
  const limit = usage.cap ?? usage.allowance;
  const share = limit ? Math.min(1, usage.today / limit) : null;
  return (
    <div className="space-y-1" aria-label="Quota used today">
      <div className="flex justify-between text-xs text-muted">
        <span>Requests today</span>
        <span>
          {usage.today.toLocaleString()}
          {limit ? ` of ${limit.toLocaleString()}${usage.cap ? ' (your cap)' : ' (vendor allowance)'}` : ' (no cap set; paced to the vendor’s rate limit)'}
        </span>
      </div>
      {share !== null ? (
        <div className="h-1.5 overflow-hidden rounded-full bg-surface-2" role="meter" aria-valuemin={0} aria-valuemax={limit!} aria-valuenow={usage.today} aria-label="Requests today">
          <div className={cn('h-full rounded-full', share >= 0.9 ? 'bg-danger' : share >= 0.7 ? 'bg-warning' : 'bg-accent')} style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
      ) : null}
      {usage.paused_until ? <p className="text-xs text-warning">The vendor asked us to wait: requests continue at {new Date(usage.paused_until).toLocaleTimeString()}.</p> : null}
    </div>
  );
}
