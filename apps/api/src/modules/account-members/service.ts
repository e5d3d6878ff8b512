import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { PAID_PLANS, planLimitsOf } from '@shared/schemas/payments';
import {
  INVITATION_TTL_DAYS,
  type AccountMember,
  type AccountMembersResponse,
  type AccountRole,
  type invitationCreateBodySchema,
  type InvitationPreview,
} from '@shared/schemas/account-members';
import type { Db } from '../../db/client';
import { asSystem } from '../../db/tenancy';
import { accountInvitations, accounts, onboardingAnswers, users, type AccountInvitationRow, type AccountRow, type UserRow } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { RequestBrand } from '../../lib/brand-request';
import type { AuthContext, Deps } from '../../lib/route';
import { announceSessionChange } from '../../lib/live-events';
import { evictUser } from '../auth/auth-cache';
import { invitationMail } from '../auth/emails';
import { deliverAuthMail } from '../auth/mail';
import { revokeAllTokens } from '../auth/tokens';
import { isUniqueViolation } from '../auth/service';
import { ensureDefaultRules } from '../notifications/service';

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;
type InviteBody = z.output<typeof invitationCreateBodySchema>;

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const now = (deps: Deps) => (deps.clock ?? (() => new Date()))();

export const MEMBER_MESSAGES = {
  alreadyMember: (email: string) => `${email} is already a member of this account`,
  seatsFull: (plan: string, seats: number) =>
    `Your ${plan} plan has ${seats} ${seats === 1 ? 'seat' : 'seats'}, all taken by members and open invitations. Upgrade the plan, or revoke an invitation or remove a member first.`,
  seatsFullOnAccept: (accountName: string) => `${accountName} has no free seat left on its plan: ask whoever invited you to free one or upgrade the plan.`,
  invitationNotFound: 'This invitation is not valid: it may have been revoked, replaced by a newer email, or already used.',
  invitationExpired: 'This invitation has expired. Ask whoever invited you to send it again.',
  wrongBrand: 'This invitation is for an account on another site. Open the link from the invitation email as it is.',
  wrongEmail: (invited: string, you: string) => `This invitation was sent to ${invited}, and you are signed in as ${you}. Sign in with ${invited} to accept it.`,
  alreadyInAccount: 'You are already a member of this account.',
  ownerWithMembers: 'You own an account that has other members: hand over its ownership (Members) before you join another account.',
  paidPlan: 'Your own account has a paid plan: cancel it before you join another account.',
  memberNotFound: 'Member not found',
  ownerRole: "The owner's role changes only by handing over ownership.",
  ownerCannotBeRemoved: 'The account owner cannot be removed.',
  removeYourself: 'To leave the account, use Leave instead.',
  ownerCannotLeave: 'The owner cannot leave the account: hand over ownership to another member first.',
  transferToSelf: 'You already own this account.',
} as const;

/** The people of an account, oldest first. */
const membersOf = (db: Db, accountId: number) =>
  db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.id));

/** Invitations neither accepted nor revoked (expired ones included: they can be resent). */
const openInvitations = (db: Db, accountId: number) =>
  db
    .select({ invitation: accountInvitations, invitedBy: { name: users.name, email: users.email } })
    .from(accountInvitations)
    .leftJoin(users, and(eq(users.id, accountInvitations.invitedByUserId), eq(users.accountId, accountId)))
    .where(and(eq(accountInvitations.accountId, accountId), isNull(accountInvitations.acceptedAt), isNull(accountInvitations.revokedAt)))
    .orderBy(asc(accountInvitations.id));

const personName = (u: { name: string | null; email: string } | null) => (u ? u.name || u.email : null);

