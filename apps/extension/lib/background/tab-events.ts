import { removeCapture } from './capture-store';
import { tabSearchesKey } from './search-capture';
import { isLinkedInUrl, type BackgroundDeps, type TabInfo } from './deps';

export async function handleTabRemoved(deps: BackgroundDeps, tabId: number): Promise<void> {
  await removeCapture(deps.session, tabId);
  await deps.session.remove(tabSearchesKey(tabId));
}

/**
 * A tab that navigates off linkedin.com loses its capture. Without the "tabs" permission Chrome shows
 * a tab's URL only on hosts the extension may access, so a tab whose URL became invisible has left LinkedIn.
 */
export async function handleTabUpdated(deps: BackgroundDeps, tabId: number, change: { url?: string; status?: string }, tab: TabInfo): Promise<void> {
  if (change.url === undefined && change.status !== 'loading') return;
  const url = change.url ?? tab.url ?? tab.pendingUrl;
  if (!isLinkedInUrl(url)) {
    await removeCapture(deps.session, tabId);
    await deps.session.remove(tabSearchesKey(tabId));
  }
}
