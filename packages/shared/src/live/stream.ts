import { ACCOUNT_CHANNEL, CATCH_UP_ACTION, type LiveEvent, type LiveMessage, type ResyncReason } from './events';

/** What a subscription of @rails/actioncable calls back (its "mixin"). */
type SubscriptionCallbacks = {
  connected(): void;
  disconnected(details?: { willAttemptReconnect?: boolean }): void;
  rejected(): void;
  received(data: unknown): void;
};

/** The part of an @rails/actioncable Consumer this uses (so this module needs no DOM and no import of it). */
export type CableConsumerLike = {
  subscriptions: {
    create(params: { channel: string }, callbacks: SubscriptionCallbacks): { perform(action: string, data?: object): unknown; unsubscribe(): unknown };
  };
};

/** Why what is shown may be out of date: the first sync of this page, events gone or too many, or a gap. */
export type StaleReason = ResyncReason | 'first_sync' | 'gap';

export type AccountStreamHandlers = {
  /** Each event once, in order. */
  onEvent(event: LiveEvent): void;
  /** Refetch what is shown (events may have been missed). */
  onStale(reason: StaleReason): void;
  /** disconnected: the client reconnects by itself; stopped: it will not (the server refused the token). */
  onStatus?(status: 'connected' | 'disconnected' | 'stopped' | 'rejected'): void;
};

export type AccountStreamHandle = {
  /** The last event number seen (null before the first sync). */
  lastSeq(): number | null;
  unsubscribe(): void;
};

/**
 * Subscribes to the signed-in account's stream (AccountChannel) and keeps its place in it.
 *
 * After every (re)subscription it performs `catch_up` with the last number seen, so what happened while
 * the socket was down (sleep, a network change, a server restart) arrives in order before anything new;
 * when the server cannot replay it (pruned, too many) it says `resync` and the handler refetches. The
 * first sync of a page also counts as stale: the page's data may have been fetched before the stream
 * began. An event at or below the last number is ignored; one that skips a number (which the server
 * never sends) is treated as stale too.
 */
export function subscribeAccountStream(consumer: CableConsumerLike, handlers: AccountStreamHandlers): AccountStreamHandle {
  let last: number | null = null;
  let active = true;
  const subscription = consumer.subscriptions.create(
    { channel: ACCOUNT_CHANNEL },
    {
      connected() {
        handlers.onStatus?.('connected');
        subscription.perform(CATCH_UP_ACTION, { since: last });
      },
      disconnected(details) {
        handlers.onStatus?.(details?.willAttemptReconnect === false ? 'stopped' : 'disconnected');
      },
      rejected() {
        handlers.onStatus?.('rejected');
      },
      received(data: unknown) {
        if (!active) return;
        const message = data as LiveMessage;
        if (message.type === 'event') {
          if (last !== null && message.seq <= last) return;
          if (last !== null && message.seq !== last + 1) {
            last = message.seq;
            handlers.onStale('gap');
            return;
          }
          last = message.seq;
          handlers.onEvent(message);
        } else if (message.type === 'synced') {
          const first = last === null;
          last = Math.max(last ?? 0, message.seq);
          if (first) handlers.onStale('first_sync');
        } else if (message.type === 'resync') {
          last = message.seq;
          handlers.onStale(message.reason);
        }
      },
    },
  );
  return {
    lastSeq: () => last,
    unsubscribe: () => {
      active = false;
      subscription.unsubscribe();
    },
  };
}
