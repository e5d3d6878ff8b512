import { ArrowRight, CheckCircle2, Circle } from 'lucide-react';
import { PageFrame } from '@web/components/page-frame';
import { PreloadLink } from '@web/components/preload-link';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { useUser } from '@web/lib/user';
import { hasFeature } from '@shared/brands';
import { useBrand } from '@web/stores/brand';
import { useExtensionStore } from '@web/stores/extension';
import { useOfferings, usePersonas } from '@web/features/messaging';
import { DashboardOverview } from '../components/dashboard-overview';
import { LinkedInCaptureCard } from '../components/linkedin-capture-card';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}


export function DashboardRoute() {
  const { data: user } = useUser();
  const brand = useBrand();
  const name = user?.name?.trim() || user?.email?.split('@')[0] || 'there';
  const extensionInstalled = useExtensionStore((s) => s.isExtensionInstalled);
  const personas = usePersonas();
  const hasPersona = (personas.data?.meta.total ?? 0) > 0;
  const offerings = useOfferings();
  const steps = [
    {
      title: 'Install the browser extension',
      text: 'It captures LinkedIn profiles so the agent can personalise every message.',
      href: paths.extension.path,
      show: hasFeature(brand, 'linkedin'),
      done: extensionInstalled,
    },
    {
      title: 'Add a persona',
      text: 'Describe who you sell to: job titles, industries, company size, locations.',
      href: paths.businessInformation.personas.path,
      show: true,
      done: hasPersona,
    },
    {
      title: 'Describe what you sell',
      text: 'Your offering, its price and what sets it apart: the agent writes every message from it.',
      href: paths.businessInformation.messaging.offering.path,
      show: true,
      done: (offerings.data?.length ?? 0) > 0,
    },
  ].filter((s) => s.show);
  const remaining = steps.filter((s) => !s.done).length;

  return (
    <PageFrame
      title={`${greeting(new Date().getHours())}, ${name}`}
      description="Here is where your outbound stands: who you reach, what happens, and what to set up next."
    >
      <Card className="p-6">
        <h2 className="text-base font-semibold text-fg">Next steps</h2>
        <p className="mt-1 text-sm text-muted">
          {remaining === 0
            ? 'All set: your agents have what they need.'
            : `${remaining} of ${steps.length} left to set up.`}
        </p>
        <ul className="mt-5 divide-y divide-border">
          {steps.map((step) => (
            <li key={step.title}>
              <PreloadLink
                to={step.href}
                className="group flex items-center gap-4 rounded-lg px-2 py-3.5 outline-none hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent"
              >
                {step.done ? (
                  <CheckCircle2 className="h-5 w-5 shrink-0 text-success" aria-label="Done" />
                ) : (
                  <Circle className="h-5 w-5 shrink-0 text-muted" aria-label="To do" />
                )}
                <span className="flex-1">
                  <span className={`block text-sm font-medium ${step.done ? 'text-muted line-through' : 'text-fg'}`}>{step.title}</span>
                  <span className="block text-sm text-muted">{step.text}</span>
                </span>
                <ArrowRight className="h-4 w-4 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden />
              </PreloadLink>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex items-center gap-2 text-xs text-muted">
          <CheckCircle2 className="h-4 w-4 text-success" aria-hidden /> Your account is confirmed and onboarding is done.
        </p>
      </Card>

      {hasFeature(brand, 'linkedin') ? <LinkedInCaptureCard /> : null}

      <DashboardOverview />
    </PageFrame>
  );
}
