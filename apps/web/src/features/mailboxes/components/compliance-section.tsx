import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api';
import { complianceSettingsBodySchema, POSTAL_ADDRESS_MAX, type ComplianceSettings } from '@shared/schemas/compliance';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { textareaClass } from '@web/components/ui/styles';
import { useComplianceSettings, useSaveComplianceSettings } from '../api/mailboxes';

type Input = z.input<typeof complianceSettingsBodySchema>;
type Output = z.output<typeof complianceSettingsBodySchema>;

const valuesOf = (s: ComplianceSettings): Input => ({ compliance_footer: s.compliance_footer, postal_address: s.postal_address ?? '', gdpr_notice: s.gdpr_notice });

function ComplianceForm({ settings }: { settings: ComplianceSettings }) {
  const id = useId();
  const save = useSaveComplianceSettings();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(complianceSettingsBodySchema), defaultValues: valuesOf(settings) });
  const { errors, isDirty } = form.formState;
  useEffect(() => form.reset(valuesOf(settings)), [settings, form]);
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((body) => save.mutate(body))}>
      {settings.address_missing ? (
        <Alert tone="warning">
          <p>No postal address yet: emails carry the unsubscribe link but not your address, which anti-spam laws such as CAN-SPAM require.</p>
        </Alert>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...form.register('compliance_footer')} />
        Add the compliance footer to every campaign email
      </label>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-address`}>Postal address of the sender</Label>
        <textarea
          id={`${id}-address`}
          rows={3}
          maxLength={POSTAL_ADDRESS_MAX}
          className={textareaClass}
          placeholder={'Northwind Analytics GmbH\nHauptstraße 5\n10115 Berlin, Germany'}
          aria-invalid={errors.postal_address ? true : undefined}
          {...form.register('postal_address')}
        />
        {errors.postal_address ? <p className="text-xs text-danger">{errors.postal_address.message}</p> : null}
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" {...form.register('gdpr_notice')} />
        <span>
          Say where the prospect’s data came from (GDPR Art. 14), for example “We found your business contact details on your public LinkedIn profile.”, and
          that they may object with the unsubscribe link (part of the footer)
        </span>
      </label>
      <ServerErrors messages={save.isError ? apiErrorMessages(save.error) : null} />
      <div className="flex items-center gap-3">
        <Button type="submit" pending={save.isPending} disabled={!isDirty}>
          Save footer
        </Button>
        {save.isSuccess && !isDirty ? (
          <span className="flex items-center gap-1.5 text-sm text-success" role="status">
            <Check className="h-4 w-4" aria-hidden /> Saved
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** "Compliance footer" on /cabinet/mailboxes: GET/PUT compliance_settings. */
export function ComplianceSection() {
  const settings = useComplianceSettings();
  return (
    <Card id="compliance-footer" role="region" className="scroll-mt-6 p-6" aria-labelledby="compliance-footer-title">
      <h2 id="compliance-footer-title" className="text-lg font-semibold text-fg">
        Compliance footer
      </h2>
      <p className="mb-4 text-sm text-muted">
        Added under every campaign email when it is sent (not part of the draft you review): a one-click unsubscribe link and your postal address.
      </p>
      {settings.isPending ? (
        <Spinner label="Loading the footer settings" />
      ) : settings.isError ? (
        <LoadError what="the footer settings" error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <ComplianceForm settings={settings.data} />
      )}
    </Card>
  );
}
