import { useState, type ReactNode } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { CreateIntegrationBody, Integration, IntegrationProviderInfo } from '@shared/schemas/integrations';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useConnect, useDisconnect } from '../api/integrations';
import { SettingsForm } from './settings-form';
import { StatusBadge, UsageMeter } from './integration-status';
import { WriteLedger } from './write-ledger';

/** Leaves the app for the vendor's consent page (a full navigation: the vendor sends the browser back). */
const goTo = (url: string) => window.location.assign(url);

const DESCRIPTIONS: Record<IntegrationProviderInfo['provider'], string> = {
  hubspot: 'Push replying prospects to HubSpot as contacts, log the conversation, and keep customers and open deals out of campaigns.',
  salesforce: 'Push replying prospects as Leads or Contacts, log activity as Tasks, and keep your accounts out of campaigns.',
  calendly: 'See booked meetings on the pipeline: a booking by a prospect becomes a real “meeting booked”.',
  zapier: 'Send replies, meetings and pipeline changes to thousands of apps, and act on them from Zapier.',
};

/**
 * One integration's card: connect (or reconnect), its status with the vendor's own message, last sync, the quota used
 * today, its settings, the ledger of recent writes (with Replay), and what the provider adds (children).
 */
export function IntegrationCard({
  info,
  integration,
  crm,
  children,
  connectAlternative,
  navigate = goTo,
}: {
  info: IntegrationProviderInfo;
  integration: Integration | undefined;
  crm: boolean;
  children?: ReactNode;
  /** Another way to connect, shown while not connected (Calendly's personal access token). */
  connectAlternative?: ReactNode;
  navigate?: (url: string) => void;
}) {
  const connect = useConnect();
  const disconnect = useDisconnect();
  const [confirming, setConfirming] = useState(false);
  const oauth = info.connect.includes('oauth');
  const onConnect = () => connect.mutate({ provider: info.provider } as CreateIntegrationBody, { onSuccess: (r) => navigate(r.authorize_url) });
  const status = integration ? integration.status : info.configured ? 'not_connected' : 'not_configured';
  return (
    <Card className="space-y-4 p-5" aria-labelledby={`integration-${info.provider}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <div className="flex items-center gap-2">
            <h2 id={`integration-${info.provider}`} className="text-base font-semibold text-fg">
              {info.label}
            </h2>
            <StatusBadge status={status} />
          </div>
          <p className="max-w-xl text-sm text-muted">{DESCRIPTIONS[info.provider]}</p>
          {integration?.vendor_account_name || integration?.vendor_account_id ? (
            <p className="text-xs text-muted">Account: {integration.vendor_account_name ?? integration.vendor_account_id}</p>
          ) : null}
          {integration ? <p className="text-xs text-muted">Last sync: {integration.last_sync_at ? new Date(integration.last_sync_at).toLocaleString() : 'not yet'}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {info.configured && oauth && (!integration || integration.status !== 'connected') ? (
            <Button type="button" pending={connect.isPending} onClick={onConnect}>
              {integration ? `Reconnect ${info.label}` : `Connect ${info.label}`}
            </Button>
          ) : null}
          {integration ? (
            <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
              Disconnect
            </Button>
          ) : null}
        </div>
      </div>
      {!info.configured ? (
        <p className="text-sm text-muted">
          {connectAlternative ? `${info.label} sign-in (OAuth)` : info.label} is not configured on this server: its administrator sets the app's client id and secret to offer it.
        </p>
      ) : null}
      {connectAlternative && (!integration || integration.status !== 'connected') ? connectAlternative : null}
      {integration?.status_message ? (
        <p className={integration.status === 'connected' ? 'text-sm text-muted' : 'text-sm text-danger'} role={integration.status === 'connected' ? undefined : 'alert'}>
          {info.label} says: {integration.status_message}
        </p>
      ) : null}
      {connect.isError ? <ServerErrors messages={apiErrorMessages(connect.error)} /> : null}
      {integration ? (
        <>
          <UsageMeter usage={integration.usage} />
          {children}
          <details className="group">
            <summary className="cursor-pointer text-sm font-medium text-fg">Settings</summary>
            <div className="pt-3">
              <SettingsForm integration={integration} label={info.label} crm={crm} />
            </div>
          </details>
          <section aria-label={`${info.label} recent writes`} className="space-y-2">
            <h3 className="text-sm font-medium text-fg">Recent writes</h3>
            <WriteLedger integrationId={integration.id} />
          </section>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Disconnect ${info.label}?`}
            description={`Access is withdrawn at ${info.label} and nothing more is written there. The ledger of past writes stays.`}
            confirmLabel="Disconnect"
            pending={disconnect.isPending}
            error={disconnect.error}
            onConfirm={() => disconnect.mutate(integration.id, { onSuccess: () => setConfirming(false) })}
          />
        </>
      ) : null}
    </Card>
  );
}
