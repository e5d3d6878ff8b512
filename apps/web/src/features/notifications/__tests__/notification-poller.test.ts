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
  it('asks at start (the baseline) and then only when told (the live connection); new ones are handed over once and remembered per user', async () => {
    const server: AppNotification[] = [];
    const fetchNew = vi.fn(async (after: number) => server.filter((n) => n.id > after && !n.read_at).sort((a, b) => b.id - a.id));
    const onNew = vi.fn();
    const storage = memoryStorage();
    const { doc } = fakeDoc();
    const poller = createNotificationPoller({ fetchNew, onNew, userKey: 'a@example.com', doc, storage, logger: { warn: vi.fn() } });
    server.push(notificationFixture(4, 'Dana replied'));
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenLastCalledWith(0);
    // Already there when the user arrived: in the history, not a toast.
    expect(onNew).not.toHaveBeenCalled();

    // No timer: an hour passes without a request.
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(fetchNew).toHaveBeenCalledTimes(1);
    server.push(notificationFixture(5, 'Meeting booked'), notificationFixture(6, 'Import finished'));
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenLastCalledWith(4);
    expect(onNew).toHaveBeenCalledTimes(1);
    expect(onNew).toHaveBeenLastCalledWith([expect.objectContaining({ id: 6 }), expect.objectContaining({ id: 5 })]);
    expect(storage.map.get('notifications.shown.a@example.com')).toBe('6');
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenLastCalledWith(6);
    expect(onNew).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('a new session (reload, new browser, cleared storage) does not toast unread ones that were already there; one arriving later is toasted', async () => {
    const server = [notificationFixture(7, 'Test notification from Pipelane'), notificationFixture(3, 'Dana replied')];
    const fetchNew = vi.fn(async (after: number) => server.filter((n) => n.id > after).sort((a, b) => b.id - a.id));
    const onNew = vi.fn();
    const { doc } = fakeDoc();
    const poller = createNotificationPoller({ fetchNew, onNew, userKey: 'u', doc, storage: memoryStorage() });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenLastCalledWith(7);
    expect(onNew).not.toHaveBeenCalled();
    server.push(notificationFixture(8, 'Meeting booked'));
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(onNew).toHaveBeenCalledWith([expect.objectContaining({ id: 8 })]);
    poller.stop();
  });

  it('a second tab does not toast what the first one showed; a failed first request sets no baseline and is tried again', async () => {
    const server: AppNotification[] = [];
    let fail = true;
    const fetchNew = vi.fn(async (after: number) => {
      if (fail) throw new Error('offline');
      return server.filter((n) => n.id > after).sort((a, b) => b.id - a.id);
    });
    const storage = memoryStorage();
    const first = vi.fn();
    const second = vi.fn();
    const tabA = createNotificationPoller({ fetchNew, onNew: first, userKey: 'u', doc: fakeDoc().doc, storage, retryMs: 1000, logger: { warn: vi.fn() } });
    tabA.start();
    await vi.advanceTimersByTimeAsync(0);
    fail = false;
    server.push(notificationFixture(2, 'Old'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchNew).toHaveBeenCalledTimes(2);
    expect(first).not.toHaveBeenCalled();
    const tabB = createNotificationPoller({ fetchNew, onNew: second, userKey: 'u', doc: fakeDoc().doc, storage });
    tabB.start();
    await vi.advanceTimersByTimeAsync(0);
    server.push(notificationFixture(9, 'Fresh'));
    tabA.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toHaveBeenCalledWith([expect.objectContaining({ id: 9 })]);
    tabB.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(second).not.toHaveBeenCalled();
    tabA.stop();
    tabB.stop();
  });

  it('a request while the page is hidden waits until it shows; nothing after stop', async () => {
    const fetchNew = vi.fn(async () => [] as AppNotification[]);
    const { doc, setHidden } = fakeDoc();
    const poller = createNotificationPoller({ fetchNew, onNew: vi.fn(), userKey: 'u', doc, storage: memoryStorage() });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenCalledTimes(1);
    setHidden(true);
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchNew).toHaveBeenCalledTimes(1);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenCalledTimes(2);
    // Shown again without a request pending: nothing to ask.
    setHidden(true);
    setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNew).toHaveBeenCalledTimes(2);
    poller.stop();
    poller.pollNow();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchNew).toHaveBeenCalledTimes(2);
  });

  it('keeps trying after a failure and logs it once', async () => {
    const fetchNew = vi.fn().mockRejectedValue(new Error('offline'));
    const warn = vi.fn();
    const poller = createNotificationPoller({ fetchNew, onNew: vi.fn(), userKey: 'u', doc: fakeDoc().doc, storage: memoryStorage(), retryMs: 1000, logger: { warn } });
    poller.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchNew.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('[notifications] polling failed: offline');
    poller.stop();
    const calls = fetchNew.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchNew).toHaveBeenCalledTimes(calls);
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
