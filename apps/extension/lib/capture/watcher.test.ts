import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCaptureWatcher, type CaptureOutbound, type WatcherContext } from './watcher';

const html = (name: string) => readFileSync(path.join(import.meta.dirname, '__fixtures__', `${name}.html`), 'utf8');

/** A page with no identity signals of its own: only the watcher's stale-content guard stands between the old DOM and the new URL. */
function anonymous(name: string): string {
  const dom = new JSDOM(html(name));
  const d = dom.window.document;
  d.querySelectorAll('link[rel="canonical"], meta[property="og:url"], script[type="application/ld+json"]').forEach((e) => e.remove());
  d.querySelectorAll('a[href*="/in/"]').forEach((a) => a.setAttribute('href', '#'));
  return d.body.innerHTML;
}

/** Like WXT's content-script context: its timers stop when it is invalidated. */
function fakeCtx(): WatcherContext & { invalidate(): void } {
  let valid = true;
  const listeners: Array<() => void> = [];
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const track = <T extends ReturnType<typeof setTimeout>>(id: T) => (timers.push(id), id as unknown as number);
  return {
    get isValid() {
      return valid;
    },
    setInterval: (h: () => void, t?: number) => track(setInterval(h, t)),
    setTimeout: (h: () => void, t?: number) => track(setTimeout(h, t)),
    addEventListener: ((target: EventTarget, type: string, handler: EventListener) => target.addEventListener(type, handler)) as WatcherContext['addEventListener'],
    onInvalidated: (cb: () => void) => {
      listeners.push(cb);
      return () => undefined;
    },
    invalidate() {
      valid = false;
      for (const id of timers) clearTimeout(id);
      listeners.forEach((l) => l());
    },
  } as WatcherContext & { invalidate(): void };
}

