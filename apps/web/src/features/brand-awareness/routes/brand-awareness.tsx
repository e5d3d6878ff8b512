import { Megaphone } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function BrandAwarenessRoute() {
  return (
    <PageFrame title="Brand awareness" description="Social posts your virtual employees publish to keep your brand in front of prospects.">
      <EmptyState icon={Megaphone} title="No posts yet">
        Connect an agent's social profile and posts written in your voice appear here for review before they go out.
      </EmptyState>
    </PageFrame>
  );
}