/** Seats taken: every member, and every open invitation that has not expired. */
async function seatsUsed(db: Db, accountId: number, at: Date): Promise<{ members: number; invitations: number }> {
  const [m] = await db.select({ n: count() }).from(users).where(eq(users.accountId, accountId));
  const [i] = await db
    .select({ n: count() })
    .from(accountInvitations)
    .where(and(eq(accountInvitations.accountId, accountId), isNull(accountInvitations.acceptedAt), isNull(accountInvitations.revokedAt), gt(accountInvitations.expiresAt, at)));
  return { members: Number(m?.n ?? 0), invitations: Number(i?.n ?? 0) };
}

export async function listMembers(deps: Deps, auth: AuthContext): Promise<AccountMembersResponse> {
  const at = now(deps);
  const accountId = auth.account.id;
  const [people, invitations, used] = [await membersOf(deps.db, accountId), await openInvitations(deps.db, accountId), await seatsUsed(deps.db, accountId, at)];
  const data: AccountMember[] = [
    ...people.map((p) => ({
      id: p.id,
      kind: 'member' as const,
      email: p.email,
      name: p.name,
      role: p.role,
      status: 'active' as const,
      you: p.id === auth.user.id,
      expires_at: null,
      sent_at: null,
      invited_by: null,
      created_at: p.createdAt.toISOString(),
    })),
    ...invitations.map(({ invitation: inv, invitedBy }) => invitationJson(inv, personName(invitedBy), at)),
  ];
  return {
    data,
    meta: { your_role: auth.user.role, seats: planLimitsOf(auth.account.tariffPlan).seats, seats_used: used.members + used.invitations, account_name: auth.account.name },
  };
}

function invitationJson(inv: AccountInvitationRow, invitedBy: string | null, at: Date): AccountMember {
  return {
    id: inv.id,
    kind: 'invitation',
    email: inv.email,
    name: null,
    role: inv.role,
    status: inv.expiresAt.getTime() > at.getTime() ? 'pending' : 'expired',
    you: false,
    expires_at: inv.expiresAt.toISOString(),
    sent_at: inv.sentAt.toISOString(),
    invited_by: invitedBy,
    created_at: inv.createdAt.toISOString(),
  };
}

async function assertFreeSeat(deps: Deps, account: AccountRow, at: Date): Promise<void> {
  const { seats } = planLimitsOf(account.tariffPlan);
  const used = await seatsUsed(deps.db, account.id, at);
  if (used.members + used.invitations >= seats) throw unprocessable(MEMBER_MESSAGES.seatsFull(account.tariffPlan, seats));
}

/** A fresh token and expiry on the row, and the email with its link (the earlier link stops working). */
async function sendInvitation(deps: Deps, brand: RequestBrand, auth: AuthContext, inv: AccountInvitationRow, log: Log, at: Date): Promise<AccountInvitationRow> {
  const token = randomToken();
  const expiresAt = new Date(at.getTime() + TTL_MS);
  const [row] = await deps.db
    .update(accountInvitations)
    .set({ tokenHash: sha256(token), sentAt: at, expiresAt, role: inv.role })
    .where(and(eq(accountInvitations.id, inv.id), eq(accountInvitations.accountId, auth.account.id)))
    .returning();
  const link = `${brand.origin}/invitations/${token}`;
  await deliverAuthMail(deps, invitationMail(brand.brand, inv.email, personName(auth.user)!, auth.account.name, inv.role, link, expiresAt), log);
  return row!;
}

/**
 * Invites an email (or, when it already has an open invitation, sends that one again with the role asked
 * for now). A new invitation needs a free seat; the email of someone already in the account is refused.
 */
