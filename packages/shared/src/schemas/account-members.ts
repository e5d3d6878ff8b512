import { z } from 'zod';
import { dbId, int32, text } from './primitives';
import { missingOr } from './missing';

/**
 * Members of an account and their roles (issue 29; docs/decisions.md "Account roles"). Lowest first: a
 * route that needs a role admits that role and every role above it.
 * - owner: the plan and billing, hands over ownership (one per account).
 * - admin: everything else: mailboxes, integrations, campaigns, agents, business information, members.
 * - member: the inbox, the pipeline, prospects and personas, tasks and calls; sees the rest, changes none of it.
 */
export const ACCOUNT_ROLES = ['member', 'admin', 'owner'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
export const accountRoleSchema = z.enum(ACCOUNT_ROLES);

/** The roles an invitation (or a role change) can give: ownership is only ever handed over. */
export const INVITABLE_ROLES = ['admin', 'member'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
const invitableRole = z.enum(INVITABLE_ROLES, { error: 'Role must be admin or member' });

export const roleRank = (role: AccountRole): number => ACCOUNT_ROLES.indexOf(role);
/** True when `role` may do what `needed` may. */
export const hasRole = (role: AccountRole, needed: AccountRole): boolean => roleRank(role) >= roleRank(needed);

export const ROLE_LABELS: Record<AccountRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** The 403 of a route whose role the caller lacks (apps/api's route registry answers it). */
export const roleRequiredMessage = (needed: AccountRole): string =>
  needed === 'owner' ? 'Only the account owner can do this.' : 'Only an account admin or the owner can do this.';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

const email = z.email(missingOr('Email is required', 'Email is not a valid address')).max(254).transform((s) => s.trim().toLowerCase());

/** POST account_members/invitations. */
export const invitationCreateBodySchema = z.strictObject({ email, role: invitableRole });
export type InvitationCreateBody = z.input<typeof invitationCreateBodySchema>;

/** PUT account_members/:id: an admin or the owner changes a member's role (never to or from owner). */
export const memberUpdateBodySchema = z.strictObject({ role: invitableRole });
export type MemberUpdateBody = z.input<typeof memberUpdateBodySchema>;

/** The invitation link's token: base64url, as lib/crypto's randomToken makes it. */
export const invitationTokenParamsSchema = z.strictObject({
  token: text()
    .min(20, { error: 'Invitation link is not valid' })
    .max(200, { error: 'Invitation link is not valid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Invitation link is not valid' }),
});

/** One row of GET account_members: a member (status active) or an invitation (pending or expired). */
export const accountMemberSchema = z.object({
  /** The user's id for a member, the invitation's id for an invitation (kind tells which). */
  id: dbId(),
  kind: z.enum(['member', 'invitation']),
  email: text(),
  name: text().nullable(),
  role: accountRoleSchema,
  status: z.enum(['active', 'pending', 'expired']),
  /** The caller themself. */
  you: z.boolean(),
  /** Invitations: when the link stops working, and when it was last sent. */
  expires_at: text().nullable(),
  sent_at: text().nullable(),
  invited_by: text().nullable(),
  created_at: text(),
});
export type AccountMember = z.infer<typeof accountMemberSchema>;

export const accountMembersResponseSchema = z.object({
  data: z.array(accountMemberSchema),
  meta: z.object({
    /** The caller's role, and the plan's seats: members plus open invitations take one each. */
    your_role: accountRoleSchema,
    seats: int32(),
    seats_used: int32(),
    account_name: text(),
  }),
});
export type AccountMembersResponse = z.infer<typeof accountMembersResponseSchema>;

export const accountMemberResponseSchema = z.object({ data: accountMemberSchema });

/** GET account_members/invitations/:token (public): what the invitation page shows. */
export const invitationPreviewSchema = z.object({
  data: z.object({
    account_name: text(),
    invited_by: text().nullable(),
    email: text(),
    role: z.enum(INVITABLE_ROLES),
    expires_at: text(),
    status: z.enum(['pending', 'expired']),
  }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>['data'];

/** POST …/accept: the account the user now works in. */
export const invitationAcceptResponseSchema = z.object({
  data: z.object({ account_id: dbId(), account_name: text(), role: accountRoleSchema }),
});
