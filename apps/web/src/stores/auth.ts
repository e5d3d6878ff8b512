import { create } from 'zustand';
import { completeAuthHeaders } from '@shared/api/auth-headers';
import type { AuthHeaders } from '@shared/schemas/auth';
import { clearAuthCookie, readAuthCookie, writeAuthCookie } from '@web/lib/auth-cookie';

type AuthState = {
  /** Mirrors the auth cookie; the cookie stays the source of truth across tabs and reloads. */
  headers: AuthHeaders | null;
  setHeaders: (headers: AuthHeaders) => void;
  clear: () => void;
  /** Re-read the cookie (another tab or the API client may have changed it). */
  sync: () => void;
};

export const useAuthStore = create<AuthState>()((set) => ({
  headers: completeAuthHeaders(readAuthCookie()),
  setHeaders: (headers) => {
    writeAuthCookie(headers);
    set({ headers });
  },
  clear: () => {
    clearAuthCookie();
    set({ headers: null });
  },
  sync: () => set({ headers: completeAuthHeaders(readAuthCookie()) }),
}));

export const selectSignedIn = (s: AuthState) => s.headers !== null;
