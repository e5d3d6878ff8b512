import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { LayoutName } from '../route-meta';
import { DefaultLayout, EmptyLayout, LandingLayout, PublicLayout } from './light-layouts';

type LayoutProps = { children: ReactNode };

/*
 * The signed-in layouts (Radix menus and dialogs, the user's data) load with the first page that
 * uses them, so the sign-in and landing pages stay light.
 */
const CabinetLayout = lazy(() => import('./layouts').then((m) => ({ default: m.CabinetLayout })));
const TopnavLayout = lazy(() => import('./layouts').then((m) => ({ default: m.TopnavLayout })));
const OnboardingLayout = lazy(() => import('./layouts').then((m) => ({ default: m.OnboardingLayout })));

const withSuspense = (Layout: ComponentType<LayoutProps>) =>
  function SuspendedLayout({ children }: LayoutProps) {
    return (
      <Suspense fallback={<div className="min-h-screen bg-bg" aria-busy="true" />}>
        <Layout>{children}</Layout>
      </Suspense>
    );
  };

export const LAYOUTS: Record<LayoutName | 'default', ComponentType<LayoutProps>> = {
  cabinet: withSuspense(CabinetLayout),
  landing: LandingLayout,
  onboarding: withSuspense(OnboardingLayout),
  public: PublicLayout,
  topnav: withSuspense(TopnavLayout),
  empty: EmptyLayout,
  default: DefaultLayout,
};

/** Warm the signed-in layouts' chunk (called when a signed-in page is about to load). */
export const preloadSignedInLayouts = () => import('./layouts');
