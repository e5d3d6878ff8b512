import { NOTIFICATION_POLL_INTERVAL_MS } from '@shared/constants';
import type { AppNotification } from '@shared/schemas/notifications';

/**
 * Polls the user's unread in-app notifications (every 15 s while signed in and the page is visible)
 * and hands each batch of new ones to `onNew` once. Only notifications that arrive while the app is
 * open are new: the first answer after start sets the baseline (its newest id) and shows nothing, so
 * a reload or a new browser session never toasts what was already there; later answers hand over ids
 * above both the baseline and the highest one shown, kept per user in localStorage so a second open
 * tab does not show it again. Showing does not mark a notification read: the history and the badge
 * keep it unread until the user says so.
 *
 * A setTimeout chain (the next request only after the previous settled), paused while the page is
 * hidden and resumed with an immediate tick when it shows again, like the extension poller.
 */
export type NotificationPollerDeps = {
  fetchNew: (afterId: number) => Promise<AppNotification[]>;
  onNew: (fresh: AppNotification[]) => void;
  /** The user's key for the shown mark (their uid). */
  userKey: string;
  doc: Document;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  intervalMs: number;
  logger: Pick<Console, 'warn'>;
};

export type NotificationPoller = { start(): void; stop(): void; pollNow(): void };

const storageKey = (userKey: string) => `notifications.shown.${userKey}`;

export function createNotificationPoller(overrides: Partial<NotificationPollerDeps> & Pick<NotificationPollerDeps, 'fetchNew' | 'onNew' | 'userKey'>): NotificationPoller {
  const deps: NotificationPollerDeps = {
    doc: document,
    storage: window.localStorage,
    intervalMs: NOTIFICATION_POLL_INTERVAL_MS,
    logger: console,
    ...overrides,
  };
  const { doc } = deps;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let failureLogged = false;

  /** The newest id when this session's first poll answered; null until then. */
  let baseline: number | null = null;

  const shownUpTo = () => Number(deps.storage.getItem(storageKey(deps.userKey))) || 0;
  const seenUpTo = () => Math.max(baseline ?? 0, shownUpTo());

  async function tick() {
    const list = await deps.fetchNew(seenUpTo());
    if (!running) return;
    if (baseline === null) {
      // What is already there when the user arrives is in the history, not a toast.
      baseline = Math.max(seenUpTo(), ...list.map((n) => n.id));
      return;
    }
    // Another tab may have shown some meanwhile.
    const fresh = list.filter((n) => n.id > seenUpTo());
    if (!fresh.length) return;
    deps.storage.setItem(storageKey(deps.userKey), String(Math.max(...fresh.map((n) => n.id))));
    deps.onNew(fresh);
  }

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  function schedule() {
    clearTimer();
    if (!running || doc.hidden) return;
    timer = setTimeout(runTick, deps.intervalMs);
  }

  function runTick() {
    timer = null;
    if (!running || doc.hidden) return;
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = tick()
      .then(() => {
        failureLogged = false;
      })
      .catch((error: unknown) => {
        if (!failureLogged) deps.logger.warn(`[notifications] polling failed: ${error instanceof Error ? error.message : String(error)}`);
        failureLogged = true;
      })
      .finally(() => {
        inFlight = null;
        if (again) {
          again = false;
          runTick();
        } else schedule();
      });
  }

  function onVisibilityChange() {
    if (doc.hidden) clearTimer();
    else if (running && !inFlight && timer === null) runTick();
  }

  return {
    start() {
      if (running) return;
      running = true;
      doc.addEventListener('visibilitychange', onVisibilityChange);
      runTick();
    },
    stop() {
      running = false;
      clearTimer();
      doc.removeEventListener('visibilitychange', onVisibilityChange);
    },
    pollNow() {
      clearTimer();
      runTick();
    },
  };
}
