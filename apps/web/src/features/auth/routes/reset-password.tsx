import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api/errors';
import { passwordUpdateBodySchema } from '@shared/schemas/auth';
import { PreloadLink } from '@web/components/preload-link';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { useResetPassword } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';

type Input = z.input<typeof passwordUpdateBodySchema>;
type Output = z.output<typeof passwordUpdateBodySchema>;

/** Opened from the emailed link: /auth/reset-password?reset_password_token=… */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('reset_password_token') ?? '';
  const reset = useResetPassword();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(passwordUpdateBodySchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ password: values.password, password_confirmation: values.password_confirmation, reset_password_token: token });
      notify.success('Your password is updated. Sign in with the new one.', { id: 'password-reset' });
      await navigate(paths.auth.signin.getHref(), { replace: true });
    } catch {
      // Shown from reset.error below.
    }
  });

  const footer = (
    <>
      Need a new link?{' '}
      <PreloadLink to={paths.auth.recover.getHref()} className="font-medium text-accent hover:underline">
        Recover password
      </PreloadLink>
    </>
  );

  if (!token) {
    return (
      <AuthCard title="Set a new password" footer={footer}>
        <Alert>
          <p>This page opens from the link in the password reset email, and that link is missing its token.</p>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password" description="Choose a new password for your account." footer={footer}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <ServerErrors messages={reset.isError ? apiErrorMessages(reset.error) : null} />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation')}
        />
        <Button type="submit" className="w-full" pending={reset.isPending}>
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
