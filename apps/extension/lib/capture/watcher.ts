import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { linkedInPublicIdentifier } from '@shared/schemas/linkedin';
import type { CaptureMessage, InternalMessage } from '@shared/extension';
import { readConnectionState } from './connection-state';
import { clean } from './dom-text';
import { parseProfile, type ParseHints, type ParseResult } from './parse-profile';

/**
 * Keeps the background informed about what the LinkedIn tab shows. LinkedIn is a single-page app:
 * the content script runs once and the page changes under it, and history.pushState in the page's
 * world does not reach the isolated world. So the watcher polls location.href, listens to popstate,
 * and observes the DOM (throttled).
 *
 * The rule that matters: the previous profile is never reported for a new URL. On every URL change
 * the background first hears `capture-cleared` (loading), and a capture is sent only once the page
 * names the URL's member (the parser checks the page's own identity signals) and its top card is no
 * longer the one that was on screen when the URL changed (LinkedIn updates the URL before the content).
 * The head may keep the previous member's identity after in-app navigation (canonical link, JSON-LD,
 * title): once the watcher has seen the old card leave, the card on screen is the new member's, and
 * the parser is told so (`cardReplaced`), so a stale head never holds the capture back.
 */

export type CaptureOutbound = CaptureMessage | Extract<InternalMessage, { type: 'capture-cleared' }>;
export type WatcherContext = Pick<ContentScriptContext, 'setInterval' | 'setTimeout' | 'addEventListener' | 'isValid' | 'onInvalidated'>;

export type WatcherOptions = {
  ctx: WatcherContext;
  window: Window;
  send: (message: CaptureOutbound) => unknown;
  parse?: (doc: Document, url: string, hints?: ParseHints) => ParseResult;
  /** How often location.href is compared (ms). */
  pollMs?: number;
  /** Delay before re-reading the page after DOM changes while waiting for a profile (ms). */
  pendingThrottleMs?: number;
  /** The same once the profile is captured (late sections, edits). */
  settledThrottleMs?: number;
};

export type Watcher = { check: () => void };

type TopCardView = { signature: string; identity: string };

/** The top card on screen: all it shows (the stale-content guard), and who it shows (name and photo). */
function readTopCard(doc: Document): TopCardView | null {
  const scope = doc.querySelector('main, [role="main"]') ?? doc.body;
  if (!scope) return null;
  for (const h1 of scope.querySelectorAll('h1')) {
    const name = clean(h1.textContent);
    if (!name) continue;
    const card = h1.closest('section') ?? h1.parentElement ?? h1;
    const photo = card.querySelector('img')?.getAttribute('src') ?? '';
    return { signature: `${clean(card.textContent).slice(0, 2000)}|${photo}`, identity: `${name}|${photo}` };
  }
  return null;
}

/** What the top card shows: the stale-content guard compares this before and after a URL change. */
export function topCardSignature(doc: Document): string | null {
  return readTopCard(doc)?.signature ?? null;
}

const sameMember = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

export function startCaptureWatcher(options: WatcherOptions): Watcher {
  const { ctx, window: win, send } = options;
  const parse = options.parse ?? parseProfile;
  const pollMs = options.pollMs ?? 500;
  const pendingThrottleMs = options.pendingThrottleMs ?? 250;
  const settledThrottleMs = options.settledThrottleMs ?? 1000;
  const doc = win.document;

  let url: string | null = null;
  /** The top card of the last capture, and the one that may still be on screen after a URL change. */
  let capturedCard: TopCardView | null = null;
  let staleSignature: string | null = null;
  let staleMember: string | null = null;
  /**
   * Who the card showed when the URL last changed to another member (undefined before the first
   * change: nothing is known then), and whether a card showing someone else (another name or photo,
   * or no card at all) has been on screen since.
   */
  let previousIdentity: string | null | undefined = undefined;
  let cardReplaced = false;
  let lastSent: string | null = null;
  let captured = false;
  let scheduled = false;

  const emit = (message: CaptureOutbound) => {
    const key = JSON.stringify(message);
    if (key === lastSent || !ctx.isValid) return;
    lastSent = key;
    try {
      void Promise.resolve(send(message)).catch(() => undefined);
    } catch {
      // The extension was reloaded: this orphaned script has no one to talk to.
    }
  };

  const attempt = () => {
    if (!ctx.isValid || url === null) return;
    const current = url;
    const view = readTopCard(doc);
    const signature = view?.signature ?? null;
    if (previousIdentity !== undefined && (view?.identity ?? null) !== previousIdentity) cardReplaced = true;
    // Once the old top card has left the screen (a skeleton, the new member) it cannot come back as stale.
    if (staleSignature !== null && signature !== staleSignature) staleSignature = null;
    const result = parse(doc, current, { cardReplaced });
    if (result.kind === 'not_a_profile') {
      captured = false;
      return emit({ type: 'capture-cleared', url: current, reason: 'not_a_profile' });
    }
    // Back at the member whose card it is (the user returned before the next page rendered): not stale.
    const stillStale = staleSignature !== null && !sameMember(staleMember, linkedInPublicIdentifier(current));
    if (result.kind === 'loading' || stillStale || !sameMember(result.profile.public_identifier, linkedInPublicIdentifier(current))) {
      captured = false;
      return emit({ type: 'capture-cleared', url: current, reason: 'loading' });
    }
    captured = true;
    capturedCard = view;
    // The connection state rides along: a click on Connect turns it into Pending without a URL change,
    // and the settled re-read after DOM changes sends the capture again only when something differs.
    emit({ type: 'capture', url: current, profile: result.profile, connection: readConnectionState(doc, result.profile.connection_degree) });
  };

  const onUrl = (href: string) => {
    const previous = url;
    url = href;
    const before = linkedInPublicIdentifier(previous ?? '');
    const after = linkedInPublicIdentifier(href);
    // The first look, or an overlay of the same member (contact info): not a new profile.
    if (previous === null || sameMember(before, after)) return attempt();
    previousIdentity = (captured ? capturedCard : readTopCard(doc))?.identity ?? null;
    cardReplaced = false;
    if (captured) {
      staleSignature = capturedCard?.signature ?? null;
      staleMember = before;
    }
    captured = false;
    emit({ type: 'capture-cleared', url: href, reason: after ? 'loading' : 'not_a_profile' });
    attempt();
  };

  const check = () => {
    if (!ctx.isValid) return;
    const href = win.location.href;
    if (href !== url) onUrl(href);
    else if (!captured) attempt();
  };

  const schedule = () => {
    if (scheduled || !ctx.isValid) return;
    scheduled = true;
    ctx.setTimeout(
      () => {
        scheduled = false;
        check();
        if (captured) attempt();
      },
      captured ? settledThrottleMs : pendingThrottleMs,
    );
  };

  ctx.setInterval(() => {
    if (win.location.href !== url) check();
  }, pollMs);
  ctx.addEventListener(win, 'popstate', () => check());
  const MutationObserverCtor = (win as Window & typeof globalThis).MutationObserver;
  const observer = new MutationObserverCtor(() => schedule());
  observer.observe(doc.documentElement, { childList: true, subtree: true, characterData: true });
  ctx.onInvalidated(() => observer.disconnect());

  check();
  return { check };
}
