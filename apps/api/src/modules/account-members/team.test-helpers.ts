import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AccountMember, AccountMembersResponse } from '@shared/schemas/account-members';
import { accounts, users } from '../../db/schema';
import { evictAccount } from '../auth/auth-cache';
import { confirmByLink, register, signIn, uniqueEmail, v1, type AuthHeaders, type signedInUser, type TestApp } from '../../testing/harness';

/**
 * A team on one account for tests: invitations read from the mail the brand sent, members who joined through
 * them, and the ownership probes of the account-members routes (spread into routes.test.ts).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

export const TOKEN_LINK = /\/invitations\/([A-Za-z0-9_-]{20,})/;

/** The token of the newest invitation mail to `email` (other than `not`, the one a resend replaced). */
export async function invitationToken(t: TestApp, email: string, not?: string): Promise<string> {
  const mail = await t.smtp.waitForMail(email, (m) => {
    const found = TOKEN_LINK.exec(m.text);
    return !!found && found[1] !== not;
  });
  return TOKEN_LINK.exec(mail.text)![1]!;
}

export const inviteRequest = (t: TestApp, headers: AuthHeaders, email: string, role: 'admin' | 'member' = 'member') =>
  t.app.inject({ method: 'POST', url: v1('/account_members/invitations'), headers, payload: { email, role } });

export async function invite(t: TestApp, headers: AuthHeaders, email: string, role: 'admin' | 'member' = 'member'): Promise<AccountMember> {
  const res = await inviteRequest(t, headers, email, role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AccountMember }>().data;
}

export const acceptRequest = (t: TestApp, headers: AuthHeaders, token: string) =>
  t.app.inject({ method: 'POST', url: v1(`/account_members/invitations/${token}/accept`), headers });

export async function membersOf(t: TestApp, headers: AuthHeaders): Promise<AccountMembersResponse> {
  const res = await t.app.inject({ method: 'GET', url: v1('/account_members'), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountMembersResponse>();
}

/** Someone signed up, confirmed and signed in with this email (on the default brand, or `host`'s). */
export async function signedUpAs(t: TestApp, email: string, host?: string): Promise<Person> {
  const password = 'secret-pass-1';
  const user = await register(t, email, password, {}, host ? { host } : {});
  expect((await confirmByLink(t, email)).statusCode).toBe(302);
  const headers: AuthHeaders & { host?: string } = await signIn(t, email, password, host);
  if (host) headers.host = host;
  return { email, password, user, headers };
}

/** A new person who was invited by `owner` with `role` and accepted: now in the owner's account. */
export async function joinedAs(t: TestApp, owner: Person, role: 'admin' | 'member', tag = role): Promise<Person> {
  const email = uniqueEmail(tag);
  await invite(t, owner.headers, email, role);
  const token = await invitationToken(t, email);
  const person = await signedUpAs(t, email);
  const res = await acceptRequest(t, person.headers, token);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db.db.select({ accountId: users.accountId, id: users.id }).from(users).where(eq(users.email, email));
  return { ...person, user: { ...person.user, account_id: row!.accountId, id: row!.id } };
}

/** Puts the person's account on a plan (tests of seats, and a team bigger than the trial's). */
export async function setPlan(t: TestApp, person: Person, plan: string): Promise<void> {
  const [row] = await t.db.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, person.email));
  await t.db.db.update(accounts).set({ tariffPlan: plan }).where(eq(accounts.id, row!.accountId));
  evictAccount(t.db.db, row!.accountId);
}

/** Seats for A's invitations, whatever plan the walk's other probes left A on. */
const roomOn = (t: TestApp, a: Person) => setPlan(t, a, 'Scale');

const userIdOf = async (t: TestApp, p: Person) => (await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, p.email)))[0]!.id;

/** B can neither see nor change A's members and invitations. */
export const accountMemberOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/account_members': async (t, a, b) => {
    const secret = uniqueEmail('a-secret-invitee');
    await roomOn(t, a);
    await invite(t, a.headers, secret);
    const res = await t.app.inject({ method: 'GET', url: v1('/account_members'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(a.email);
    expect(res.json<AccountMembersResponse>().data.map((m) => m.email)).toContain(b.email);
  },
  'POST /api/v1/account_members/invitations': async (t, a, b) => {
    // B may invite A's owner to B's own account: an invitation of B's, never on A's list.
    const mine = await invite(t, b.headers, a.email);
    expect((await membersOf(t, a.headers)).data.filter((m) => m.kind === 'invitation').map((m) => m.id)).not.toContain(mine.id);
    expect((await t.app.inject({ method: 'DELETE', url: v1(`/account_members/invitations/${mine.id}`), headers: b.headers })).statusCode).toBe(200);
  },
  'POST /api/v1/account_members/invitations/:id/resend': async (t, a, b) => {
    const email = uniqueEmail('a-resend');
    await roomOn(t, a);
    const inv = await invite(t, a.headers, email);
    const res = await t.app.inject({ method: 'POST', url: v1(`/account_members/invitations/${inv.id}/resend`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Invitation not found'] });
  },
  'DELETE /api/v1/account_members/invitations/:id': async (t, a, b) => {
    const email = uniqueEmail('a-revoke');
    await roomOn(t, a);
    const inv = await invite(t, a.headers, email);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/account_members/invitations/${inv.id}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect((await membersOf(t, a.headers)).data.find((m) => m.kind === 'invitation' && m.id === inv.id)).toMatchObject({ status: 'pending' });
  },
  'POST /api/v1/account_members/invitations/:token/accept': async (t, a, b) => {
    const email = uniqueEmail('a-accept');
    await roomOn(t, a);
    await invite(t, a.headers, email);
    const token = await invitationToken(t, email);
    // B holds A's link (forwarded, leaked): sent to another email, it does not let B in.
    const res = await acceptRequest(t, b.headers, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toContain(`sent to ${email}`);
    expect((await membersOf(t, a.headers)).data.map((m) => m.email)).not.toContain(b.email);
  },
  'POST /api/v1/account_members/leave': async (t, a, b) => {
    const res = await t.app.inject({ method: 'POST', url: v1('/account_members/leave'), headers: b.headers });
    expect(res.statusCode).toBe(422);
    expect((await membersOf(t, a.headers)).data.map((m) => m.email)).toContain(a.email);
  },
  'PUT /api/v1/account_members/:id': async (t, a, b) => {
    const res = await t.app.inject({ method: 'PUT', url: v1(`/account_members/${await userIdOf(t, a)}`), headers: b.headers, payload: { role: 'member' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Member not found'] });
  },
  'DELETE /api/v1/account_members/:id': async (t, a, b) => {
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/account_members/${await userIdOf(t, a)}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).statusCode).toBe(200);
  },
  'POST /api/v1/account_members/:id/transfer_ownership': async (t, a, b) => {
    const res = await t.app.inject({ method: 'POST', url: v1(`/account_members/${await userIdOf(t, a)}/transfer_ownership`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect((await membersOf(t, b.headers)).meta.your_role).toBe('owner');
    expect((await membersOf(t, a.headers)).meta.your_role).toBe('owner');
  },
};
