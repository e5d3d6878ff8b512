import { useSearchParams } from 'react-router';
import { MAIL_OAUTH_ERRORS, type MailOAuthError, type UserEmail } from '@shared/schemas/user-emails';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ConnectionSteps } from './connection-steps';

const isKnownError = (code: string): code is MailOAuthError => Object.hasOwn(MAIL_OAUTH_ERRORS, code);

/**
 * The outcome of "Connect with Google/Microsoft" after the provider sent the browser back:
 * ?mailbox_oauth=connected|failing&user_email_id=N, or ?mailbox_oauth_error=<code>. A failing mailbox
 * shows each step of its connection test, as the add dialog does.
 */
export function OAuthResult({ mailboxes }: { mailboxes: UserEmail[] | undefined }) {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('mailbox_oauth');
  const error = params.get('mailbox_oauth_error');
  if (!outcome && !error) return null;
  const dismiss = () =>
    setParams(
      (p) => {
        for (const k of ['mailbox_oauth', 'mailbox_oauth_error', 'user_email_id']) p.delete(k);
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
        <p>The mailbox was not connected. {isKnownError(error) ? MAIL_OAUTH_ERRORS[error] : `The provider answered: ${error}.`}</p>
        {close}
      </Alert>
    );
  }
  const mailbox = mailboxes?.find((m) => m.id === Number(params.get('user_email_id')));
  if (!mailbox) return null;
  if (outcome === 'connected' && mailbox.status !== 'failing') {
    return (
      <Alert tone="success">
        <p>{mailbox.email} is connected: every step of the connection test passed.</p>
        {close}
      </Alert>
    );
  }
  return (
    <div className="space-y-2">
      <Alert>
        <p>
          {mailbox.email} was connected, but the connection test failed{mailbox.status_reason ? `: ${mailbox.status_reason}` : '.'} Fix it and use “Test connection” on its card.
        </p>
        {close}
      </Alert>
      {mailbox.last_test ? <ConnectionSteps test={mailbox.last_test} /> : null}
    </div>
  );
}
