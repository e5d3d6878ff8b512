import type { SearchResultsMessage } from '@shared/extension';
import { linkedInSearchPage, parseLinkedInSearchUrl } from '@shared/schemas/linkedin-searches';
import { parseSearchResults, type SearchParseResult } from './parse-search-results';
import type { WatcherContext } from './watcher';

/**
 * Reports the result cards of a LinkedIn people search (or Sales Navigator lead search) as the user pages
 * through it. It only reads: no click, scroll or keystroke. LinkedIn changes the address before the
 * results, so after a move to another page the cards that were on screen are not reported for the new
 * page until they have been replaced. Lazily rendered cards (Sales Navigator renders them as they scroll
 * into view) are reported as they appear; the background sends each profile once.
 */

export type SearchWatcherOptions = {
  ctx: WatcherContext;
  window: Window;
  send: (message: SearchResultsMessage) => unknown;
  parse?: (doc: Document, url: string) => SearchParseResult;
  pollMs?: number;
  throttleMs?: number;
};

const urlsOf = (result: SearchParseResult) => (result.kind === 'results' ? result.cards.map((c) => c.profile_url).join('\n') : '');

export function startSearchWatcher(options: SearchWatcherOptions): { check: () => void } {
  const { ctx, window: win, send } = options;
  const parse = options.parse ?? parseSearchResults;
  const doc = win.document;
  let url: string | null = null;
  /** The cards shown for the previous page, while they may still be on screen under the new address. */
  let stale: string | null = null;
  let shown = '';
  let lastSent: string | null = null;
  let scheduled = false;

  const check = () => {
    if (!ctx.isValid) return;
    const href = win.location.href;
    const search = parseLinkedInSearchUrl(href);
    if (href !== url) {
      const previous = url;
      url = href;
      const samePage = previous !== null && parseLinkedInSearchUrl(previous)?.key === search?.key && linkedInSearchPage(previous) === linkedInSearchPage(href);
      if (!samePage) {
        stale = shown || null;
        lastSent = null;
      }
    }
    if (!search) {
      shown = '';
      return;
    }
    const result = parse(doc, href);
    if (result.kind !== 'results') return;
    const urls = urlsOf(result);
    if (stale !== null && urls === stale) return;
    stale = null;
    shown = urls;
    const key = `${search.key}|${result.page}|${urls}`;
    if (key === lastSent) return;
    lastSent = key;
    try {
      void Promise.resolve(send({ type: 'search-results', url: href, page: result.page, cards: result.cards.slice(0, 100) })).catch(() => undefined);
    } catch {
      // The extension was reloaded: this orphaned script has no one to talk to.
    }
  };

  const schedule = () => {
    if (scheduled || !ctx.isValid) return;
    scheduled = true;
    ctx.setTimeout(() => {
      scheduled = false;
      check();
    }, options.throttleMs ?? 400);
  };

  ctx.setInterval(() => {
    if (win.location.href !== url) check();
  }, options.pollMs ?? 500);
  ctx.addEventListener(win, 'popstate', () => check());
  const MutationObserverCtor = (win as Window & typeof globalThis).MutationObserver;
  const observer = new MutationObserverCtor(() => schedule());
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  ctx.onInvalidated(() => observer.disconnect());
  check();
  return { check };
}
