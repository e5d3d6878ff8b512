import { KanbanSquare } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function PipelineRoute() {
  return (
    <PageFrame title="Pipeline" description="Prospects by stage, from first reply to booked meeting to won deal.">
      <EmptyState icon={KanbanSquare} title="Your pipeline is empty">
        Prospects move into the pipeline when they reply; you can then drag them through the stages.
      </EmptyState>
    </PageFrame>
  );
}
