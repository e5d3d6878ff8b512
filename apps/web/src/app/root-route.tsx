import { matchRoutes, type RouteObject } from 'react-router';
import { setRoutePreloadResolver } from '@web/lib/preload';
import { RouteErrorBoundary } from './error-boundaries';
import { RootShell } from './root-shell';
import { pageRoutes } from './routes';

/** The root route: the shell (layout, title, transitions) and the error element around every page. */
export function createRootRoute(children: RouteObject[] = pageRoutes): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: () => null,
      children,
    },
  ];
}

export const appRoutes = createRootRoute();

/** Preloading (spec §9): the lazy page chunks of the routes a URL matches. */
setRoutePreloadResolver((href) => {
  const pathname = href.split(/[?#]/)[0] ?? href;
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  return matches.flatMap(({ route }) => {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') return [];
    const key = `${route.path ?? 'index'}:${String(route.index ?? '')}:${pathname}`;
    return [{ key, load: () => Promise.resolve(lazy()) }];
  });
});
