import { Plug } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { buttonVariants } from '@web/components/ui/button';
import { paths } from '@web/config/paths';

export function IntegrationsRoute() {
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
    </PageFrame>
  );
}
