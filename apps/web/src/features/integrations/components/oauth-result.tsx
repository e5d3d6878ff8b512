import { useSearchParams } from 'react-router';
import { INTEGRATION_OAUTH_ERROR_TEXTS, INTEGRATION_PROVIDER_LABELS, INTEGRATION_PROVIDERS, type IntegrationOAuthError, type IntegrationProviderId } from '@shared/schemas/integrations';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

const isError = (code: string): code is IntegrationOAuthError => Object.hasOwn(INTEGRATION_OAUTH_ERROR_TEXTS, code);
const isProvider = (p: string | null): p is IntegrationProviderId => (INTEGRATION_PROVIDERS as readonly (string | null)[]).includes(p);

/** The outcome of a vendor's consent page: ?integration=<provider>&integration_status=connected, or &integration_error=<code>. */
export function OAuthResult() {
  const [params, setParams] = useSearchParams();
  const provider = params.get('integration');
  const status = params.get('integration_status');
  const error = params.get('integration_error');
  if (!isProvider(provider) || (!status && !error)) return null;
  const label = INTEGRATION_PROVIDER_LABELS[provider];
  const dismiss = () =>
    setParams(
      (p) => {
        for (const k of ['integration', 'integration_status', 'integration_error']) p.delete(k);
        return p;
      },
      { replace: true },
    );
  const close = (
    <Button type="button" size="sm" variant="ghost" onClick={dismiss}>
      Dismiss
    </Button>
  );
  if (error) {
    return (
      <Alert>
        <p>
          {label} was not connected. {isError(error) ? INTEGRATION_OAUTH_ERROR_TEXTS[error] : `The vendor answered: ${error}.`}
        </p>
        {close}
      </Alert>
    );
  }
  return (
    <Alert tone="success">
      <p>{label} is connected.</p>
      {close}
    </Alert>
  );
}
