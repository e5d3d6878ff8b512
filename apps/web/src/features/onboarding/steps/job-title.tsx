import { Field } from '@web/components/ui/field';
import { StepFormShell, useStepForm, type StepFormProps } from './step-form';

export function JobTitleStep({ state, save, footer, errors }: StepFormProps<'job-title'>) {
  const picked = state.answers['choose-user-profile'];
  const form = useStepForm('job-title', {
    job_title: state.answers['job-title']?.job_title ?? state.prefill.job_title ?? (picked && !picked.skipped ? (picked.title?.split(/ at | \| /)[0] ?? '') : ''),
  });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Job title" footer={footer} errors={errors}>
      <Field label="Job title" autoComplete="organization-title" placeholder="e.g. Head of Sales" error={form.formState.errors.job_title?.message} {...form.register('job_title')} />
    </StepFormShell>
  );
}
