import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@shared/schemas/notifications';
import { notify } from '@web/lib/notify';
import { showNotificationToast } from '../hooks/use-notification-toasts';
import { createNotificationPoller } from '../lib/notification-poller';
import { notificationFixture } from './fake-notifications-server';

/** A document whose visibility the test controls. */
function fakeDoc() {
  const target = new EventTarget();
  const doc = Object.assign(target, { hidden: false }) as unknown as Document & { hidden: boolean };
  return {
    doc,
    setHidden(hidden: boolean) {
      (doc as { hidden: boolean }).hidden = hidden;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the unread-notification poller', () => {
  it('asks at once, then every interval after the previous answer; hands over each new notification once and remembers it per user', async () => {
    const server: AppNotification[] = [];
    const fetchNew = vi.fn(async (after: number) => server.filter((n) => n.id > after && !n.read_at).sort((a, b) => b.id - a.id));
    const onNew = vi.fn();
    const storage = memoryStorage();
    const { doc } = fakeDoc();
    const poller = createNotificationPoller({ fetchNew, onNew, userKey: 'a@example.com', doc, storage, intervalMs: 15_000, logger: { warn: vi.fn() } });
    server.push(notificationFixture(4, 'Dana replied'));
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenLastCalledWith(0);
    expect(onNew).toHaveBeenCalledWith([expect.objectContaining({ id: 4 })]);
    expect(storage.map.get('notifications.shown.a@example.com')).toBe('4');

    await vi.advanceTimersByTimeAsync(14_999);
    expect(fetchNew).toHaveBeenCalledTimes(1);
    server.push(notificationFixture(5, 'Meeting booked'), notificationFixture(6, 'Import finished'));
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchNew).toHaveBeenLastCalledWith(4);
    expect(onNew).toHaveBeenLastCalledWith([expect.objectContaining({ id: 6 }), expect.objectContaining({ id: 5 })]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(onNew).toHaveBeenCalledTimes(2);

    // A new poller (a reload) does not show them again.
    poller.stop();
    const again = vi.fn();
    const reloaded = createNotificationPoller({ fetchNew, onNew: again, userKey: 'a@example.com', doc, storage, intervalMs: 15_000 });
    reloaded.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenLastCalledWith(6);
    expect(again).not.toHaveBeenCalled();
    reloaded.stop();
  });

  it('pauses while the page is hidden, asks at once when it shows again, and stops for good on stop', async () => {
    const fetchNew = vi.fn(async () => [] as AppNotification[]);
    const { doc, setHidden } = fakeDoc();
    const poller = createNotificationPoller({ fetchNew, onNew: vi.fn(), userKey: 'u', doc, storage: memoryStorage(), intervalMs: 1000 });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenCalledTimes(1);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchNew).toHaveBeenCalledTimes(1);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenCalledTimes(2);
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenCalledTimes(3);
    poller.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchNew).toHaveBeenCalledTimes(3);
  });

  it('keeps polling after a failure and logs it once', async () => {
    const fetchNew = vi.fn().mockRejectedValue(new Error('offline'));
    const warn = vi.fn();
    const poller = createNotificationPoller({ fetchNew, onNew: vi.fn(), userKey: 'u', doc: fakeDoc().doc, storage: memoryStorage(), intervalMs: 1000, logger: { warn } });
    poller.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchNew.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('[notifications] polling failed: offline');
    poller.stop();
  });
});

describe('the notification toast', () => {
  it('shows one notification with its text, several as one toast with their count (spec §9: one at a time)', () => {
    const info = vi.spyOn(notify, 'info').mockReturnValue('x');
    showNotificationToast([notificationFixture(4, 'Dana replied')]);
    expect(info).toHaveBeenLastCalledWith('Dana replied', { id: 'notification-4', description: 'Body of Dana replied' });
    showNotificationToast([notificationFixture(6, 'Import finished'), notificationFixture(5, 'Meeting booked')]);
    expect(info).toHaveBeenLastCalledWith('2 new notifications', { id: 'notification-6', description: 'Import finished' });
    showNotificationToast([]);
    expect(info).toHaveBeenCalledTimes(2);
  });
});