describe('capture watcher (LinkedIn single-page navigation)', () => {
  let dom: JSDOM;
  let sent: CaptureOutbound[];
  const JANE = 'https://www.linkedin.com/in/jane-doe-4a2b1c/';
  const SAM = 'https://www.linkedin.com/in/sam-lee-product/';

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
  });
  let current: ReturnType<typeof fakeCtx> | undefined;
  afterEach(() => {
    // Stop the watcher before its window goes away, as the browser does when a tab closes.
    current?.invalidate();
    current = undefined;
    vi.useRealTimers();
    dom?.window.close();
  });

  const start = (body: string, url: string) => {
    dom = new JSDOM(`<!doctype html><html><head><title>LinkedIn</title></head><body>${body}</body></html>`, { url });
    const ctx = fakeCtx();
    current = ctx;
    startCaptureWatcher({ ctx, window: dom.window as unknown as Window, send: (m) => sent.push(m) });
    return ctx;
  };

  /** Every capture names the member of its URL: never the previous profile for a new URL. */
  const expectNoLeak = () => {
    for (const m of sent) if (m.type === 'capture') expect(m.profile.profile_url.toLowerCase()).toBe(m.url.toLowerCase().split('?')[0]);
  };

  it('sends the connection state with the capture, and again when the card changes it (Connect → Pending)', async () => {
    start(anonymous('member-jsonld'), JANE);
    expect(sent).toEqual([expect.objectContaining({ type: 'capture', url: JANE, connection: 'none' })]);
    // The user clicks Connect on LinkedIn (the extension never does): the card now shows Pending.
    const connect = dom.window.document.querySelector('button[aria-label="Invite Jane Doe to connect"]')!;
    connect.outerHTML = '<button aria-label="Pending, click to withdraw invitation sent to Jane Doe" class="artdeco-button"><span>Pending</span></button>';
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ type: 'capture', url: JANE, connection: 'pending' });
    // Nothing changed since: nothing is sent again.
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(2);
  });

  it('captures the open profile, then clears at once on a URL change and captures the next member only once shown', async () => {
    start(anonymous('member-jsonld'), JANE);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'capture', url: JANE, profile: { full_name: 'Jane Doe' } });

    // LinkedIn changes the URL first; Jane's card is still on screen.
    dom.window.history.pushState({}, '', '/in/sam-lee-product/');
    await vi.advanceTimersByTimeAsync(600);
    expect(sent.slice(1)).toEqual([{ type: 'capture-cleared', url: SAM, reason: 'loading' }]);

    // Unrelated DOM activity while the old card stays: still no capture for Sam's URL.
    dom.window.document.body.insertAdjacentHTML('beforeend', '<div>toast</div>');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.filter((m) => m.type === 'capture')).toHaveLength(1);

    // The skeleton, then Sam's page.
    dom.window.document.body.innerHTML = '<main><div class="skeleton"></div></main>';
    await vi.advanceTimersByTimeAsync(300);
    dom.window.document.body.innerHTML = anonymous('random-classes');
    await vi.advanceTimersByTimeAsync(300);
    const last = sent[sent.length - 1]!;
    expect(last).toMatchObject({ type: 'capture', url: SAM, profile: { full_name: 'Sam Lee', public_identifier: 'sam-lee-product' } });
    expectNoLeak();
  });

  it('content swapped before the poll notices the URL is captured, not held as stale', async () => {
    start(anonymous('member-jsonld'), JANE);
    dom.window.history.pushState({}, '', '/in/sam-lee-product/');
    dom.window.document.body.innerHTML = anonymous('random-classes');
    await vi.advanceTimersByTimeAsync(600);
    expect(sent.map((m) => m.type)).toEqual(['capture', 'capture-cleared', 'capture']);
    expect(sent[2]).toMatchObject({ url: SAM, profile: { full_name: 'Sam Lee' } });
    expectNoLeak();
  });

  it('feed → not_a_profile; back to the profile (popstate) → captured again', async () => {
    start(anonymous('member-jsonld'), JANE);
    dom.window.history.pushState({}, '', '/feed/');
    dom.window.document.body.innerHTML = '<main><div role="article">A post</div></main>';
    await vi.advanceTimersByTimeAsync(600);
    expect(sent[sent.length - 1]).toEqual({ type: 'capture-cleared', url: 'https://www.linkedin.com/feed/', reason: 'not_a_profile' });

    dom.window.document.body.innerHTML = anonymous('member-jsonld');
    dom.window.history.back();
    await vi.advanceTimersByTimeAsync(600);
    expect(sent[sent.length - 1]).toMatchObject({ type: 'capture', url: JANE, profile: { full_name: 'Jane Doe' } });
    expectNoLeak();
  });

  it('a page that is still loading reports loading, then the capture when the profile renders', async () => {
    start('<main><div class="scaffold-skeleton"></div></main>', JANE);
    expect(sent).toEqual([
      { type: 'capture-cleared', url: JANE, reason: 'loading' },
    ]);
    dom.window.document.body.innerHTML = anonymous('member-jsonld');
    await vi.advanceTimersByTimeAsync(300);
    expect(sent[1]).toMatchObject({ type: 'capture', url: JANE });
  });

  it('opening the contact info overlay of the same member is not a new profile', async () => {
    start(anonymous('member-jsonld'), JANE);
    dom.window.history.pushState({}, '', '/in/jane-doe-4a2b1c/overlay/contact-info/');
    await vi.advanceTimersByTimeAsync(600);
    expect(sent.some((m) => m.type === 'capture-cleared')).toBe(false);
  });

  it('sends nothing after the context is invalidated (extension reloaded)', async () => {
    const ctx = start(anonymous('member-jsonld'), JANE);
    ctx.invalidate();
    dom.window.history.pushState({}, '', '/in/sam-lee-product/');
    dom.window.document.body.innerHTML = anonymous('random-classes');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
  });
});

describe('capture watcher: back before the next page rendered', () => {
  it('returning to the member still on screen captures that member again', async () => {
    vi.useFakeTimers();
    const sent: CaptureOutbound[] = [];
    const dom = new JSDOM(`<!doctype html><html><body>${anonymous('member-jsonld')}</body></html>`, { url: 'https://www.linkedin.com/in/jane-doe-4a2b1c/' });
    const ctx = fakeCtx();
    startCaptureWatcher({ ctx, window: dom.window as unknown as Window, send: (m) => sent.push(m) });
    dom.window.history.pushState({}, '', '/in/sam-lee-product/');
    await vi.advanceTimersByTimeAsync(600);
    dom.window.history.pushState({}, '', '/in/jane-doe-4a2b1c/');
    await vi.advanceTimersByTimeAsync(600);
    expect(sent.map((m) => [m.type, m.url])).toEqual([
      ['capture', 'https://www.linkedin.com/in/jane-doe-4a2b1c/'],
      ['capture-cleared', 'https://www.linkedin.com/in/sam-lee-product/'],
      ['capture-cleared', 'https://www.linkedin.com/in/jane-doe-4a2b1c/'],
      ['capture', 'https://www.linkedin.com/in/jane-doe-4a2b1c/'],
    ]);
    ctx.invalidate();
    vi.useRealTimers();
    dom.window.close();
  });
});

