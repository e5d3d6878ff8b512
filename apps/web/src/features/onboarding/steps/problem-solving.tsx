import { AiDraft, StepFormShell, TextArea, useStepForm, type StepFormProps } from './step-form';

export function ProblemSolvingStep({ state, save, footer, errors }: StepFormProps<'problem-solving'>) {
  const form = useStepForm('problem-solving', { problem: state.answers['problem-solving']?.problem ?? '' });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Problems you solve" footer={footer} errors={errors}>
      <TextArea label="The problem you solve" placeholder="What pain do your customers come to you with?" error={form.formState.errors.problem?.message} {...form.register('problem')} />
      <AiDraft state={state} section="problem" label="Problem" onAccept={(t) => form.setValue('problem', t, { shouldValidate: true })} />
    </StepFormShell>
  );
}
