import { isLinkedInUrl, type TabsApi } from './deps';

/**
 * Chrome does not run content scripts in tabs that were open before the extension was installed or
 * updated: inject the capture script there, so an open LinkedIn profile is captured without a reload.
 */
export async function injectIntoOpenLinkedInTabs(tabs: TabsApi, files: string[], execute: (tabId: number, files: string[]) => Promise<unknown>): Promise<number> {
  if (files.length === 0) return 0;
  let count = 0;
  for (const tab of await tabs.query({})) {
    if (tab.id === undefined || !isLinkedInUrl(tab.url)) continue;
    try {
      await execute(tab.id, files);
      count++;
    } catch {
      // A discarded or crashed tab: it gets the script on its next load.
    }
  }
  return count;
}
