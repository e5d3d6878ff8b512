import { ArrowLeft, ArrowRight, Info } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { PreloadLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ONBOARDING_STEPS, onboardingStepHref, paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { useFinishOnboarding } from '../api/finish-onboarding';
import { STEP_QUESTIONS } from '../steps';

export function OnboardingStepRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const finish = useFinishOnboarding();
  const handleFinish = () =>
    finish.mutate(undefined, {
      onSuccess: () => {
        notify.success('Welcome aboard! Your cabinet is ready.');
        void navigate(paths.cabinet.dashboard.path);
      },
      onError: (error) => notify.error(apiErrorMessages(error)[0] ?? 'Could not finish onboarding. Please try again.'),
    });
  const slug = pathname.split('/').filter(Boolean).at(-1);
  const index = ONBOARDING_STEPS.findIndex((s) => s.slug === slug);
  const step = ONBOARDING_STEPS[index];
  if (!step) return null;
  const { question, description } = STEP_QUESTIONS[step.slug];
  const prev = index > 0 ? onboardingStepHref(ONBOARDING_STEPS[index - 1]!.slug) : paths.onboarding.welcome.path;
  const next = ONBOARDING_STEPS[index + 1];

  return (
    <Card className="p-6 sm:p-8">
      <p className="text-sm font-medium text-accent">{step.title}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-fg">{question}</h1>
      <p className="mt-2 text-muted">{description}</p>
      <div className="mt-6 flex gap-3 rounded-lg border border-border bg-surface-2 p-4 text-sm text-muted">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <p>
          The answer fields for this step arrive with the onboarding assistant. Until then you can look through the
          questions and finish: you fill in your personas, offering and messaging under Business information.
        </p>
      </div>
      <div className="mt-8 flex justify-between">
        <Button asChild variant="ghost">
          <PreloadLink to={prev}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back
          </PreloadLink>
        </Button>
        {next ? (
          <Button asChild>
            <PreloadLink to={onboardingStepHref(next.slug)}>
              Next <ArrowRight className="h-4 w-4" aria-hidden />
            </PreloadLink>
          </Button>
        ) : (
          <Button onClick={handleFinish} disabled={finish.isPending} aria-busy={finish.isPending}>
            {finish.isPending ? 'Finishing…' : 'Finish'}
          </Button>
        )}
      </div>
    </Card>
  );
}
