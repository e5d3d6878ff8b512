import type { ReactNode } from 'react';
import { BrandLogo } from '@web/components/brand-logo';
import { PreloadLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { selectSignedIn, useAuthStore } from '@web/stores/auth';
import { useBrand } from '@web/stores/brand';

type LayoutProps = { children: ReactNode };

export const skipLink = (
  <a
    href="#main"
    className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
  >
    Skip to content
  </a>
);

function Footer() {
  const brand = useBrand();
  return (
    <footer className="border-t border-border px-6 py-6 text-center text-xs text-muted">
      © {new Date().getFullYear()} {brand.company_name} ·{' '}
      <a className="hover:text-fg" href={`mailto:${brand.system_email}`}>
        {brand.system_email}
      </a>
    </footer>
  );
}

/** The default layout (routes without a layout name): a slim header and the page. */
export function DefaultLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-screen flex-col">
      {skipLink}
      <header className="flex h-16 items-center border-b border-border px-6">
        <PreloadLink to="/" aria-label="Home" className="rounded-md focus-visible:outline-2 focus-visible:outline-accent">
          <BrandLogo />
        </PreloadLink>
      </header>
      <main id="main" className="flex-1 px-6 py-10">
        {children}
      </main>
    </div>
  );
}

/** Nothing around the page (onboarding Welcome, a chat opened on its own). */
export function EmptyLayout({ children }: LayoutProps) {
  return (
    <main id="main" className="min-h-screen">
      {children}
    </main>
  );
}

/** Auth pages: the brand and one card in the middle of the screen. */
export function PublicLayout({ children }: LayoutProps) {
  return (
    <div className="relative flex min-h-screen flex-col overflow-hidden">
      {skipLink}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 h-96 bg-[radial-gradient(ellipse_at_center,var(--accent)_0%,transparent_65%)] opacity-20"
      />
      <header className="relative flex h-16 items-center justify-center px-6 pt-6">
        <PreloadLink to="/" aria-label="Home" className="rounded-md focus-visible:outline-2 focus-visible:outline-accent">
          <BrandLogo />
        </PreloadLink>
      </header>
      <main id="main" className="relative flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-md">{children}</div>
      </main>
      <Footer />
    </div>
  );
}

/** The public landing page: header with sign in / sign up, the page, a footer. */
export function LandingLayout({ children }: LayoutProps) {
  const signedIn = useAuthStore(selectSignedIn);
  return (
    <div className="flex min-h-screen flex-col">
      {skipLink}
      <header className="sticky top-0 z-30 border-b border-border/60 bg-bg/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
          <PreloadLink to="/" aria-label="Home" className="rounded-md focus-visible:outline-2 focus-visible:outline-accent">
            <BrandLogo />
          </PreloadLink>
          <nav aria-label="Account" className="flex items-center gap-2">
            {signedIn ? (
              <Button asChild size="sm">
                <PreloadLink to={paths.cabinet.dashboard.path}>Open dashboard</PreloadLink>
              </Button>
            ) : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <PreloadLink to={paths.auth.signin.path}>Sign in</PreloadLink>
                </Button>
                <Button asChild size="sm">
                  <PreloadLink to={paths.auth.signup.path}>Get started</PreloadLink>
                </Button>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}

