import { zodResolver } from '@hookform/resolvers/zod';
import { PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api';
import { testCallBodySchema, type TestCallResult } from '@shared/schemas/messaging';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { useUser } from '@web/lib/user';
import { useBrand } from '@web/stores/brand';
import { useTestCall } from '../api/test-call';

type Input = z.input<typeof testCallBodySchema>;
type Output = z.output<typeof testCallBodySchema>;

/** POST test_call: the agent calls the user's own phone. Only for brands with phone calls. */
export function TestCall() {
  const brand = useBrand();
  const call = useTestCall();
  const [result, setResult] = useState<TestCallResult | null>(null);
  const { data: user } = useUser();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(testCallBodySchema), defaultValues: { phone: user?.phone ?? '' } });
  // The phone verified in onboarding (the profile's), once it is known, unless the user typed one already.
  const profilePhone = user?.phone ?? null;
  const typed = useWatch({ control: form.control, name: 'phone' });
  useEffect(() => {
    if (profilePhone && !form.getFieldState('phone').isDirty && !form.getValues('phone')) form.reset({ phone: profilePhone });
  }, [profilePhone, form]);
  if (!brand.feature_flags.phone_calls) return null;
  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      setResult(await call.mutateAsync(values));
    } catch {
      /* shown below */
    }
  });
  return (
    <Card className="space-y-3 p-4">
      <div className="flex items-center gap-2">
        <PhoneCall className="h-4 w-4 text-accent" aria-hidden />
        <h3 className="text-sm font-semibold text-fg">Hear it on your phone</h3>
      </div>
      <p className="text-sm text-muted">The agent calls your own phone with this script, so you hear what prospects hear.</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-2">
        <Field
          className="min-w-56 flex-1"
          label="Your phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+14155550123"
          error={form.formState.errors.phone?.message}
          hint={profilePhone && typed === profilePhone ? 'Your phone from your profile; change it to call another number.' : undefined}
          {...form.register('phone')}
        />
        <Button type="submit" className="mt-7" pending={call.isPending}>
          Test call
        </Button>
      </form>
      <ServerErrors messages={call.isError ? apiErrorMessages(call.error) : null} />
      {result ? <Alert tone="success">{result.message}</Alert> : null}
    </Card>
  );
}
