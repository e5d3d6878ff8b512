import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import type { BackgroundDeps } from '../lib/background/deps';
import { injectIntoOpenLinkedInTabs } from '../lib/background/inject';
import { handleExternalMessage, handleInternalMessage } from '../lib/background/messages';
import { createSearchCapture } from '../lib/background/search-capture';
import { searchApiFrom, searchErrorText } from '../lib/background/search-api';
import { handleTabRemoved, handleTabUpdated } from '../lib/background/tab-events';

/** Wires browser events to the handlers in lib/background; state lives in storage.session. */
export default defineBackground(() => {
  const deps: BackgroundDeps = {
    session: browser.storage.session,
    tabs: browser.tabs,
    version: browser.runtime.getManifest().version,
    extensionId: browser.runtime.id,
    extensionOrigin: `${globalThis.location.origin}/`,
    searchCapture: createSearchCapture({
      session: browser.storage.session,
      searchApi: () => searchApiFrom(browser.storage.local),
      describeError: searchErrorText,
    }),
  };
  const internalError = { status: 'error', error: 'Internal error' } as const;

  // `return true` keeps the channel open for the async reply (safe for onMessageExternal in Chromium).
  browser.runtime.onMessageExternal.addListener((message, _sender, sendResponse) => {
    handleExternalMessage(message, deps).then(sendResponse, () => sendResponse(internalError));
    return true;
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    handleInternalMessage(message, sender, deps).then(sendResponse, () => sendResponse(internalError));
    return true;
  });
  browser.tabs.onRemoved.addListener((tabId) => void handleTabRemoved(deps, tabId));
  browser.tabs.onUpdated.addListener((tabId, change, tab) => void handleTabUpdated(deps, tabId, change, tab));
  browser.runtime.onInstalled.addListener(() => {
    const files = browser.runtime.getManifest().content_scripts?.flatMap((c) => c.js ?? []) ?? [];
    void injectIntoOpenLinkedInTabs(deps.tabs, files, (tabId, js) => browser.scripting.executeScript({ target: { tabId }, files: js }));
  });
});
