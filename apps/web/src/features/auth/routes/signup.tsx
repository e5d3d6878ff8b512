import { useNavigate, useSearchParams } from 'react-router';
import { apiErrorMessages } from '@shared/api/errors';
import { PreloadLink } from '@web/components/preload-link';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { stripEmptyStrings } from '@web/lib/form';
import { useLiteForm } from '@web/lib/lite-form';
import { warmApiClient } from '@web/lib/public-fetch';
import { useSignUp } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';
import { GoogleButton } from '../components/google-button';

// zod and the schema load on the first submit: the page paints without them.
const loadSchema = () => import('@shared/schemas/auth').then((m) => m.signUpBodySchema);

export function SignUpRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signUp = useSignUp();
  const form = useLiteForm({
    defaultValues: { email: params.get('email') ?? '', password: '', password_confirmation: '', phone: '' },
    schema: loadSchema,
    // An empty optional phone means "not given".
    prepare: stripEmptyStrings,
  });
  const { errors } = form;

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
      <form onSubmit={onSubmit} onInput={warmApiClient} noValidate className="space-y-4">
        <ServerErrors messages={signUp.isError ? apiErrorMessages(signUp.error) : null} />
        <Field label="Email" type="email" autoComplete="email" autoFocus error={errors.email} {...form.field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
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
        <Field
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          hint="The code to confirm your account comes by email."
          error={errors.phone}
          {...form.field('phone')}
        />
        <Button type="submit" className="w-full" pending={signUp.isPending}>
          Create account
        </Button>
      </form>
      <GoogleButton />
    </AuthCard>
  );
}
