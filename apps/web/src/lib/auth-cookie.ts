import Cookies from 'js-cookie';
import { AUTH_COOKIE_NAME } from '@shared/constants';
import { completeAuthHeaders } from '@shared/api/auth-headers';
import type { AuthHeaders } from '@shared/schemas/auth';

const HEADER_NAMES = ['access-token', 'client', 'expiry', 'uid'] as const;

/** The four devise_token_auth headers, kept as JSON in one cookie (spec §3). */
const cookieOptions = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'lax',
  secure: typeof window !== 'undefined' && window.location.protocol === 'https:',
});

/** What the cookie holds, possibly incomplete (the API client logs and sends none then). */
export function readAuthCookie(): Partial<AuthHeaders> | null {
  const raw = Cookies.get(AUTH_COOKIE_NAME);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    // authHeadersSchema.partial() without zod (this runs before the first paint): each header absent or a non-empty string.
    const partial: Partial<AuthHeaders> = {};
    for (const name of HEADER_NAMES) {
      const value = (parsed as Record<string, unknown>)[name];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value.length === 0) return null;
      partial[name] = value;
    }
    return partial;
  } catch {
    return null;
  }
}

export function writeAuthCookie(headers: AuthHeaders): void {
  Cookies.set(AUTH_COOKIE_NAME, JSON.stringify(headers), cookieOptions());
}

export function clearAuthCookie(): void {
  Cookies.remove(AUTH_COOKIE_NAME, { path: '/' });
}

/** Signed in = all four auth headers present (spec §6). */
export function hasCompleteAuthCookie(): boolean {
  return completeAuthHeaders(readAuthCookie()) !== null;
}
