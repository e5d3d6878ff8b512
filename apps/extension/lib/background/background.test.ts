import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TabCapture } from '@shared/extension';
import type { LinkedInProfile } from '@shared/schemas/linkedin';
import { PROFILE_FIELDS } from '@shared/schemas/linkedin';
import { captureKey } from './capture-store';
import type { BackgroundDeps, Sender } from './deps';
import { handleExternalMessage, handleInternalMessage } from './messages';
import { handleTabRemoved, handleTabUpdated } from './tab-events';

const EXT_ID = 'coonhdgboainjfoojodocdgkmbhdelcm';
const EXT_ORIGIN = `chrome-extension://${EXT_ID}/`;

function profile(id: string, name: string): LinkedInProfile {
  return {
    profile_url: `https://www.linkedin.com/in/${id}/`,
    public_identifier: id,
    full_name: name,
    first_name: null,
    last_name: null,
    headline: null,
    location: null,
    photo_url: null,
    about: null,
    current_company: null,
    current_title: null,
    experience: [],
    education: [],
    skills: [],
    connection_degree: null,
    contact_info: null,
    open_to_work: false,
    is_own_profile: false,
    limited: false,
    sources: Object.fromEntries(PROFILE_FIELDS.map((f) => [f, f === 'full_name' || f === 'profile_url' ? 'selector' : 'missing'])) as LinkedInProfile['sources'],
  };
}

let clock = Date.parse('2025-01-01T10:00:00Z');
const deps = (): BackgroundDeps => ({
  session: fakeBrowser.storage.session,
  // The fake's "last focused window" is the previously focused one; with one window, the focused one is meant.
  tabs: {
    query: ({ lastFocusedWindow: _ignored, ...q }) => fakeBrowser.tabs.query(q),
    get: (id) => fakeBrowser.tabs.get(id),
  },
  version: '1.2.3',
  extensionId: EXT_ID,
  extensionOrigin: EXT_ORIGIN,
  now: () => new Date((clock += 1000)),
});

const contentSender = (tabId: number, url: string): Sender => ({ id: EXT_ID, url, tab: { id: tabId, url } });
const popupSender: Sender = { id: EXT_ID, url: `${EXT_ORIGIN}popup.html` };

async function openTab(url: string, active = false) {
  const tab = await fakeBrowser.tabs.create({ url, active });
  return tab.id!;
}

async function navigate(tabId: number, url: string) {
  await fakeBrowser.tabs.update(tabId, { url });
}

async function capture(tabId: number, id: string, name: string) {
  const url = `https://www.linkedin.com/in/${id}/`;
  return handleInternalMessage({ type: 'capture', url, profile: profile(id, name) }, contentSender(tabId, url), deps());
}

beforeEach(async () => {
  fakeBrowser.reset();
  const win = await fakeBrowser.windows.create({ focused: true });
  expect(win).toBeDefined();
});

