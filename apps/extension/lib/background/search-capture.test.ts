import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchProgressReply, SearchResultsMessage } from '@shared/extension';
import type { LinkedInSearch, LinkedInSearchResultsBody } from '@shared/schemas/linkedin-searches';
import { startSearchWatcher } from '../capture/search-watcher';
import type { WatcherContext } from '../capture/watcher';
import type { BackgroundDeps, Sender } from './deps';
import { handleInternalMessage } from './messages';
import { createSearchCapture, type SearchApi } from './search-capture';
import { handleTabRemoved } from './tab-events';

const EXT_ID = 'coonhdgboainjfoojodocdgkmbhdelcm';
const EXT_ORIGIN = `chrome-extension://${EXT_ID}/`;
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=vp%20sales';
const body = (name: string) => new JSDOM(readFileSync(path.join(import.meta.dirname, '..', 'capture', '__fixtures__', `${name}.html`), 'utf8')).window.document.body.innerHTML;

/**
 * The API's side of a saved search, in memory: the persona's members by profile URL. The real server's
 * dedupe is proven in apps/api (linkedin-searches.test.ts); this one records what the extension sends.
 */
function savedSearchServer(url: string, members: string[] = []) {
  const persona = new Set(members);
  const calls: LinkedInSearchResultsBody[] = [];
  const search: LinkedInSearch = { id: 7, person_id: 3, person_name: 'VP Sales EU', name: 'vp sales', url, kind: 'classic', added_count: 0, last_page: null, last_captured_at: null, created_at: '2025-01-01T00:00:00.000Z' };
  const api: SearchApi = {
    list: async () => [search],
    addResults: async (id, b) => {
      expect(id).toBe(search.id);
      calls.push(b);
      const outcomes = b.results.map((c) => {
        const outcome = persona.has(c.profile_url) ? ('already_there' as const) : ('added' as const);
        persona.add(c.profile_url);
        return { profile_url: c.profile_url, outcome };
      });
      const added = outcomes.filter((o) => o.outcome === 'added').length;
      return { added, already_there: outcomes.length - added, outcomes, search };
    },
  };
  return { api, calls, persona };
}

function fakeCtx(): WatcherContext & { invalidate(): void } {
  let valid = true;
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const track = <T extends ReturnType<typeof setTimeout>>(id: T) => (timers.push(id), id as unknown as number);
  return {
    get isValid() {
      return valid;
    },
    setInterval: (h: () => void, t?: number) => track(setInterval(h, t)),
    setTimeout: (h: () => void, t?: number) => track(setTimeout(h, t)),
    addEventListener: ((target: EventTarget, type: string, handler: EventListener) => target.addEventListener(type, handler)) as WatcherContext['addEventListener'],
    onInvalidated: () => () => undefined,
    invalidate() {
      valid = false;
      for (const id of timers) clearTimeout(id);
    },
  } as WatcherContext & { invalidate(): void };
}

