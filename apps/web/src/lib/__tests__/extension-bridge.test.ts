import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTENSION_ID } from '@shared/extension/ids';
import { normalizeProfile, resetBridgeLogs, sendToExtension } from '@web/lib/extension-bridge';
import { installFakeChrome, LastError, removeChrome } from '@web/testing/fake-chrome';
import { okProfileReply, profileFixture } from '@web/testing/profile-fixture';

let info: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetBridgeLogs();
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sendToExtension', () => {
  it('sends to the extension id and resolves with a presence reply', async () => {
    const chrome = installFakeChrome(() => ({ status: 'ok', version: '1.2.3' }));
    try {
      await expect(sendToExtension({ type: 'presence' })).resolves.toEqual({ status: 'ok', version: '1.2.3' });
      expect(chrome.calls).toEqual([{ id: EXTENSION_ID, message: { type: 'presence' } }]);
    } finally {
      chrome.uninstall();
    }
  });

  it('resolves null when chrome.runtime is missing (not installed or origin not allowed), logging once', async () => {
    const restore = removeChrome();
    try {
      await expect(sendToExtension({ type: 'presence' })).resolves.toBeNull();
      await expect(sendToExtension({ type: 'profile' })).resolves.toBeNull();
      expect(info).toHaveBeenCalledTimes(1);
    } finally {
      restore();
    }
    // chrome present without runtime (a Chromium page the extension does not allow)
    const g = globalThis as { chrome?: unknown };
    g.chrome = {};
    try {
      await expect(sendToExtension({ type: 'presence' })).resolves.toBeNull();
    } finally {
      delete g.chrome;
    }
  });

  it('resolves null on lastError (extension missing or disabled) and never throws', async () => {
    const chrome = installFakeChrome(() => new LastError());
    try {
      await expect(sendToExtension({ type: 'presence' })).resolves.toBeNull();
      await expect(sendToExtension({ type: 'presence' })).resolves.toBeNull();
      expect(info).toHaveBeenCalledTimes(1);
      expect(String(info.mock.calls[0]?.[0])).toContain('last-error');
    } finally {
      chrome.uninstall();
    }
  });

  it('resolves null when the callback gets undefined or the reply is not a protocol reply', async () => {
    let reply: unknown = undefined;
    const chrome = installFakeChrome(() => reply);
    try {
      await expect(sendToExtension({ type: 'presence' })).resolves.toBeNull();
      reply = 'hello';
      await expect(sendToExtension({ type: 'presence' })).resolves.toBeNull();
      reply = { status: 'ok', profile: { no: 'url' } };
      await expect(sendToExtension({ type: 'profile' })).resolves.toBeNull();
      reply = { status: 'no_profile', reason: 'weird' };
      await expect(sendToExtension({ type: 'profile' })).resolves.toEqual({ status: 'no_profile', reason: 'no_linkedin_tab' });
      reply = { status: 'error' };
      await expect(sendToExtension({ type: 'profile' })).resolves.toEqual({ status: 'error', error: 'Unknown error' });
    } finally {
      chrome.uninstall();
    }
  });

  it('resolves null when sendMessage throws', async () => {
    const g = globalThis as { chrome?: unknown };
    g.chrome = {
      runtime: {
        sendMessage: () => {
          throw new Error('Invalid extension id');
        },
      },
    };
    try {
      await expect(sendToExtension({ type: 'presence' })).resolves.toBeNull();
    } finally {
      delete g.chrome;
    }
  });

  it('times out to null when the extension never answers, and ignores a late answer', async () => {
    vi.useFakeTimers();
    let answer: (v: unknown) => void = () => {};
    const chrome = installFakeChrome(() => new Promise((resolve) => (answer = resolve)));
    try {
      const pending = sendToExtension({ type: 'presence' }, { timeoutMs: 500 });
      await vi.advanceTimersByTimeAsync(499);
      let settled = false;
      void pending.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toBeNull();
      answer({ status: 'ok', version: '1' });
      await vi.advanceTimersByTimeAsync(0);
    } finally {
      chrome.uninstall();
    }
  });

  it('passes a valid profile reply through and fills gaps of a loose one', async () => {
    const full = okProfileReply();
    const chrome = installFakeChrome(() => full);
    try {
      await expect(sendToExtension({ type: 'profile' })).resolves.toEqual(full);
    } finally {
      chrome.uninstall();
    }
    const loose = normalizeProfile({ profile_url: 'https://www.linkedin.com/in/x/', full_name: 'X', experience: 'nope' });
    expect(loose).toMatchObject({ full_name: 'X', experience: [], education: [], skills: [], headline: null });
    expect(loose?.sources).toMatchObject({ full_name: 'heuristic', headline: 'missing', experience: 'missing' });
    expect(normalizeProfile(profileFixture())).toEqual(profileFixture());
  });
});
