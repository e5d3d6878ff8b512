import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { PhoneCodeSent } from '@shared/schemas/onboarding';
import { normalizePhone } from '@shared/schemas/primitives';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { useSendPhoneCode, useVerifyPhone } from '../api/onboarding';
import { StepFormShell, useStepForm, type StepFormProps } from './step-form';

export function PhoneNumberStep({ state, save, footer, errors, clearErrors }: StepFormProps<'phone-number'>) {
  const form = useStepForm('phone-number', { phone: state.answers['phone-number']?.phone ?? state.prefill.phone ?? '' });
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  const phone = form.watch('phone') ?? '';
  const normalized = normalizePhone(phone);
  const verified = (state.prefill.phone_verified && state.prefill.phone === normalized) || (verify.data?.phone_verified && verify.data.phone === normalized);
  const sendCode = async () => {
    if (!(await form.trigger('phone'))) return;
    send.mutate(normalized, { onSuccess: (s) => (setSent(s), setCode(''), verify.reset()) });
  };
  // A refused Next ("verify this number first") no longer holds once it is verified.
  const checkCode = () => verify.mutate(code, { onSuccess: () => clearErrors() });
  const codeLabel = sent?.channel === 'email' ? 'Code from the email' : 'Code from the SMS';
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Phone number" footer={footer} errors={errors}>
      <div className="flex items-end gap-2">
        <Field className="flex-1" label="Phone number" type="tel" autoComplete="tel" placeholder="+14155550123" error={form.formState.errors.phone?.message} {...form.register('phone')} />
        {verified ? null : (
          <Button type="button" variant="secondary" onClick={() => void sendCode()} pending={send.isPending}>
            {sent ? 'Send a new code' : 'Send code'}
          </Button>
        )}
      </div>
      {send.isError ? <ServerErrors messages={apiErrorMessages(send.error)} /> : null}
      {verified ? (
        <p role="status" className="flex items-center gap-2 text-sm text-success">
          <CircleCheck className="h-4 w-4" aria-hidden /> Phone number verified
        </p>
      ) : sent ? (
        <div className="space-y-2">
          <p className="text-sm text-muted">
            {sent.channel === 'email' ? (
              <>
                We emailed a 6-digit code to <span className="font-medium text-fg">{sent.sent_to}</span>.
              </>
            ) : (
              <>
                We texted a 6-digit code to <span className="font-medium text-fg">{sent.sent_to}</span>.
              </>
            )}
          </p>
          <div className="flex items-end gap-2">
            <Field className="flex-1" label={codeLabel} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            <Button type="button" onClick={checkCode} pending={verify.isPending} disabled={code.length !== 6}>
              Verify
            </Button>
          </div>
          {verify.isError ? <ServerErrors messages={apiErrorMessages(verify.error)} /> : null}
        </div>
      ) : null}
    </StepFormShell>
  );
}
