import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api';
import type { signInBodySchema } from '@shared/schemas/auth';
import { PreloadLink } from '@web/components/preload-link';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { lazyResolver } from '@web/lib/form';
import { notify } from '@web/lib/notify';
import { useSignIn } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';

type Input = z.input<typeof signInBodySchema>;
type Output = z.output<typeof signInBodySchema>;

// zod and the schema load on the first submit: the sign-in page paints without them.
const resolver = lazyResolver<Input, unknown, Output>(async () => {
  const [{ zodResolver }, { signInBodySchema: schema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@shared/schemas/auth')]);
  return zodResolver(schema);
});

export function SignInRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (params.get('account_confirmation_success') === 'true') {
      notify.success('Your email is confirmed. Sign in to continue.', { id: 'account-confirmed' });
    }
    const emailChange = params.get('email_change');
    if (emailChange === 'confirmed') {
      notify.success(`Your sign-in email is now ${params.get('email') ?? 'changed'}. Sign in with it.`, { id: 'email-change' });
    } else if (emailChange === 'undone') {
      notify.success(`Your sign-in email is ${params.get('email') ?? 'your old address'} again and every device was signed out. We emailed you a link to set a new password: the old one no longer works.`, {
        id: 'email-change',
      });
    } else if (emailChange === 'invalid') {
      notify.error('That email-change link is invalid or has expired.', { id: 'email-change' });
    }
  }, [params]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      // The guard sends users who have not finished onboarding on to /cabinet/onboarding.
      await navigate(paths.cabinet.dashboard.getHref(), { replace: true });
    } catch {
      // Shown from signIn.error below.
    }
  });

  const messages = signIn.isError ? apiErrorMessages(signIn.error) : null;
  const unconfirmed = messages?.some((m) => /confirm/i.test(m));
  const email = useWatch({ control: form.control, name: 'email' });

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in to manage your AI sales agents."
      footer={
        <>
          New here?{' '}
          <PreloadLink to={paths.auth.signup.getHref()} className="font-medium text-accent hover:underline">
            Create an account
          </PreloadLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <ServerErrors messages={messages} />
        {unconfirmed ? (
          <p className="text-sm text-muted">
            Have the code from the email?{' '}
            <Link to={`${paths.auth.verify.path}?email=${encodeURIComponent(email)}`} className="font-medium text-accent hover:underline">
              Verify your email
            </Link>
          </p>
        ) : null}
        <Field label="Email" type="email" autoComplete="email" autoFocus={!params.get('email')} error={errors.email?.message} {...form.register('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(params.get('email'))}
          error={errors.password?.message}
          labelAside={
            <PreloadLink to={paths.auth.recover.getHref()} className="text-xs text-muted hover:text-accent">
              Forgot password?
            </PreloadLink>
          }
          {...form.register('password')}
        />
        <Button type="submit" className="w-full" pending={signIn.isPending}>
          Sign in
        </Button>
      </form>
      <GoogleButton />
    </AuthCard>
  );
}
