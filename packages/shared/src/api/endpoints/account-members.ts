import type { ApiClient } from '../client';
import type { AccountMember, AccountMembersResponse, InvitableRole, InvitationCreateBody, InvitationPreview } from '../../schemas/account-members';

/** The account's people (issue 29): members, invitations, roles and the owner's hand-over. */
export function accountMemberEndpoints(http: ApiClient) {
  return {
    list: () => http.get<AccountMembersResponse>('/account_members').then((r) => r.data),
    invite: (body: InvitationCreateBody) => http.post<{ data: AccountMember }>('/account_members/invitations', body).then((r) => r.data.data),
    resend: (id: number) => http.post<{ data: AccountMember }>(`/account_members/invitations/${id}/resend`).then((r) => r.data.data),
    revoke: (id: number) => http.delete(`/account_members/invitations/${id}`).then(() => undefined),
    preview: (token: string) => http.get<{ data: InvitationPreview }>(`/account_members/invitations/${encodeURIComponent(token)}`).then((r) => r.data.data),
    accept: (token: string) =>
      http
        .post<{ data: { account_id: number; account_name: string; role: string } }>(`/account_members/invitations/${encodeURIComponent(token)}/accept`)
        .then((r) => r.data.data),
    changeRole: (id: number, role: InvitableRole) => http.put(`/account_members/${id}`, { role }).then(() => undefined),
    remove: (id: number) => http.delete(`/account_members/${id}`).then(() => undefined),
    leave: () => http.post('/account_members/leave').then(() => undefined),
    transferOwnership: (id: number) => http.post(`/account_members/${id}/transfer_ownership`).then(() => undefined),
  };
}
