import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { startSearchWatcher } from '../lib/capture/search-watcher';
import { startCaptureWatcher } from '../lib/capture/watcher';

/** Captures the LinkedIn profile or the search results on screen and tells the background; the logic is in lib/capture. */
export default defineContentScript({
  matches: ['https://www.linkedin.com/*'],
  runAt: 'document_idle',
  main(ctx) {
    startCaptureWatcher({ ctx, window, send: (message) => browser.runtime.sendMessage(message) });
    startSearchWatcher({ ctx, window, send: (message) => browser.runtime.sendMessage(message) });
  },
});
