import { Bell } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function NotificationsRoute() {
  return (
    <PageFrame title="Notifications" description="What the product tells you about, and how: new replies, booked meetings, problems with sending.">
      <EmptyState icon={Bell} title="No notifications yet">
        You'll be notified here about replies, meetings and anything that needs your attention.
      </EmptyState>
    </PageFrame>
  );
}
