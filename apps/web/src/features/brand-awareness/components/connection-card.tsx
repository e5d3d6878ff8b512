import { Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { SocialProfile } from '@shared/schemas/brand-awareness';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { formatDate } from '@web/components/ui/styles';
import { useConnect, useUnlink } from '../api/brand-awareness';

/**
 * The employee's LinkedIn member: connect (LinkedIn's consent page, then back here), who is connected,
 * an expired connection with its reason, and unlink (revokes the token at LinkedIn).
 */
export function ConnectionCard({ veId, employeeName, profile }: { veId: number; employeeName: string; profile: SocialProfile }) {
  const connect = useConnect(veId);
  const unlink = useUnlink(veId);
  const [confirming, setConfirming] = useState(false);
  const start = () =>
    connect.mutate(undefined, {
      onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
    });
  const connectButton = (label: string) => (
    <Button type="button" onClick={start} pending={connect.isPending} disabled={!profile.configured}>
      <Link2 className="h-4 w-4" aria-hidden /> {label}
    </Button>
  );

  return (
    <Card className="space-y-3 p-5" aria-labelledby={`li-${veId}`}>
      <h2 id={`li-${veId}`} className="text-base font-semibold text-fg">
        LinkedIn profile
      </h2>
      {profile.status === 'not_connected' ? (
        <>
          <p className="text-sm text-muted">
            Connect {employeeName}'s own LinkedIn account. LinkedIn asks the member to sign in and allow posting; the posts then appear on that profile.
          </p>
          {profile.configured ? connectButton('Connect LinkedIn') : <p className="text-sm text-warning">LinkedIn is not set up on this server yet: ask your administrator to add the LinkedIn app's client id and secret.</p>}
        </>
      ) : (
        <>
          <div className="flex items-center gap-3">
            {profile.picture_url ? <img src={profile.picture_url} alt="" className="h-10 w-10 rounded-full object-cover" /> : null}
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-fg">{profile.name ?? 'LinkedIn member'}</p>
              <p className="truncate text-xs text-muted">
                {profile.email ?? ''}
                {profile.connected_at ? ` · connected ${formatDate(profile.connected_at)}` : ''}
              </p>
            </div>
          </div>
          {profile.status === 'expired' ? (
            <Alert tone="warning">
              <p>{profile.status_reason ?? 'LinkedIn access expired.'} Posts are paused until then.</p>
              {connectButton('Reconnect LinkedIn')}
            </Alert>
          ) : null}
          <Button type="button" variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            <Unlink className="h-4 w-4" aria-hidden /> Unlink
          </Button>
        </>
      )}
      {connect.isError ? <ServerErrors messages={apiErrorMessages(connect.error)} /> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Unlink LinkedIn?"
        description={`The access LinkedIn gave is revoked and deleted. Approved posts of ${employeeName} are paused until LinkedIn is connected again.`}
        confirmLabel="Unlink"
        pending={unlink.isPending}
        error={unlink.error}
        onConfirm={() => unlink.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}
