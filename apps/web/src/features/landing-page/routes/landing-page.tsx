import { PanelsTopLeft } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function LandingPageRoute() {
  return (
    <PageFrame title="Landing page" description="A page for each persona that your messages link to, tracked so you know who clicked.">
      <EmptyState icon={PanelsTopLeft} title="No landing pages yet">
        Landing pages are created from your personas and offerings; add a persona first and one is drafted for it.
      </EmptyState>
    </PageFrame>
  );
}