describe('external messages (web page → extension)', () => {
  it('presence answers ok with the version', async () => {
    expect(await handleExternalMessage({ type: 'presence' }, deps())).toEqual({ status: 'ok', version: '1.2.3' });
  });

  it('unknown or malformed messages get a clear error, never a throw', async () => {
    expect(await handleExternalMessage({ type: 'steal-cookies' }, deps())).toEqual({ status: 'error', error: 'Unknown message type: steal-cookies' });
    for (const junk of [null, 42, 'presence', [], { type: 1 }, { type: 'presence', extra: true }, { type: 'profile', tab: 1 }]) {
      expect((await handleExternalMessage(junk, deps())).status).toBe('error');
    }
  });

  it('profile: no LinkedIn tab → no_linkedin_tab', async () => {
    await openTab('https://example.com/');
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toEqual({ status: 'no_profile', reason: 'no_linkedin_tab' });
  });

  it('profile: LinkedIn open on the feed → not_a_profile; on a profile not captured yet → loading', async () => {
    const tab = await openTab('https://www.linkedin.com/feed/');
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toEqual({ status: 'no_profile', reason: 'not_a_profile' });
    await navigate(tab, 'https://www.linkedin.com/in/ada/');
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toEqual({ status: 'no_profile', reason: 'loading' });
  });

  it('profile: the captured profile, from storage.session', async () => {
    const tab = await openTab('https://www.linkedin.com/in/ada/');
    expect(await capture(tab, 'ada', 'Ada Lovelace')).toEqual({ status: 'ok' });
    const stored = (await fakeBrowser.storage.session.get(captureKey(tab)))[captureKey(tab)] as TabCapture;
    expect(stored).toMatchObject({ state: 'captured', url: 'https://www.linkedin.com/in/ada/' });
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toMatchObject({
      status: 'ok',
      url: 'https://www.linkedin.com/in/ada/',
      profile: { full_name: 'Ada Lovelace' },
      captured_at: expect.any(String),
    });
  });

  it('a capture-cleared (loading) replaces the previous capture of the tab', async () => {
    const tab = await openTab('https://www.linkedin.com/in/ada/');
    await capture(tab, 'ada', 'Ada Lovelace');
    await navigate(tab, 'https://www.linkedin.com/in/grace/');
    const url = 'https://www.linkedin.com/in/grace/';
    await handleInternalMessage({ type: 'capture-cleared', url, reason: 'loading' }, contentSender(tab, url), deps());
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toEqual({ status: 'no_profile', reason: 'loading' });
    await capture(tab, 'grace', 'Grace Hopper');
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toMatchObject({ status: 'ok', profile: { full_name: 'Grace Hopper' } });
  });

  it("a capture that no longer matches the tab's URL is never given (full navigation before the new capture)", async () => {
    const tab = await openTab('https://www.linkedin.com/in/ada/');
    await capture(tab, 'ada', 'Ada Lovelace');
    await navigate(tab, 'https://www.linkedin.com/in/grace/?trk=x');
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toEqual({ status: 'no_profile', reason: 'loading' });
  });

  it('prefers the active tab of the last focused window, else the most recent capture', async () => {
    const a = await openTab('https://www.linkedin.com/in/ada/');
    const g = await openTab('https://www.linkedin.com/in/grace/');
    await capture(a, 'ada', 'Ada Lovelace');
    await capture(g, 'grace', 'Grace Hopper');
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toMatchObject({ profile: { full_name: 'Grace Hopper' } });
  });

  it('the active tab wins over a more recent capture elsewhere', async () => {
    const a = await openTab('https://www.linkedin.com/in/ada/', true);
    const g = await openTab('https://www.linkedin.com/in/grace/');
    await capture(a, 'ada', 'Ada Lovelace');
    await capture(g, 'grace', 'Grace Hopper');
    expect(await handleExternalMessage({ type: 'profile' }, deps())).toMatchObject({ profile: { full_name: 'Ada Lovelace' } });
  });
});