export async function invite(deps: Deps, brand: RequestBrand, auth: AuthContext, body: InviteBody, log: Log): Promise<AccountMember> {
  const at = now(deps);
  const accountId = auth.account.id;
  const email = body.email.toLowerCase();
  const [member] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), sql`lower(${users.email}) = ${email}`));
  if (member) throw unprocessable(MEMBER_MESSAGES.alreadyMember(email));
  const [open] = await deps.db
    .select()
    .from(accountInvitations)
    .where(and(eq(accountInvitations.accountId, accountId), sql`lower(${accountInvitations.email}) = ${email}`, isNull(accountInvitations.acceptedAt), isNull(accountInvitations.revokedAt)));
  if (open) {
    if (open.expiresAt.getTime() <= at.getTime()) await assertFreeSeat(deps, auth.account, at);
    return invitationJson(await sendInvitation(deps, brand, auth, { ...open, role: body.role }, log, at), personName(auth.user), at);
  }
  await assertFreeSeat(deps, auth.account, at);
  let row: AccountInvitationRow;
  try {
    [row] = (await deps.db
      .insert(accountInvitations)
      .values({ accountId, email, role: body.role, tokenHash: sha256(randomToken()), invitedByUserId: auth.user.id, sentAt: at, expiresAt: new Date(at.getTime() + TTL_MS) })
      .returning()) as [AccountInvitationRow];
  } catch (err) {
    // A concurrent invitation of the same address won: that one stands.
    if (isUniqueViolation(err)) throw unprocessable(`${email} has just been invited`);
    throw err;
  }
  return invitationJson(await sendInvitation(deps, brand, auth, row, log, at), personName(auth.user), at);
}

async function openInvitationById(deps: Deps, accountId: number, id: number): Promise<AccountInvitationRow> {
  const [row] = await deps.db
    .select()
    .from(accountInvitations)
    .where(and(eq(accountInvitations.id, id), eq(accountInvitations.accountId, accountId), isNull(accountInvitations.acceptedAt), isNull(accountInvitations.revokedAt)));
  if (!row) throw notFound('Invitation not found');
  return row;
}

export async function resendInvitation(deps: Deps, brand: RequestBrand, auth: AuthContext, id: number, log: Log): Promise<AccountMember> {
  const at = now(deps);
  const inv = await openInvitationById(deps, auth.account.id, id);
  // An expired invitation holds no seat; sent again, it takes one.
  if (inv.expiresAt.getTime() <= at.getTime()) await assertFreeSeat(deps, auth.account, at);
  return invitationJson(await sendInvitation(deps, brand, auth, inv, log, at), personName(auth.user), at);
}

export async function revokeInvitation(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  await openInvitationById(deps, auth.account.id, id);
  await deps.db
    .update(accountInvitations)
    .set({ revokedAt: now(deps) })
    .where(and(eq(accountInvitations.id, id), eq(accountInvitations.accountId, auth.account.id)));
}

/** The invitation behind a link's token, with its account: across accounts by nature (the token names it). */
async function invitationByToken(deps: Deps, token: string): Promise<{ invitation: AccountInvitationRow; account: AccountRow; invitedBy: string | null }> {
  const [row] = await asSystem('an invitation link names its account by its token', () =>
    deps.db
      .select({ invitation: accountInvitations, account: accounts, invitedBy: { name: users.name, email: users.email } })
      .from(accountInvitations)
      .innerJoin(accounts, eq(accounts.id, accountInvitations.accountId))
      .leftJoin(users, eq(users.id, accountInvitations.invitedByUserId))
      .where(eq(accountInvitations.tokenHash, sha256(token)))
      .limit(1),
  );
  if (!row || row.invitation.acceptedAt || row.invitation.revokedAt) throw notFound(MEMBER_MESSAGES.invitationNotFound);
  return { invitation: row.invitation, account: row.account, invitedBy: personName(row.invitedBy) };
}

/** What the invitation page shows: who invites whom to which account, on this brand only. */
export async function previewInvitation(deps: Deps, brand: RequestBrand, token: string): Promise<InvitationPreview> {
  const { invitation, account, invitedBy } = await invitationByToken(deps, token);
  if (account.holderId !== brand.holderId) throw forbidden(MEMBER_MESSAGES.wrongBrand);
  return {
    account_name: account.name,
    invited_by: invitedBy,
    email: invitation.email,
    role: invitation.role,
    expires_at: invitation.expiresAt.toISOString(),
    status: invitation.expiresAt.getTime() > now(deps).getTime() ? 'pending' : 'expired',
  };
}

