import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Db } from '../../db/client';
import { liveEventCounters, liveEvents } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { untracked } from '../../db/write-epoch';
import { clientOf, dbKindOf } from '../../lib/jobs/sql';
import { systemClock, type CableClock } from './clock';
import { SESSIONS_CHANNEL } from '../../lib/live-events';

/**
 * This process's view of the accounts' live streams (the fan-out half of the cable).
 *
 * Events are rows of `live_events`, numbered per account at commit (migration 0020), and every commit
 * NOTIFYs `live_events` with "account:seq" only. Each API process LISTENs (on PostgreSQL on a connection
 * of its own; on PGlite in-process) and, for an account that has subscribers here, reads the rows after
 * the highest number it has (one query per account however many subscribers), keeps the newest ones in
 * memory and wakes its subscribers, which send in order from their own cursor. A number is trusted only
 * when every number below it has been read (they are dense), so a late or lost NOTIFY can delay an event
 * but never reorder or drop one; after the listening connection comes back every stream reads again.
 */

export type LiveRecord = { seq: number; name: string; at: string; /** The AccountChannel message, serialised once. */ json: string };

/** Something that wants to hear that a stream has newer records (a channel subscription). */
export type StreamSubscriber = { wake(): void };

const READ_BATCH = 500;
const RECENT_MAX = 256;
/** Commits of live events: "account:seq" (migration 0020's trigger). */
export const EVENTS_CHANNEL = 'live_events';

type Logger = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

export type FeedOptions = {
  log: Logger;
  /** How long to wait before listening again after the connection was lost (PostgreSQL). */
  listenRetryMs?: number;
  /** Times the retry (tests move it). */
  clock?: CableClock;
};

const toRecord = (row: { seq: number | null; name: string; data: unknown; committedAt: Date | null }): LiveRecord => {
  const seq = Number(row.seq);
  const at = (row.committedAt ?? new Date()).toISOString();
  return { seq, name: row.name, at, json: JSON.stringify({ type: 'event', seq, name: row.name, data: row.data, at }) };
};

/** One account's stream in this process: the highest contiguous number read, and the newest records. */
export class AccountStream {
  /** Highest seq read from the database (every lower one was read too); -1 until loaded. */
  head = -1;
  /** The newest records, contiguous, ending at head. */
  private recent: LiveRecord[] = [];
  readonly subscribers = new Set<StreamSubscriber>();
  private pulling: Promise<void> | null = null;
  private again = false;

  constructor(
    readonly accountId: number,
    private readonly db: Db,
  ) {}

  /** Reads what committed after head (and, the first time, where the account's numbers stand). */
  pull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.again = false;
          await this.readNewer();
        } while (this.again);
      } finally {
        this.pulling = null;
      }
    })();
    return this.pulling;
  }

  private async readNewer(): Promise<void> {
    const accountId = this.accountId;
    if (this.head < 0) {
      // Where the numbers stand now: later ones arrive through NOTIFY (or the next pull).
      const [counter] = await inAccount(accountId, null, () =>
        this.db.select({ seq: liveEventCounters.seq }).from(liveEventCounters).where(eq(liveEventCounters.accountId, accountId)),
      );
      if (this.head < 0) this.head = Number(counter?.seq ?? 0);
    }
    const rows = await this.read(this.head, READ_BATCH);
    let woke = false;
    for (const record of rows) {
      if (record.seq !== this.head + 1) break; // not contiguous (cannot happen: numbers are dense); read again later
      this.recent.push(record);
      this.head = record.seq;
      woke = true;
    }
    if (this.recent.length > RECENT_MAX) this.recent.splice(0, this.recent.length - RECENT_MAX);
    if (rows.length === READ_BATCH) this.again = true;
    if (woke) for (const s of this.subscribers) s.wake();
  }

  /** Committed records after `after`, oldest first (at most `limit`, none past `upTo`). */
  read(after: number, limit: number, upTo?: number): Promise<LiveRecord[]> {
    const accountId = this.accountId;
    return inAccount(accountId, null, async () => {
      const rows = await this.db
        .select({ seq: liveEvents.seq, name: liveEvents.name, data: liveEvents.data, committedAt: liveEvents.committedAt })
        .from(liveEvents)
        .where(and(eq(liveEvents.accountId, accountId), gt(liveEvents.seq, after), ...(upTo !== undefined ? [lte(liveEvents.seq, upTo)] : [])))
        .orderBy(asc(liveEvents.seq))
        .limit(limit);
      return rows.map(toRecord);
    });
  }

  /** The records after `after` from memory, or null when memory no longer holds `after + 1`. */
  recentAfter(after: number): LiveRecord[] | null {
    if (after >= this.head) return [];
    const first = this.recent[0];
    if (!first || first.seq > after + 1) return null;
    return this.recent.slice(after + 1 - first.seq);
  }
}

type Listener = { close(): Promise<void>; pid: number | null };

/** The process-wide feed: one stream per account with subscribers here, and the LISTEN that moves them. */
export class LiveFeed {
  private readonly streams = new Map<number, AccountStream>();
  private readonly sessionHandlers = new Set<(userId: number) => void>();
  private readonly resumeHandlers = new Set<() => void>();
  private listener: Listener | null = null;
  private readonly clock: CableClock;
  /** Runs a function in the context the feed was made in (no request's tenancy scope). */
  private readonly outside = AsyncLocalStorage.snapshot();
  private retry: unknown = null;
  private stopped = false;
  /** Times the listening connection was (re)established (tests watch it come back). */
  listens = 0;

