import { Mail, Plug } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Integration, IntegrationProviderId } from '@shared/schemas/integrations';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { buttonVariants } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { useIntegrations } from '../api/integrations';
import { CalendlyEvents, CalendlyTokenConnect } from '../components/calendly-section';
import { HubSpotBlacklistImport } from '../components/hubspot-blacklist-import';
import { IntegrationCard } from '../components/integration-card';
import { OAuthResult } from '../components/oauth-result';
import { WebhooksCard } from '../components/webhooks-card';
import { ZapierCard } from '../components/zapier-card';
import { SalesforceSection } from '../components/salesforce-section';

/**
 * What each provider adds to its card once connected (the generic card has connect, status, usage, settings and the
 * ledger). Salesforce's list import, Calendly's events and Zapier's keys and webhooks slot in here.
 */
const PROVIDER_SECTIONS: Partial<Record<IntegrationProviderId, (integration: Integration) => ReactNode>> = {
  hubspot: (integration) =>
    integration.status === 'connected' ? (
      <section aria-label="HubSpot contacts to the blacklist" className="space-y-2">
        <h3 className="text-sm font-medium text-fg">Keep HubSpot contacts out of campaigns</h3>
        <HubSpotBlacklistImport integrationId={integration.id} />
      </section>
    ) : null,
  salesforce: (integration) => <SalesforceSection integration={integration} />,
  calendly: (integration) => <CalendlyEvents integration={integration} />,
};
/** Ways to connect besides the consent page, shown while a provider is not connected. */
const CONNECT_ALTERNATIVES: Partial<Record<IntegrationProviderId, () => ReactNode>> = {
  calendly: () => <CalendlyTokenConnect />,
};
const CRM: ReadonlySet<IntegrationProviderId> = new Set(['hubspot', 'salesforce']);

/** /cabinet/integrations: one card per integration the brand offers; mailboxes have their own page (linked). */
export function IntegrationsRoute() {
  const integrations = useIntegrations();
  return (
    <PageFrame title="Integrations" description="Connect your CRM, calendar and automations. Every write to them is listed with its outcome, and nothing is written twice.">
      <OAuthResult />
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="flex items-center gap-2 text-sm text-muted">
          <Mail className="h-4 w-4" aria-hidden /> Mailboxes the agent sends from are on their own page.
        </p>
        <Link to={paths.cabinet.mailboxes.path} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
          Manage mailboxes
        </Link>
      </Card>
      {integrations.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading integrations" />
        </div>
      ) : integrations.isError ? (
        <LoadError what="your integrations" error={integrations.error} onRetry={() => integrations.refetch()} />
      ) : integrations.data.meta.providers.length === 0 ? (
        <EmptyState icon={Plug} title="No integrations on this plan">
          This workspace offers no CRM, calendar or Zapier connection.
        </EmptyState>
      ) : (
        <section aria-label="Integrations" className="mt-4 grid gap-4">
          {integrations.data.meta.providers.map((info) => {
            // Zapier connects with an API key the product issues: its own card (keys shown once, connected zaps).
            if (info.provider === 'zapier') return <ZapierCard key="zapier" />;
            const integration = integrations.data.data.find((i) => i.provider === info.provider);
            return (
              <IntegrationCard key={info.provider} info={info} integration={integration} crm={CRM.has(info.provider)} connectAlternative={CONNECT_ALTERNATIVES[info.provider]?.()}>
                {integration ? PROVIDER_SECTIONS[info.provider]?.(integration) : null}
              </IntegrationCard>
            );
          })}
        </section>
      )}
      {/* Plain signed webhooks belong to the page itself (the brand's integrations flag), once the page has loaded. */}
      {integrations.isSuccess ? <WebhooksCard /> : null}
    </PageFrame>
  );
}
