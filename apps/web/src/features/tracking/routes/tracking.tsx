import { Radar } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function TrackingRoute() {
  return (
    <PageFrame title="Website tracking" description="Add the tracking code to your website to see which companies visit after your agents write to them.">
      <EmptyState icon={Radar} title="No visitors tracked yet">
        Once the tracking code is on your site, companies that visit appear here with the pages they viewed.
      </EmptyState>
    </PageFrame>
  );
}
