import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { resetBridgeLogs } from '@web/lib/extension-bridge';
import { useExtensionStore } from '@web/stores/extension';
import { fakeAdapter, type FakeHandler } from '@web/testing/fake-adapter';
import { installFakeChrome, LastError, removeChrome } from '@web/testing/fake-chrome';
import { okProfileReply, profileFixture } from '@web/testing/profile-fixture';
import { renderRoute } from '@web/testing/render';
import { resetExtensionPolling } from '../hooks/use-extension-polling';
import { ExtensionRoute } from '../routes/extension';

let original: typeof api.http.defaults.adapter;
let adapter: ReturnType<typeof fakeAdapter>;
let chrome: ReturnType<typeof installFakeChrome> | null = null;
let presence: () => unknown;
let profile: () => unknown;

function serve(handler: FakeHandler) {
  adapter = fakeAdapter(handler);
  api.http.defaults.adapter = adapter as AxiosAdapter;
}
const tick = (ms = 2000) => act(() => vi.advanceTimersByTimeAsync(ms));
const renderPage = async () => {
  const utils = renderRoute(ExtensionRoute, { path: '/extension' });
  await tick(0);
  return utils;
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  original = api.http.defaults.adapter;
  resetBridgeLogs();
  resetExtensionPolling();
  useExtensionStore.getState().reset();
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  presence = () => ({ status: 'ok', version: '1.0.0' });
  profile = () => ({ status: 'no_profile', reason: 'no_linkedin_tab' });
  chrome = installFakeChrome((m) => (m.type === 'presence' ? presence() : profile()));
  serve(() => ({ status: 200, data: { status: 'not_connected' } }));
});
afterEach(() => {
  cleanup();
  resetExtensionPolling();
  chrome?.uninstall();
  api.http.defaults.adapter = original;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/extension page', () => {
  it('shows "Extension not detected" and the install guide when chrome.runtime is missing', async () => {
    chrome?.uninstall();
    chrome = null;
    const restore = removeChrome();
    try {
      await renderPage();
      expect(screen.getByRole('status')).toHaveTextContent('Extension not detected');
      expect(screen.getByRole('link', { name: /Download the extension/ })).toHaveAttribute('href', '/downloads/extension.zip');
      expect(screen.getByText('chrome://extensions')).toBeInTheDocument();
      expect(screen.getByText('dist/extension/chrome-mv3')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Captured profile' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('is "checking" until the first answer, then "Extension not detected" on lastError', async () => {
    let answer: (v: unknown) => void = () => {};
    presence = () => new Promise((resolve) => (answer = resolve));
    await renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Checking for the extension…');
    await act(async () => answer(new LastError()));
    await tick(0);
    expect(screen.getByRole('status')).toHaveTextContent('Extension not detected');
  });

  it('detects the extension, waits for a profile, then shows it; a closed tab keeps it as last seen', async () => {
    await renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Extension detected');
    expect(screen.getByText('Waiting for a LinkedIn profile… open one in another tab')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download the extension/ })).not.toBeVisible();

    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await userEvent.click(screen.getByRole('button', { name: /Open LinkedIn/ }));
    expect(open).toHaveBeenCalledWith('https://www.linkedin.com/', '_blank', 'noopener,noreferrer');

    profile = () => okProfileReply();
    await tick();
    const region = screen.getByRole('region', { name: 'Captured profile' });
    expect(within(region).getByRole('heading', { name: 'Ada Lovelace', level: 2 })).toBeInTheDocument();
    expect(within(region).getByText('First programmer · Mathematician')).toBeInTheDocument();
    expect(within(region).getByText('London, United Kingdom')).toBeInTheDocument();
    expect(within(region).getByText('Analyst at Analytical Engines')).toBeInTheDocument();
    expect(within(region).getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute('src', 'https://media.licdn.com/ada.jpg');
    expect(within(region).getByRole('list', { name: 'Skills' })).toHaveTextContent('Poetry');
    expect(within(region).getByText(/Not captured/).parentElement).toHaveTextContent('About, Contact info');
    expect(within(region).getByText('Open in LinkedIn')).toBeInTheDocument();
    expect(screen.queryByText('Your LinkedIn account is connected')).not.toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/linkedin_accounts/account-status')).toHaveLength(1);

    profile = () => ({ status: 'no_profile', reason: 'no_linkedin_tab' });
    await tick();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/Last seen at/)).toBeInTheDocument();
    expect(screen.getByText(/this is the last profile seen/)).toBeInTheDocument();
  });

  it('replaces the profile when another one is opened, and says when the account is connected', async () => {
    profile = () => okProfileReply();
    serve((config) => {
      const body = JSON.parse(String(config.data)) as { profile_url: string };
      expect(config.headers['access-token']).toBeUndefined();
      return { status: 200, data: { status: body.profile_url.includes('grace') ? 'connected' : 'not_connected' } };
    });
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const grace = profileFixture({ profile_url: 'https://www.linkedin.com/in/grace-hopper/', full_name: 'Grace Hopper', is_own_profile: true });
    profile = () => okProfileReply(grace, '2026-03-01T11:00:00.000Z');
    await tick();
    expect(screen.getByRole('heading', { name: 'Grace Hopper', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
    expect(await screen.findByText('Your LinkedIn account is connected')).toBeInTheDocument();
  });

  it('stops polling when the page unmounts', async () => {
    const { unmount } = await renderPage();
    const sent = chrome!.calls.length;
    unmount();
    await tick(10_000);
    expect(chrome!.calls.length).toBe(sent);
  });
});
