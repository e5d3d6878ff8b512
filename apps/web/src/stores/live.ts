import { create } from 'zustand';

/**
 * The live connection's state (client state only; app/live-connection.tsx writes it).
 * - off: signed out, or not started.
 * - connecting: started, not subscribed yet.
 * - live: subscribed: the cable brings every change of the account.
 * - down: the socket is gone; the client's monitor reconnects it (and then catches up).
 * `longDown` turns true once the connection has been connecting or down for LIVE_DOWN_NOTICE_MS in a
 * row (a reconnect usually takes 6–10 s), so a notice can show without flashing on every short drop.
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'down';

/** How long the connection must have been away before the page says so. */
export const LIVE_DOWN_NOTICE_MS = 20_000;

type LiveState = {
  status: LiveStatus;
  longDown: boolean;
  setStatus: (status: LiveStatus) => void;
};

let noticeTimer: ReturnType<typeof setTimeout> | null = null;

export const useLiveStore = create<LiveState>()((set, get) => ({
  status: 'off',
  longDown: false,
  setStatus: (status) => {
    if (status === get().status) return;
    const away = status === 'down' || status === 'connecting';
    if (!away) {
      if (noticeTimer) clearTimeout(noticeTimer);
      noticeTimer = null;
      set({ status, longDown: false });
      return;
    }
    // Connecting after down (or down after connecting) is the same absence: the clock keeps running.
    noticeTimer ??= setTimeout(() => set({ longDown: true }), LIVE_DOWN_NOTICE_MS);
    set({ status });
  },
}));

/**
 * For a query the cable keeps fresh: no polling while live; while the connection is off or down, poll
 * every `ms` as before the cable (nothing is missed either way: the catch-up after a reconnect refetches).
 */
export function useLiveFallbackInterval(ms: number): number | false {
  return useLiveStore((s) => (s.status === 'live' ? false : ms));
}
