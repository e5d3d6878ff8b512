/** The cable's time: pings, token expiry. Injected so tests move time instead of waiting for it. */
export type CableClock = {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const systemClock: CableClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** setTimeout takes at most 2^31−1 ms (about 24.8 days); a longer wait is re-armed in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
