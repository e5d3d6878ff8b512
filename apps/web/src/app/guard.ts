import { ERROR_MESSAGES } from '@shared/errors';
import { isGuestOnlyPath, isOnboardingPath, isOpenPath, normalizePath, paths } from '@web/config/paths';

export const MIDDLEWARE_NAMES = ['cabinet', 'onboarding', 'public'] as const;
export type MiddlewareName = (typeof MIDDLEWARE_NAMES)[number];

export type GuardRoute = { pathname: string; middleware?: readonly string[] };
export type GuardAuth = { signedIn: boolean };
export type GuardUser = { onboarding_finished: boolean } | null;

const SIGN_IN = paths.auth.signin.path;
const CABINET = paths.cabinet.dashboard.path;
const ONBOARDING = paths.onboarding.welcome.path;

export function assertKnownMiddleware(names: readonly string[]): asserts names is readonly MiddlewareName[] {
  for (const name of names) {
    if (!(MIDDLEWARE_NAMES as readonly string[]).includes(name)) throw new Error(ERROR_MESSAGES.unknownMiddleware(name));
  }
}

/**
 * The route guard as a pure function (route meta + auth state + user → redirect target, or null to
 * stay; throws for an unknown middleware name). The rules (issue 2 §0, §4):
 * - open to all: `/` (public middleware), `/auth/*`, `/extension`; everything else needs a
 *   signed-in user (signed-in = all four auth headers), signed-out users go to /auth/signin;
 * - `onboarding`: signed-in users who finished onboarding go to /cabinet;
 * - `public` and the auth pages (except omniauth and reset-password): signed-in users go on to the
 *   cabinet, or to onboarding while it is unfinished;
 * - every other signed-in page (cabinet and the rest) sends users who have not finished onboarding
 *   to /cabinet/onboarding.
 */
export function resolveGuard(route: GuardRoute, auth: GuardAuth, user: GuardUser): string | null {
  const middleware = route.middleware ?? [];
  assertKnownMiddleware(middleware);
  const path = normalizePath(route.pathname);
  const isPublic = middleware.includes('public');
  const open = isPublic || isOpenPath(path);

  if (!auth.signedIn) return open ? null : stay(path, SIGN_IN);

  // Signed in without a user record (the caller could not load it): nothing more to decide on.
  if (!user) return null;
  const finished = user.onboarding_finished;

  if (middleware.includes('onboarding') || isOnboardingPath(path)) return finished ? stay(path, CABINET) : null;
  if (isPublic || isGuestOnlyPath(path)) return stay(path, finished ? CABINET : ONBOARDING);
  if (open) return null;
  return finished ? null : stay(path, ONBOARDING);
}

/** No redirect to where we already are (avoids loops). */
function stay(path: string, target: string): string | null {
  return path === target ? null : target;
}
