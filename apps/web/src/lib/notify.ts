import { TOAST_DISMISSIBLE, TOAST_DURATION_MS } from '@shared/constants';

/** Toasts per spec §9: 6000 ms, not dismissible, one at a time (the Toaster sets position and count). */
type NotifyOptions = {
  description?: string;
  /** Same id → one toast (e.g. effects that run twice). */
  id?: string;
  /** A button on the toast (e.g. "Undo" after a move). */
  action?: { label: string; onClick: () => void };
};

const base = { duration: TOAST_DURATION_MS, dismissible: TOAST_DISMISSIBLE } as const;

/**
 * The toast library loads with the first toast, not with the page (the sign-in page paints without
 * it): the first notify asks the app's Toaster (AppToaster) to mount, and toasts are handed over once
 * it has mounted and listens. Later toasts go through at once.
 */
let wanted = false;
const wantListeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let counter = 0;

export const toasterSlot = {
  subscribe(listener: () => void) {
    wantListeners.add(listener);
    return () => void wantListeners.delete(listener);
  },
  wanted: () => wanted,
  /** Called by AppToaster once sonner's Toaster is on screen and subscribed. */
  mounted: () => markMounted(),
};

function show(kind: 'success' | 'error' | 'info', message: string, options: NotifyOptions): string {
  const id = options.id ?? `notify-${++counter}`;
  if (!wanted) {
    wanted = true;
    wantListeners.forEach((l) => l());
  }
  void mounted
    .then(() => import('sonner'))
    .then(({ toast }) => toast[kind](message, { ...base, ...options, id }));
  return id;
}

export const notify = {
  success: (message: string, options: NotifyOptions = {}) => show('success', message, options),
  error: (message: string, options: NotifyOptions = {}) => show('error', message, options),
  info: (message: string, options: NotifyOptions = {}) => show('info', message, options),
};
