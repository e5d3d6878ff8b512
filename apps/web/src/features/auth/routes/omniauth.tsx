import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { apiErrorMessages } from '@shared/api/errors';
import type { AuthHeaders } from '@shared/schemas/auth';
import { PreloadLink } from '@web/components/preload-link';
import { Alert } from '@web/components/ui/alert';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { authKeys, verifyOmniauthTokens } from '../api/auth-queries';
import { AuthCard } from '../components/auth-card';

function headersFrom(params: URLSearchParams): AuthHeaders | null {
  const token = params.get('auth_token') ?? params.get('access-token');
  const client = params.get('client_id') ?? params.get('client');
  const uid = params.get('uid');
  const expiry = params.get('expiry');
  return token && client && uid && expiry ? { 'access-token': token, client, uid, expiry } : null;
}

/** The return leg of Google sign-in: verify the tokens with user_info, then store them. */
export function OmniauthRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const headers = headersFrom(params);
  const providerError = params.get('error') ?? params.get('message');
  const check = useQuery({
    queryKey: authKeys.omniauth(headers?.['access-token'] ?? ''),
    queryFn: () => verifyOmniauthTokens(headers!),
    enabled: headers !== null && !providerError,
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    if (check.isSuccess) void navigate(paths.cabinet.dashboard.getHref(), { replace: true });
  }, [check.isSuccess, navigate]);

  const failure = providerError
    ? providerError
    : !headers
      ? 'The sign-in response is missing its tokens.'
      : check.isError
        ? apiErrorMessages(check.error).join(' ')
        : null;

  return (
    <AuthCard title={failure ? 'Sign-in failed' : 'Signing you in…'}>
      {failure ? (
        <div className="space-y-4">
          <Alert>
            <p>Google sign-in could not be completed: {failure}</p>
          </Alert>
          <PreloadLink to={paths.auth.signin.getHref()} className="text-sm font-medium text-accent hover:underline">
            Back to sign in
          </PreloadLink>
        </div>
      ) : (
        <div className="flex items-center gap-3 text-sm text-muted">
          <Spinner label="Checking your sign-in" /> Checking your Google sign-in…
        </div>
      )}
    </AuthCard>
  );
}
