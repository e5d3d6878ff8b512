import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ACCOUNT_CHANNEL, CABLE_PATH, CABLE_PING_INTERVAL_MS, CABLE_SUBPROTOCOL, CATCH_UP_ACTION } from '@shared/live/events';
import { holderIdForUpgrade } from '../../lib/brand-request';
import type { AuthContext, Deps } from '../../lib/route';
import { evictUser } from '../auth/auth-cache';
import { authenticate } from '../auth/tokens';
import { AccountSubscription } from './account-channel';
import { MAX_TIMER_MS, systemClock, type CableClock } from './clock';
import type { LiveFeed } from './feed';

/**
 * The cable: ActionCable's `actioncable-v1-json` protocol on `ws`, at /cable.
 *
 * - The upgrade is authenticated like an HTTP request: the auth headers, or (a browser cannot set headers
 *   on a WebSocket) the query parameters access-token, client and uid, checked by the same `authenticate`
 *   on the request's brand (a token shown on another brand's host is refused). A refused connection is
 *   told `{"type":"disconnect","reason":"unauthorized","reconnect":false}` and closed, as Rails does, so
 *   the client stops retrying. The URL (which holds the token) is never logged.
 * - Then `{"type":"welcome"}`, a ping every 3 s, and the commands subscribe / unsubscribe / message.
 *   `AccountChannel` (identifier `{"channel":"AccountChannel"}`, optionally with the subscriber's own
 *   `account_id`) is confirmed; anything else, another account's id included, is rejected. Every frame
 *   about a subscription carries its identifier exactly as the client sent it.
 * - The connection closes with `unauthorized` (no reconnect) when its token expires or is revoked on any
 *   instance (modules/auth/tokens.ts announces it), and with `server_restart` (reconnect) when the server
 *   stops. A client that stops reading is dropped (it reconnects and catches up).
 */

export type CableOptions = {
  clock?: CableClock;
  /** The most events one catch-up replays; further behind gets `resync`. */
  replayMax: number;
  /** Bytes queued for a client before it counts as gone (it reconnects and catches up). */
  maxBufferedBytes?: number;
};

