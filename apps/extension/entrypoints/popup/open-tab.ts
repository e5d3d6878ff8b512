import { browser } from 'wxt/browser';

export function openTab(url: string) {
  void browser.tabs.create({ url });
}
