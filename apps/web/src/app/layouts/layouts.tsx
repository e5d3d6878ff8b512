import * as Dialog from '@radix-ui/react-dialog';
import { Menu as MenuIcon, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BrandLogo } from '@web/components/brand-logo';
import { CheckoutReturn, UpgradeButton } from '@web/features/billing';
import { PreloadLink, PreloadNavLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/components/ui/dropdown-menu';
import { HelpMenu, UserMenu } from '@web/components/user-menu';
import { ONBOARDING_STEPS, paths } from '@web/config/paths';
import { signOut } from '@web/lib/session';
import { SCROLL_STRIP_FADE, useActiveLinkInView } from '@web/lib/scroll-nav';
import { cn } from '@web/lib/utils';
import { selectSignedIn, useAuthStore } from '@web/stores/auth';
import { useBrand } from '@web/stores/brand';
import { cabinetNavItems } from './cabinet-nav';

import { skipLink } from './light-layouts';

type LayoutProps = { children: ReactNode };

const topnavLinks = [
  { label: 'Personas', href: paths.businessInformation.personas.path },
  { label: 'Prospects', href: paths.businessInformation.prospects.path },
  { label: 'Messaging', href: paths.businessInformation.messaging.root.path },
  { label: 'Follow up', href: paths.businessInformation.followup.path },
  { label: 'Tracking', href: paths.tracking.path },
  { label: 'Extension', href: paths.extension.path },
];

/** The topnav links as a menu on small screens; the current page is marked. */
function TopnavMenu() {
  const location = useLocation();
  const current = topnavLinks.find((l) => location.pathname === l.href || location.pathname.startsWith(`${l.href}/`));
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={current ? `Menu, ${current.label}` : 'Menu'}>
          <MenuIcon className="h-4 w-4" aria-hidden />
          {current?.label ?? 'Menu'}
        </Button>
      </MenuTrigger>
      <MenuContent align="start" aria-label="Main">
        {topnavLinks.map((link) => (
          <MenuItem key={link.href} asChild>
            <PreloadLink to={link.href} aria-current={link === current ? 'page' : undefined} className={cn(link === current && 'bg-surface-2 font-medium')}>
              {link.label}
            </PreloadLink>
          </MenuItem>
        ))}
        <MenuItem asChild className="sm:hidden">
          <PreloadLink to={paths.cabinet.dashboard.path}>Dashboard</PreloadLink>
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}

/** A top navigation bar (business information, tracking, extension). */
export function TopnavLayout({ children }: LayoutProps) {
  const signedIn = useAuthStore(selectSignedIn);
  const mainNav = useActiveLinkInView<HTMLElement>();
  return (
    <div className="flex min-h-screen flex-col">
      {skipLink}
      <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 md:gap-6">
          <PreloadLink
            to={signedIn ? paths.cabinet.dashboard.path : paths.home.path}
            aria-label={signedIn ? 'Dashboard' : 'Home'}
            className="rounded-md focus-visible:outline-2 focus-visible:outline-accent"
          >
            <BrandLogo />
          </PreloadLink>
          <nav ref={mainNav} aria-label="Main" className={cn('-mx-2 hidden flex-1 gap-1 overflow-x-auto md:flex', SCROLL_STRIP_FADE)}>
            {signedIn
              ? topnavLinks.map((link) => (
                  <PreloadNavLink
                    key={link.href}
                    to={link.href}
                    className={({ isActive }) =>
                      cn(
                        'rounded-md px-3 py-2 text-sm whitespace-nowrap text-muted outline-none hover:text-fg focus-visible:ring-2 focus-visible:ring-accent',
                        isActive && 'bg-surface-2 text-fg',
                      )
                    }
                  >
                    {link.label}
                  </PreloadNavLink>
                ))
              : null}
          </nav>
          {/* Below md the links do not fit: one menu holds them all, so none is clipped. */}
          <div className="flex-1 md:hidden">{signedIn ? <TopnavMenu /> : null}</div>
          <div className="flex items-center gap-2">
            {signedIn ? (
              <>
                <Button asChild variant="secondary" size="sm" className="hidden sm:inline-flex">
                  <PreloadLink to={paths.cabinet.dashboard.path}>Dashboard</PreloadLink>
                </Button>
                <UserMenu compact />
              </>
            ) : (
              <Button asChild size="sm">
                <PreloadLink to={paths.auth.signin.path}>Sign in</PreloadLink>
              </Button>
            )}
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}

function CabinetNav({ onNavigate }: { onNavigate?: () => void }) {
  const brand = useBrand();
  return (
    <nav aria-label="Cabinet" className="flex flex-col gap-0.5">
      {cabinetNavItems(brand).map((item) => (
        <PreloadNavLink
          key={item.href}
          to={item.href}
          end={item.end}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-muted outline-none transition-colors hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-accent',
              isActive && 'bg-accent/15 font-medium text-fg',
            )
          }
        >
          <item.icon className="h-4 w-4 shrink-0" aria-hidden />
          {item.label}
        </PreloadNavLink>
      ))}
    </nav>
  );
}

