import { toast } from 'sonner';
import { TOAST_DISMISSIBLE, TOAST_DURATION_MS } from '@shared/constants';

/** Toasts per spec §9: 6000 ms, not dismissible, one at a time (the Toaster sets position and count). */
type NotifyOptions = { description?: string; /** Same id → one toast (e.g. effects that run twice). */ id?: string };

const base = { duration: TOAST_DURATION_MS, dismissible: TOAST_DISMISSIBLE } as const;

export const notify = {
  success: (message: string, options: NotifyOptions = {}) => toast.success(message, { ...base, ...options }),
  error: (message: string, options: NotifyOptions = {}) => toast.error(message, { ...base, ...options }),
  info: (message: string, options: NotifyOptions = {}) => toast.info(message, { ...base, ...options }),
};