describe('capture watcher: the head keeps the previous member after in-app navigation', () => {
  const JANE = 'https://www.linkedin.com/in/jane-doe-4a2b1c/';
  const SAM = 'https://www.linkedin.com/in/sam-lee-product/';
  let dom: JSDOM;
  let ctx: ReturnType<typeof fakeCtx>;
  let sent: CaptureOutbound[];

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    // Jane's page as LinkedIn serves it: her canonical link, og tags, title and JSON-LD in the head.
    dom = new JSDOM(html('member-jsonld'), { url: JANE });
    ctx = fakeCtx();
    startCaptureWatcher({ ctx, window: dom.window as unknown as Window, send: (m) => sent.push(m) });
  });
  afterEach(() => {
    ctx.invalidate();
    vi.useRealTimers();
    dom.window.close();
  });

  /** LinkedIn's in-app navigation: pushState, then only <main> is swapped; the head is left as it was. */
  const swapMain = (mainHtml: string) => {
    dom.window.document.querySelector('main')!.outerHTML = mainHtml;
  };
  const mainOf = (name: string, edit: (main: Element) => void = () => undefined) => {
    const d = new JSDOM(html(name)).window.document;
    const main = d.querySelector('main')!;
    edit(main);
    return main.outerHTML;
  };
  const captures = () => sent.filter((m): m is Extract<CaptureOutbound, { type: 'capture' }> => m.type === 'capture');

  it("captures the new member on screen although canonical link, JSON-LD and title still name the previous one", async () => {
    expect(captures()).toHaveLength(1);
    dom.window.history.pushState({}, '', '/in/sam-lee-product/');
    await vi.advanceTimersByTimeAsync(600);
    // Jane's card is still on screen: nothing for Sam yet.
    expect(sent[sent.length - 1]).toEqual({ type: 'capture-cleared', url: SAM, reason: 'loading' });

    swapMain('<main id="main"><div class="scaffold-skeleton"></div></main>');
    await vi.advanceTimersByTimeAsync(300);
    swapMain(mainOf('stale-head'));
    await vi.advanceTimersByTimeAsync(300);
    expect(dom.window.document.title).toContain('Jane Doe');
    expect(dom.window.document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(JANE);
    expect(sent[sent.length - 1]).toMatchObject({ type: 'capture', url: SAM, profile: { public_identifier: 'sam-lee-product', full_name: 'Sam Lee' } });
    expect(JSON.stringify(captures()[1])).not.toMatch(/Jane|Northwind/);
  });

  it('the same, when the new top card carries no link naming its member', async () => {
    dom.window.history.pushState({}, '', '/in/sam-lee-product/');
    swapMain(mainOf('stale-head', (main) => main.querySelectorAll('a[href*="/in/"]').forEach((a) => a.setAttribute('href', '#'))));
    await vi.advanceTimersByTimeAsync(600);
    expect(sent.map((m) => m.type)).toEqual(['capture', 'capture-cleared', 'capture']);
    expect(sent[2]).toMatchObject({ url: SAM, profile: { full_name: 'Sam Lee', profile_url: SAM } });
  });

  it("never captures the previous member's card, still on screen, for the new URL", async () => {
    dom.window.document.querySelectorAll('main a[href*="/in/"]').forEach((a) => a.setAttribute('href', '#'));
    dom.window.history.pushState({}, '', '/in/sam-lee-product/');
    dom.window.document.body.insertAdjacentHTML('beforeend', '<div>toast</div>');
    await vi.advanceTimersByTimeAsync(5000);
    expect(captures()).toHaveLength(1);
    expect(sent[sent.length - 1]).toEqual({ type: 'capture-cleared', url: SAM, reason: 'loading' });
  });

  it("a namesake of the previous member is captured once the card on screen was replaced", async () => {
    const NAMESAKE = 'https://www.linkedin.com/in/jane-doe-seattle/';
    dom.window.history.pushState({}, '', '/in/jane-doe-seattle/');
    await vi.advanceTimersByTimeAsync(600);
    swapMain(
      mainOf('stale-head', (main) => {
        main.querySelectorAll('a[href*="/in/"]').forEach((a) => a.setAttribute('href', '#'));
        main.querySelector('h1')!.textContent = 'Jane Doe';
      }),
    );
    await vi.advanceTimersByTimeAsync(600);
    expect(sent[sent.length - 1]).toMatchObject({
      type: 'capture',
      url: NAMESAKE,
      profile: { public_identifier: 'jane-doe-seattle', full_name: 'Jane Doe', headline: 'Senior Product Manager at Vandelay Industries' },
    });
  });
});