/**
 * The signed-in user joins the inviting account with the invited role. A user works in one account at a
 * time: their own account, when they are its only member, is closed with what it holds (the invitation page
 * says so before they accept); an owner with members must hand it over first, and a paid plan must be
 * cancelled first (a deleted account would leave its subscription billing). Onboarding is the account's and
 * was done by whoever set it up, so a joining member skips it.
 */
export async function acceptInvitation(deps: Deps, auth: AuthContext, token: string): Promise<{ account: AccountRow; role: AccountRole }> {
  const at = now(deps);
  const { invitation, account } = await invitationByToken(deps, token);
  if (account.holderId !== auth.account.holderId || account.holderId !== auth.user.holderId) throw forbidden(MEMBER_MESSAGES.wrongBrand);
  if (invitation.expiresAt.getTime() <= at.getTime()) throw new HttpError(410, [MEMBER_MESSAGES.invitationExpired]);
  if (invitation.email.toLowerCase() !== auth.user.email.toLowerCase()) throw forbidden(MEMBER_MESSAGES.wrongEmail(invitation.email, auth.user.email));
  if (auth.account.id === account.id) throw unprocessable(MEMBER_MESSAGES.alreadyInAccount);
  const leaving = auth.account;
  return asSystem('joining an account moves the user out of their own', async () => {
    const others = await deps.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.accountId, leaving.id), ne(users.id, auth.user.id)));
    const alone = Number(others[0]?.n ?? 0) === 0;
    if (!alone && auth.user.role === 'owner') throw unprocessable(MEMBER_MESSAGES.ownerWithMembers);
    if (alone && leaving.stripeSubscriptionId && (PAID_PLANS as readonly string[]).includes(leaving.tariffPlan)) {
      throw unprocessable(MEMBER_MESSAGES.paidPlan);
    }
    const role = invitation.role;
    await deps.db.transaction(async (tx) => {
      // The seat is counted in the transaction that takes it, under the account's lock: two accepts cannot share the last one.
      await tx.execute(sql`select pg_advisory_xact_lock(2901, ${account.id})`);
      const [m] = await tx.select({ n: count() }).from(users).where(eq(users.accountId, account.id));
      if (Number(m?.n ?? 0) >= planLimitsOf(account.tariffPlan).seats) throw unprocessable(MEMBER_MESSAGES.seatsFullOnAccept(account.name));
      await tx.delete(onboardingAnswers).where(eq(onboardingAnswers.userId, auth.user.id));
      await tx
        .update(users)
        .set({ accountId: account.id, role, onboardingFinishedAt: auth.user.onboardingFinishedAt ?? at, updatedAt: at })
        .where(eq(users.id, auth.user.id));
      await tx.update(accountInvitations).set({ acceptedAt: at, acceptedUserId: auth.user.id }).where(eq(accountInvitations.id, invitation.id));
      if (alone) await tx.delete(accounts).where(eq(accounts.id, leaving.id));
    });
    await sessionChanged(deps.db, auth.user.id);
    return { account, role };
  });
}

/** The user's cached sessions are dropped here and on every instance (their next request reads the new account and role). */
async function sessionChanged(db: Db, userId: number): Promise<void> {
  evictUser(db, userId);
  await announceSessionChange(db, userId);
}

async function memberOf(deps: Deps, accountId: number, userId: number): Promise<UserRow> {
  // By the account alone (the tenancy guard reads users.id as the caller's own): an account has few members.
  const rows = await deps.db.select().from(users).where(eq(users.accountId, accountId));
  const row = rows.find((r) => r.id === userId);
  if (!row) throw notFound(MEMBER_MESSAGES.memberNotFound);
  return row;
}

