import { data, redirect, type LoaderFunction, type Params } from 'react-router';
import { ERROR_MESSAGES } from '@shared/errors';
import type { User } from '@shared/schemas/auth';
import { hasCompleteAuthCookie } from '@web/lib/auth-cookie';
import { useAuthStore } from '@web/stores/auth';
import { whenBrandKnown } from '@web/stores/brand';
import { resolveGuard } from './guard';
import type { RouteMeta } from './route-meta';

export type ParamsValidator = (params: Params) => boolean;

/**
 * Runs before the route renders: middleware from the route meta, then parameter validation.
 * Onboarding state comes from user_info, cached in the query client; a 401 from it (the client has
 * already cleared the cookie) counts as signed out.
 */
export function guardLoader(meta: RouteMeta, validate?: ParamsValidator): LoaderFunction {
  return async ({ request, params }) => {
    const url = new URL(request.url);
    // A page of a feature the brand switches off does not exist there: the 404 screen, before auth.
    if (meta.feature && !(await whenBrandKnown()).feature_flags[meta.feature]) {
      const message = ERROR_MESSAGES.noRouteMatch(url.pathname);
      console.error(message);
      throw data(message, { status: 404, statusText: 'Not Found' });
    }
    useAuthStore.getState().sync();
    let user: User | null = null;
    if (hasCompleteAuthCookie()) {
      // The data layer loads only for a session: signed-out pages paint without it.
      const { loadSessionUser } = await import('./session-user');
      user = await loadSessionUser();
    }
    const signedIn = hasCompleteAuthCookie() && user !== null;
    const target = resolveGuard({ pathname: url.pathname, middleware: meta.middleware }, { signedIn }, user);
    if (target) throw redirect(target);
    if (validate && !validate(params)) {
      const message = ERROR_MESSAGES.routeValidationFailed(url.pathname);
      console.error(message);
      throw data(message, { status: 404, statusText: 'Not Found' });
    }
    return null;
  };
}

/** A positive integer id, as the chat route needs. */
export const positiveIntegerParam =
  (name: string): ParamsValidator =>
  (params) =>
    /^[1-9]\d*$/.test(params[name] ?? '');
