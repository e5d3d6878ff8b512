import { Connection, ConnectionMonitor, createConsumer, getConfig, type Consumer } from '@rails/actioncable';
import { CABLE_AUTH_PARAMS, CABLE_MONITOR, CABLE_PATH } from '@shared/live/events';
import type { AuthHeaders } from '@shared/schemas/auth';
import { useAuthStore } from '@web/stores/auth';

// @types/rails__actioncable leaves out the connection classes whose settings we change.
declare module '@rails/actioncable' {
  export const ConnectionMonitor: {
    staleThreshold: number;
    reconnectionBackoffRate: number;
    prototype: { getPollInterval(this: { reconnectAttempts: number }): number };
  };
  export const Connection: { reopenDelay: number };
  export function getConfig(name: string): string | undefined;
}

/**
 * Spec §9: poll between 3 and 30 s, 5·ln(attempts + 1) seconds after `attempts` reconnections in a row
 * (the 6.1 client's curve: 3 s at first, 12 s after 10 attempts, 30 s after about 400).
 */
export function pollIntervalMs(reconnectAttempts: number): number {
  const { pollMinS, pollMaxS, pollMultiplier } = CABLE_MONITOR;
  const seconds = pollMultiplier * Math.log(reconnectAttempts + 1);
  return Math.round(Math.min(pollMaxS, Math.max(pollMinS, seconds)) * 1000);
}

/**
 * @rails/actioncable 8.1's monitor polls every staleThreshold·1.15^attempts s (6 to about 28 s) and has
 * no poll bounds of its own; the spec's constants (stale after 6 s, reopen after 500 ms, poll 3–30 s)
 * are set here on its classes once, before any connection opens. docs/decisions.md records why.
 */
export function configureCableMonitor(monitor = ConnectionMonitor, connection = Connection): void {
  monitor.staleThreshold = CABLE_MONITOR.staleThresholdS;
  connection.reopenDelay = CABLE_MONITOR.reopenDelayMs;
  monitor.prototype.getPollInterval = function getPollInterval() {
    return pollIntervalMs(this.reconnectAttempts);
  };
}

/**
 * The cable's address: `<meta name="action-cable-url">` when the page has one (ActionCable's own
 * convention), else VITE_CABLE_URL at build time, else /cable on the page's origin.
 */
export function configuredCableUrl(): string {
  return getConfig('url') || import.meta.env.VITE_CABLE_URL || CABLE_PATH;
}

/** The address with the auth headers as query parameters (a browser cannot set headers on a WebSocket). */
export function cableUrlFor(headers: Pick<AuthHeaders, (typeof CABLE_AUTH_PARAMS)[number]> | null, base = configuredCableUrl()): string {
  if (!headers) return base;
  const query = CABLE_AUTH_PARAMS.map((name) => `${name}=${encodeURIComponent(headers[name])}`).join('&');
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

let consumer: Consumer | null = null;

/**
 * THE consumer of the app (one socket for every subscription). Made on first use and not connected by
 * that (spec §4): the live connection connects it once signed in and disconnects it at sign-out. Its
 * address is read at each (re)connection, so it always carries the current token.
 */
export function appConsumer(): Consumer {
  if (!consumer) {
    configureCableMonitor();
    consumer = createConsumer(() => cableUrlFor(useAuthStore.getState().headers));
  }
  return consumer;
}
