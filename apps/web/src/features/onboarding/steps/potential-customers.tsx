import { Controller } from 'react-hook-form';
import { COMPANY_SIZES, type OnboardingStepInput } from '@shared/schemas/onboarding';
import { Field } from '@web/components/ui/field';
import { ChipsInput } from '../components/chips-input';
import { StepFormShell, useStepForm, type StepFormProps } from './step-form';

const TITLE_SUGGESTIONS = ['CEO', 'Founder', 'VP Sales', 'Head of Marketing', 'CTO', 'CFO', 'Head of Operations'];
const INDUSTRY_SUGGESTIONS = ['Software', 'Financial Services', 'Marketing & Advertising', 'Healthcare', 'Manufacturing', 'E-commerce'];

export function PotentialCustomersStep({ state, save, footer, errors }: StepFormProps<'potential-customers'>) {
  const saved = state.answers['potential-customers'];
  const form = useStepForm('potential-customers', {
    persona_name: saved?.persona_name ?? '',
    job_titles: saved?.job_titles ?? [],
    industries: saved?.industries ?? [],
    company_sizes: saved?.company_sizes ?? [],
    locations: saved?.locations ?? [],
  });
  const e = form.formState.errors;
  return (
    <StepFormShell form={form} save={(v) => save(v as OnboardingStepInput<'potential-customers'>)} label="Potential customers" footer={footer} errors={errors}>
      <Field label="Audience name" placeholder="e.g. SaaS sales leaders" hint="Becomes your first persona." error={e.persona_name?.message} {...form.register('persona_name')} />
      <Controller
        control={form.control}
        name="job_titles"
        render={({ field }) => <ChipsInput label="Job titles" value={field.value} onChange={field.onChange} placeholder="Add a job title" suggestions={TITLE_SUGGESTIONS} error={e.job_titles?.message ?? e.job_titles?.root?.message} />}
      />
      <Controller
        control={form.control}
        name="industries"
        render={({ field }) => <ChipsInput label="Industries" value={field.value} onChange={field.onChange} placeholder="Add an industry" suggestions={INDUSTRY_SUGGESTIONS} error={e.industries?.message} />}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Company sizes (employees)</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {COMPANY_SIZES.map((s) => (
            <label key={s.value} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm text-fg has-[:checked]:border-accent">
              <input type="checkbox" value={s.value} className="accent-[var(--accent)]" {...form.register('company_sizes')} />
              {s.name}
            </label>
          ))}
        </div>
      </fieldset>
      <Controller
        control={form.control}
        name="locations"
        render={({ field }) => <ChipsInput label="Locations" value={field.value} onChange={field.onChange} placeholder="Country, region or city" error={e.locations?.message} />}
      />
    </StepFormShell>
  );
}
