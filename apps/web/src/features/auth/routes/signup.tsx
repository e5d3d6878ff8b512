import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api/errors';
import { signUpBodySchema } from '@shared/schemas/auth';
import { PreloadLink } from '@web/components/preload-link';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { withoutEmptyStrings } from '@web/lib/form';
import { useSignUp } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';

type Input = z.input<typeof signUpBodySchema>;
type Output = z.output<typeof signUpBodySchema>;

export function SignUpRoute() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm<Input, unknown, Output>({
    resolver: withoutEmptyStrings(zodResolver(signUpBodySchema)),
    defaultValues: { email: '', password: '', password_confirmation: '', phone: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      await navigate(`${paths.auth.verify.path}?email=${encodeURIComponent(values.email)}`);
    } catch {
      // Shown from signUp.error below.
    }
  });

  return (
    <AuthCard
      title="Create your account"
      description="Start with a free trial. We'll email you a 6-digit code to confirm the address."
      footer={
        <>
          Already have an account?{' '}
          <PreloadLink to={paths.auth.signin.getHref()} className="font-medium text-accent hover:underline">
            Sign in
          </PreloadLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <ServerErrors messages={signUp.isError ? apiErrorMessages(signUp.error) : null} />
        <Field label="Email" type="email" autoComplete="email" autoFocus error={errors.email?.message} {...form.register('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
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
        <Field
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          hint="The code to confirm your account comes by email."
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <Button type="submit" className="w-full" pending={signUp.isPending}>
          Create account
        </Button>
      </form>
      <GoogleButton />
    </AuthCard>
  );
}
