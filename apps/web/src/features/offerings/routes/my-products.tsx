import { Package } from 'lucide-react';
import { EmptyState, PageFrame } from '@web/components/page-frame';

export function MyProductsRoute() {
  return (
    <PageFrame title="My products" description="What you sell: the offerings your agents pitch, with their benefits and prices.">
      <EmptyState icon={Package} title="No products yet">
        Add a product or service and the agent can match it to the right personas in its messages.
      </EmptyState>
    </PageFrame>
  );
}