type Logger = { debug(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
type Credentials = { accessToken?: string; client?: string; uid?: string };

const MAX_FRAME_BYTES = 64 * 1024;
const MAX_SUBSCRIPTIONS = 8;
const DEFAULT_MAX_BUFFERED = 4 * 1024 * 1024;
const WELCOME = JSON.stringify({ type: 'welcome' });

const disconnectFrame = (reason: string, reconnect: boolean) => JSON.stringify({ type: 'disconnect', reason, reconnect });

/** The auth headers of an upgrade: query parameters first (browsers), else the headers. */
function credentialsOf(req: IncomingMessage, url: URL): Credentials {
  const pick = (name: string) => {
    const q = url.searchParams.get(name);
    if (q) return q;
    const h = req.headers[name];
    return typeof h === 'string' ? h : undefined;
  };
  return { accessToken: pick('access-token'), client: pick('client'), uid: pick('uid') };
}

class CableConnection {
  auth: AuthContext | null = null;
  readonly subscriptions = new Map<string, AccountSubscription>();
  private expiry: unknown = null;
  private ready: Promise<void>;
  private closed = false;

  constructor(
    private readonly server: CableServer,
    readonly ws: WebSocket,
    private readonly credentials: Credentials,
    private readonly holderId: number,
  ) {
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return;
      const text = data.toString();
      // Commands wait for the authentication, in the order they came.
      this.ready = this.ready.then(() => this.command(text)).catch((err: unknown) => this.server.log.error({ err }, 'cable command failed'));
    });
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
    this.ready = this.authenticate();
  }

  private async authenticate(): Promise<void> {
    const found = await this.server.check(this.credentials, this.holderId);
    if (this.closed) return;
    if (!found) return this.disconnect('unauthorized', false);
    this.auth = found;
    this.server.track(this);
    this.transmit(WELCOME);
    this.armExpiry();
  }

  /** At the token's expiry the connection ends, as its HTTP requests would start answering 401. */
  private armExpiry(): void {
    const clock = this.server.clock;
    if (this.expiry !== null) clock.clearTimeout(this.expiry);
    const left = (this.auth?.expiresAt.getTime() ?? 0) - clock.now();
    if (left <= 0) return this.disconnect('unauthorized', false);
    this.expiry = clock.setTimeout(() => {
      this.expiry = null;
      this.armExpiry();
    }, Math.min(left, MAX_TIMER_MS));
  }

  /** A session change of this user on some instance: the token is checked again. */
  async recheck(): Promise<void> {
    if (this.closed) return;
    const found = await this.server.check(this.credentials, this.holderId);
    if (!found) this.disconnect('unauthorized', false);
    // The user now works in another account (joined by invitation, left, removed from a team): this
    // connection's streams are the old account's, so it reconnects and subscribes afresh.
    else if (this.auth && found.account.id !== this.auth.account.id) this.disconnect('account_changed', true);
  }

  transmit(frame: string): boolean {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount > this.server.maxBufferedBytes) {
      // Not reading: better to reconnect and catch up than to hold its backlog here.
      this.disconnect('slow_consumer', true);
      return false;
    }
    this.ws.send(frame);
    return true;
  }

  disconnect(reason: string, reconnect: boolean): void {
    if (this.closed) return;
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(disconnectFrame(reason, reconnect));
    this.ws.close();
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.expiry !== null) this.server.clock.clearTimeout(this.expiry);
    for (const sub of this.subscriptions.values()) this.server.release(sub);
    this.subscriptions.clear();
    this.server.untrack(this);
  }

  private async command(text: string): Promise<void> {
    if (this.closed || !this.auth) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    const { command, identifier, data } = (parsed ?? {}) as { command?: unknown; identifier?: unknown; data?: unknown };
    if (typeof identifier !== 'string') return;
    if (command === 'subscribe') return this.subscribe(identifier);
    if (command === 'unsubscribe') {
      const sub = this.subscriptions.get(identifier);
      if (sub) {
        this.subscriptions.delete(identifier);
        this.server.release(sub);
      }
      return;
    }
    if (command === 'message') return this.perform(identifier, data);
  }

  /** Only the subscriber's own account: any other id named, or any other channel or parameter, is rejected. */
  private subscribe(identifier: string): void {
    const frame = (type: string) => this.transmit(`{"identifier":${JSON.stringify(identifier)},"type":"${type}"}`);
    const existing = this.subscriptions.get(identifier);
    if (existing) return void frame('confirm_subscription');
    if (!this.allowed(identifier) || this.subscriptions.size >= MAX_SUBSCRIPTIONS) return void frame('reject_subscription');
    const sub = this.server.open(this, this.auth!.account.id, identifier);
    this.subscriptions.set(identifier, sub);
    frame('confirm_subscription');
  }

  private allowed(identifier: string): boolean {
    let params: unknown;
    try {
      params = JSON.parse(identifier);
    } catch {
      return false;
    }
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
    const { channel, ...rest } = params as Record<string, unknown>;
    if (channel !== ACCOUNT_CHANNEL) return false;
    for (const [key, value] of Object.entries(rest)) {
      if (key !== 'account_id') return false;
      if (String(value) !== String(this.auth!.account.id)) return false;
    }
    return true;
  }

  private async perform(identifier: string, data: unknown): Promise<void> {
    const sub = this.subscriptions.get(identifier);
    if (!sub || typeof data !== 'string') return;
    let payload: { action?: unknown; since?: unknown };
    try {
      payload = JSON.parse(data) as typeof payload;
    } catch {
      return;
    }
    if (payload?.action !== CATCH_UP_ACTION) return;
    const since = payload.since;
    // A number that is not one of ours counts as unknown: the client refetches.
    const valid = since === null || since === undefined || (typeof since === 'number' && Number.isSafeInteger(since) && since >= 0);
    await sub.catchUp(valid ? ((since as number | null | undefined) ?? null) : Number.MAX_SAFE_INTEGER);
  }
}

