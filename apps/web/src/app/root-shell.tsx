import { lazy, Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { ErrorScreen } from '@web/components/error-screen';
import { cn } from '@web/lib/utils';
import { useBrand } from '@web/stores/brand';
import { useErrorStore } from '@web/stores/error';
import { LAYOUTS } from './layouts/layout-registry';
import { mergeMeta, type ColorMode } from './route-meta';

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function usePrefersDark(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const q = darkQuery();
      q?.addEventListener('change', notify);
      return () => q?.removeEventListener('change', notify);
    },
    () => darkQuery()?.matches ?? true,
    () => true,
  );
}

/** The page container's colour class; <html> always stays class="dark". */
export function colorModeClass(mode: ColorMode | undefined, prefersDark: boolean): 'dark' | 'light' {
  if (mode === 'light') return 'light';
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return 'dark';
}

/** Spec §2: after navigation scroll to the hash element, or to the top. */
function useScrollOnNavigation() {
  const location = useLocation();
  useLayoutEffect(() => {
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      const el = document.getElementById(id);
      if (el) {
        el.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.pathname, location.search, location.hash]);
}

/** Fades the page in (200 ms) on arrival and out (75 ms) while the next one loads. */
function PageTransition({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state === 'loading' && navigation.location?.pathname !== location.pathname;
  return (
    <div key={location.pathname} className={cn('page-enter', leaving && 'page-leaving')}>
      {children}
    </div>
  );
}

const DataProvider = lazy(() => import('./data-provider'));

/**
 * Around every page that needs the data layer (all but the light auth pages): it loads with the
 * first such page and then stays, so later light pages keep their tree.
 */
function DataLayer({ light, children }: { light: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(!light);
  if (!light && !wanted) setWanted(true);
  if (!wanted) return children;
  return (
    <Suspense fallback={<div className="min-h-screen bg-bg" aria-busy="true" />}>
      <DataProvider>{children}</DataProvider>
    </Suspense>
  );
}

/** The root route: title, layout from the route meta, colour mode, scroll, global error. */
export function RootShell() {
  const matches = useMatches();
  const meta = mergeMeta(matches.map((m) => m.handle));
  const location = useLocation();
  const navigate = useNavigate();
  const brand = useBrand();
  const prefersDark = usePrefersDark();
  const globalError = useErrorStore((s) => s.error);
  const clearError = useErrorStore((s) => s.clearError);

  useScrollOnNavigation();

  // A successful navigation clears the global error (spec §4).
  useEffect(() => {
    clearError();
  }, [location.key, clearError]);

  useEffect(() => {
    document.title = meta.title ? `${meta.title} · ${brand.company_name}` : brand.company_head_title;
  }, [meta.title, brand.company_name, brand.company_head_title]);

  if (globalError) {
    return (
      <ErrorScreen
        status={globalError.status}
        message={globalError.message}
        onBackHome={() => {
          clearError();
          void navigate('/');
        }}
        onClearError={clearError}
      />
    );
  }

  const Layout = LAYOUTS[meta.layout ?? 'default'];
  return (
    <div className={cn(colorModeClass(meta.colorMode, prefersDark), 'min-h-screen bg-bg text-fg')} data-layout={meta.layout ?? 'default'}>
      <DataLayer light={meta.light === true}>
        <Layout>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </Layout>
      </DataLayer>
    </div>
  );
}
