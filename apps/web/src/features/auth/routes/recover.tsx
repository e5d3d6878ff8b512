import { useState } from 'react';
import { apiErrorMessages, apiErrorStatus } from '@shared/api/errors';
import { PreloadLink } from '@web/components/preload-link';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { useLiteForm } from '@web/lib/lite-form';
import { warmApiClient } from '@web/lib/public-fetch';
import { useRequestPasswordReset } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';

// zod and the schema load on the first submit: the page paints without them.
const loadSchema = () => import('@shared/schemas/auth').then((m) => m.passwordResetRequestBodySchema);

export function RecoverRoute() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useLiteForm({ defaultValues: { email: '' }, schema: loadSchema });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ email: values.email });
      setSentTo(values.email);
    } catch (error) {
      // Whether an account exists is not ours to reveal: an unknown address reads the same as a known one.
      if (apiErrorStatus(error) === 404) setSentTo(values.email);
    }
  });

  const failed = request.isError && apiErrorStatus(request.error) !== 404;

  return (
    <AuthCard
      title="Recover your password"
      description="Enter the email you signed up with and we'll send you a link to set a new password."
      footer={
        <>
          Remembered it?{' '}
          <PreloadLink to={paths.auth.signin.getHref()} className="font-medium text-accent hover:underline">
            Back to sign in
          </PreloadLink>
        </>
      }
    >
      <form onSubmit={onSubmit} onInput={warmApiClient} noValidate className="space-y-4">
        {sentTo ? (
          <Alert tone="success">
            <p>
              If an account exists for {sentTo}, we've sent it a link to reset the password. The link can be used once.
            </p>
          </Alert>
        ) : null}
        <ServerErrors messages={failed ? apiErrorMessages(request.error) : null} />
        <Field label="Email" type="email" autoComplete="email" autoFocus error={errors.email} {...form.field('email')} />
        <Button type="submit" className="w-full" pending={request.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
