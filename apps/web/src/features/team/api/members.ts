import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitableRole, InvitationCreateBody } from '@shared/schemas/account-members';
import { api } from '@web/lib/api';
import { userKeys } from '@web/lib/user';

/** Query keys of the team: the members list (members and open invitations) and one invitation link's preview. */
export const teamKeys = {
  all: ['team'] as const,
  members: () => [...teamKeys.all, 'members'] as const,
  invitation: (token: string) => [...teamKeys.all, 'invitation', token] as const,
};

/** GET account_members. */
export function useMembers() {
  return useQuery({ queryKey: teamKeys.members(), queryFn: () => api.accountMembers.list() });
}

/** A change to the team: the list refreshes (and the user, whose role may have changed). */
function useTeamMutation<V>(fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: teamKeys.members() });
      await client.invalidateQueries({ queryKey: userKeys.info() });
    },
  });
}

export const useInvite = () => useTeamMutation((body: InvitationCreateBody) => api.accountMembers.invite(body));
export const useResendInvitation = () => useTeamMutation((id: number) => api.accountMembers.resend(id));
export const useRevokeInvitation = () => useTeamMutation((id: number) => api.accountMembers.revoke(id));
export const useChangeRole = () => useTeamMutation(({ id, role }: { id: number; role: InvitableRole }) => api.accountMembers.changeRole(id, role));
export const useRemoveMember = () => useTeamMutation((id: number) => api.accountMembers.remove(id));
export const useTransferOwnership = () => useTeamMutation((id: number) => api.accountMembers.transferOwnership(id));

/** Leaving or joining moves the user to another account: every cached answer belongs to the old one. */
function useAccountSwitch<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.clear() });
}

export const useLeaveAccount = () => useAccountSwitch(() => api.accountMembers.leave());
export const useAcceptInvitation = () => useAccountSwitch((token: string) => api.accountMembers.accept(token));

/** GET account_members/invitations/:token (public): who invites to which account. */
export function useInvitationPreview(token: string) {
  return useQuery({ queryKey: teamKeys.invitation(token), queryFn: () => api.accountMembers.preview(token), retry: false });
}
