import { Repeat } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function FollowupRoute() {
  return (
    <PageFrame title="Follow Up" description="When and how your agents follow up with prospects who have not replied yet.">
      <EmptyState icon={Repeat} title="No follow-up sequence yet">
        Follow-ups are set per persona: how many, how far apart, and on which channel. They stop as soon as a prospect replies.
      </EmptyState>
    </PageFrame>
  );
}