  constructor(
    private readonly db: Db,
    private readonly options: FeedOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** Whether this process hears commits now (false while its listening connection is being replaced). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** The PostgreSQL backend of the listening connection (null on PGlite or while not listening). */
  get listenerPid(): number | null {
    return this.listener?.pid ?? null;
  }

  async start(): Promise<void> {
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry !== null) this.clock.clearTimeout(this.retry);
    await this.listener?.close().catch(() => undefined);
    this.listener = null;
  }

  /** The account's stream in this process (created when it has none; subscribe at once). */
  streamFor(accountId: number): AccountStream {
    let stream = this.streams.get(accountId);
    if (!stream) this.streams.set(accountId, (stream = new AccountStream(accountId, this.db)));
    return stream;
  }

  subscribe(stream: AccountStream, subscriber: StreamSubscriber): void {
    stream.subscribers.add(subscriber);
    if (this.streams.get(stream.accountId) !== stream) this.streams.set(stream.accountId, stream);
  }

  unsubscribe(stream: AccountStream, subscriber: StreamSubscriber): void {
    stream.subscribers.delete(subscriber);
    if (!stream.subscribers.size && this.streams.get(stream.accountId) === stream) this.streams.delete(stream.accountId);
  }

  /** Called with a user id whose sessions changed (sign-out, password change) on any instance. */
  onSessionChange(handler: (userId: number) => void): () => void {
    this.sessionHandlers.add(handler);
    return () => this.sessionHandlers.delete(handler);
  }

  /** Called after listening again: anything may have been missed meanwhile. */
  onResume(handler: () => void): () => void {
    this.resumeHandlers.add(handler);
    return () => this.resumeHandlers.delete(handler);
  }

  hasStream(accountId: number): boolean {
    return this.streams.has(accountId);
  }

  get streamCount(): number {
    return this.streams.size;
  }

  private notified(channel: string, payload: string | undefined): void {
    if (channel === EVENTS_CHANNEL) {
      const [account, seq] = (payload ?? '').split(':').map(Number);
      const stream = account !== undefined ? this.streams.get(account) : undefined;
      if (stream && seq !== undefined && seq > stream.head) this.pullLogged(stream);
    } else if (channel === SESSIONS_CHANNEL) {
      const userId = Number(payload);
      if (Number.isInteger(userId)) for (const h of this.sessionHandlers) h(userId);
    }
  }

  private pullLogged(stream: AccountStream): void {
    stream.pull().catch((err: unknown) => this.options.log.error({ err, accountId: stream.accountId }, 'reading live events failed'));
  }

  private async listen(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const onNotify = (channel: string, payload: string | undefined) => {
      // Out of the driver's callback (PGlite delivers while its query lock is held), and out of the
      // context of whatever query it came with (on PGlite, the request that committed: its tenancy scope).
      setImmediate(() => this.outside(() => this.notified(channel, payload)));
    };
    try {
      const listener = dbKindOf(this.db) === 'pglite' ? await listenPglite(this.db, onNotify) : await listenPostgres(this.db, onNotify, () => this.lost());
      if (this.stopped) return void (await listener.close().catch(() => undefined));
      this.listener = listener;
      this.listens++;
      if (this.listens > 1) {
        // Back after a loss: every stream reads what committed meanwhile; sessions are checked again.
        for (const stream of this.streams.values()) this.pullLogged(stream);
        for (const h of this.resumeHandlers) h();
      }
    } catch (err) {
      this.options.log.warn({ err }, 'listening for live events failed; trying again');
      this.scheduleListen();
    }
  }

  private lost(): void {
    if (this.stopped) return;
    this.listener = null;
    this.options.log.warn({}, 'the live events listening connection was lost; listening again');
    this.scheduleListen();
  }

  private scheduleListen(): void {
    if (this.stopped || this.retry !== null) return;
    this.retry = this.clock.setTimeout(() => void this.listen(), this.options.listenRetryMs ?? 1000);
  }
}

async function listenPglite(db: Db, onNotify: (channel: string, payload: string) => void): Promise<Listener> {
  const raw = untracked(clientOf(db)) as unknown as {
    listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
  };
  const stops = [
    await raw.listen(EVENTS_CHANNEL, (p) => onNotify(EVENTS_CHANNEL, p)),
    await raw.listen(SESSIONS_CHANNEL, (p) => onNotify(SESSIONS_CHANNEL, p)),
  ];
  return { pid: null, close: async () => void (await Promise.all(stops.map((s) => s().catch(() => undefined)))) };
}

/** A connection of its own (LISTEN needs a session), with the pool's settings. */
async function listenPostgres(db: Db, onNotify: (channel: string, payload: string | undefined) => void, onLost: () => void): Promise<Listener & { client: pg.Client }> {
  const pool = untracked(clientOf(db)) as unknown as { options: pg.ClientConfig };
  const client = new pg.Client({ ...pool.options, keepAlive: true, application_name: 'live-events-listener' });
  let closing = false;
  let lostOnce = false;
  const lost = () => {
    if (closing || lostOnce) return;
    lostOnce = true;
    client.end().catch(() => undefined);
    onLost();
  };
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', (n) => onNotify(n.channel, n.payload));
  try {
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
  } catch (err) {
    closing = true;
    await client.end().catch(() => undefined);
    throw err;
  }
  return {
    client,
    pid: (client as unknown as { processID: number | null }).processID ?? null,
    close: async () => {
      closing = true;
      await client.end();
    },
  };
}
