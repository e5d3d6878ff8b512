import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { ACCOUNT_CHANNEL, CABLE_PATH, CABLE_SUBPROTOCOL, CATCH_UP_ACTION } from '@shared/live/events';
import type { CableClock } from '../modules/live/clock';
import type { AuthHeaders } from './harness';

/**
 * A clock for the cable that moves only when told: `advance(ms)` runs what falls due in order (an
 * interval once per period passed), so a test sees "a ping every 3 s" without waiting 3 s.
 */
export class FakeClock implements CableClock {
  private t: number;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; fn: () => void; every: number | null }>();

  constructor(start = Date.now()) {
    this.t = start;
  }

  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => this.add(fn, ms, null);
  setInterval = (fn: () => void, ms: number) => this.add(fn, ms, ms);
  clearTimeout = (h: unknown) => void this.timers.delete(h as number);
  clearInterval = (h: unknown) => void this.timers.delete(h as number);

  private add(fn: () => void, ms: number, every: number | null): number {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn, every });
    return id;
  }

  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void; every: number | null }] | null = null;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      const [id, timer] = next;
      this.t = timer.at;
      if (timer.every) timer.at += timer.every;
      else this.timers.delete(id);
      timer.fn();
    }
    this.t = end;
  }
}

export type Frame = { type?: string; identifier?: string; message?: unknown; reason?: string; reconnect?: boolean };

/** A WebSocket client of the cable that queues every frame; `next` waits for the next one that matches. */
export class CableClient {
  readonly frames: Frame[] = [];
  readonly raw: string[] = [];
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  private taken = 0;
  readonly closed: Promise<number>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const frame = JSON.parse(text) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static async connect(url: string, options: { headers?: Record<string, string>; protocols?: string[] } = {}): Promise<CableClient> {
    const ws = new WebSocket(url, options.protocols ?? [CABLE_SUBPROTOCOL, 'actioncable-unsupported'], { headers: options.headers });
    const client = new CableClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** The next frame (after those already taken) that matches; frames that do not match are skipped. */
  next(match: (f: Frame) => boolean = () => true): Promise<Frame> {
    while (this.taken < this.frames.length) {
      const f = this.frames[this.taken++]!;
      if (match(f)) return Promise.resolve(f);
    }
    return new Promise((resolve) => {
      this.waiters.push({
        match,
        resolve: (f) => {
          this.taken = this.frames.length;
          resolve(f);
        },
      });
    });
  }

  /** The next frame that is not a ping. */
  nextMessage(): Promise<Frame> {
    return this.next((f) => f.type !== 'ping');
  }

  send(obj: unknown): void {
    this.ws.send(JSON.stringify(obj));
  }

  subscribe(identifier = JSON.stringify({ channel: ACCOUNT_CHANNEL })): void {
    this.send({ command: 'subscribe', identifier });
  }

  catchUp(since: number | null, identifier = JSON.stringify({ channel: ACCOUNT_CHANNEL })): void {
    this.send({ command: 'message', identifier, data: JSON.stringify({ since, action: CATCH_UP_ACTION }) });
  }

  /** Subscribed and caught up: answers the seq the server says it is at. */
  async ready(since: number | null = null): Promise<number> {
    await this.next((f) => f.type === 'welcome');
    this.subscribe();
    const confirm = await this.next((f) => f.type === 'confirm_subscription' || f.type === 'reject_subscription');
    if (confirm.type !== 'confirm_subscription') throw new Error('the subscription was rejected');
    this.catchUp(since);
    const synced = await this.next((f) => ['synced', 'resync'].includes((f.message as { type?: string } | undefined)?.type ?? ''));
    return (synced.message as { seq: number }).seq;
  }

  /** The next event (the AccountChannel message of type event). */
  async nextEvent(): Promise<{ seq: number; name: string; data: Record<string, unknown> }> {
    const f = await this.next((f) => (f.message as { type?: string } | undefined)?.type === 'event');
    return f.message as { seq: number; name: string; data: Record<string, unknown> };
  }

  close(): Promise<number> {
    this.ws.close();
    return this.closed;
  }
}

/** Starts the app on a loopback port (once) and answers its cable URL for these auth headers. */
export async function cableUrlOf(app: FastifyInstance, headers?: Partial<AuthHeaders>): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = new URL(`ws://127.0.0.1:${port}${CABLE_PATH}`);
  if (headers) for (const name of ['access-token', 'client', 'uid'] as const) if (headers[name]) url.searchParams.set(name, headers[name]!);
  return url.toString();
}
