import { useCallback } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import { ERROR_MESSAGES } from '@shared/errors';

export type NavigationTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string }
  | { kind: 'refused'; reason: string };

export type SafeNavigateOptions = NavigateOptions & { external?: boolean };

/**
 * Spec §8: navigation to an external URL is refused unless asked for with {external: true};
 * a javascript: URL is always refused. Pure, so it is tested without a browser.
 */
export function resolveNavigation(to: string, options: { external?: boolean } = {}, origin = window.location.origin): NavigationTarget {
  // Browsers ignore leading whitespace and control characters and tabs/newlines inside a scheme.
  // eslint-disable-next-line no-control-regex
  const cleaned = to.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  if (/^javascript:/i.test(cleaned)) return { kind: 'refused', reason: ERROR_MESSAGES.scriptNavigationRefused(to) };
  let url: URL;
  try {
    url = new URL(cleaned, origin);
  } catch {
    return { kind: 'refused', reason: ERROR_MESSAGES.externalNavigationRefused(to) };
  }
  if (url.protocol === 'javascript:') return { kind: 'refused', reason: ERROR_MESSAGES.scriptNavigationRefused(to) };
  if (url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
  }
  if (!options.external) return { kind: 'refused', reason: ERROR_MESSAGES.externalNavigationRefused(to) };
  return { kind: 'external', url: url.href };
}

type RouterNavigate = (path: string, options?: NavigateOptions) => void | Promise<void>;

/** Navigates safely; returns false (and logs) when the target is refused. */
export function safeNavigate(
  navigate: RouterNavigate,
  to: string,
  options: SafeNavigateOptions = {},
  assign: (url: string) => void = (url) => window.location.assign(url),
): boolean {
  const { external, ...navOptions } = options;
  const target = resolveNavigation(to, { external });
  if (target.kind === 'refused') {
    console.error(target.reason);
    return false;
  }
  if (target.kind === 'external') assign(target.url);
  else void navigate(target.path, navOptions);
  return true;
}

/** The app's navigate: refuses external and javascript: URLs as spec §8 says. */
export function useAppNavigate() {
  const navigate = useNavigate();
  return useCallback((to: string, options?: SafeNavigateOptions) => safeNavigate(navigate, to, options), [navigate]);
}
