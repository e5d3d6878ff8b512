import { FileText } from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { PreloadNavLink } from '@web/components/preload-link';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { useBrand } from '@web/stores/brand';
import { MESSAGING_SECTIONS } from '../sections';

const base = paths.businessInformation.messaging.root.path;

function useSections() {
  const brand = useBrand();
  // The call script only matters where the brand has phone calls.
  return MESSAGING_SECTIONS.filter((s) => s.slug !== 'instructions-script' || brand.feature_flags.phone_calls);
}

export function MessagingLayoutRoute() {
  const sections = useSections();
  return (
    <PageFrame title="Messaging" description="The instructions your agents follow when they write to each persona.">
      <div className="flex flex-col gap-6 md:flex-row">
        <nav aria-label="Messaging sections" className="flex shrink-0 gap-1 overflow-x-auto md:w-56 md:flex-col">
          {sections.map((s) => (
            <PreloadNavLink
              key={s.slug}
              to={s.slug ? `${base}/${s.slug}` : base}
              end
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm whitespace-nowrap text-muted outline-none hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-accent',
                  isActive && 'bg-surface-2 font-medium text-fg',
                )
              }
            >
              {s.label}
            </PreloadNavLink>
          ))}
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </PageFrame>
  );
}

export function MessagingIndexRoute() {
  return (
    <EmptyState icon={FileText} title="No messaging instructions yet">
      Add a persona first; each persona gets its own messaging instructions, edited here section by section.
    </EmptyState>
  );
}

export function MessagingSectionRoute() {
  const { pathname } = useLocation();
  const slug = pathname.split('/').filter(Boolean).at(-1);
  const section = MESSAGING_SECTIONS.find((s) => s.slug === slug) ?? MESSAGING_SECTIONS[0];
  return (
    <section aria-labelledby="section-title" className="space-y-4">
      <div>
        <h2 id="section-title" className="text-lg font-semibold text-fg">
          {section.label}
        </h2>
        <p className="text-sm text-muted">{section.description}</p>
      </div>
      <EmptyState icon={FileText} title={`No ${section.label.toLowerCase()} settings yet`}>
        These settings belong to a persona's messaging instructions. Create a persona and its instructions appear here to edit.
      </EmptyState>
    </section>
  );
}
