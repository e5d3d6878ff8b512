import { useEffect } from 'react';
import { createExtensionPoller, type ExtensionPoller } from '../lib/extension-poller';

/**
 * Starts extension detection and profile polling while the calling component is mounted. Every
 * user shares one poller (kept across pages, stopped when nobody uses it), so the extension is asked
 * once per tick even under StrictMode's double mount or with two components mounted at once; a
 * restart while a request is still out waits for it instead of sending another.
 */
let shared: ExtensionPoller | null = null;
let users = 0;

export function useExtensionPolling(): void {
  useEffect(() => {
    users += 1;
    shared ??= createExtensionPoller();
    shared.start();
    return () => {
      users -= 1;
      if (users === 0) shared?.stop();
    };
  }, []);
}

/** For tests: forget the shared poller (stopping it) so the next mount starts from the store. */
export function resetExtensionPolling(): void {
  shared?.stop();
  shared = null;
  users = 0;
}
