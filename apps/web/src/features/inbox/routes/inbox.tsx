import { Inbox } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function InboxRoute() {
  return (
    <PageFrame title="Inbox" description="Every reply from your prospects, in one place, with the thread that led to it.">
      <EmptyState icon={Inbox} title="No threads yet">
        Replies from prospects will appear here once your agents start sending.
      </EmptyState>
    </PageFrame>
  );
}
