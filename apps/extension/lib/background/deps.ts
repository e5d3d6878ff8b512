import type { SearchCapture } from './search-capture';
/**
 * What the background's handlers need from the browser, as plain interfaces: the entrypoint passes
 * `browser.*`, tests pass WXT's fakeBrowser (which lacks onMessageExternal and getManifest).
 */
export type SessionStore = {
  get(keys?: string | string[] | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
};

export type TabInfo = { id?: number; url?: string; pendingUrl?: string; active?: boolean; windowId?: number };

export type TabsApi = {
  query(queryInfo: { active?: boolean; lastFocusedWindow?: boolean }): Promise<TabInfo[]>;
  get(tabId: number): Promise<TabInfo | undefined>;
};

export type BackgroundDeps = {
  session: SessionStore;
  tabs: TabsApi;
  /** The extension's version (manifest), for presence replies. */
  version: string;
  /** runtime.id: internal messages must come from this extension. */
  extensionId: string;
  /** chrome-extension://<id>/ — where the popup lives. */
  extensionOrigin: string;
  now?: () => Date;
  /** Saved LinkedIn searches filled from the result cards on screen (absent: search pages are ignored). */
  searchCapture?: SearchCapture;
};

/** A message sender as runtime.onMessage reports it. */
export type Sender = { id?: string; url?: string; origin?: string; tab?: { id?: number; url?: string } };

export const LINKEDIN_ORIGIN = 'https://www.linkedin.com';

export function isLinkedInUrl(url: string | undefined | null): url is string {
  return typeof url === 'string' && (url === LINKEDIN_ORIGIN || url.startsWith(`${LINKEDIN_ORIGIN}/`));
}
