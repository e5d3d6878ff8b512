import { Field } from '@web/components/ui/field';
import { AiDraft, StepFormShell, TextArea, useStepForm, type StepFormProps } from './step-form';

export function SolutionStep({ state, save, footer, errors }: StepFormProps<'solution'>) {
  const saved = state.answers.solution;
  const form = useStepForm('solution', { offering_name: saved?.offering_name ?? '', solution: saved?.solution ?? '' });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Your solution" footer={footer} errors={errors}>
      <Field label="Product or service name" error={form.formState.errors.offering_name?.message} {...form.register('offering_name')} />
      <TextArea label="Your solution" placeholder="How do you solve it?" error={form.formState.errors.solution?.message} {...form.register('solution')} />
      <AiDraft state={state} section="solution" label="Solution" onAccept={(t) => form.setValue('solution', t, { shouldValidate: true })} />
    </StepFormShell>
  );
}
