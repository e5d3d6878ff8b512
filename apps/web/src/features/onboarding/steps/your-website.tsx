import { Globe } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import { normalizeDomain } from '@shared/schemas/onboarding';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { useCompanyInfo } from '../api/onboarding';
import { StepFormShell, TextArea, useStepForm, type StepFormProps } from './step-form';

export function YourWebsiteStep({ state, save, footer, errors }: StepFormProps<'your-website'>) {
  const saved = state.answers['your-website'];
  const form = useStepForm('your-website', {
    domain: saved?.domain ?? state.prefill.domain ?? '',
    company_name: saved?.company_name ?? '',
    description: saved?.description ?? '',
    language: saved?.language ?? null,
    logo_url: saved?.logo_url ?? '',
  });
  const [lookup, setLookup] = useState<string | null>(null);
  const [domainError, setDomainError] = useState<string | null>(null);
  const info = useCompanyInfo(lookup);
  const logo = form.watch('logo_url');
  const runLookup = () => {
    const d = normalizeDomain(form.getValues('domain'));
    setDomainError(d ? null : 'Enter a domain like example.com');
    setLookup(d);
  };
  const useFound = () => {
    const found = info.data;
    if (!found?.found) return;
    if (found.title) form.setValue('company_name', found.title, { shouldValidate: true });
    if (found.description) form.setValue('description', found.description);
    form.setValue('language', found.language);
    form.setValue('logo_url', found.logo_url ?? '');
  };
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Your website" footer={footer} errors={errors}>
      <div className="flex items-end gap-2">
        <Field
          className="flex-1"
          label="Company website"
          placeholder="example.com"
          inputMode="url"
          error={domainError ?? form.formState.errors.domain?.message}
          {...form.register('domain')}
        />
        <Button type="button" variant="secondary" onClick={runLookup} pending={info.isFetching}>
          <Globe className="h-4 w-4" aria-hidden /> Look up
        </Button>
      </div>
      {info.data && lookup ? (
        info.data.found ? (
          <div className="flex gap-3 rounded-lg border border-border bg-surface-2 p-4" aria-label="Found on your website" role="region">
            {info.data.logo_url ? <img src={info.data.logo_url} alt="Logo found" className="h-12 w-12 rounded object-contain" /> : null}
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium text-fg">{info.data.title}</p>
              {info.data.description ? <p className="text-sm text-muted">{info.data.description}</p> : null}
              {info.data.language ? <p className="text-xs text-muted">Language: {info.data.language}</p> : null}
              <Button type="button" size="sm" className="mt-2" onClick={useFound}>
                Use these details
              </Button>
            </div>
          </div>
        ) : (
          <Alert>
            <p>{info.data.message}</p>
          </Alert>
        )
      ) : null}
      {info.isError ? <ServerErrors messages={apiErrorMessages(info.error)} /> : null}
      <div className="flex items-start gap-4">
        {logo ? <img src={logo} alt="Company logo" className="h-12 w-12 rounded object-contain" /> : null}
        <div className="flex-1 space-y-4">
          <Field label="Company name" autoComplete="organization" error={form.formState.errors.company_name?.message} {...form.register('company_name')} />
          <TextArea label="What your company does" error={form.formState.errors.description?.message} {...form.register('description')} />
        </div>
      </div>
    </StepFormShell>
  );
}
