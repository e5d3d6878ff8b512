import type { AppNotification } from '@shared/schemas/notifications';

/**
 * Asks for the user's unread in-app notifications when there may be new ones, and hands each batch of
 * new ones to `onNew` once. There is no timer: the live connection says when a notification was created
 * (`notification_created`, or a resync after a drop), and the app calls `pollNow`; it also asks once at
 * start. Only notifications that arrive while the app is open are new: the first answer after start sets
 * the baseline (its newest id) and shows nothing, so a reload or a new browser session never toasts what
 * was already there; later answers hand over ids above both the baseline and the highest one shown, kept
 * per user in localStorage so a second open tab does not show it again. Showing does not mark a
 * notification read: the history and the badge keep it unread until the user says so.
 *
 * A request while the page is hidden waits until it shows again (a toast nobody sees is lost). A failed
 * request is tried again after `retryMs` until it works (logged once).
 */
export type NotificationPollerDeps = {
  fetchNew: (afterId: number) => Promise<AppNotification[]>;
  onNew: (fresh: AppNotification[]) => void;
  /** The user's key for the shown mark (their uid). */
  userKey: string;
  doc: Document;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  retryMs: number;
  logger: Pick<Console, 'warn'>;
};

export type NotificationPoller = { start(): void; stop(): void; pollNow(): void };

/** How soon a failed request for notifications is tried again. */
export const NOTIFICATION_RETRY_MS = 15_000;

const storageKey = (userKey: string) => `notifications.shown.${userKey}`;

export function createNotificationPoller(overrides: Partial<NotificationPollerDeps> & Pick<NotificationPollerDeps, 'fetchNew' | 'onNew' | 'userKey'>): NotificationPoller {
  const deps: NotificationPollerDeps = {
    doc: document,
    storage: window.localStorage,
    retryMs: NOTIFICATION_RETRY_MS,
    logger: console,
    ...overrides,
  };
  const { doc } = deps;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let wanted = false;
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

  /** A request: now when visible, else when the page shows again. */
  function request() {
    if (!running) return;
    if (doc.hidden) {
      wanted = true;
      return;
    }
    wanted = false;
    clearTimer();
    runTick();
  }

  function runTick() {
    timer = null;
    if (!running) return;
    if (inFlight) {
      again = true;
      return;
    }
    let failed = false;
    inFlight = tick()
      .then(() => {
        failureLogged = false;
      })
      .catch((error: unknown) => {
        failed = true;
        if (!failureLogged) deps.logger.warn(`[notifications] polling failed: ${error instanceof Error ? error.message : String(error)}`);
        failureLogged = true;
      })
      .finally(() => {
        inFlight = null;
        if (again) {
          again = false;
          request();
        } else if (failed && running) {
          timer = setTimeout(request, deps.retryMs);
        }
      });
  }

  function onVisibilityChange() {
    if (!doc.hidden && wanted) request();
  }

  return {
    start() {
      if (running) return;
      running = true;
      doc.addEventListener('visibilitychange', onVisibilityChange);
      request();
    },
    stop() {
      running = false;
      clearTimer();
      doc.removeEventListener('visibilitychange', onVisibilityChange);
    },
    pollNow() {
      request();
    },
  };
}
