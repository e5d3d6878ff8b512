import { ChartNoAxesCombined } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function InsightsRoute() {
  return (
    <PageFrame title="Insights" description="Deliverability and performance: which personas, messages and channels bring replies.">
      <EmptyState icon={ChartNoAxesCombined} title="No insights yet">
        Insights need sends to learn from: they fill in after your agents' first week of outreach.
      </EmptyState>
    </PageFrame>
  );
}
