import { useNavigate, useSearchParams } from 'react-router';
import { apiErrorMessages } from '@shared/api/errors';
import { PreloadLink } from '@web/components/preload-link';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { useLiteForm } from '@web/lib/lite-form';
import { warmApiClient } from '@web/lib/public-fetch';
import { notify } from '@web/lib/notify';
import { useResetPassword } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';

// zod and the schema load on the first submit: the page paints without them.
const loadSchema = () => import('@shared/schemas/auth').then((m) => m.passwordUpdateBodySchema);

/** Opened from the emailed link: /auth/reset-password?reset_password_token=… */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('reset_password_token') ?? '';
  const reset = useResetPassword();
  const form = useLiteForm({ defaultValues: { password: '', password_confirmation: '' }, schema: loadSchema });
  const { errors } = form;

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
      <form onSubmit={onSubmit} onInput={warmApiClient} noValidate className="space-y-4">
        <ServerErrors messages={reset.isError ? apiErrorMessages(reset.error) : null} />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint="At least 8 characters."
          error={errors.password}
          {...form.field('password')}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation}
          {...form.field('password_confirmation')}
        />
        <Button type="submit" className="w-full" pending={reset.isPending}>
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
