import { Plug } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { buttonVariants } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { useBrand } from '@web/stores/brand';
import { WebhooksCard } from '../components/webhooks-card';
import { ZapierCard } from '../components/zapier-card';

export function IntegrationsRoute() {
  const brand = useBrand();
  return (
    <PageFrame title="Integrations" description="Connect your mailbox, calendar and CRM so the agent sends from your address and logs what it does.">
      <EmptyState
        icon={Plug}
        title="Start with your mailbox"
        action={
          <Link to={paths.cabinet.mailboxes.path} className={buttonVariants()}>
            Connect a mailbox
          </Link>
        }
      >
        Connect a mailbox first: the agent sends from your own address, within safe daily limits. Calendar and CRM connections come next.
      </EmptyState>
      <div className="grid gap-4 xl:grid-cols-2">
        {brand.feature_flags.zapier ? <ZapierCard /> : null}
        <WebhooksCard />
      </div>
    </PageFrame>
  );
}
