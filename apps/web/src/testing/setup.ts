import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { twMerge } from 'tailwind-merge';
import { installClassMerge } from '@web/lib/utils';
import { fetchThroughApiAdapter } from './fake-fetch';
import { useAuthStore } from '@web/stores/auth';
import { useBrandStore } from '@web/stores/brand';
import { useErrorStore } from '@web/stores/error';
import { useExtensionStore } from '@web/stores/extension';
import { useLiveStore } from '@web/stores/live';

// The modules load once per worker (vitest.config.ts, isolate): each file starts from the stores' initial state,
// as it would in a fresh page, whatever the file before it left there.
beforeAll(() => {
  for (const store of [useAuthStore, useBrandStore, useErrorStore, useExtensionStore, useLiveStore]) {
    (store as { setState(s: unknown, replace: true): void }).setState(store.getInitialState(), true);
  }
});

// CI runs the web, API and extension suites side by side on two cores: give findBy/waitFor room
// (they still resolve as soon as the condition holds) instead of failing on a busy machine.
configure({ asyncUtilTimeout: 15000 });

afterEach(() => {
  cleanup();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.sessionStorage.clear();
});

// jsdom has no layout: scrolling is a no-op here (the shell scrolls after each navigation).
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

// The light pages' public GETs use fetch (lib/public-fetch.ts): answer them from the test's fake adapter.
globalThis.fetch = fetchThroughApiAdapter;

// As in the app past the light pages (app/data-provider.tsx).
installClassMerge(twMerge);
