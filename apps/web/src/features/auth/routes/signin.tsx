import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiErrorMessages } from '@shared/api/errors';
import { PreloadLink } from '@web/components/preload-link';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { useLiteForm } from '@web/lib/lite-form';
import { notify } from '@web/lib/notify';
import { warmApiClient } from '@web/lib/public-fetch';
import { useSignIn } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';
import { pendingInvitation } from '@web/features/team';

// zod and the schema load on the first submit: the sign-in page paints without them.
const loadSchema = () => import('@shared/schemas/auth').then((m) => m.signInBodySchema);

export function SignInRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useLiteForm({ defaultValues: { email: params.get('email') ?? '', password: '' }, schema: loadSchema });
  const { errors } = form;

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
      // Back to the invitation link they opened signed out; else the cabinet (the guard sends users who have
      // not finished onboarding on to /cabinet/onboarding).
      const invitation = pendingInvitation();
      await navigate(invitation ? paths.invitation.getHref(invitation) : paths.cabinet.dashboard.getHref(), { replace: true });
    } catch {
      // Shown from signIn.error below.
    }
  });

  const messages = signIn.isError ? apiErrorMessages(signIn.error) : null;
  const unconfirmed = messages?.some((m) => /confirm/i.test(m));
  const { email } = form.values;

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
      <form onSubmit={onSubmit} onInput={warmApiClient} noValidate className="space-y-4">
        <ServerErrors messages={messages} />
        {unconfirmed ? (
          <p className="text-sm text-muted">
            Have the code from the email?{' '}
            <Link to={`${paths.auth.verify.path}?email=${encodeURIComponent(email)}`} className="font-medium text-accent hover:underline">
              Verify your email
            </Link>
          </p>
        ) : null}
        <Field label="Email" type="email" autoComplete="email" autoFocus={!params.get('email')} error={errors.email} {...form.field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(params.get('email'))}
          error={errors.password}
          labelAside={
            <PreloadLink to={paths.auth.recover.getHref()} className="text-xs text-muted hover:text-accent">
              Forgot password?
            </PreloadLink>
          }
          {...form.field('password')}
        />
        <Button type="submit" className="w-full" pending={signIn.isPending}>
          Sign in
        </Button>
      </form>
      <GoogleButton />
    </AuthCard>
  );
}
