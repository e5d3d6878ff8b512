import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE, TOAST_POSITION, TOAST_TOP_OFFSET_PX } from '@shared/constants';
import { BrandEffect } from '@web/components/brand-effect';
import { queryClient as defaultQueryClient } from '@web/lib/query-client';
import { selectBrandKnown, useBrandStore } from '@web/stores/brand';
import { AppErrorBoundary } from './error-boundaries';

/**
 * Toasts per spec §9: 6000 ms, top right, one at a time, no close button; every toast is raised
 * through lib/notify, which also marks it not dismissible (sonner takes that per toast).
 */
export function AppToaster() {
  return (
    <Toaster
      theme="dark"
      position={TOAST_POSITION}
      offset={{ top: TOAST_TOP_OFFSET_PX }}
      mobileOffset={{ top: TOAST_TOP_OFFSET_PX }}
      visibleToasts={TOAST_MAX_VISIBLE}
      duration={TOAST_DURATION_MS}
      closeButton={false}
      toastOptions={{ duration: TOAST_DURATION_MS }}
    />
  );
}

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
