import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToaster } from '@web/components/app-toaster';
import { BrandEffect } from '@web/components/brand-effect';
import { queryClient as defaultQueryClient } from '@web/lib/query-client';
import { selectBrandKnown, useBrandStore } from '@web/stores/brand';
import { AppErrorBoundary } from './error-boundaries';

export { AppToaster } from '@web/components/app-toaster';

/** On a first visit, wait for the holder before painting, so no one sees another brand's name. */
function BrandGate({ children }: { children: ReactNode }) {
  const known = useBrandStore(selectBrandKnown);
  return known ? children : null;
}

export function AppProvider({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrandEffect />
        <AppToaster />
        <BrandGate>{children}</BrandGate>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