/**
 * Writes to a teammate's row: the guard takes users.id for the caller's own, so these run in the system
 * scope, each bound to the caller's account in its where clause (memberOf checked the teammate is in it).
 */
const onTeammate = <T>(fn: () => Promise<T>) => asSystem("changes a teammate's row, bound to the caller's account", fn);

export async function changeRole(deps: Deps, auth: AuthContext, userId: number, role: 'admin' | 'member'): Promise<void> {
  const target = await memberOf(deps, auth.account.id, userId);
  if (target.role === 'owner') throw unprocessable(MEMBER_MESSAGES.ownerRole);
  await onTeammate(() =>
    deps.db
      .update(users)
      .set({ role, updatedAt: now(deps) })
      .where(and(eq(users.id, userId), eq(users.accountId, auth.account.id))),
  );
  await sessionChanged(deps.db, userId);
}

/**
 * Out of the account: the user gets a fresh account of their own on the same brand (as at sign-up), so they can
 * still sign in and start over; their work stays in the account they leave.
 */
async function moveToOwnAccount(deps: Deps, user: UserRow, fromAccountId: number): Promise<void> {
  await asSystem('a member who leaves an account gets an account of their own', async () => {
    const created = await deps.db.transaction(async (tx) => {
      const [own] = await tx
        .insert(accounts)
        .values({ name: user.name || user.email.split('@')[0]!, holderId: user.holderId, tariffPlan: 'Trial' })
        .returning();
      await tx.delete(onboardingAnswers).where(eq(onboardingAnswers.userId, user.id));
      await tx
        .update(users)
        .set({ accountId: own!.id, role: 'owner', updatedAt: now(deps) })
        .where(and(eq(users.id, user.id), eq(users.accountId, fromAccountId)));
      return own!;
    });
    await ensureDefaultRules(deps.db, created.id);
  });
}

/** An admin or the owner removes someone: they are out at once (every session of theirs ends). */
export async function removeMember(deps: Deps, auth: AuthContext, userId: number): Promise<void> {
  if (userId === auth.user.id) throw unprocessable(MEMBER_MESSAGES.removeYourself);
  const target = await memberOf(deps, auth.account.id, userId);
  if (target.role === 'owner') throw forbidden(MEMBER_MESSAGES.ownerCannotBeRemoved);
  await moveToOwnAccount(deps, target, auth.account.id);
  await asSystem('the removed member is in their own account now', () => revokeAllTokens(deps.db, target.id));
}

/** A member or an admin leaves; their session stays, in their own fresh account. */
export async function leaveAccount(deps: Deps, auth: AuthContext): Promise<void> {
  if (auth.user.role === 'owner') throw unprocessable(MEMBER_MESSAGES.ownerCannotLeave);
  await moveToOwnAccount(deps, auth.user, auth.account.id);
  await sessionChanged(deps.db, auth.user.id);
}

/** The owner hands the account over to another member, who becomes its owner; the old owner stays as an admin. */
export async function transferOwnership(deps: Deps, auth: AuthContext, userId: number): Promise<void> {
  if (userId === auth.user.id) throw unprocessable(MEMBER_MESSAGES.transferToSelf);
  await memberOf(deps, auth.account.id, userId);
  const at = now(deps);
  await onTeammate(() => deps.db.transaction(async (tx) => {
    // The old owner first: one owner per account (users_account_owner_unique).
    await tx
      .update(users)
      .set({ role: 'admin', updatedAt: at })
      .where(and(eq(users.id, auth.user.id), eq(users.accountId, auth.account.id)));
    await tx
      .update(users)
      .set({ role: 'owner', updatedAt: at })
      .where(and(eq(users.id, userId), eq(users.accountId, auth.account.id)));
  }));
  await sessionChanged(deps.db, auth.user.id);
  await sessionChanged(deps.db, userId);
}
