import { Ban } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function BlacklistRoute() {
  return (
    <PageFrame title="Blacklist" description="Emails and domains your agents must never contact: customers, partners, competitors.">
      <EmptyState icon={Ban} title="Your blacklist is empty">
        Add an email or a whole domain and no agent will write to it again. Prospects who unsubscribe land here automatically.
      </EmptyState>
    </PageFrame>
  );
}
