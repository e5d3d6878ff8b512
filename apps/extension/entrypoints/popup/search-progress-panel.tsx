import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { getBrand, hasFeature } from '@shared/brands';
import type { SearchProgressReply } from '@shared/extension';
import { searchProgressText } from '../../lib/popup/search-progress';
import { resolveTabId } from '../../lib/popup/tab';
import { Notice } from './ui';

const POLL_MS = 1000;
const BRAND_ID = Number(import.meta.env.WXT_BRAND_ID ?? 0);

/** The saved searches open in the popup's tab, asked again every second (the user pages on). */
function useSearchProgress(): SearchProgressReply['searches'] {
  const [searches, setSearches] = useState<SearchProgressReply['searches']>([]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      const tabId = await resolveTabId(location.search, () => browser.tabs.query({ active: true, lastFocusedWindow: true }));
      if (tabId === null) return;
      const ask = async () => {
        if (stopped) return;
        const reply = (await browser.runtime.sendMessage({ type: 'search-progress', tab_id: tabId }).catch(() => null)) as SearchProgressReply | null;
        if (stopped) return;
        const next = reply?.status === 'ok' ? reply.searches : [];
        setSearches((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
        timer = setTimeout(ask, POLL_MS);
      };
      await ask();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return searches;
}

/** "Saved search vp sales: 37 added, 4 already there, page 3" while the user pages through a saved search. */
export function SearchProgressPanel() {
  const searches = useSearchProgress();
  if (!hasFeature(getBrand(Number.isInteger(BRAND_ID) ? BRAND_ID : 0), 'linkedin') || searches.length === 0) return null;
  return (
    <section aria-label="Saved searches" className="grid gap-2 rounded-lg border border-border bg-surface p-3">
      {searches.map((s) => (
        <div key={s.search_id} className="grid gap-0.5">
          <p className="text-sm font-medium text-fg" role="status">
            {searchProgressText(s)}
          </p>
          <p className="text-xs text-muted">
            {s.state === 'saving' ? `Adding to ${s.person_name}…` : `Into the persona ${s.person_name}. Page through the results: each one is added once.`}
          </p>
          {s.state === 'error' && s.error && <Notice tone="danger">{s.error}</Notice>}
        </div>
      ))}
    </section>
  );
}
