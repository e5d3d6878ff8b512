import { Plug } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function IntegrationsRoute() {
  return (
    <PageFrame title="Integrations" description="Connect your mailbox, calendar and CRM so the agent sends from your address and logs what it does.">
      <EmptyState icon={Plug} title="Nothing connected yet">
        Connect a mailbox first: the agent sends from your own address, within safe daily limits.
      </EmptyState>
    </PageFrame>
  );
}
