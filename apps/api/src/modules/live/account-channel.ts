import type { ResyncReason } from '@shared/live/events';
import type { AccountStream, LiveRecord, StreamSubscriber } from './feed';

/** What a subscription needs of its connection. */
export type ChannelConnection = {
  /** Sends one frame; false when the connection is gone (or was just dropped for falling behind). */
  transmit(frame: string): boolean;
};

/**
 * One subscription to the AccountChannel: the account's events in order, each exactly once on this
 * connection, from the number the client says it has seen.
 *
 * After subscribing the client performs `catch_up` with `since` (the last seq it saw, or null on its first
 * connection). The server then sends every event after `since` (from memory, else from the database) and
 * `synced`; or, when the events after `since` are gone from retention, too many, or unknown (`since`
 * above the account's number: another database), `resync` with the current number, after which the client
 * refetches what it shows. From then on each committed event follows as the feed reads it. `cursor` only
 * moves forward by one, so nothing is sent twice or out of order on one connection.
 */
export class AccountSubscription implements StreamSubscriber {
  state: 'pending' | 'catching_up' | 'live' | 'closed' = 'pending';
  /** The last seq sent on this subscription. */
  cursor = 0;
  private busy = false;
  private readonly prefix: string;

  constructor(
    private readonly connection: ChannelConnection,
    readonly stream: AccountStream,
    readonly identifier: string,
    private readonly replayMax: number,
    private readonly onError: (err: unknown) => void,
  ) {
    // The identifier goes back exactly as the client sent it (its string, not a re-serialised object).
    this.prefix = `{"identifier":${JSON.stringify(identifier)},"message":`;
  }

  private send(message: string): boolean {
    return this.connection.transmit(`${this.prefix}${message}}`);
  }

  close(): void {
    this.state = 'closed';
  }

  /** Read through a call: the state changes while a catch-up awaits the database. */
  private closed(): boolean {
    return this.state === 'closed';
  }

  /** The `catch_up` action. A repeat (the client's subscription guarantor may subscribe twice) changes nothing. */
  async catchUp(since: number | null): Promise<void> {
    if (this.state === 'live') {
      this.send(JSON.stringify({ type: 'synced', seq: this.cursor }));
      return;
    }
    if (this.state !== 'pending') return;
    this.state = 'catching_up';
    // Where the account's numbers stand now (and anything committed since the last NOTIFY).
    await this.stream.pull();
    if (this.closed()) return;
    const head = this.stream.head;
    if (since === null) {
      this.goLive(head);
      this.send(JSON.stringify({ type: 'synced', seq: head }));
    } else if (since > head) {
      this.resync('unknown_seq');
    } else if (head - since > this.replayMax) {
      this.resync('too_far_behind');
    } else {
      this.goLive(since);
      await this.flush();
      if (!this.closed()) this.send(JSON.stringify({ type: 'synced', seq: this.cursor }));
      return;
    }
    await this.flush();
  }

  private goLive(cursor: number): void {
    this.cursor = cursor;
    this.state = 'live';
  }

  private resync(reason: ResyncReason): void {
    this.goLive(this.stream.head);
    this.send(JSON.stringify({ type: 'resync', seq: this.cursor, reason }));
  }

  wake(): void {
    this.flush().catch(this.onError);
  }

  private deliver(records: LiveRecord[]): boolean {
    for (const record of records) {
      if (record.seq !== this.cursor + 1) return false;
      if (!this.send(record.json)) {
        this.state = 'closed';
        return false;
      }
      this.cursor = record.seq;
    }
    return true;
  }

  /** Sends what the stream has after the cursor: from memory, or read from the database when memory has moved on. */
  private async flush(): Promise<void> {
    if (this.state !== 'live' || this.busy) return;
    this.busy = true;
    try {
      while (this.state === 'live' && this.cursor < this.stream.head) {
        const recent = this.stream.recentAfter(this.cursor);
        if (recent) {
          this.deliver(recent);
          continue;
        }
        const rows = await this.stream.read(this.cursor, this.replayMax, this.stream.head);
        if (this.state !== 'live') return;
        // The next number is gone (pruned): the client refetches instead.
        if (rows[0]?.seq !== this.cursor + 1) {
          this.resync('pruned');
          continue;
        }
        this.deliver(rows);
      }
    } finally {
      this.busy = false;
    }
  }
}
