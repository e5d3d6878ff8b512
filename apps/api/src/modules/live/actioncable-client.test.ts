import * as ActionCable from '@rails/actioncable';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@shared/live/events';
import { subscribeAccountStream, type StaleReason } from '@shared/live/stream';
import { cableUrlOf, FakeClock } from '../../testing/cable';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { emitLiveEvent } from '../../lib/live-events';

// @rails/actioncable in Node: the `ws` client, and the page events its monitor listens to (none here).
ActionCable.adapters.WebSocket = WebSocket as unknown as typeof ActionCable.adapters.WebSocket;
const g = globalThis as unknown as { addEventListener?: () => void; removeEventListener?: () => void };
g.addEventListener ??= () => undefined;
g.removeEventListener ??= () => undefined;

/** Resolves the next time `check` holds after one of the stream's callbacks ran. */
function recorder() {
  const events: LiveEvent[] = [];
  const stale: StaleReason[] = [];
  const statuses: string[] = [];
  let waiters: Array<() => void> = [];
  const poke = () => {
    const w = waiters;
    waiters = [];
    for (const fn of w) fn();
  };
  const until = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      const test = () => (check() ? resolve() : waiters.push(test));
      test();
    });
  return {
    events,
    stale,
    statuses,
    until,
    handlers: {
      onEvent: (e: LiveEvent) => (events.push(e), poke()),
      onStale: (r: StaleReason) => (stale.push(r), poke()),
      onStatus: (s: string) => (statuses.push(s), poke()),
    },
  };
}

describe.each(DB_KINDS)('a real @rails/actioncable consumer in Node (%s)', (kind) => {
  let t: TestApp;
  let p: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await startTestApp(kind, { cable: { clock: new FakeClock() } });
    p = await signedInUser(t, 'actioncable');
  });
  afterAll(async () => t?.close());

  it('connects, subscribes to AccountChannel, receives in order, and catches up after a disconnect', async () => {
    const url = await cableUrlOf(t.app, p.headers);
    const consumer = ActionCable.createConsumer(() => url);
    const r = recorder();
    const stream = subscribeAccountStream(consumer, r.handlers);
    try {
      // The subscription's first sync: the page's data may predate the stream.
      await r.until(() => r.stale.includes('first_sync'));
      expect(r.statuses).toEqual(['connected']);
      const base = stream.lastSeq()!;
      await emitLiveEvent(t.db.db, p.user.account_id, 'mailbox_changed', { user_email_id: 1, status: 'paused' });
      await emitLiveEvent(t.db.db, p.user.account_id, 'import_progress', { job_id: 2, status: 'running', processed: 10 });
      await r.until(() => r.events.length === 2);
      expect(r.events.map((e) => [e.seq, e.name])).toEqual([
        [base + 1, 'mailbox_changed'],
        [base + 2, 'import_progress'],
      ]);

      // The socket goes away (as in a laptop's sleep); meanwhile two more things happen.
      // A deliberate disconnect stops the monitor, so the subscription hears "stopped" (no reconnect of its own).
      consumer.disconnect();
      await r.until(() => r.statuses.length > 1);
      expect(r.statuses.slice(1)).toEqual(['stopped']);
      await emitLiveEvent(t.db.db, p.user.account_id, 'notification_created', { notification_id: 9, event: 'reply_received' });
      await emitLiveEvent(t.db.db, p.user.account_id, 'mailbox_changed', { user_email_id: 1, status: 'active' });
      consumer.connect();
      await r.until(() => r.events.length === 4);
      expect(r.events.slice(2).map((e) => [e.seq, e.name])).toEqual([
        [base + 3, 'notification_created'],
        [base + 4, 'mailbox_changed'],
      ]);
      expect(r.stale).toEqual(['first_sync']);
      expect(stream.lastSeq()).toBe(base + 4);
    } finally {
      stream.unsubscribe();
      consumer.disconnect();
    }
  });

  it('stops for good when refused (no reconnect after unauthorized)', async () => {
    const url = await cableUrlOf(t.app, { ...p.headers, 'access-token': 'not-a-token' });
    const consumer = ActionCable.createConsumer(url);
    const r = recorder();
    const stream = subscribeAccountStream(consumer, r.handlers);
    const connection = (consumer as unknown as { connection: { monitor: { isRunning(): boolean }; disconnected: boolean } }).connection;
    await new Promise<void>((resolve) => {
      const check = () => (connection.disconnected && !connection.monitor.isRunning() ? resolve() : setImmediate(check));
      check();
    });
    expect(r.events).toEqual([]);
    await r.until(() => r.statuses.includes('stopped'));
    stream.unsubscribe();
  });
});
