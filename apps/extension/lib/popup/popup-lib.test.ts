import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER, normalizeServer, readServer, storageHeaderStore, writeServer, isSignedIn } from './settings';
import { savedMessage, isUnreachable } from './status';
import { resolveTabId } from './tab';
import { searchProgressText } from './search-progress';

beforeEach(() => fakeBrowser.reset());

describe('popup settings', () => {
  it('normalizes the server to an origin', () => {
    expect(normalizeServer('http://localhost:3900/')).toBe('http://localhost:3900');
    expect(normalizeServer(' app.pipelane.io/cabinet ')).toBe('http://app.pipelane.io');
    expect(normalizeServer('https://app.example.com')).toBe('https://app.example.com');
    expect(normalizeServer('javascript:alert(1)')).toBeNull();
    expect(normalizeServer('')).toBeNull();
  });

  it('keeps the server and the auth headers in storage.local', async () => {
    const local = fakeBrowser.storage.local;
    expect(await readServer(local)).toBe(DEFAULT_SERVER);
    await writeServer(local, 'http://localhost:3900');
    expect(await readServer(local)).toBe('http://localhost:3900');
    const store = storageHeaderStore(local);
    expect(await isSignedIn(local)).toBe(false);
    await store.set({ 'access-token': 'a', client: 'c', expiry: '1', uid: 'u' });
    expect(await isSignedIn(local)).toBe(true);
    await store.clear();
    expect(await store.get()).toBeNull();
  });
});

describe('popup helpers', () => {
  it('picks ?tabId=<n> first, else the active tab', async () => {
    expect(await resolveTabId('?tabId=42', async () => [{ id: 7 }])).toBe(42);
    expect(await resolveTabId('', async () => [{ id: 7 }])).toBe(7);
    expect(await resolveTabId('?tabId=x', async () => [])).toBeNull();
  });

  it('says Saved the first time and Updated when the profile was already in the persona', () => {
    expect(savedMessage('VP Sales', true, false)).toBe('Saved to VP Sales');
    expect(savedMessage('VP Sales', false, false)).toBe('Saved to VP Sales');
    expect(savedMessage('VP Sales', false, true)).toBe('Updated in VP Sales');
  });

  it('tells an unreachable server from an error answer', () => {
    expect(isUnreachable({ isAxiosError: true })).toBe(true);
    expect(isUnreachable({ isAxiosError: true, response: { status: 500 } })).toBe(false);
    expect(isUnreachable(new Error('x'))).toBe(false);
  });
});

describe('searchProgressText', () => {
  it('says how the saved search is going, as the popup shows it', () => {
    expect(searchProgressText({ name: 'vp sales', added: 37, already_there: 4, page: 3 })).toBe('Saved search vp sales: 37 added, 4 already there, page 3');
  });
});
