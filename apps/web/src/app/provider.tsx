import type { ReactNode } from 'react';
import { AppToaster } from '@web/components/app-toaster';
import { BrandEffect } from '@web/components/brand-effect';
import { selectBrandKnown, useBrandStore } from '@web/stores/brand';
import { AppErrorBoundary } from './error-boundaries';

export { AppToaster } from '@web/components/app-toaster';

/** On a first visit, wait for the holder before painting, so no one sees another brand's name. */
function BrandGate({ children }: { children: ReactNode }) {
  const known = useBrandStore(selectBrandKnown);
  return known ? children : null;
}

/**
 * What every page has: the error boundary, the brand, the toaster. The data layer (query cache,
 * API client) is not here: it loads with the first page that needs it (root-shell.tsx DataLayer).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <BrandEffect />
      <AppToaster />
      <BrandGate>{children}</BrandGate>
    </AppErrorBoundary>
  );
}
