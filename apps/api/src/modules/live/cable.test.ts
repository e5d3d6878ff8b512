import type { ActivityVerb } from '@shared/events';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_CHANNEL, CABLE_PING_INTERVAL_MS, CABLE_SUBPROTOCOL } from '@shared/live/events';
import { buildApp } from '../../app';
import { authTokens } from '../../db/schema';
import { CableClient, cableUrlOf, FakeClock } from '../../testing/cable';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { recordActivity } from '../activities/service';
import { emitLiveEvent } from '../../lib/live-events';
import { pruneLiveEvents } from './prune';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('the cable at /cable (%s)', (kind) => {
  let t: TestApp;
  let clock: FakeClock;
  let a: Person;
  let b: Person;
  const clients: CableClient[] = [];
  const connect = async (headers?: Person['headers'], options: Parameters<typeof CableClient.connect>[1] = {}) => {
    const client = await CableClient.connect(await cableUrlOf(t.app, headers), options);
    clients.push(client);
    return client;
  };
  const activity = (p: Person, verb: ActivityVerb, payload: Record<string, unknown> = {}) =>
    recordActivity(t.db.db, { accountId: p.user.account_id, actorType: 'system', verb, payload });

  beforeAll(async () => {
    clock = new FakeClock();
    t = await startTestApp(kind, { cable: { clock }, env: { LIVE_REPLAY_MAX: '5' } });
    a = await signedInUser(t, 'cable-a');
    b = await signedInUser(t, 'cable-b');
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await t?.close();
  });

  it('chooses actioncable-v1-json, welcomes, and pings every 3 s', async () => {
    const c = await connect(a.headers);
    expect(c.ws.protocol).toBe(CABLE_SUBPROTOCOL);
    expect(await c.next()).toEqual({ type: 'welcome' });
    expect(c.raw[0]).toBe('{"type":"welcome"}');
    clock.advance(CABLE_PING_INTERVAL_MS - 1);
    clock.advance(1);
    const ping = await c.next((f) => f.type === 'ping');
    expect(ping.message).toBe(Math.floor(clock.now() / 1000));
    const before = c.frames.filter((f) => f.type === 'ping').length;
    clock.advance(CABLE_PING_INTERVAL_MS);
    await c.next((f) => f.type === 'ping');
    clock.advance(CABLE_PING_INTERVAL_MS);
    await c.next((f) => f.type === 'ping');
    expect(c.frames.filter((f) => f.type === 'ping').length).toBe(before + 2);
  });

  it('confirms the AccountChannel and echoes the identifier byte for byte; rejects other channels and other accounts', async () => {
    const c = await connect(a.headers);
    await c.next((f) => f.type === 'welcome');
    // Spacing and key order as a client may write them: the answer carries this very string.
    const odd = `{ "account_id" : ${a.user.account_id},  "channel":"Account\\u0043hannel" }`;
    c.subscribe(odd);
    const confirmed = await c.next((f) => f.identifier !== undefined);
    expect(confirmed).toEqual({ identifier: odd, type: 'confirm_subscription' });
    expect(c.raw.at(-1)).toBe(`{"identifier":${JSON.stringify(odd)},"type":"confirm_subscription"}`);
    // A second subscribe with the same identifier is confirmed again (the client's guarantor may resend).
    c.subscribe(odd);
    expect(await c.next((f) => f.identifier !== undefined)).toEqual({ identifier: odd, type: 'confirm_subscription' });

    for (const identifier of [
      JSON.stringify({ channel: ACCOUNT_CHANNEL, account_id: b.user.account_id }),
      JSON.stringify({ channel: ACCOUNT_CHANNEL, account_id: String(b.user.account_id) }),
      JSON.stringify({ channel: ACCOUNT_CHANNEL, user_id: b.user.id }),
      JSON.stringify({ channel: 'NotificationsChannel' }),
      JSON.stringify({ channel: 'AccountChannel ' }),
      'not json',
      '[]',
    ]) {
      c.subscribe(identifier);
      expect(await c.next((f) => f.identifier !== undefined)).toEqual({ identifier, type: 'reject_subscription' });
    }
  });

  it('refuses a connection without valid auth: disconnect unauthorized, no reconnect', async () => {
    for (const headers of [undefined, { ...a.headers, 'access-token': 'wrong' }, { ...a.headers, uid: b.email }]) {
      const c = await connect(headers as Person['headers'] | undefined);
      expect(await c.next()).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
      await c.closed;
      expect(c.frames.some((f) => f.type === 'welcome')).toBe(false);
    }
  });

  it('takes the auth headers as well as the query parameters', async () => {
    const c = await connect(undefined, { headers: { 'access-token': a.headers['access-token'], client: a.headers.client, uid: a.headers.uid } });
    expect(await c.next()).toEqual({ type: 'welcome' });
  });

  it("refuses a token on another brand's host, as HTTP does", async () => {
    const branded = await signedInUser(t, 'cable-brand3', 'secret-pass-1', 'brand3.localhost:3000');
    const { host: _host, ...headers } = branded.headers;
    const elsewhere = await connect(headers);
    expect(await elsewhere.next()).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    const home = await connect(headers, { headers: { host: 'brand3.localhost:3000' } });
    expect(await home.next()).toEqual({ type: 'welcome' });
  });

  it('delivers the account’s events in commit order, activities included, each once', async () => {
    const c = await connect(a.headers);
    const head = await c.ready(null);
    const first = await activity(a, 'offering_created', { offering_id: 7, name: 'not sent' });
    await t.db.db.transaction(async (tx) => {
      await emitLiveEvent(tx, a.user.account_id, 'thread_changed', { thread_id: 3, changed: ['starred'], starred: true });
      await emitLiveEvent(tx, a.user.account_id, 'mailbox_changed', { user_email_id: 4, status: 'paused' });
    });
    const got = [await c.nextEvent(), await c.nextEvent(), await c.nextEvent()];
    expect(got.map((e) => e.seq)).toEqual([head + 1, head + 2, head + 3]);
    expect(got.map((e) => e.name)).toEqual(['activity', 'thread_changed', 'mailbox_changed']);
    // Small: ids and what changed (the activity's name is not in it).
    expect(got[0]!.data).toEqual({ id: first.id, verb: 'offering_created', channel: null, prospect_id: null, persona_id: null, refs: { offering_id: 7 } });
  });

  it("never delivers a rolled-back transaction's event; numbers have no gap", async () => {
    const c = await connect(a.headers);
    const head = await c.ready(null);
    await expect(
      t.db.db.transaction(async (tx) => {
        await emitLiveEvent(tx, a.user.account_id, 'mailbox_changed', { user_email_id: 99, status: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await emitLiveEvent(t.db.db, a.user.account_id, 'mailbox_changed', { user_email_id: 100, status: 'committed' });
    const next = await c.nextEvent();
    expect(next).toMatchObject({ seq: head + 1, data: { user_email_id: 100 } });
  });

  it("carries only the subscriber's account (the delivery path is per account)", async () => {
    const ca = await connect(a.headers);
    const cb = await connect(b.headers);
    const headA = await ca.ready(null);
    const headB = await cb.ready(null);
    await activity(a, 'offering_created', { offering_id: 1 });
    await activity(a, 'offering_created', { offering_id: 2 });
    await activity(b, 'offering_created', { offering_id: 3 });
    // B's first event is its own (delivery is in order, so A's two would have come first).
    expect(await cb.nextEvent()).toMatchObject({ seq: headB + 1, data: { refs: { offering_id: 3 } } });
    expect((await ca.nextEvent()).seq).toBe(headA + 1);
    expect(await ca.nextEvent()).toMatchObject({ seq: headA + 2, data: { refs: { offering_id: 2 } } });
    expect(cb.raw.join('\n')).not.toContain('"offering_id":1');
    expect(cb.raw.join('\n')).not.toContain('"offering_id":2');
  });

  it('replays what a client missed while away, in order, then says synced', async () => {
    const first = await connect(a.headers);
    const last = await first.ready(null);
    await first.close();
    await activity(a, 'offering_created', { offering_id: 11 });
    await activity(a, 'offering_created', { offering_id: 12 });
    await emitLiveEvent(t.db.db, a.user.account_id, 'import_progress', { job_id: 5, status: 'running', processed: 100 });
    const again = await connect(a.headers);
    await again.next((f) => f.type === 'welcome');
    again.subscribe();
    await again.next((f) => f.type === 'confirm_subscription');
    again.catchUp(last);
    const replayed = [await again.nextEvent(), await again.nextEvent(), await again.nextEvent()];
    expect(replayed.map((e) => e.seq)).toEqual([last + 1, last + 2, last + 3]);
    expect(replayed.map((e) => e.name)).toEqual(['activity', 'activity', 'import_progress']);
    expect((await again.next((f) => (f.message as { type?: string } | undefined)?.type === 'synced')).message).toEqual({ type: 'synced', seq: last + 3 });
    // Live again afterwards.
    await activity(a, 'offering_created', { offering_id: 13 });
    expect((await again.nextEvent()).seq).toBe(last + 4);
  });

  it('answers resync when the missed events are pruned, too many, or unknown', async () => {
    const p = await signedInUser(t, 'cable-resync');
    const accountId = p.user.account_id;
    const c = await connect(p.headers);
    const head = await c.ready(null);
    for (let i = 0; i < 6; i++) await emitLiveEvent(t.db.db, accountId, 'mailbox_changed', { user_email_id: i, status: 'paused' });
    for (let i = 0; i < 6; i++) await c.nextEvent();
    const answer = async (since: number) => {
      const client = await connect(p.headers);
      await client.ready(since);
      const found = client.frames.map((f) => f.message as { type?: string } | undefined).find((m) => m?.type === 'resync' || m?.type === 'synced');
      await client.close();
      return found;
    };
    // LIVE_REPLAY_MAX is 5 here: six behind is too many.
    expect(await answer(head)).toEqual({ type: 'resync', seq: head + 6, reason: 'too_far_behind' });
    expect(await answer(head + 1)).toEqual({ type: 'synced', seq: head + 6 });
    expect(await answer(head + 100)).toEqual({ type: 'resync', seq: head + 6, reason: 'unknown_seq' });
    // Nobody of the account connected: this process forgets its stream (and the events it held).
    await c.close();
    await vi.waitFor(() => expect(t.app.liveFeed.hasStream(accountId)).toBe(false));
    // Retention: everything committed before "now + 8 days" goes with a 7-day retention.
    const pruned = await pruneLiveEvents(t.db.db, 7, new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(pruned).toBeGreaterThanOrEqual(6);
    expect(await answer(head + 1)).toEqual({ type: 'resync', seq: head + 6, reason: 'pruned' });
    // Numbers go on after a prune.
    const live = await connect(p.headers);
    expect(await live.ready(head + 6)).toBe(head + 6);
    await emitLiveEvent(t.db.db, accountId, 'mailbox_changed', { user_email_id: 1, status: 'active' });
    expect((await live.nextEvent()).seq).toBe(head + 7);
  });

  it('replays from the database when this process holds none of it', async () => {
    const p = await signedInUser(t, 'cable-cold');
    for (let i = 1; i <= 3; i++) await emitLiveEvent(t.db.db, p.user.account_id, 'import_progress', { job_id: 1, status: 'running', processed: i * 10 });
    expect(t.app.liveFeed.hasStream(p.user.account_id)).toBe(false);
    const c = await connect(p.headers);
    await c.next((f) => f.type === 'welcome');
    c.subscribe();
    await c.next((f) => f.type === 'confirm_subscription');
    c.catchUp(1);
    expect([await c.nextEvent(), await c.nextEvent()].map((e) => [e.seq, e.data.processed])).toEqual([
      [2, 20],
      [3, 30],
    ]);
  });

  it('disconnects when the token expires (unauthorized, no reconnect)', async () => {
    const p = await signedInUser(t, 'cable-expiry');
    await t.db.db
      .update(authTokens)
      .set({ expiresAt: new Date(clock.now() + 60_000) })
      .where(eq(authTokens.client, p.headers.client));
    const c = await connect(p.headers);
    await c.ready(null);
    clock.advance(59_000);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    clock.advance(1_000);
    expect(await c.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    await c.closed;
  });

  it('disconnects at sign-out (the revoked token), and leaves the other devices connected', async () => {
    const p = await signedInUser(t, 'cable-signout');
    const other = await signedInUser(t, 'unused');
    void other;
    const secondDevice = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), payload: { email: p.email, password: p.password } });
    const second = { 'access-token': String(secondDevice.headers['access-token']), client: String(secondDevice.headers.client), uid: String(secondDevice.headers.uid), expiry: '' };
    const c1 = await connect(p.headers);
    const c2 = await connect(second);
    await c1.ready(null);
    await c2.ready(null);
    const res = await t.app.inject({ method: 'DELETE', url: v1('/auth/sign_out'), headers: p.headers });
    expect(res.statusCode).toBe(200);
    expect(await c1.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    await c1.closed;
    // The other device's connection still hears the account.
    await emitLiveEvent(t.db.db, p.user.account_id, 'mailbox_changed', { user_email_id: 1, status: 'paused' });
    expect((await c2.nextEvent()).name).toBe('mailbox_changed');
  });

  it('tells clients to reconnect when the server stops', async () => {
    const other = await startTestApp(kind);
    try {
      const p = await signedInUser(other, 'cable-restart');
      const c = await CableClient.connect(await cableUrlOf(other.app, p.headers));
      await c.ready(null);
      const closing = other.app.close();
      expect(await c.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'server_restart', reconnect: true });
      await c.closed;
      await closing;
    } finally {
      await other.close();
    }
  });
});

describe.runIf(PGLITE_PASS)('the log never holds the cable URL’s token', () => {
  it('redacts access-token, client and uid from request logs, upgrades and plain GETs alike', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await startTestApp('pglite');
    try {
      const p = await signedInUser(t, 'cable-log');
      const app = await buildApp({ config: { ...t.config, logLevel: 'trace' }, db: t.db.db, logStream: stream });
      try {
        const url = await cableUrlOf(app, p.headers);
        const c = await CableClient.connect(url);
        await c.ready(null);
        await c.close();
        const plain = await fetch(url.replace('ws://', 'http://'));
        expect(plain.status).toBeGreaterThanOrEqual(400);
        const bad = await CableClient.connect(url.replace(encodeURIComponent(p.headers['access-token']), 'not-the-token'));
        await bad.closed;
      } finally {
        await app.close();
      }
      const log = lines.join('');
      expect(log).toContain('/cable');
      expect(log).toContain('[redacted]');
      for (const secret of [p.headers['access-token'], encodeURIComponent(p.headers['access-token']), p.headers.client]) expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
