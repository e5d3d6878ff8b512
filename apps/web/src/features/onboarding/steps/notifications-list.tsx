import { DEFAULT_ONBOARDING_NOTIFICATION_EVENTS, ONBOARDING_NOTIFICATION_EVENTS, type OnboardingStepInput } from '@shared/schemas/onboarding';
import { StepFormShell, useStepForm, type StepFormProps } from './step-form';

export function NotificationsListStep({ state, save, footer, errors }: StepFormProps<'notifications-list'>) {
  const saved = state.answers['notifications-list'];
  const form = useStepForm('notifications-list', { events: saved?.events ?? DEFAULT_ONBOARDING_NOTIFICATION_EVENTS });
  return (
    <StepFormShell form={form} save={(v) => save(v as OnboardingStepInput<'notifications-list'>)} label="Notifications" footer={footer} errors={errors}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Tell me when</legend>
        {ONBOARDING_NOTIFICATION_EVENTS.map((ev) => (
          <label key={ev.value} className="flex items-center gap-3 rounded-lg border border-border px-4 py-3 text-sm text-fg has-[:checked]:border-accent">
            <input type="checkbox" value={ev.value} className="accent-[var(--accent)]" {...form.register('events')} />
            {ev.label}
          </label>
        ))}
      </fieldset>
    </StepFormShell>
  );
}
