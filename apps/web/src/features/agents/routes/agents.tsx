import { Bot } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function AgentsRoute() {
  return (
    <PageFrame title="Edit agents" description="Your virtual employees: the names, roles and voices your AI agents write and post under.">
      <EmptyState icon={Bot} title="No agents yet">
        Create your first agent to give your outreach a name and a face; it writes under that identity on every channel.
      </EmptyState>
    </PageFrame>
  );
}
