import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { ProfileReply } from '@shared/extension';
import { resolveTabId } from '../../lib/popup/tab';

const POLL_MS = 1000;

/** The background's view of the popup's tab, asked again every second (the page may navigate). */
export function useTabProfile(): ProfileReply | null {
  const [reply, setReply] = useState<ProfileReply | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      const tabId = await resolveTabId(location.search, () => browser.tabs.query({ active: true, lastFocusedWindow: true }));
      const ask = async () => {
        if (stopped) return;
        const next: ProfileReply =
          tabId === null
            ? { status: 'no_profile', reason: 'no_linkedin_tab' }
            : ((await browser.runtime.sendMessage({ type: 'active-profile', tab_id: tabId }).catch(() => null)) as ProfileReply | null) ?? {
                status: 'no_profile',
                reason: 'loading',
              };
        if (stopped) return;
        // Keep the same object while nothing changed, so the views below do not refetch.
        setReply((prev) => (prev && JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
        timer = setTimeout(ask, POLL_MS);
      };
      await ask();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return reply;
}
