/**
 * The invitation link a signed-out visitor opened: kept in this browser while they sign in or sign up
 * (the confirmation link may open in another tab), so the sign-in page brings them back to it.
 */
const KEY = 'pending-invitation';

export function rememberInvitation(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    // Storage off (private mode): they follow the emailed link again after signing in.
  }
}

export function pendingInvitation(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInvitation(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
