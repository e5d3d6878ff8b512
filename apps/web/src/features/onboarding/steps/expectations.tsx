import { Controller } from 'react-hook-form';
import type { OnboardingStepInput } from '@shared/schemas/onboarding';
import { Field } from '@web/components/ui/field';
import { ChipsInput } from '../components/chips-input';
import { numberOrNull, StepFormShell, useStepForm, type StepFormProps } from './step-form';

export function ExpectationsStep({ state, save, footer, errors }: StepFormProps<'expectations'>) {
  const saved = state.answers.expectations;
  const form = useStepForm('expectations', { meetings_per_month: saved?.meetings_per_month ?? null, markets: saved?.markets ?? [] });
  const e = form.formState.errors;
  return (
    <StepFormShell form={form} save={(v) => save(v as OnboardingStepInput<'expectations'>)} label="Expectations" footer={footer} errors={errors}>
      <Field label="Meetings per month" type="number" min={1} step={1} error={e.meetings_per_month?.message} {...form.register('meetings_per_month', { setValueAs: numberOrNull })} />
      <Controller
        control={form.control}
        name="markets"
        render={({ field }) => <ChipsInput label="Markets" value={field.value} onChange={field.onChange} placeholder="e.g. North America" error={e.markets?.message ?? e.markets?.root?.message} />}
      />
    </StepFormShell>
  );
}
