import { ArrowRight } from 'lucide-react';
import { BrandLogo } from '@web/components/brand-logo';
import { PreloadLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { ONBOARDING_STEPS, onboardingStepHref } from '@web/config/paths';
import { useUser } from '@web/lib/user';
import { useBrand } from '@web/stores/brand';
import { useOnboardingState } from '../api/onboarding';

export function WelcomeRoute() {
  const { data: user } = useUser();
  const brand = useBrand();
  const state = useOnboardingState();
  const saved = state.data?.current_step;
  // Resume where the user left off: the step after the last one saved.
  const resume = saved && saved !== 'index' ? ONBOARDING_STEPS.find((s) => s.slug === saved) : undefined;
  const target = resume ?? ONBOARDING_STEPS[0];
  return (
    <div className="relative flex min-h-screen flex-col items-center justify-center overflow-hidden px-6 py-16 text-center">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-[radial-gradient(ellipse_at_top,var(--accent)_0%,transparent_60%)] opacity-20"
      />
      <BrandLogo className="relative mb-12" />
      <h1 className="relative text-4xl font-semibold tracking-tight text-fg sm:text-5xl">
        Welcome{resume ? ' back' : ''}
        {user?.name ? `, ${user.name}` : ''}
      </h1>
      <p className="relative mt-5 max-w-xl text-lg text-muted">
        A few questions about your business and who you sell to. {brand.company_name} uses your answers to write your
        first personas and messages. It takes about ten minutes.
      </p>
      <Button asChild size="lg" className="relative mt-10">
        <PreloadLink to={onboardingStepHref(target.slug)}>
          {resume ? `Continue with “${resume.title}”` : 'Start'} <ArrowRight className="h-4 w-4" aria-hidden />
        </PreloadLink>
      </Button>
      <p className="relative mt-6 text-sm text-muted">{ONBOARDING_STEPS.length} short questions</p>
    </div>
  );
}