describe('internal messages (content script / popup → background)', () => {
  it('accepts captures only from a content script in a LinkedIn tab', async () => {
    const url = 'https://www.linkedin.com/in/ada/';
    const msg = { type: 'capture', url, profile: profile('ada', 'Ada') };
    expect(await handleInternalMessage(msg, { id: 'another-extension', url, tab: { id: 1, url } }, deps())).toMatchObject({ status: 'error' });
    expect(await handleInternalMessage(msg, { id: EXT_ID, url }, deps())).toMatchObject({ status: 'error' });
    expect(await handleInternalMessage(msg, contentSender(1, 'https://evil.example/in/ada/'), deps())).toMatchObject({ status: 'error' });
    expect(await handleInternalMessage(msg, popupSender, deps())).toMatchObject({ status: 'error' });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it("refuses a capture whose profile is not the URL's member", async () => {
    const url = 'https://www.linkedin.com/in/grace/';
    const reply = await handleInternalMessage({ type: 'capture', url, profile: profile('ada', 'Ada') }, contentSender(1, url), deps());
    expect(reply).toEqual({ status: 'error', error: 'The profile does not match its URL' });
  });

  it('validates messages', async () => {
    expect(await handleInternalMessage({ type: 'capture', url: 'x' }, contentSender(1, 'https://www.linkedin.com/'), deps())).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/^Invalid "capture" message/),
    });
    expect(await handleInternalMessage({ type: 'nope' }, popupSender, deps())).toEqual({ status: 'error', error: 'Unknown message type: nope' });
  });

  it("active-profile from the popup answers for the given tab; other senders are refused", async () => {
    const a = await openTab('https://www.linkedin.com/in/ada/');
    const other = await openTab('https://example.com/');
    await capture(a, 'ada', 'Ada Lovelace');
    expect(await handleInternalMessage({ type: 'active-profile', tab_id: a }, popupSender, deps())).toMatchObject({
      status: 'ok',
      profile: { full_name: 'Ada Lovelace' },
    });
    expect(await handleInternalMessage({ type: 'active-profile', tab_id: other }, popupSender, deps())).toEqual({ status: 'no_profile', reason: 'no_linkedin_tab' });
    expect(await handleInternalMessage({ type: 'active-profile', tab_id: 999 }, popupSender, deps())).toEqual({ status: 'no_profile', reason: 'no_linkedin_tab' });
    const url = 'https://www.linkedin.com/in/ada/';
    expect(await handleInternalMessage({ type: 'active-profile', tab_id: a }, contentSender(a, url), deps())).toMatchObject({ status: 'error' });
  });

  it('keeps what the card shows about the connection and gives it to the popup; an unknown state is refused', async () => {
    const url = 'https://www.linkedin.com/in/ada/';
    const a = await openTab(url);
    await handleInternalMessage({ type: 'capture', url, profile: profile('ada', 'Ada Lovelace'), connection: 'pending' }, contentSender(a, url), deps());
    expect(await handleInternalMessage({ type: 'active-profile', tab_id: a }, popupSender, deps())).toMatchObject({ status: 'ok', connection: 'pending' });
    expect(await handleInternalMessage({ type: 'capture', url, profile: profile('ada', 'Ada Lovelace'), connection: 'accepted' }, contentSender(a, url), deps())).toMatchObject({
      status: 'error',
      error: expect.stringContaining('Invalid "capture" message'),
    });
  });
});

describe('tab events', () => {
  it('removes the capture when the tab closes', async () => {
    const tab = await openTab('https://www.linkedin.com/in/ada/');
    await capture(tab, 'ada', 'Ada Lovelace');
    await handleTabRemoved(deps(), tab);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it('removes the capture when the tab leaves linkedin.com (its URL becomes invisible without the tabs permission)', async () => {
    const tab = await openTab('https://www.linkedin.com/in/ada/');
    await capture(tab, 'ada', 'Ada Lovelace');
    await handleTabUpdated(deps(), tab, { status: 'complete' }, { id: tab, url: 'https://www.linkedin.com/in/ada/' });
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual([captureKey(tab)]);
    await handleTabUpdated(deps(), tab, { url: 'https://www.linkedin.com/feed/' }, { id: tab, url: 'https://www.linkedin.com/feed/' });
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual([captureKey(tab)]);
    await handleTabUpdated(deps(), tab, { status: 'loading' }, { id: tab });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });
});

describe('install', () => {
  it('injects the capture script into LinkedIn tabs that were already open', async () => {
    const li = await openTab('https://www.linkedin.com/in/ada/');
    await openTab('https://example.com/');
    const { injectIntoOpenLinkedInTabs } = await import('./inject');
    const calls: Array<[number, string[]]> = [];
    const n = await injectIntoOpenLinkedInTabs(deps().tabs, ['content-scripts/linkedin.js'], async (id, files) => {
      calls.push([id, files]);
    });
    expect(n).toBe(1);
    expect(calls).toEqual([[li, ['content-scripts/linkedin.js']]]);
  });
});
