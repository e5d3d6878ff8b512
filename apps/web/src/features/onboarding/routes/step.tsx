import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import type { OnboardingStepInput, OnboardingStepSlug } from '@shared/schemas/onboarding';
import { PreloadLink } from '@web/components/preload-link';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { ONBOARDING_STEPS, onboardingStepHref, paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { useFinishOnboarding, useOnboardingState, useSaveStep } from '../api/onboarding';
import { ChooseUserProfileStep } from '../steps/choose-user-profile';
import { DifferentStep } from '../steps/different';
import { ExpectationsStep } from '../steps/expectations';
import { JobTitleStep } from '../steps/job-title';
import { MeetingLinkStep } from '../steps/meeting-link';
import { NotificationsListStep } from '../steps/notifications-list';
import { PhoneNumberStep } from '../steps/phone-number';
import { PotentialCustomersStep } from '../steps/potential-customers';
import { PriceStep } from '../steps/price';
import { ProblemSolvingStep } from '../steps/problem-solving';
import { SolutionStep } from '../steps/solution';
import type { StepFormProps } from '../steps/step-form';
import { YourPositionStep } from '../steps/your-position';
import { YourWebsiteStep } from '../steps/your-website';
import { stepQuestion } from '../steps';
import { useBrand } from '@web/stores/brand';

/** The form of each step (one file per step in steps/). */
const STEP_FORMS: { [S in OnboardingStepSlug]: (props: StepFormProps<S>) => ReactNode } = {
  'choose-user-profile': ChooseUserProfileStep,
  'your-website': YourWebsiteStep,
  'your-position': YourPositionStep,
  'job-title': JobTitleStep,
  'problem-solving': ProblemSolvingStep,
  solution: SolutionStep,
  different: DifferentStep,
  'potential-customers': PotentialCustomersStep,
  price: PriceStep,
  expectations: ExpectationsStep,
  'meeting-link': MeetingLinkStep,
  'phone-number': PhoneNumberStep,
  'notifications-list': NotificationsListStep,
};

/** Steps the user may pass without answering (their answer is stored as { skipped: true }). */
const SKIPPABLE: ReadonlySet<OnboardingStepSlug> = new Set(['choose-user-profile', 'phone-number']);

export function OnboardingStepRoute() {
  const { pathname } = useLocation();
  const slug = pathname.split('/').filter(Boolean).at(-1);
  const index = ONBOARDING_STEPS.findIndex((s) => s.slug === slug);
  const step = ONBOARDING_STEPS[index];
  const state = useOnboardingState();
  const brand = useBrand();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step replaces the form the focus was in: put the focus on the question (for keyboard and
  // screen-reader users), unless a field of the new step already took it.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [slug]);
  if (!step) return null;
  const { question, description } = stepQuestion(step.slug, brand.feature_flags);
  return (
    <Card className="p-6 sm:p-8">
      <p className="text-sm font-medium text-accent">{step.title}</p>
      <h1 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-semibold tracking-tight text-fg outline-none">
        {question}
      </h1>
      <p className="mt-2 text-muted">{description}</p>
      {state.isPending ? (
        <div className="mt-8 flex justify-center">
          <Spinner label="Loading your answers" />
        </div>
      ) : state.isError ? (
        <div className="mt-6">
          <ServerErrors messages={apiErrorMessages(state.error)} />
        </div>
      ) : (
        // A fresh form per step, so each starts from its own saved answer.
        <StepBody key={step.slug} slug={step.slug} index={index} />
      )}
    </Card>
  );
}

function StepBody({ slug, index }: { slug: OnboardingStepSlug; index: number }) {
  const navigate = useNavigate();
  const state = useOnboardingState();
  const saveStep = useSaveStep();
  const finish = useFinishOnboarding();
  const [errors, setErrors] = useState<string[] | null>(null);
  const prev = index > 0 ? onboardingStepHref(ONBOARDING_STEPS[index - 1]!.slug) : paths.onboarding.welcome.path;
  const next = ONBOARDING_STEPS[index + 1];

  const save = async (body: OnboardingStepInput<OnboardingStepSlug>) => {
    setErrors(null);
    try {
      await saveStep.mutateAsync({ slug, body });
      if (next) {
        void navigate(onboardingStepHref(next.slug));
        return;
      }
      await finish.mutateAsync();
      notify.success('Welcome aboard! Your first persona, offering and messaging are ready.');
      void navigate(paths.cabinet.dashboard.path);
    } catch (error) {
      setErrors(apiErrorMessages(error).length ? apiErrorMessages(error) : ['Could not save this step. Please try again.']);
      throw error;
    }
  };
  const skip = async () => {
    setErrors(null);
    try {
      await saveStep.mutateAsync({ slug, body: { skipped: true } as OnboardingStepInput<OnboardingStepSlug> });
      if (next) void navigate(onboardingStepHref(next.slug));
    } catch (error) {
      setErrors(apiErrorMessages(error));
    }
  };
  const pending = saveStep.isPending || finish.isPending;
  const footer: ReactNode = (
    <div className="flex items-center justify-between gap-3 pt-4">
      <Button asChild variant="ghost">
        <PreloadLink to={prev}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back
        </PreloadLink>
      </Button>
      <div className="flex gap-2">
        {SKIPPABLE.has(slug) ? (
          <Button type="button" variant="ghost" onClick={() => void skip()} disabled={pending}>
            Skip
          </Button>
        ) : null}
        <Button type="submit" pending={pending}>
          {next ? (
            <>
              Next <ArrowRight className="h-4 w-4" aria-hidden />
            </>
          ) : finish.isPending ? (
            'Finishing…'
          ) : (
            'Finish'
          )}
        </Button>
      </div>
    </div>
  );
  const Form = STEP_FORMS[slug] as (props: StepFormProps<OnboardingStepSlug>) => ReactNode;
  return <Form state={state.data!} save={save} footer={footer} errors={errors} clearErrors={() => setErrors(null)} />;
}
