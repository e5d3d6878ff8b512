import { apiErrorMessages } from '@shared/api';
import type { MailOAuthProvider } from '@shared/schemas/user-emails';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useMailOAuthProviders, useStartMailOAuth } from '../api/mailboxes';

/** Leaves the app for the provider's consent page (a full navigation: the provider sends the browser back). */
const goTo = (url: string) => window.location.assign(url);

/**
 * "Connect with Google" / "Connect with Microsoft": shown only for the providers this server has a client
 * id for. The API answers the consent URL; the provider sends the browser back to /cabinet/mailboxes.
 */
export function OAuthConnectButtons({ navigate = goTo }: { navigate?: (url: string) => void }) {
  const providers = useMailOAuthProviders();
  const start = useStartMailOAuth();
  if (!providers.data?.length) return null;
  const onConnect = (provider: MailOAuthProvider) => start.mutate(provider, { onSuccess: (r) => navigate(r.authorization_url) });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {providers.data.map((p) => (
          <Button key={p.provider} type="button" variant="secondary" pending={start.isPending && start.variables === p.provider} onClick={() => onConnect(p.provider)}>
            Connect with {p.label}
          </Button>
        ))}
      </div>
      {start.isError ? <ServerErrors messages={apiErrorMessages(start.error)} /> : null}
    </div>
  );
}