/** The logged-in area: sidebar (a sheet on small screens), top bar with help and the user menu. */
export function CabinetLayout({ children }: LayoutProps) {
  // The sheet closes itself when a link in it is followed (CabinetNav onNavigate).
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-h-screen">
      {skipLink}
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col border-r border-border bg-surface lg:flex">
        <div className="flex h-16 items-center px-5">
          <PreloadLink to={paths.cabinet.dashboard.path} aria-label="Dashboard" className="rounded-md focus-visible:outline-2 focus-visible:outline-accent">
            <BrandLogo />
          </PreloadLink>
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-2">
          <CabinetNav />
        </div>
        <div className="border-t border-border p-3">
          <UpgradeButton />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-bg/85 px-4 backdrop-blur sm:px-6">
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open navigation">
                <MenuIcon className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 lg:hidden" />
              <Dialog.Content className="dark fixed inset-y-0 left-0 z-50 flex w-72 flex-col border-r border-border bg-surface p-3 text-fg shadow-xl lg:hidden">
                <div className="flex h-12 items-center justify-between px-2">
                  <Dialog.Title asChild>
                    <span>
                      <BrandLogo />
                    </span>
                  </Dialog.Title>
                  <Dialog.Close asChild>
                    <Button variant="ghost" size="icon" aria-label="Close navigation">
                      <X className="h-5 w-5" aria-hidden />
                    </Button>
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Cabinet navigation</Dialog.Description>
                <div className="mt-2 flex-1 overflow-y-auto">
                  <CabinetNav onNavigate={() => setOpen(false)} />
                </div>
                <div className="border-t border-border pt-3">
                  <UpgradeButton />
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <div className="lg:hidden">
            <BrandLogo showName={false} />
          </div>
          <div className="ml-auto flex items-center gap-2">
            <HelpMenu />
            <UserMenu />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-8 sm:px-8">
          <CheckoutReturn />
          {children}
        </main>
      </div>
    </div>
  );
}

/** Onboarding: the brand, progress across the steps, and a way out (sign out). */
export function OnboardingLayout({ children }: LayoutProps) {
  const location = useLocation();
  const slug = location.pathname.split('/').filter(Boolean).at(-1);
  const index = ONBOARDING_STEPS.findIndex((s) => s.slug === slug);
  // The Welcome page is step 1 of 14; the question steps follow it.
  const total = ONBOARDING_STEPS.length + 1;
  const current = index + 2;
  const handleSignOut = async () => {
    await signOut();
    window.location.assign(paths.auth.signin.getHref());
  };
  return (
    <div className="flex min-h-screen flex-col">
      {skipLink}
      <header className="border-b border-border bg-surface/80">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-6">
          <BrandLogo />
          <Button variant="ghost" size="sm" onClick={() => void handleSignOut()}>
            Sign out
          </Button>
        </div>
        <div className="mx-auto max-w-3xl px-6 pb-4">
          <div className="mb-1.5 flex justify-between text-xs text-muted">
            <span>Getting started</span>
            <span>
              Step {current} of {total}
            </span>
          </div>
          <div
            role="progressbar"
            aria-label="Onboarding progress"
            aria-valuemin={1}
            aria-valuemax={total}
            aria-valuenow={current}
            className="h-1.5 overflow-hidden rounded-full bg-surface-2"
          >
            <div className="h-full rounded-full bg-accent transition-[width] duration-300" style={{ width: `${(current / total) * 100}%` }} />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-6 py-10">
        {children}
      </main>
    </div>
  );
}

