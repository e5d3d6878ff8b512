import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBridgeLogs } from '@web/lib/extension-bridge';
import { useExtensionStore } from '@web/stores/extension';
import { installFakeChrome, LastError, setDocumentHidden } from '@web/testing/fake-chrome';
import { okProfileReply, profileFixture } from '@web/testing/profile-fixture';
import { createExtensionPoller, type PollerDeps } from '../lib/extension-poller';

type Reply = unknown;
let presence: () => Reply;
let profile: () => Reply;
let chrome: ReturnType<typeof installFakeChrome>;
let accountStatus: ReturnType<typeof vi.fn<PollerDeps['accountStatus']>>;
let logger: { warn: ReturnType<typeof vi.fn<(message: string) => void>> };

const sent = () => chrome.calls.map((c) => c.message.type);
const count = (type: string) => chrome.calls.filter((c) => c.message.type === type).length;
const store = () => useExtensionStore.getState();
const flush = () => vi.advanceTimersByTimeAsync(0);

function poller(overrides: Partial<PollerDeps> = {}) {
  return createExtensionPoller({ accountStatus, logger, timeoutMs: 10_000, ...overrides });
}

beforeEach(() => {
  vi.useFakeTimers();
  resetBridgeLogs();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  useExtensionStore.getState().reset();
  setDocumentHidden(false);
  presence = () => ({ status: 'ok', version: '1.0.0' });
  profile = () => ({ status: 'no_profile', reason: 'no_linkedin_tab' });
  chrome = installFakeChrome((message) => (message.type === 'presence' ? presence() : profile()));
  accountStatus = vi.fn<PollerDeps['accountStatus']>(async () => ({ status: 'not_connected' }));
  logger = { warn: vi.fn<(message: string) => void>() };
});
afterEach(() => {
  chrome.uninstall();
  setDocumentHidden(false);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('extension poller', () => {
  it('asks at once on start, then exactly every 2000 ms (presence, then profile)', async () => {
    const p = poller();
    expect(store().isLoading).toBe(true);
    p.start();
    await flush();
    expect(sent()).toEqual(['presence', 'profile']);
    expect(store()).toMatchObject({ isExtensionInstalled: true, isLoading: false, isLinkedinTabOpen: false });
    await vi.advanceTimersByTimeAsync(1999);
    expect(chrome.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent()).toEqual(['presence', 'profile', 'presence', 'profile']);
    await vi.advanceTimersByTimeAsync(2000 * 5);
    expect(count('presence')).toBe(7);
    expect(count('profile')).toBe(7);
    p.stop();
  });

  it('sets not installed from a lastError reply and asks for no profile until the extension answers', async () => {
    presence = () => new LastError();
    const p = poller();
    p.start();
    await flush();
    expect(store()).toMatchObject({ isExtensionInstalled: false, isLoading: false });
    await vi.advanceTimersByTimeAsync(4000);
    expect(sent()).toEqual(['presence', 'presence', 'presence']);
    presence = () => ({ status: 'ok', version: '1.0.0' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(store().isExtensionInstalled).toBe(true);
    expect(count('profile')).toBe(1);
    p.stop();
  });

  it('polls until status ok, then keeps the data current: a new profile replaces it, a closed tab keeps it as last seen', async () => {
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(4000);
    expect(p.phase()).toBe('until-ok');
    expect(store().dataExtension).toBeNull();

    profile = () => okProfileReply();
    await vi.advanceTimersByTimeAsync(2000);
    expect(p.phase()).toBe('keep-current');
    expect(store().isLinkedinTabOpen).toBe(true);
    expect(store().dataExtension?.profile.full_name).toBe('Ada Lovelace');
    expect(accountStatus).toHaveBeenCalledWith('https://www.linkedin.com/in/ada-lovelace/');
    expect(store().accountStatusLinkedin).toBe('not_connected');

    // After ok it keeps asking at the same 2000 ms cadence.
    const before = count('profile');
    await vi.advanceTimersByTimeAsync(2000);
    expect(count('profile')).toBe(before + 1);

    // The same profile again: one account-status call per distinct URL, the store object kept.
    const data = store().dataExtension;
    await vi.advanceTimersByTimeAsync(2000);
    expect(store().dataExtension).toBe(data);
    expect(accountStatus).toHaveBeenCalledTimes(1);

    // Navigated to another profile: it replaces the data, and its status is asked.
    const grace = profileFixture({ profile_url: 'https://www.linkedin.com/in/grace-hopper/', full_name: 'Grace Hopper' });
    accountStatus.mockResolvedValue({ status: 'connected' });
    profile = () => okProfileReply(grace, '2026-03-01T10:05:00.000Z');
    await vi.advanceTimersByTimeAsync(2000);
    expect(store().dataExtension?.profile.full_name).toBe('Grace Hopper');
    expect(accountStatus).toHaveBeenCalledTimes(2);
    expect(store().accountStatusLinkedin).toBe('connected');

    // Tab closed: marked closed, the last data stays.
    profile = () => ({ status: 'no_profile', reason: 'no_linkedin_tab' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(store().isLinkedinTabOpen).toBe(false);
    expect(store().dataExtension?.profile.full_name).toBe('Grace Hopper');
    expect(p.phase()).toBe('keep-current');
    p.stop();
  });

  it('pauses while the page is hidden and resumes at once when it is visible again', async () => {
    const p = poller();
    p.start();
    await flush();
    expect(count('presence')).toBe(1);
    setDocumentHidden(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(count('presence')).toBe(1);
    setDocumentHidden(false);
    await flush();
    expect(count('presence')).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(count('presence')).toBe(3);
    p.stop();
  });

  it('does not start while hidden; hidden during a request schedules nothing after it', async () => {
    setDocumentHidden(true);
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(chrome.calls).toHaveLength(0);
    setDocumentHidden(false);
    await flush();
    expect(count('presence')).toBe(1);
    p.stop();
  });

  it('never piles up: a slow reply holds the next request until it settles, then waits 2000 ms', async () => {
    let answer: (v: unknown) => void = () => {};
    presence = () => new Promise((resolve) => (answer = resolve));
    const p = poller();
    p.start();
    await vi.advanceTimersByTimeAsync(7000);
    expect(chrome.calls).toHaveLength(1);
    // Visibility flapping while the request is out does not send another one either.
    setDocumentHidden(true);
    setDocumentHidden(false);
    await flush();
    expect(chrome.calls).toHaveLength(1);
    presence = () => ({ status: 'ok', version: '1.0.0' });
    answer({ status: 'ok', version: '1.0.0' });
    await flush();
    expect(sent()).toEqual(['presence', 'profile']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(chrome.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(chrome.calls).toHaveLength(4);
    p.stop();
  });

  it('a request that never settles times out and the chain goes on', async () => {
    presence = () => new Promise(() => {});
    const p = poller({ timeoutMs: 1500 });
    p.start();
    await vi.advanceTimersByTimeAsync(1500);
    expect(store()).toMatchObject({ isExtensionInstalled: false, isLoading: false });
    await vi.advanceTimersByTimeAsync(2000);
    expect(count('presence')).toBe(2);
    p.stop();
  });

  it('stops on stop(): no more requests, a reply still out is ignored', async () => {
    let answer: (v: unknown) => void = () => {};
    presence = () => new Promise((resolve) => (answer = resolve));
    const p = poller();
    p.start();
    await flush();
    p.stop();
    answer({ status: 'ok', version: '1.0.0' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(chrome.calls).toHaveLength(1);
    expect(store().isExtensionInstalled).toBe(false);
    expect(p.running()).toBe(false);
  });

  it('leaves the account status empty on a non-200 and only logs (once)', async () => {
    accountStatus.mockRejectedValue(new Error('Request failed with status code 429'));
    profile = () => okProfileReply();
    const p = poller();
    p.start();
    await flush();
    expect(store().isLinkedinTabOpen).toBe(true);
    expect(store().accountStatusLinkedin).toBe('');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(accountStatus).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    p.stop();
  });

  it('an extension that disappears closes the tab state but keeps the last data', async () => {
    profile = () => okProfileReply();
    const p = poller();
    p.start();
    await flush();
    expect(store().isLinkedinTabOpen).toBe(true);
    presence = () => new LastError('Extension disabled');
    await vi.advanceTimersByTimeAsync(2000);
    expect(store()).toMatchObject({ isExtensionInstalled: false, isLinkedinTabOpen: false });
    expect(store().dataExtension).not.toBeNull();
    p.stop();
  });
});
