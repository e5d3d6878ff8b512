import { USER_POSITIONS, type OnboardingStepInput } from '@shared/schemas/onboarding';
import { StepFormShell, useStepForm, type StepFormProps } from './step-form';

export function YourPositionStep({ state, save, footer, errors }: StepFormProps<'your-position'>) {
  const form = useStepForm('your-position', { position: state.answers['your-position']?.position ?? '' });
  const error = form.formState.errors.position?.message;
  return (
    <StepFormShell form={form} save={(v) => save(v as OnboardingStepInput<'your-position'>)} label="Your position" footer={footer} errors={errors}>
      <fieldset className="space-y-2" aria-describedby={error ? 'position-error' : undefined}>
        <legend className="sr-only">Your role</legend>
        {USER_POSITIONS.map((p) => (
          <label key={p.value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-4 py-3 text-sm text-fg has-[:checked]:border-accent has-[:checked]:bg-accent/10">
            <input type="radio" value={p.value} className="accent-[var(--accent)]" {...form.register('position')} />
            {p.label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id="position-error" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </StepFormShell>
  );
}
