import { formatDistanceToNow } from 'date-fns';
import { Plus, Trash2, Zap } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_HEADERS, type ApiKey, type WebhookEvent } from '@shared/schemas/webhooks';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { useApiKeys, useConnectZapier, useRevokeApiKey } from '../api/api-keys';
import { useWebhooks } from '../api/webhooks';
import { DeliveryLine } from './delivery-status';
import { SecretReveal } from './secret-reveal';

const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });
const eventLabel = (e: string) => WEBHOOK_EVENT_LABELS[e as WebhookEvent] ?? e;

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="text-sm">
        <p className="font-medium text-fg">
          {apiKey.name} <code className="ml-1 font-mono text-xs text-muted">{apiKey.prefix}…</code>
        </p>
        <p className="text-xs text-muted">
          Created {ago(apiKey.created_at)}
          {apiKey.created_by ? ` by ${apiKey.created_by}` : ''} · {apiKey.last_used_at ? `last used ${ago(apiKey.last_used_at)}` : 'never used'} · {apiKey.subscriptions} connected zap
          {apiKey.subscriptions === 1 ? '' : 's'}
        </p>
      </div>
      <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name} (${apiKey.prefix})`}>
        <Trash2 className="h-4 w-4" aria-hidden /> Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke this API key?"
        description={`Zapier (or anything else using ${apiKey.prefix}…) stops being able to connect at once, and its ${apiKey.subscriptions} zap trigger${apiKey.subscriptions === 1 ? '' : 's'} stop receiving events.`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoke.mutate(apiKey.id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}

/**
 * Zapier: create an API key (shown once, with a copy button), the keys (prefix only) with revoke, and the connected
 * zaps (the REST hooks Zapier subscribed) with their newest deliveries.
 */
export function ZapierCard() {
  const keys = useApiKeys();
  const hooks = useWebhooks();
  const connect = useConnectZapier();
  const [shown, setShown] = useState<string | null>(null);
  const zaps = hooks.data?.filter((h) => h.source === 'zapier') ?? [];
  return (
    <Card className="space-y-4 p-5" aria-labelledby="zapier-card-title" role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="zapier-card-title" className="flex items-center gap-2 text-lg font-semibold text-fg">
            <Zap className="h-5 w-5" aria-hidden /> Zapier
          </h2>
          <p className="text-sm text-muted">
            Send replies, meetings, pipeline moves and new prospects to 6,000+ apps, and let zaps add prospects, blacklist addresses, stop sequences or move cards. Connect with an API key
            (Zapier sends it as <code className="font-mono text-xs">{WEBHOOK_HEADERS.apiKey}</code>).
          </p>
        </div>
        <Button type="button" size="sm" pending={connect.isPending} onClick={() => connect.mutate(undefined, { onSuccess: (data) => setShown(data.api_key) })}>
          <Plus className="h-4 w-4" aria-hidden /> Create API key
        </Button>
      </div>
      <ServerErrors messages={connect.isError ? apiErrorMessages(connect.error) : null} />
      {shown ? <SecretReveal label="API key" value={shown} onDone={() => setShown(null)} /> : null}

      <section aria-label="API keys">
        <h3 className="text-xs font-medium text-muted uppercase">API keys</h3>
        {keys.isPending ? (
          <Spinner label="Loading API keys" />
        ) : keys.isError ? (
          <LoadError what="your API keys" error={keys.error} onRetry={() => keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <p className="py-2 text-sm text-muted">No API keys yet. Create one and paste it into Zapier when it asks for your account.</p>
        ) : (
          <ul className="divide-y divide-border">
            {keys.data.map((k) => (
              <KeyRow key={k.id} apiKey={k} />
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Connected zaps">
        <h3 className="text-xs font-medium text-muted uppercase">Connected zaps</h3>
        {hooks.isPending ? (
          <Spinner label="Loading connected zaps" />
        ) : hooks.isError ? (
          <LoadError what="your connected zaps" error={hooks.error} onRetry={() => hooks.refetch()} />
        ) : zaps.length === 0 ? (
          <p className="py-2 text-sm text-muted">No zap is listening yet: a zap with one of this app&apos;s triggers shows here once it is turned on.</p>
        ) : (
          <ul className="space-y-3 pt-1">
            {zaps.map((z) => (
              <li key={z.id} className="space-y-1">
                <p className="text-sm text-fg">
                  {z.events.map(eventLabel).join(', ')} <span className="text-xs text-muted">→ {new URL(z.url).host}</span>
                </p>
                {z.recent_deliveries.length ? (
                  <ul className="space-y-1">
                    {z.recent_deliveries.slice(0, 3).map((d) => (
                      <DeliveryLine key={d.id} delivery={d} />
                    ))}
                  </ul>
                ) : (
                  <p className="text-xs text-muted">Nothing sent yet.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
