import { create } from 'zustand';
import { EXTENSION_ID } from '@shared/extension/ids';
import type { AccountStatus, LinkedInProfile } from '@shared/schemas/linkedin';

/** The captured profile with where and when the extension captured it. */
export type CapturedProfile = { profile: LinkedInProfile; url: string; captured_at: string };

/** '' until known, and after a non-200 answer (spec §4: account status is empty then). */
export type AccountStatusLinkedin = AccountStatus | '';

/**
 * The extension state of spec §3, shared by /extension and /cabinet. Client state only: the
 * polling (features/extension) writes it, the pages read it.
 *
 * - isLoading: detection has started and the extension has not answered (or failed to) yet.
 * - isExtensionInstalled: the last presence request got an ok reply.
 * - isLinkedinTabOpen: the last profile request got an ok reply (a LinkedIn profile tab is open).
 * - dataExtension: the last captured profile. It stays when the tab closes (isLinkedinTabOpen false
 *   with data = "last seen"), and is replaced when another profile is captured.
 * - accountStatusLinkedin: account-status answer for dataExtension's profile URL.
 */
export type ExtensionState = {
  extensionId: string;
  dataExtension: CapturedProfile | null;
  accountStatusLinkedin: AccountStatusLinkedin;
  isLoading: boolean;
  isLinkedinTabOpen: boolean;
  isExtensionInstalled: boolean;
};

type ExtensionActions = {
  setExtensionInstalled: (installed: boolean) => void;
  setProfile: (captured: CapturedProfile) => void;
  setLinkedinTabClosed: () => void;
  setAccountStatus: (status: AccountStatusLinkedin) => void;
  setLoading: (loading: boolean) => void;
  reset: () => void;
};

export const initialExtensionState: ExtensionState = {
  extensionId: EXTENSION_ID,
  dataExtension: null,
  accountStatusLinkedin: '',
  isLoading: true,
  isLinkedinTabOpen: false,
  isExtensionInstalled: false,
};

export const useExtensionStore = create<ExtensionState & ExtensionActions>()((set) => ({
  ...initialExtensionState,
  setExtensionInstalled: (installed) =>
    set((s) => (s.isExtensionInstalled === installed && !s.isLoading ? s : { isExtensionInstalled: installed, isLoading: false })),
  setProfile: (captured) =>
    set((s) => {
      const prev = s.dataExtension;
      const same =
        prev !== null &&
        s.isLinkedinTabOpen &&
        prev.url === captured.url &&
        prev.captured_at === captured.captured_at &&
        prev.profile.profile_url === captured.profile.profile_url;
      // The same capture polled again: keep the object so subscribers do not re-render every 2 s.
      if (same) return s;
      const otherPerson = prev?.profile.profile_url !== captured.profile.profile_url;
      return {
        dataExtension: captured,
        isLinkedinTabOpen: true,
        ...(otherPerson ? { accountStatusLinkedin: '' as const } : {}),
      };
    }),
  setLinkedinTabClosed: () => set((s) => (s.isLinkedinTabOpen ? { isLinkedinTabOpen: false } : s)),
  setAccountStatus: (status) => set((s) => (s.accountStatusLinkedin === status ? s : { accountStatusLinkedin: status })),
  setLoading: (loading) => set((s) => (s.isLoading === loading ? s : { isLoading: loading })),
  reset: () => set({ ...initialExtensionState }),
}));
