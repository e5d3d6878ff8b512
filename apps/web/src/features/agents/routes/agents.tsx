import { Bot } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { AutoBehaviourSection } from '../components/auto-behaviour-form';

export function AgentsRoute() {
  return (
    <PageFrame title="Edit agents" description="Your virtual employees: the names, roles and voices your AI agents write and post under.">
      <div className="space-y-6">
        <EmptyState icon={Bot} title="No agents yet">
          Create your first agent to give your outreach a name and a face; it writes under that identity on every channel.
        </EmptyState>
        <AutoBehaviourSection />
      </div>
    </PageFrame>
  );
}
