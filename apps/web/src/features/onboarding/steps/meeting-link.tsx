import { Field } from '@web/components/ui/field';
import { StepFormShell, useStepForm, type StepFormProps } from './step-form';

export function MeetingLinkStep({ state, save, footer, errors }: StepFormProps<'meeting-link'>) {
  const form = useStepForm('meeting-link', { meeting_link: state.answers['meeting-link']?.meeting_link ?? '' });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Meeting link" footer={footer} errors={errors}>
      <Field label="Meeting link" type="url" placeholder="calendly.com/you/30min" hint="Used in your call to action." error={form.formState.errors.meeting_link?.message} {...form.register('meeting_link')} />
    </StepFormShell>
  );
}
