import { beforeEach, describe, expect, it } from 'vitest';
import { EXTENSION_ID } from '@shared/extension/ids';
import { initialExtensionState, useExtensionStore } from '@web/stores/extension';
import { okProfileReply, profileFixture } from '@web/testing/profile-fixture';

const s = () => useExtensionStore.getState();
const capture = (profile = profileFixture(), at = '2026-03-01T10:00:00.000Z') => {
  const { profile: p, url, captured_at } = okProfileReply(profile, at);
  return { profile: p, url, captured_at };
};

beforeEach(() => s().reset());

describe('extension store', () => {
  it('holds exactly the spec §3 fields, loading until the first answer', () => {
    expect(Object.keys(initialExtensionState).sort()).toEqual(
      ['accountStatusLinkedin', 'dataExtension', 'extensionId', 'isExtensionInstalled', 'isLinkedinTabOpen', 'isLoading'].sort(),
    );
    expect(s()).toMatchObject({ extensionId: EXTENSION_ID, isLoading: true, isExtensionInstalled: false, accountStatusLinkedin: '' });
    s().setExtensionInstalled(false);
    expect(s()).toMatchObject({ isLoading: false, isExtensionInstalled: false });
  });

  it('a profile opens the tab; closing keeps the data; another person clears the account status', () => {
    s().setProfile(capture());
    s().setAccountStatus('connected');
    expect(s()).toMatchObject({ isLinkedinTabOpen: true, accountStatusLinkedin: 'connected' });
    const data = s().dataExtension;
    s().setProfile(capture());
    expect(s().dataExtension).toBe(data);
    s().setLinkedinTabClosed();
    expect(s().isLinkedinTabOpen).toBe(false);
    expect(s().dataExtension).toBe(data);
    // the same person re-captured keeps the status
    s().setProfile(capture(profileFixture(), '2026-03-01T11:00:00.000Z'));
    expect(s().accountStatusLinkedin).toBe('connected');
    s().setProfile(capture(profileFixture({ profile_url: 'https://www.linkedin.com/in/other/' })));
    expect(s()).toMatchObject({ accountStatusLinkedin: '', isLinkedinTabOpen: true });
    expect(s().dataExtension?.profile.profile_url).toBe('https://www.linkedin.com/in/other/');
  });
});
