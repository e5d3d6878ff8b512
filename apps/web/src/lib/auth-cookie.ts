import Cookies from 'js-cookie';
import { AUTH_COOKIE_NAME } from '@shared/constants';
import { completeAuthHeaders } from '@shared/api';
import { authHeadersSchema, type AuthHeaders } from '@shared/schemas/auth';

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
    if (!parsed || typeof parsed !== 'object') return null;
    const partial = authHeadersSchema.partial().safeParse(parsed);
    return partial.success ? partial.data : null;
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
