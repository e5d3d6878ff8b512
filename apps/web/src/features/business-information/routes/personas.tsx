import { Users } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function PersonasRoute() {
  return (
    <PageFrame title="Personas" description="Who you sell to. Each persona is a target audience with its search filters; its prospects are the people the agent contacts.">
      <EmptyState icon={Users} title="No personas yet">
        A persona describes a target audience: job titles, industries, company size and locations. Prospects matching it are
        loaded for your agents to contact.
      </EmptyState>
    </PageFrame>
  );
}
