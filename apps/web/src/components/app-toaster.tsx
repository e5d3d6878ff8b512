import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE, TOAST_POSITION, TOAST_TOP_OFFSET_PX } from '@shared/constants';
import { toasterSlot } from '@web/lib/notify';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Rendered after sonner's Toaster in the same commit: by its effect, the Toaster listens. */
function ToasterReady() {
  useEffect(() => toasterSlot.mounted(), []);
  return null;
}

/**
 * Toasts per spec §9: 6000 ms, top right, one at a time, no close button; every toast is raised
 * through lib/notify, which also marks it not dismissible (sonner takes that per toast). The Toaster
 * (and sonner) load with the first toast, not before the first paint.
 */
export function AppToaster() {
  const wanted = useSyncExternalStore(toasterSlot.subscribe, toasterSlot.wanted, toasterSlot.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
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
      <ToasterReady />
    </Suspense>
  );
}

