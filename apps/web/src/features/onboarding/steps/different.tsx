import { AiDraft, StepFormShell, TextArea, useStepForm, type StepFormProps } from './step-form';

export function DifferentStep({ state, save, footer, errors }: StepFormProps<'different'>) {
  const form = useStepForm('different', { different: state.answers.different?.different ?? '' });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="What makes you different" footer={footer} errors={errors}>
      <TextArea label="What sets you apart" placeholder="Why do buyers choose you over the alternatives?" error={form.formState.errors.different?.message} {...form.register('different')} />
      <AiDraft state={state} section="differentiators" label="Differentiators" onAccept={(t) => form.setValue('different', t, { shouldValidate: true })} />
    </StepFormShell>
  );
}
