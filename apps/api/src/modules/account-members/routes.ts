import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  accountMemberResponseSchema,
  accountMembersResponseSchema,
  invitationAcceptResponseSchema,
  invitationCreateBodySchema,
  invitationPreviewSchema,
  invitationTokenParamsSchema,
  memberUpdateBodySchema,
} from '@shared/schemas/account-members';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as service from './service';

const TAGS = ['account members'];
const ok = { 200: z.object({ status: z.literal('success') }) };
const success = { status: 'success' as const };

/**
 * The people of an account (issue 29): members with their roles, invitations by email (sent, resent,
 * revoked, accepted through the emailed link), leaving, removal and the owner's hand-over.
 */
export const accountMemberRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/account_members'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "The account's members and open invitations, the caller's role and the plan's seats",
    tags: TAGS,
    schema: { response: { 200: accountMembersResponseSchema } },
    handler: ({ auth, deps }) => service.listMembers(deps, auth),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/account_members/invitations'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Invite an email as admin or member: the brand sends a link that works for 7 days (an open invitation of the same email is sent again)',
    tags: TAGS,
    rateLimit: 'outbound',
    schema: { body: invitationCreateBodySchema, response: { 200: accountMemberResponseSchema } },
    handler: async ({ auth, body, brand, deps, req }) => ({ data: await service.invite(deps, brand, auth, body, req.log) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/account_members/invitations/:id/resend'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Send an open invitation again, with a new link (the earlier one stops working) and 7 more days',
    tags: TAGS,
    rateLimit: 'outbound',
    schema: { params: idParamsSchema, response: { 200: accountMemberResponseSchema } },
    handler: async ({ auth, brand, deps, params, req }) => ({ data: await service.resendInvitation(deps, brand, auth, params.id, req.log) }),
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/account_members/invitations/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Revoke an open invitation: its link stops working and its seat is free',
    tags: TAGS,
    schema: { params: idParamsSchema, response: ok },
    handler: async ({ auth, deps, params }) => {
      await service.revokeInvitation(deps, auth, params.id);
      return success;
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/account_members/invitations/:token'),
    access: 'public',
    owner: 'none',
    systemScope: 'an invitation link names its account by its token',
    summary: 'What an invitation link shows: the account, who invites, the invited email and role, and whether it still works',
    tags: TAGS,
    rateLimit: 'public',
    schema: { params: invitationTokenParamsSchema, response: { 200: invitationPreviewSchema } },
    handler: async ({ brand, deps, params }) => ({ data: await service.previewInvitation(deps, brand, params.token) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/account_members/invitations/:token/accept'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary:
      "Accept an invitation sent to the signed-in user's email on this brand: they work in the inviting account from now on (their own account, when they are its only member, is closed)",
    tags: TAGS,
    rateLimit: 'auth',
    schema: { params: invitationTokenParamsSchema, response: { 200: invitationAcceptResponseSchema } },
    handler: async ({ auth, deps, params }) => {
      const { account, role } = await service.acceptInvitation(deps, auth, params.token);
      return { data: { account_id: account.id, account_name: account.name, role } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/account_members/leave'),
    access: 'user',
    owner: 'self',
    role: 'member',
    summary: 'Leave the account (not the owner): the user goes on in a fresh account of their own',
    tags: TAGS,
    schema: { response: ok },
    handler: async ({ auth, deps }) => {
      await service.leaveAccount(deps, auth);
      return success;
    },
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/account_members/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: "Change a member's role between admin and member (the owner's changes only by a hand-over)",
    tags: TAGS,
    schema: { params: idParamsSchema, body: memberUpdateBodySchema, response: ok },
    handler: async ({ auth, body, deps, params }) => {
      await service.changeRole(deps, auth, params.id, body.role);
      return success;
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: v1('/account_members/:id'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary: 'Remove a member (never the owner): every session of theirs ends at once; they keep an account of their own',
    tags: TAGS,
    schema: { params: idParamsSchema, response: ok },
    handler: async ({ auth, deps, params }) => {
      await service.removeMember(deps, auth, params.id);
      return success;
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/account_members/:id/transfer_ownership'),
    access: 'user',
    owner: 'account',
    role: 'owner',
    summary: 'Hand the account over to another member: they become its owner (plan and billing), the old owner an admin',
    tags: TAGS,
    schema: { params: idParamsSchema, response: ok },
    handler: async ({ auth, deps, params }) => {
      await service.transferOwnership(deps, auth, params.id);
      return success;
    },
  }),
];
