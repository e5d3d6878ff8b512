import { Link2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { LinkedInAccount, LinkedInProfile } from '@shared/schemas/linkedin';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { useCreateLinkedInAccount, useLinkedInAccounts, useRemoveLinkedInAccount } from '@web/features/extension';
import { parseProfileUrl } from './validation';
import { LoadError } from '@web/components/ui/load-error';

function AccountRow({ account }: { account: LinkedInAccount }) {
  const remove = useRemoveLinkedInAccount();
  // Disconnecting stops the agent from using the account: ask once, inline, before doing it.
  const [confirming, setConfirming] = useState(false);
  const name = account.full_name ?? account.profile_url;
  return (
    <li className="py-2">
      <div className="flex items-center gap-3">
        <Link2 className="h-4 w-4 shrink-0 text-success" aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm text-fg">{name}</span>
          <span className="block truncate text-xs text-muted">{account.profile_url}</span>
        </span>
        {confirming ? null : (
          <Button type="button" size="sm" variant="secondary" aria-label={`Disconnect ${name}`} onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        )}
      </div>
      {confirming ? (
        <div role="group" aria-label={`Confirm disconnecting ${name}`} className="mt-2 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface-2 p-2">
          <span className="min-w-0 flex-1 text-sm text-fg">Disconnect this LinkedIn account? The agent stops using it until you connect it again.</span>
          <Button type="button" size="sm" variant="ghost" autoFocus onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button type="button" size="sm" variant="danger" pending={remove.isPending} onClick={() => remove.mutate(account, { onSettled: () => setConfirming(false) })}>
            Yes, disconnect
          </Button>
        </div>
      ) : null}
      {remove.isError ? <ServerErrors messages={apiErrorMessages(remove.error)} /> : null}
    </li>
  );
}

/** The user's own LinkedIn: connect it from the captured own profile or by its URL; show and disconnect it. */
export function ConnectLinkedIn({ captured }: { captured: LinkedInProfile | null }) {
  const accounts = useLinkedInAccounts();
  const create = useCreateLinkedInAccount();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseProfileUrl(url);
    setError(parsed.error);
    if (!parsed.url) return;
    create.mutate({ profile_url: parsed.url }, { onSuccess: () => setUrl('') });
  };

  const connectCaptured = (profile: LinkedInProfile) =>
    create.mutate({
      profile_url: profile.profile_url,
      full_name: profile.full_name,
      headline: profile.headline,
      photo_url: profile.photo_url,
    });

  let body;
  if (accounts.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner className="h-4 w-4" /> Loading your LinkedIn account…
      </p>
    );
  } else if (accounts.isError) {
    body = (
      <LoadError what="your LinkedIn account" error={accounts.error} onRetry={() => accounts.refetch()} />
    );
  } else if (accounts.data.length > 0) {
    body = (
      <>
        <p className="text-sm text-success">Your LinkedIn account is connected</p>
        <ul className="divide-y divide-border" aria-label="Connected LinkedIn accounts">
          {accounts.data.map((a) => (
            <AccountRow key={a.id} account={a} />
          ))}
        </ul>
      </>
    );
  } else {
    const own = captured?.is_own_profile ? captured : null;
    body = (
      <div className="space-y-3">
        <p className="text-sm text-muted">Connect your own LinkedIn account so your agent can work from it.</p>
        {own ? (
          <Button type="button" size="sm" pending={create.isPending} onClick={() => connectCaptured(own)}>
            Connect {own.full_name ?? 'this profile'} (your profile)
          </Button>
        ) : null}
        <form onSubmit={submit} className="flex flex-wrap items-start gap-2" noValidate aria-label="Connect my LinkedIn">
          <Field
            className="min-w-56 flex-1"
            label="Your LinkedIn profile URL"
            type="url"
            inputMode="url"
            placeholder="https://www.linkedin.com/in/your-name/"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={error}
          />
          <Button type="submit" className="mt-6" variant="secondary" pending={create.isPending && !own}>
            Connect
          </Button>
        </form>
      </div>
    );
  }

  return (
    <section aria-labelledby="own-linkedin-heading" className="space-y-3">
      <h3 id="own-linkedin-heading" className="text-sm font-semibold text-fg">
        Your LinkedIn account
      </h3>
      {body}
      {create.isError ? <ServerErrors messages={apiErrorMessages(create.error)} /> : null}
    </section>
  );
}
