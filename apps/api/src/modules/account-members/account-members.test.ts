import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleRequiredMessage } from '@shared/schemas/account-members';
import { brandOrigin } from '../../lib/brand-request';
import { sha256 } from '../../lib/crypto';
import { accountInvitations, accounts, users } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, signIn, startTestApp, uniqueEmail, v1, type TestApp } from '../../testing/harness';
import { createPersona } from '../../testing/profiles';
import { activities } from '../../db/schema';
import { cardOf } from '../pipeline/ownership.test-helpers';
import { acceptRequest, invitationToken, invite, inviteRequest, joinedAs, membersOf, setPlan, signedUpAs, TOKEN_LINK } from './team.test-helpers';

const DAY = 24 * 60 * 60 * 1000;
const B3 = 'brand3.localhost:3000';

describe.each(DB_KINDS)('account members on %s', (kind) => {
  let t: TestApp;
  // The routes' clock (invitations expire on it); the test moves it.
  let nowMs = Date.now();
  beforeAll(async () => {
    t = await startTestApp(kind, { clock: () => new Date(nowMs) });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: v1(url), headers });
  const post = (url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method: 'POST', url: v1(url), headers, ...(payload ? { payload } : {}) });
  const del = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: v1(url), headers });
  const accountIdOf = async (email: string) => (await t.db.db.select({ id: users.accountId }).from(users).where(eq(users.email, email)))[0]!.id;

  it('invites by the brand’s email with a link to the invitation page; the token is kept hashed; the invitee joins and works in the account', async () => {
    const owner = await signedInUser(t, 'team-owner');
    const persona = await createPersona(t, owner.headers, 'Owner’s persona');
    const email = uniqueEmail('invitee');
    const res = await inviteRequest(t, owner.headers, email, 'member');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'invitation', email, role: 'member', status: 'pending' });

    const mail = await t.smtp.waitForMail(email, (m) => TOKEN_LINK.test(m.text));
    const origin = brandOrigin(t.config, 0);
    const token = TOKEN_LINK.exec(mail.text)![1]!;
    expect(mail.text).toContain(`${origin}/invitations/${token}`);
    const [row] = await t.db.db.select().from(accountInvitations).where(eq(accountInvitations.email, email));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - nowMs).toBe(7 * DAY);

    const list = await membersOf(t, owner.headers);
    expect(list.data.map((m) => [m.email, m.role, m.status])).toEqual([
      [owner.email, 'owner', 'active'],
      [email, 'member', 'pending'],
    ]);
    expect(list.meta).toMatchObject({ your_role: 'owner', seats: 2, seats_used: 2 });

    // The page (public) shows who invites to which account.
    const preview = await get(`/account_members/invitations/${token}`, {});
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ account_name: expect.any(String), email, role: 'member', status: 'pending' });

    const invitee = await signedUpAs(t, email);
    const ownAccount = await accountIdOf(email);
    const accepted = await acceptRequest(t, invitee.headers, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ account_id: await accountIdOf(owner.email), role: 'member' });

    const info = (await get('/user_info', invitee.headers)).json().data;
    expect(info).toMatchObject({ account_id: await accountIdOf(owner.email), role: 'member', onboarding_finished: true });
    const personas = await get('/persons?per_page=100', invitee.headers);
    expect(personas.json().data.map((p: { id: number }) => p.id)).toContain(persona.id);
    // Their own empty account is closed.
    expect(await t.db.db.select().from(accounts).where(eq(accounts.id, ownAccount))).toEqual([]);
    expect((await membersOf(t, owner.headers)).data.map((m) => [m.email, m.role, m.status])).toEqual([
      [owner.email, 'owner', 'active'],
      [email, 'member', 'active'],
    ]);
    // A used link does not work again.
    expect((await acceptRequest(t, invitee.headers, token)).statusCode).toBe(404);
  });

  it('a member is refused what needs an admin (403); an admin passes the role check and meets validation (422)', async () => {
    const owner = await signedInUser(t, 'roles-owner');
    await setPlan(t, owner, 'Growth');
    const member = await joinedAs(t, owner, 'member');
    const admin = await joinedAs(t, owner, 'admin');
    for (const [url, payload] of [
      ['/user_emails', {}],
      ['/account_members/invitations', { email: uniqueEmail('by-member'), role: 'member' }],
    ] as const) {
      const refused = await post(url, member.headers, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ errors: [roleRequiredMessage('admin')] });
    }
    expect((await post('/user_emails', admin.headers, {})).statusCode).toBe(422);
    expect((await post('/account_members/invitations', admin.headers, { email: 'not-an-email', role: 'member' })).statusCode).toBe(422);
    expect((await post('/account_members/invitations', admin.headers, { email: uniqueEmail('by-admin'), role: 'owner' })).json()).toEqual({ errors: ['Role must be admin or member'] });
    expect((await post('/account_members/invitations', admin.headers, { email: uniqueEmail('by-admin'), role: 'member' })).statusCode).toBe(200);
    // The member reads what they may not change.
    expect((await get('/user_emails', member.headers)).statusCode).toBe(200);
    // Billing is the owner's.
    expect((await post('/create_stripe_session', admin.headers, {})).json()).toEqual({ errors: [roleRequiredMessage('owner')] });
  });

  it('an invitation expires after 7 days on the clock; resent, it works again with a new link, and the old link is dead', async () => {
    const owner = await signedInUser(t, 'expiry-owner');
    const email = uniqueEmail('late');
    const inv = await invite(t, owner.headers, email);
    const first = await invitationToken(t, email);
    const invitee = await signedUpAs(t, email);
    nowMs += 7 * DAY + 1000;
    try {
      const late = await acceptRequest(t, invitee.headers, first);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({ errors: ['This invitation has expired. Ask whoever invited you to send it again.'] });
      expect((await get(`/account_members/invitations/${first}`, {})).json().data.status).toBe('expired');
      expect((await membersOf(t, owner.headers)).data.find((m) => m.kind === 'invitation')).toMatchObject({ status: 'expired' });
      // An expired invitation holds no seat.
      expect((await membersOf(t, owner.headers)).meta.seats_used).toBe(1);

      expect((await post(`/account_members/invitations/${inv.id}/resend`, owner.headers)).statusCode).toBe(200);
      const second = await invitationToken(t, email, first);
      expect(second).not.toBe(first);
      expect((await acceptRequest(t, invitee.headers, first)).statusCode).toBe(404);
      expect((await acceptRequest(t, invitee.headers, second)).statusCode).toBe(200);
    } finally {
      nowMs = Date.now();
    }
  });

  it('a revoked invitation no longer works and frees its seat', async () => {
    const owner = await signedInUser(t, 'revoke-owner');
    const email = uniqueEmail('revoked');
    const inv = await invite(t, owner.headers, email);
    const token = await invitationToken(t, email);
    // Trial: two seats, both taken (the owner and the open invitation).
    const full = await inviteRequest(t, owner.headers, uniqueEmail('one-too-many'));
    expect(full.statusCode).toBe(422);
    expect(full.json().errors[0]).toMatch(/^Your Trial plan has 2 seats, all taken/);

    expect((await del(`/account_members/invitations/${inv.id}`, owner.headers)).statusCode).toBe(200);
    const invitee = await signedUpAs(t, email);
    const res = await acceptRequest(t, invitee.headers, token);
    expect(res.statusCode).toBe(404);
    expect((await get(`/account_members/invitations/${token}`, {})).statusCode).toBe(404);
    expect((await membersOf(t, owner.headers)).data.map((m) => m.email)).toEqual([owner.email]);
    expect((await inviteRequest(t, owner.headers, uniqueEmail('now-fits'))).statusCode).toBe(200);
  });

  it('refuses the wrong email and the wrong brand clearly', async () => {
    const owner = await signedInUser(t, 'brand-owner');
    const email = uniqueEmail('brand-invitee');
    await invite(t, owner.headers, email);
    const token = await invitationToken(t, email);

    const stranger = await signedInUser(t, 'stranger');
    const wrongEmail = await acceptRequest(t, stranger.headers, token);
    expect(wrongEmail.statusCode).toBe(403);
    expect(wrongEmail.json()).toEqual({
      errors: [`This invitation was sent to ${email}, and you are signed in as ${stranger.email}. Sign in with ${email} to accept it.`],
    });

    // The same email, signed up on another brand (a separate tenant): not this invitation's account.
    const elsewhere = await signedUpAs(t, email, B3);
    const wrongBrand = await acceptRequest(t, elsewhere.headers, token);
    expect(wrongBrand.statusCode).toBe(403);
    expect(wrongBrand.json()).toEqual({ errors: ['This invitation is for an account on another site. Open the link from the invitation email as it is.'] });
    expect((await get(`/account_members/invitations/${token}`, { host: B3 })).statusCode).toBe(403);
    expect((await membersOf(t, owner.headers)).data.filter((m) => m.kind === 'member').map((m) => m.email)).toEqual([owner.email]);
  });

  it('counts seats at accept too: a plan with no seat left refuses the join', async () => {
    const owner = await signedInUser(t, 'seat-owner');
    const email = uniqueEmail('no-seat');
    await invite(t, owner.headers, email);
    const token = await invitationToken(t, email);
    // Payment stopped: the owner's seat only.
    await setPlan(t, owner, 'Not paid');
    const invitee = await signedUpAs(t, email);
    const res = await acceptRequest(t, invitee.headers, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/has no free seat left on its plan/);
    expect((await inviteRequest(t, owner.headers, uniqueEmail('unpaid'))).json().errors[0]).toMatch(/^Your Not paid plan has 1 seat,/);
  });

  it('the owner removes a member: every session of theirs ends at once, and they keep an account of their own', async () => {
    const owner = await signedInUser(t, 'remove-owner');
    const member = await joinedAs(t, owner, 'member');
    const secondDevice = await signIn(t, member.email, member.password);
    expect((await del(`/account_members/${member.user.id}`, owner.headers)).statusCode).toBe(200);
    for (const headers of [member.headers, secondDevice]) expect((await get('/user_info', headers)).statusCode).toBe(401);
    const back = await signIn(t, member.email, member.password);
    const info = (await get('/user_info', back)).json().data;
    expect(info.account_id).not.toBe(await accountIdOf(owner.email));
    expect(info.role).toBe('owner');
    expect((await membersOf(t, owner.headers)).data.map((m) => m.email)).toEqual([owner.email]);
  });

  it('an admin cannot remove the owner; a member can leave, the owner cannot; the owner hands over ownership', async () => {
    const owner = await signedInUser(t, 'handover-owner');
    await setPlan(t, owner, 'Growth');
    const admin = await joinedAs(t, owner, 'admin');
    const member = await joinedAs(t, owner, 'member');
    const ownerId = (await get('/user_info', owner.headers)).json().data.id;

    const removeOwner = await del(`/account_members/${ownerId}`, admin.headers);
    expect(removeOwner.statusCode).toBe(403);
    expect(removeOwner.json()).toEqual({ errors: ['The account owner cannot be removed.'] });
    expect((await post('/account_members/leave', owner.headers)).json()).toEqual({
      errors: ['The owner cannot leave the account: hand over ownership to another member first.'],
    });
    // A member cannot change roles; an admin can (between admin and member).
    expect((await t.app.inject({ method: 'PUT', url: v1(`/account_members/${admin.user.id}`), headers: member.headers, payload: { role: 'member' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: v1(`/account_members/${member.user.id}`), headers: admin.headers, payload: { role: 'admin' } })).statusCode).toBe(200);
    expect((await get('/user_info', member.headers)).json().data.role).toBe('admin');
    expect((await t.app.inject({ method: 'PUT', url: v1(`/account_members/${member.user.id}`), headers: admin.headers, payload: { role: 'member' } })).statusCode).toBe(200);

    const left = await post('/account_members/leave', member.headers);
    expect(left.statusCode, left.body).toBe(200);
    expect((await get('/user_info', member.headers)).json().data).toMatchObject({ role: 'owner' });
    expect((await get('/user_info', member.headers)).json().data.account_id).not.toBe(await accountIdOf(owner.email));

    expect((await post(`/account_members/${admin.user.id}/transfer_ownership`, admin.headers)).statusCode).toBe(403);
    expect((await post(`/account_members/${admin.user.id}/transfer_ownership`, owner.headers)).statusCode).toBe(200);
    expect((await membersOf(t, admin.headers)).meta.your_role).toBe('owner');
    expect((await membersOf(t, owner.headers)).meta.your_role).toBe('admin');
    expect((await post('/create_stripe_session', owner.headers, {})).statusCode).toBe(403);
    // The new owner may now remove the old one.
    expect((await del(`/account_members/${ownerId}`, admin.headers)).statusCode).toBe(200);
  });

  it('an owner whose own account has members must hand it over before joining another', async () => {
    const other = await signedInUser(t, 'other-owner');
    const mine = await signedInUser(t, 'busy-owner');
    await joinedAs(t, mine, 'member');
    await invite(t, other.headers, mine.email);
    const token = await invitationToken(t, mine.email);
    const res = await acceptRequest(t, mine.headers, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatch(/hand over its ownership/);
  });

  it('who did what: a member’s move of a pipeline card is theirs, by name, in the card’s history and the activity log', async () => {
    const owner = await signedInUser(t, 'actor-owner');
    const member = await joinedAs(t, owner, 'member');
    const { cardId, accountId } = await cardOf(t, owner);
    const moved = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${cardId}`), headers: member.headers, payload: { pipeline_status: 'lost' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const list = await get('/campaign_emails/pipeline_prospects?pipeline_status=lost&per_page=100', owner.headers);
    const card = list.json().data.find((c: { id: number }) => c.id === cardId);
    expect(card.recent_moves[0]).toMatchObject({ actor: { type: 'user', id: member.user.id, name: member.email } });
    const logged = await t.db.db.select().from(activities).where(eq(activities.accountId, accountId));
    const move = logged.find((x) => x.verb === 'pipeline_moved' && x.actorType === 'user');
    expect(move).toMatchObject({ actorId: member.user.id });
    expect(move!.actorId).not.toBe((await get('/user_info', owner.headers)).json().data.id);
  });
});
