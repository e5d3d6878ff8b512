import { defineBackground } from 'wxt/utils/define-background';
import { browser } from 'wxt/browser';
import { handleExternalMessage } from '../lib/external-messages';

export default defineBackground(() => {
  browser.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
    sendResponse(handleExternalMessage(message, { version: browser.runtime.getManifest().version, origin: sender.origin }));
    return false;
  });
});
