import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { hasRole, INVITABLE_ROLES, invitationCreateBodySchema, ROLE_LABELS, type AccountMember, type InvitableRole } from '@shared/schemas/account-members';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Field } from '@web/components/ui/field';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate, selectClass } from '@web/components/ui/styles';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import {
  useChangeRole,
  useInvite,
  useLeaveAccount,
  useMembers,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTransferOwnership,
} from '../api/members';

const ROLE_HINTS: Record<InvitableRole, string> = {
  admin: 'Admin: everything but the plan and billing (mailboxes, integrations, campaigns, members).',
  member: 'Member: the inbox, pipeline, prospects and tasks; sees the rest without changing it.',
};

/** Profile › Members: who works in this account, invitations, roles, seats (docs/decisions.md "Account roles"). */
export function MembersRoute() {
  const members = useMembers();
  if (members.isPending) return <Spinner label="Loading members" />;
  if (members.isError) return <LoadError what="the members" error={members.error} onRetry={() => members.refetch()} />;
  const { data, meta } = members.data;
  const canManage = hasRole(meta.your_role, 'admin');
  const full = meta.seats_used >= meta.seats;
  return (
    <div className="space-y-6">
      <Card className="space-y-2 p-6">
        <h2 className="text-base font-semibold text-fg">{meta.account_name}</h2>
        <p className="text-sm text-muted" aria-label="Seat usage">
          {meta.seats_used} of {meta.seats} {meta.seats === 1 ? 'seat' : 'seats'} used. Members and open invitations take a seat each; your plan sets how many.
        </p>
        <p className="text-sm text-muted">
          You are {meta.your_role === 'owner' ? 'the owner' : `${meta.your_role === 'admin' ? 'an admin' : 'a member'}`} of this account.
        </p>
      </Card>
      {canManage ? <InviteForm full={full} /> : <Alert tone="warning">Only an admin or the owner can invite people and change roles.</Alert>}
      <Card className="p-0">
        <ul aria-label="Members and invitations" className="divide-y divide-border">
          {data.map((m) => (
            <MemberRow key={`${m.kind}-${m.id}`} member={m} yourRole={meta.your_role} />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function InviteForm({ full }: { full: boolean }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [error, setError] = useState<string>();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = invitationCreateBodySchema.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    try {
      await invite.mutateAsync(parsed.data);
      notify.success(`Invitation sent to ${parsed.data.email}`);
      setEmail('');
    } catch {
      // Shown from invite.error below.
    }
  };
  return (
    <Card className="p-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Invite a member">
        <h2 className="text-base font-semibold text-fg">Invite someone</h2>
        <ServerErrors messages={invite.isError ? apiErrorMessages(invite.error) : null} />
        {full ? <Alert tone="warning">Every seat of your plan is taken: upgrade the plan, or revoke an invitation or remove a member, to invite someone.</Alert> : null}
        <Field label="Email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        <div className="space-y-1.5">
          <label htmlFor="invite-role" className="text-sm font-medium text-fg">
            Role
          </label>
          <select id="invite-role" className={selectClass} value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <p className="text-xs text-muted">{ROLE_HINTS[role]}</p>
        </div>
        <Button type="submit" pending={invite.isPending} disabled={full}>
          Send invitation
        </Button>
      </form>
    </Card>
  );
}

type Confirming = 'remove' | 'revoke' | 'transfer' | 'leave' | null;

function MemberRow({ member: m, yourRole }: { member: AccountMember; yourRole: AccountMember['role'] }) {
  const navigate = useNavigate();
  const canManage = hasRole(yourRole, 'admin');
  const [confirming, setConfirming] = useState<Confirming>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const leave = useLeaveAccount();
  const who = m.name ? `${m.name} (${m.email})` : m.email;
  const rowError = [resend, changeRole].find((x) => x.isError)?.error;

  const dialogs: Record<Exclude<Confirming, null>, { title: string; description: string; label: string; action: { isPending: boolean; error: unknown }; run: () => void }> = {
    remove: {
      title: `Remove ${m.email}?`,
      description: 'They are signed out at once and no longer see this account. What they did stays here.',
      label: 'Remove',
      action: remove,
      run: () => remove.mutate(m.id, { onSuccess: () => (setConfirming(null), notify.success(`${m.email} removed`)) }),
    },
    revoke: {
      title: `Revoke the invitation to ${m.email}?`,
      description: 'The link in their email stops working and the seat is free again.',
      label: 'Revoke',
      action: revoke,
      run: () => revoke.mutate(m.id, { onSuccess: () => (setConfirming(null), notify.success(`Invitation to ${m.email} revoked`)) }),
    },
    transfer: {
      title: `Make ${m.email} the owner?`,
      description: 'They take over the plan and billing and can remove you; you stay on as an admin.',
      label: 'Hand over ownership',
      action: transfer,
      run: () => transfer.mutate(m.id, { onSuccess: () => (setConfirming(null), notify.success(`${m.email} owns the account now`)) }),
    },
    leave: {
      title: 'Leave this account?',
      description: 'You no longer see its inbox and data; you go on in a new, empty account of your own.',
      label: 'Leave',
      action: leave,
      run: () =>
        leave.mutate(undefined, {
          onSuccess: () => {
            notify.success('You left the account.');
            void navigate(paths.cabinet.dashboard.getHref(), { replace: true });
          },
        }),
    },
  };
  const open = confirming ? dialogs[confirming] : null;

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" aria-label={m.email}>
      <div className="min-w-0 space-y-0.5">
        <p className="truncate text-sm font-medium text-fg">
          {who}
          {m.you ? <span className="text-muted"> (you)</span> : null}
        </p>
        <p className="text-xs text-muted">
          {ROLE_LABELS[m.role]}
          {m.kind === 'invitation'
            ? m.status === 'expired'
              ? ` · invitation expired ${formatDate(m.expires_at!)}`
              : ` · invited${m.invited_by ? ` by ${m.invited_by}` : ''}, link works until ${formatDate(m.expires_at!)}`
            : ''}
        </p>
        {rowError ? <ServerErrors messages={apiErrorMessages(rowError)} /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {m.kind === 'invitation' && canManage ? (
          <>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              pending={resend.isPending}
              onClick={() => resend.mutate(m.id, { onSuccess: () => notify.success(`Invitation sent to ${m.email} again`) })}
            >
              Resend
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => (revoke.reset(), setConfirming('revoke'))}>
              Revoke
            </Button>
          </>
        ) : null}
        {m.kind === 'member' && !m.you && m.role !== 'owner' && canManage ? (
          <>
            <label className="sr-only" htmlFor={`role-${m.id}`}>
              Role of {m.email}
            </label>
            <select
              id={`role-${m.id}`}
              className={`${selectClass} h-8 w-28`}
              value={m.role}
              disabled={changeRole.isPending}
              onChange={(e) => changeRole.mutate({ id: m.id, role: e.target.value as InvitableRole })}
            >
              {INVITABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            {yourRole === 'owner' ? (
              <Button type="button" size="sm" variant="secondary" onClick={() => (transfer.reset(), setConfirming('transfer'))}>
                Make owner
              </Button>
            ) : null}
            <Button type="button" size="sm" variant="ghost" onClick={() => (remove.reset(), setConfirming('remove'))}>
              Remove
            </Button>
          </>
        ) : null}
        {m.you && m.role !== 'owner' ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => (leave.reset(), setConfirming('leave'))}>
            Leave account
          </Button>
        ) : null}
      </div>
      {open ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => (o ? undefined : setConfirming(null))}
          title={open.title}
          description={open.description}
          confirmLabel={open.label}
          pending={open.action.isPending}
          error={open.action.error}
          onConfirm={open.run}
        />
      ) : null}
    </li>
  );
}
