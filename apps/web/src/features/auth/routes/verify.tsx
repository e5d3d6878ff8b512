import { useEffect, useState } from 'react';
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
import { useSendCode, useVerifyByCode } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';

export const RESEND_COOLDOWN_S = 30;

// zod and the schema load on the first submit: the page paints without them.
const loadSchema = () => import('@shared/schemas/auth').then((m) => m.verifyByCodeBodySchema);

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(t);
  }, [left]);
  return [left, () => setLeft(RESEND_COOLDOWN_S)] as const;
}

export function VerifyRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const emailFromUrl = params.get('email') ?? '';
  const linkInvalid = params.get('confirmation_error') === 'invalid';
  const verify = useVerifyByCode();
  const resend = useSendCode();
  const [cooldown, startCooldown] = useCountdown();
  const form = useLiteForm({ defaultValues: { email: emailFromUrl, code: '' }, schema: loadSchema });
  const { errors } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      notify.success('Your email is verified. Sign in to continue.', { id: 'email-verified' });
      await navigate(`${paths.auth.signin.path}?email=${encodeURIComponent(values.email)}&verified=1`, { replace: true });
    } catch {
      // Shown from verify.error below.
    }
  });

  const onResend = async () => {
    const valid = await form.trigger('email');
    if (!valid) return;
    const email = form.values.email.trim();
    try {
      await resend.mutateAsync({ email });
      startCooldown();
      notify.success('We sent you a new code.', { description: `Check ${email}.` });
    } catch {
      // Shown from resend.error below.
    }
  };

  const messages = verify.isError ? apiErrorMessages(verify.error) : resend.isError ? apiErrorMessages(resend.error) : null;

  return (
    <AuthCard
      title="Verify your email"
      description={
        emailFromUrl ? (
          <>
            Check <span className="font-medium text-fg">{emailFromUrl}</span> for a 6-digit code. Enter it below, or follow the
            link in the email. If this address already has an account, the email tells you how to sign in instead.
          </>
        ) : (
          'Enter the email you signed up with and the 6-digit code we sent you.'
        )
      }
      footer={
        <>
          Already verified?{' '}
          <PreloadLink to={paths.auth.signin.getHref()} className="font-medium text-accent hover:underline">
            Sign in
          </PreloadLink>
        </>
      }
    >
      <form onSubmit={onSubmit} onInput={warmApiClient} noValidate className="space-y-4">
        {linkInvalid ? (
          <Alert>
            <p>That confirmation link is invalid or has expired. Enter the code from the email, or ask for a new one.</p>
          </Alert>
        ) : null}
        <ServerErrors messages={messages} />
        {emailFromUrl ? (
          <input type="hidden" {...form.field('email')} />
        ) : (
          <Field label="Email" type="email" autoComplete="email" autoFocus error={errors.email} {...form.field('email')} />
        )}
        <Field
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          autoFocus={Boolean(emailFromUrl)}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
          error={errors.code ?? (emailFromUrl ? errors.email : undefined)}
          {...form.field('code')}
        />
        <Button type="submit" className="w-full" pending={verify.isPending}>
          Verify
        </Button>
      </form>
      <div className="mt-4 flex items-center justify-center gap-2 text-sm text-muted">
        <span>Didn't get it?</span>
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={() => void onResend()}
          disabled={cooldown > 0}
          pending={resend.isPending}
        >
          Resend code
        </Button>
        <span aria-live="polite">{cooldown > 0 ? `You can ask again in ${cooldown} s.` : ''}</span>
      </div>
    </AuthCard>
  );
}