describe('saved search capture: content script → background → API', () => {
  let dom: JSDOM;
  let ctx: ReturnType<typeof fakeCtx>;
  let clock: number;
  beforeEach(() => {
    vi.useFakeTimers();
    fakeBrowser.reset();
    clock = Date.parse('2025-01-01T10:00:00Z');
  });
  afterEach(() => {
    ctx?.invalidate();
    vi.useRealTimers();
    dom?.window.close();
  });

  const depsWith = (api: SearchApi | null): BackgroundDeps => ({
    session: fakeBrowser.storage.session,
    tabs: { query: (q) => fakeBrowser.tabs.query(q), get: (id) => fakeBrowser.tabs.get(id) },
    version: '1.0.0',
    extensionId: EXT_ID,
    extensionOrigin: EXT_ORIGIN,
    now: () => new Date(clock),
    searchCapture: createSearchCapture({ session: fakeBrowser.storage.session, searchApi: async () => api, now: () => new Date(clock) }),
  });
  const TAB = 11;
  const contentSender = (url: string): Sender => ({ id: EXT_ID, url, tab: { id: TAB, url } });
  const popup: Sender = { id: EXT_ID, url: `${EXT_ORIGIN}popup.html` };
  const progressOf = async (deps: BackgroundDeps) =>
    (await handleInternalMessage({ type: 'search-progress', tab_id: TAB }, popup, deps)) as SearchProgressReply;

  /** Opens the page in a tab whose content script forwards every report to the background, in order. */
  function open(deps: BackgroundDeps, html: string, url: string) {
    dom = new JSDOM(`<!doctype html><html><body>${html}</body></html>`, { url });
    ctx = fakeCtx();
    const outbox: SearchResultsMessage[] = [];
    let delivered = Promise.resolve();
    startSearchWatcher({
      ctx,
      window: dom.window as unknown as Window,
      send: (m) => {
        outbox.push(m);
        delivered = delivered.then(() => handleInternalMessage(m, contentSender(m.url), deps).then(() => undefined));
      },
    });
    return { outbox, settle: async (ms = 1000) => {
      await vi.advanceTimersByTimeAsync(ms);
      await delivered;
    } };
  }

  it('follows paging (page 1, 2, back to 1): each profile is sent once, the popup shows the running totals', async () => {
    // Ana is in the persona already (added by hand earlier).
    const server = savedSearchServer(SEARCH, ['https://www.linkedin.com/in/ana-lopez-vp/']);
    const deps = depsWith(server.api);
    const tab = open(deps, body('search-classic'), `${SEARCH}&origin=GLOBAL_SEARCH_HEADER&sid=a1`);
    await tab.settle();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ page: 1 });
    expect(server.calls[0]!.results.map((c) => c.full_name)).toEqual(['Ana López', 'Ben Ode', '王芳']);
    expect((await progressOf(deps)).searches).toEqual([
      expect.objectContaining({ search_id: 7, name: 'vp sales', person_name: 'VP Sales EU', added: 2, already_there: 1, page: 1, state: 'saved', error: null }),
    ]);

    // LinkedIn moves the address to page 2 first; page 1's cards are still on screen: nothing is reported for page 2.
    dom.window.history.pushState({}, '', `${SEARCH}&page=2&sid=a1`);
    await tab.settle();
    expect(tab.outbox).toHaveLength(1);
    dom.window.document.body.innerHTML = body('search-classic-page2');
    await tab.settle();
    expect(tab.outbox).toHaveLength(2);
    // Ben was on page 1 too: only Cara goes to the server.
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toEqual({ page: 2, results: [expect.objectContaining({ profile_url: 'https://www.linkedin.com/in/cara-diaz/' })] });
    expect((await progressOf(deps)).searches[0]).toMatchObject({ added: 3, already_there: 1, page: 2 });

    // Back to page 1: reported again (the popup follows the page), nothing new to send.
    dom.window.history.back();
    await tab.settle();
    dom.window.document.body.innerHTML = body('search-classic');
    await tab.settle();
    expect(dom.window.location.href).not.toContain('page=2');
    expect(tab.outbox.map((m) => m.page)).toEqual([1, 2, 1]);
    expect(server.calls).toHaveLength(2);
    expect((await progressOf(deps)).searches[0]).toMatchObject({ added: 3, already_there: 1, page: 1 });
    expect([...server.persona].sort()).toEqual([
      'https://www.linkedin.com/in/%E7%8E%8B%E8%8A%B3/',
      'https://www.linkedin.com/in/ana-lopez-vp/',
      'https://www.linkedin.com/in/ben-ode/',
      'https://www.linkedin.com/in/cara-diaz/',
    ]);

    // The worker restarted (state is in storage.session): the same page again sends nothing.
    const restarted = depsWith(server.api);
    await handleInternalMessage(tab.outbox[0]!, contentSender(tab.outbox[0]!.url), restarted);
    expect(server.calls).toHaveLength(2);

    // The tab closes: the popup has nothing to show for it.
    await handleTabRemoved(restarted, TAB);
    expect((await progressOf(restarted)).searches).toEqual([]);
  });

  it('shows an error in the popup when the server refuses, and retries those profiles on the next report', async () => {
    const server = savedSearchServer(SEARCH);
    let refuse = true;
    const flaky: SearchApi = {
      list: server.api.list,
      addResults: async (id, b) => {
        if (refuse) throw new Error('This feature is not available');
        return server.api.addResults(id, b);
      },
    };
    const deps = depsWith(flaky);
    const tab = open(deps, body('search-classic'), SEARCH);
    await tab.settle();
    expect((await progressOf(deps)).searches[0]).toMatchObject({ state: 'error', error: 'This feature is not available', added: 0 });
    refuse = false;
    await handleInternalMessage(tab.outbox[0]!, contentSender(SEARCH), deps);
    expect((await progressOf(deps)).searches[0]).toMatchObject({ state: 'saved', error: null, added: 3 });
  });

  it('ignores searches that are not saved, other pages, and a signed-out extension', async () => {
    const server = savedSearchServer('https://www.linkedin.com/search/results/people/?keywords=cfo');
    const tab = open(depsWith(server.api), body('search-classic'), SEARCH);
    await tab.settle();
    expect(tab.outbox).toHaveLength(1);
    expect(server.calls).toEqual([]);
    expect((await progressOf(depsWith(server.api))).searches).toEqual([]);

    const signedOut = depsWith(null);
    expect(await handleInternalMessage(tab.outbox[0]!, contentSender(SEARCH), signedOut)).toEqual({ status: 'ok' });
    // Only LinkedIn tabs report results, and only the popup asks for progress.
    expect(await handleInternalMessage(tab.outbox[0]!, { id: EXT_ID, url: 'https://evil.example/', tab: { id: 1, url: 'https://evil.example/' } }, signedOut)).toMatchObject({ status: 'error' });
    expect(await handleInternalMessage({ type: 'search-progress', tab_id: TAB }, contentSender(SEARCH), signedOut)).toMatchObject({ status: 'error' });
  });
});
