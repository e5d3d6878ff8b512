import { ROUTE_PRELOAD_MAX_PENDING } from '@shared/constants';

/**
 * Route preloading on link hover/focus (spec §9): at most ROUTE_PRELOAD_MAX_PENDING loads run at a
 * time; the rest wait in order. A key is loaded once (a finished or pending key is not queued again;
 * a failed one may be tried again later).
 */
export type PreloadQueue = {
  enqueue: (key: string, load: () => Promise<unknown>) => void;
  readonly pending: number;
  readonly waiting: number;
  /** Resolves when nothing is pending or waiting (tests). */
  idle: () => Promise<void>;
};

export function createPreloadQueue(maxPending = ROUTE_PRELOAD_MAX_PENDING): PreloadQueue {
  const seen = new Set<string>();
  const waiting: Array<{ key: string; load: () => Promise<unknown> }> = [];
  let pending = 0;
  let idleWaiters: Array<() => void> = [];

  const settle = () => {
    if (pending === 0 && waiting.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };

  const pump = () => {
    while (pending < maxPending && waiting.length > 0) {
      const next = waiting.shift()!;
      pending += 1;
      let promise: Promise<unknown>;
      try {
        promise = Promise.resolve(next.load());
      } catch (error) {
        promise = Promise.reject(error);
      }
      promise
        .catch(() => {
          // A failed preload is harmless: the navigation itself loads (and reports) the chunk.
          seen.delete(next.key);
        })
        .finally(() => {
          pending -= 1;
          pump();
          settle();
        });
    }
  };

  return {
    enqueue(key, load) {
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push({ key, load });
      pump();
    },
    get pending() {
      return pending;
    },
    get waiting() {
      return waiting.length;
    },
    idle() {
      if (pending === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}

type Resolver = (href: string) => Array<{ key: string; load: () => Promise<unknown> }>;

const queue = createPreloadQueue();
let resolver: Resolver = () => [];

/** The app shell tells the queue how to find the chunks of a URL (lib knows no routes). */
export function setRoutePreloadResolver(next: Resolver): void {
  resolver = next;
}

export function preloadRoute(href: string): void {
  for (const { key, load } of resolver(href)) queue.enqueue(key, load);
}
