import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { ServerErrors, Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate } from '@web/components/ui/styles';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { signOut } from '@web/lib/session';
import { useUser } from '@web/lib/user';
import { selectSignedIn, useAuthStore } from '@web/stores/auth';
import { useAcceptInvitation, useInvitationPreview } from '../api/members';
import { forgetInvitation, rememberInvitation } from '../pending-invitation';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md rounded-xl border border-border bg-surface p-6 shadow-xl shadow-black/20 sm:p-8">
      <h1 className="mb-4 text-xl font-semibold tracking-tight text-fg">{title}</h1>
      <div className="space-y-4">{children}</div>
    </div>
  );
}

/**
 * /invitations/:token (public layout): who invites to which account. Signed in with the invited email on
 * this brand: accept and go to the cabinet. Signed out: sign in or sign up, then come back here (the link is
 * remembered in this browser). Another email or brand: the server's refusal, said plainly.
 */
export function InvitationRoute() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const signedIn = useAuthStore(selectSignedIn);

  if (preview.isPending) return <Spinner label="Loading the invitation" />;
  if (preview.isError) {
    const messages = apiErrorMessages(preview.error);
    return (
      <Frame title="Invitation not available">
        {messages.length ? <ServerErrors messages={messages} /> : <LoadError what="the invitation" error={preview.error} onRetry={() => preview.refetch()} />}
        <Link to={paths.home.getHref()} className="text-sm font-medium text-accent hover:underline">
          Go to the home page
        </Link>
      </Frame>
    );
  }
  const inv = preview.data;
  const intro = `${inv.invited_by ?? 'Someone'} invites ${inv.email} to join ${inv.account_name} as ${inv.role === 'admin' ? 'an admin' : 'a member'}.`;
  if (inv.status === 'expired') {
    return (
      <Frame title={`Join ${inv.account_name}`}>
        <p className="text-sm text-fg">{intro}</p>
        <Alert>This invitation expired on {formatDate(inv.expires_at)}. Ask {inv.invited_by ?? 'whoever invited you'} to send it again.</Alert>
      </Frame>
    );
  }
  return (
    <Frame title={`Join ${inv.account_name}`}>
      <p className="text-sm text-fg">{intro}</p>
      {signedIn ? <SignedInAccept token={token} invitedEmail={inv.email} accountName={inv.account_name} /> : <SignedOut token={token} email={inv.email} />}
    </Frame>
  );
}

function SignedOut({ token, email }: { token: string; email: string }) {
  useEffect(() => rememberInvitation(token), [token]);
  const q = `?email=${encodeURIComponent(email)}`;
  return (
    <>
      <p className="text-sm text-muted">Sign in with {email} to accept, or create an account with it first: you come back here afterwards.</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`${paths.auth.signin.path}${q}`}>Sign in</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={`${paths.auth.signup.path}${q}`}>Create an account</Link>
        </Button>
      </div>
    </>
  );
}

function SignedInAccept({ token, invitedEmail, accountName }: { token: string; invitedEmail: string; accountName: string }) {
  const user = useUser();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  if (user.isPending) return <Spinner label="Loading your account" />;
  if (user.isError) return <LoadError what="your account" error={user.error} onRetry={() => user.refetch()} />;
  if (user.data.email.toLowerCase() !== invitedEmail.toLowerCase()) {
    return (
      <>
        <Alert>
          This invitation was sent to {invitedEmail}, and you are signed in as {user.data.email}. Sign in with {invitedEmail} to accept it.
        </Alert>
        <Button type="button" variant="secondary" onClick={() => void signOut().then(() => rememberInvitation(token))}>
          Sign out
        </Button>
      </>
    );
  }
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (joined) => {
        forgetInvitation();
        notify.success(`You joined ${joined.account_name}.`);
        void navigate(paths.cabinet.dashboard.getHref(), { replace: true });
      },
    });
  return (
    <>
      {user.data.account_name ? (
        <p className="text-sm text-muted">
          You work in one account at a time. If you are the only member of your own account ({user.data.account_name}), it is closed when you join, with
          anything in it.
        </p>
      ) : null}
      <ServerErrors messages={accept.isError ? apiErrorMessages(accept.error) : null} />
      <Button type="button" pending={accept.isPending} onClick={onAccept}>
        Accept and join {accountName}
      </Button>
    </>
  );
}