export class CableServer {
  readonly clock: CableClock;
  readonly maxBufferedBytes: number;
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<CableConnection>();
  private readonly beat: unknown;
  private readonly unlisten: Array<() => void> = [];
  private closing = false;

  constructor(
    private readonly deps: Deps,
    private readonly feed: LiveFeed,
    readonly log: Logger,
    private readonly options: CableOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.maxBufferedBytes = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED;
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_FRAME_BYTES,
      perMessageDeflate: false,
      // The client closes for good unless the server picks its protocol.
      handleProtocols: (protocols) => (protocols.has(CABLE_SUBPROTOCOL) ? CABLE_SUBPROTOCOL : false),
    });
    this.beat = this.clock.setInterval(() => this.ping(), CABLE_PING_INTERVAL_MS);
    this.unlisten.push(
      feed.onSessionChange((userId) => {
        // Another instance's sign-out: this instance's cached entries go too.
        evictUser(this.deps.db, userId);
        for (const c of this.connections) if (c.auth?.user.id === userId) c.recheck().catch((err: unknown) => this.log.error({ err }, 'cable recheck failed'));
      }),
      feed.onResume(() => {
        // Revocations may have been missed while not listening.
        for (const c of this.connections) c.recheck().catch((err: unknown) => this.log.error({ err }, 'cable recheck failed'));
      }),
    );
  }

  /** Takes the HTTP server's upgrades at /cable; other paths are refused. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://cable.invalid');
    } catch {
      return void socket.destroy();
    }
    if (url.pathname !== CABLE_PATH || this.closing) {
      socket.end(`HTTP/1.1 ${this.closing ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const credentials = credentialsOf(req, url);
    const holderId = holderIdForUpgrade(req, this.deps.config);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      new CableConnection(this, ws, credentials, holderId);
    });
  }

  /** The same check as the HTTP auth hook (cached per instance for AUTH_CACHE_TTL_MS, evicted on revocation). */
  check(credentials: Credentials, holderId: number): Promise<AuthContext | null> {
    return authenticate(this.deps.db, credentials, holderId, this.deps.config.authCacheTtlMs);
  }

  track(c: CableConnection): void {
    this.connections.add(c);
    this.log.debug({ userId: c.auth?.user.id, accountId: c.auth?.account.id }, 'cable connected');
  }

  untrack(c: CableConnection): void {
    this.connections.delete(c);
  }

  open(c: CableConnection, accountId: number, identifier: string): AccountSubscription {
    const stream = this.feed.streamFor(accountId);
    const sub = new AccountSubscription(c, stream, identifier, this.options.replayMax, (err) => this.log.error({ err, accountId }, 'live delivery failed'));
    this.feed.subscribe(stream, sub);
    return sub;
  }

  release(sub: AccountSubscription): void {
    sub.close();
    this.feed.unsubscribe(sub.stream, sub);
  }

  private ping(): void {
    const frame = JSON.stringify({ type: 'ping', message: Math.floor(this.clock.now() / 1000) });
    for (const c of this.connections) c.transmit(frame);
  }

  stats(): { connections: number; subscriptions: number; streams: number } {
    let subscriptions = 0;
    for (const c of this.connections) subscriptions += c.subscriptions.size;
    return { connections: this.connections.size, subscriptions, streams: this.feed.streamCount };
  }

  /** Tells every client the server is going (they reconnect elsewhere or later) and closes. */
  async close(): Promise<void> {
    this.closing = true;
    this.clock.clearInterval(this.beat);
    for (const off of this.unlisten) off();
    for (const c of [...this.connections]) c.disconnect('server_restart', true);
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
