import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRoute } from './lib/route';
import { dashboardOwnershipProbes } from './modules/dashboard/ownership.test-helpers';
import { insightsOwnershipProbes } from './modules/insights/ownership.test-helpers';
import { variantOwnershipProbes } from './modules/insights/variants.ownership.test-helpers';
import { prospectOwnershipProbes } from './modules/prospects/ownership.test-helpers';
import { messagingOwnershipProbes } from './modules/messaging/ownership.test-helpers';
import { routes } from './routes';
import { DB_KINDS, PGLITE_PASS } from './testing/databases';
import { signedInUser, signIn, startTestApp, v1, type AuthHeaders, type TestApp } from './testing/harness';
import { capturedProfile, createPersona } from './testing/profiles';
import { personaOwnershipProbes } from './modules/personas/ownership.test-helpers';
import { onboardingOwnershipProbes } from './modules/onboarding/ownership.test-helpers';
import { paymentOwnershipProbes } from './modules/billing/ownership.test-helpers';
import { autoCommunicationOwnershipProbes } from './modules/auto-communication/ownership.test-helpers';
import { notificationOwnershipProbes } from './modules/notifications/ownership.test-helpers';
import { userEmailOwnershipProbes } from './modules/mailboxes/ownership.test-helpers';
import { blacklistOwnershipProbes } from './modules/blacklist/ownership.test-helpers';
import { campaignOwnershipProbes } from './modules/campaigns/ownership.test-helpers';
import { complianceOwnershipProbes } from './modules/compliance/ownership.test-helpers';
import { inboxOwnershipProbes } from './modules/inbox/ownership.test-helpers';
import { interactionOwnershipProbes } from './modules/interactions/ownership.test-helpers';
import { pipelineOwnershipProbes } from './modules/pipeline/ownership.test-helpers';
import { brandAwarenessOwnershipProbes } from './modules/brand-awareness/ownership.test-helpers';
import { outreachTaskOwnershipProbes } from './modules/outreach-tasks/ownership.test-helpers';
import { linkedInSearchOwnershipProbes } from './modules/linkedin-searches/ownership.test-helpers';
import { phoneCallOwnershipProbes } from './modules/phone-calls/ownership.test-helpers';
import { createApiKey, keyHeadersOf, webhookOwnershipProbes } from './modules/webhooks/ownership.test-helpers';
import { integrationOwnershipProbes } from './modules/integrations/ownership.test-helpers';
import { accountMemberOwnershipProbes, joinedAs, setPlan } from './modules/account-members/team.test-helpers';
import { ACCOUNT_ROLES, roleRequiredMessage } from '@shared/schemas/account-members';
import { salesforceCalendlyOwnershipProbes } from './modules/integrations/salesforce/ownership.test-helpers';
import { trackingOwnershipProbes } from './modules/tracking/ownership.test-helpers';

const key = (r: Pick<AppRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
const fillParams = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');
/** For the role walk: ids no row has (an admin's request then ends in the handler's 404 or 422, never on a real row). */
const fillMissing = (url: string) => url.replace(/:id\b/g, '2147480001').replace(/:[A-Za-z_]+/g, '1');

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;
/** A persona of A's holding one captured prospect, with a LinkedIn URL only A's account knows. */
async function personaWithProspectOf(t: TestApp, a: Person) {
  const n = ++seq;
  const persona = await createPersona(t, a.headers, `A's persona ${n}`);
  const profileUrl = `https://www.linkedin.com/in/a-prospect-${n}-${Date.now()}/`;
  const res = await t.app.inject({
    method: 'POST',
    url: v1(`/persons/${persona.id}/prospects`),
    headers: a.headers,
    payload: { profile: capturedProfile({ profile_url: profileUrl, full_name: `A Prospect ${n}` }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { persona, profileUrl, prospectId: res.json<{ data: { id: number } }>().data.id };
}

/** A LinkedIn account connected by A. */
async function linkedInAccountOf(t: TestApp, a: Person) {
  const profileUrl = `https://www.linkedin.com/in/a-own-${++seq}-${Date.now()}/`;
  const res = await t.app.inject({ method: 'POST', url: v1('/linkedin_accounts'), headers: a.headers, payload: { profile_url: profileUrl } });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json<{ data: { id: number } }>().data.id, profileUrl };
}

const linkedInAccountsOf = async (t: TestApp, p: Person) =>
  (await t.app.inject({ method: 'GET', url: v1('/linkedin_accounts'), headers: p.headers })).json<{ data: Array<{ id: number }> }>().data;

/**
 * For every route that touches a user's or an account's rows: proof that user B cannot read or
 * change user A's data through it. A route added with owner 'self' or 'account' must add its probe.
 */
const ownershipProbes: Record<string, Probe> = {
  ...personaOwnershipProbes,
  ...messagingOwnershipProbes,
  ...onboardingOwnershipProbes,
  ...paymentOwnershipProbes,
  ...autoCommunicationOwnershipProbes,
  ...notificationOwnershipProbes,
  ...userEmailOwnershipProbes,
  ...dashboardOwnershipProbes,
  ...insightsOwnershipProbes,
  ...variantOwnershipProbes,
  ...prospectOwnershipProbes,
  ...blacklistOwnershipProbes,
  ...campaignOwnershipProbes,
  ...complianceOwnershipProbes,
  ...inboxOwnershipProbes,
  ...interactionOwnershipProbes,
  ...pipelineOwnershipProbes,
  ...brandAwarenessOwnershipProbes,
  ...outreachTaskOwnershipProbes,
  ...linkedInSearchOwnershipProbes,
  ...phoneCallOwnershipProbes,
  ...webhookOwnershipProbes,
  ...integrationOwnershipProbes,
  ...accountMemberOwnershipProbes,
  ...salesforceCalendlyOwnershipProbes,
  ...trackingOwnershipProbes,
  'GET /api/v1/user_info': async (t, a, b) => {
    const res = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: b.headers });
    expect(res.json().data.email).toBe(b.email);
    expect(res.body).not.toContain(a.email);
  },
  'PUT /api/v1/users': async (t, a, b) => {
    const steal = await t.app.inject({ method: 'PUT', url: v1('/users'), headers: b.headers, payload: { email: a.email } });
    expect(steal.statusCode).toBe(422);
    await t.app.inject({ method: 'PUT', url: v1('/users'), headers: b.headers, payload: { name: 'Changed by B' } });
    const aInfo = await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers });
    expect(aInfo.json().data).toMatchObject({ email: a.email, name: null });
  },
  'DELETE /api/v1/auth/sign_out': async (t, a, b) => {
    const fresh = await signIn(t, b.email, b.password);
    expect((await t.app.inject({ method: 'DELETE', url: v1('/auth/sign_out'), headers: fresh })).statusCode).toBe(200);
    // B's sign-out with A's client id revokes nothing of A's.
    await t.app.inject({ method: 'DELETE', url: v1('/auth/sign_out'), headers: { ...b.headers, client: a.headers.client } });
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).statusCode).toBe(200);
  },
  'PUT /api/v1/auth/password': async (t, a, b) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: v1('/auth/password'),
      headers: b.headers,
      payload: { current_password: a.password, password: 'taken-over-1', password_confirmation: 'taken-over-1' },
    });
    // A's password is B's too here; the change still applies to B only.
    expect(res.statusCode).toBe(200);
    await signIn(t, a.email, a.password);
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).statusCode).toBe(200);
  },
  'GET /api/v1/persons': async (t, a, b) => {
    const { persona } = await personaWithProspectOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/persons?per_page=100'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: number }) => p.id)).not.toContain(persona.id);
    expect(res.body).not.toContain(persona.name);
  },
  'POST /api/v1/persons': async (t, a, b) => {
    const { persona } = await personaWithProspectOf(t, a);
    // Names are unique per account: B may use A's name, and gets a persona of B's own.
    const res = await t.app.inject({ method: 'POST', url: v1('/persons'), headers: b.headers, payload: { name: persona.name } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: persona.name, prospects_count: 0 });
    expect(res.json().data.id).not.toBe(persona.id);
    const aList = await t.app.inject({ method: 'GET', url: v1('/persons?per_page=100'), headers: a.headers });
    expect(aList.json().data.map((p: { id: number }) => p.id)).not.toContain(res.json().data.id);
  },
  'GET /api/v1/persons/:id/loaded_prospects': async (t, a, b) => {
    const { persona } = await personaWithProspectOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1(`/persons/${persona.id}/loaded_prospects`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Persona not found'] });
  },
  'POST /api/v1/persons/:id/prospects': async (t, a, b) => {
    const { persona, profileUrl, prospectId } = await personaWithProspectOf(t, a);
    const res = await t.app.inject({
      method: 'POST',
      url: v1(`/persons/${persona.id}/prospects`),
      headers: b.headers,
      payload: { profile: capturedProfile({ profile_url: profileUrl, full_name: 'Overwritten by B' }) },
    });
    expect(res.statusCode).toBe(404);
    const aPage = await t.app.inject({ method: 'GET', url: v1(`/persons/${persona.id}/loaded_prospects`), headers: a.headers });
    expect(aPage.json().meta.total).toBe(1);
    expect(aPage.json().data[0]).toMatchObject({ id: prospectId, full_name: expect.stringMatching(/^A Prospect/) });
    // B adding the same LinkedIn URL to B's own persona makes B's own prospect, not A's.
    const own = await createPersona(t, b.headers, `B's persona ${++seq}`);
    const mine = await t.app.inject({
      method: 'POST',
      url: v1(`/persons/${own.id}/prospects`),
      headers: b.headers,
      payload: { profile: capturedProfile({ profile_url: profileUrl }) },
    });
    expect(mine.json()).toMatchObject({ created: true, data: { persona_ids: [own.id] } });
    expect(mine.json().data.id).not.toBe(prospectId);
  },
  'GET /api/v1/prospects/search_by_linkedin_url': async (t, a, b) => {
    const { profileUrl } = await personaWithProspectOf(t, a);
    const url = v1(`/prospects/search_by_linkedin_url?profile_url=${encodeURIComponent(profileUrl)}`);
    expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).json().data).not.toBeNull();
    const res = await t.app.inject({ method: 'GET', url, headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
  },
  'GET /api/v1/linkedin_accounts': async (t, a, b) => {
    const { id, profileUrl } = await linkedInAccountOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/linkedin_accounts'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect(res.body).not.toContain(profileUrl);
  },
  'POST /api/v1/linkedin_accounts': async (t, a, b) => {
    const { id, profileUrl } = await linkedInAccountOf(t, a);
    const res = await t.app.inject({
      method: 'POST',
      url: v1('/linkedin_accounts'),
      headers: b.headers,
      payload: { profile_url: profileUrl, full_name: 'Taken over' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: ['This LinkedIn profile is already connected to another account'] });
    const aList = await t.app.inject({ method: 'GET', url: v1('/linkedin_accounts'), headers: a.headers });
    expect(aList.json().data.find((x: { id: number }) => x.id === id)).toMatchObject({ profile_url: profileUrl, full_name: null });
  },
  'GET /api/v1/linkedin_accounts/search_by_profile_url': async (t, a, b) => {
    const { profileUrl } = await linkedInAccountOf(t, a);
    const url = v1(`/linkedin_accounts/search_by_profile_url?profile_url=${encodeURIComponent(profileUrl)}`);
    expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).json().data).toMatchObject({ profile_url: profileUrl });
    const res = await t.app.inject({ method: 'GET', url, headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
  },
  'DELETE /api/v1/linkedin_accounts/:id': async (t, a, b) => {
    const { id } = await linkedInAccountOf(t, a);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/linkedin_accounts/${id}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['LinkedIn account not found'] });
    expect((await linkedInAccountsOf(t, a)).map((x) => x.id)).toContain(id);
  },
};

describe.runIf(PGLITE_PASS)('the route registry', () => {
  it('declares access, owner and a summary for every route, each method+url once', () => {
    const seen = new Set<string>();
    for (const r of routes) {
      expect(['public', 'optional', 'user', 'api_key'], key(r)).toContain(r.access);
      expect(['none', 'self', 'account'], key(r)).toContain(r.owner);
      expect(r.summary, key(r)).toBeTruthy();
      expect(seen.has(key(r)), `${key(r)} declared twice`).toBe(false);
      seen.add(key(r));
      if (r.access === 'public') expect(r.owner, `${key(r)}: a public route cannot own rows`).toBe('none');
    }
  });

  it('declares the role every signed-in route needs, and none on the others', () => {
    const signedIn = routes.filter((r) => r.access === 'user');
    expect(signedIn.filter((r) => !ACCOUNT_ROLES.includes(r.role!)).map(key), 'routes without a role').toEqual([]);
    expect(routes.filter((r) => r.access !== 'user' && r.role !== undefined).map(key), 'a role on a route no account member calls').toEqual([]);
    // Some routes are above a member, or the walk below would prove nothing.
    expect(signedIn.filter((r) => r.role === 'admin').length).toBeGreaterThan(10);
    expect(signedIn.filter((r) => r.role === 'owner').length).toBeGreaterThan(0);
  });

  it('has an ownership probe for every route that touches a user or account', () => {
    const owned = routes.filter((r) => r.owner !== 'none').map(key);
    expect(owned.filter((k) => !ownershipProbes[k])).toEqual([]);
  });
});

describe.each(DB_KINDS)('every route on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let b: Person;
  /** A's team: an admin and a member who joined A's account by invitation. */
  let admin: Person;
  let member: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    a = await signedInUser(t, 'owner-a');
    b = await signedInUser(t, 'owner-b');
    await setPlan(t, a, 'Scale');
    admin = await joinedAs(t, a, 'admin');
    member = await joinedAs(t, a, 'member');
  });
  afterAll(() => t.close());

  const bogus = (h: AuthHeaders): Record<string, Record<string, string>> => ({
    'no headers': {},
    'a bogus token': { ...h, 'access-token': 'bogus-token' },
    'another client': { ...h, client: 'someone-elses-client' },
    'a missing uid': { 'access-token': h['access-token'], client: h.client, expiry: h.expiry },
  });

  it.each(routes.filter((r) => r.access === 'user').map((r) => [key(r), r] as const))('%s answers 401 without valid auth', async (_name, r) => {
    for (const [why, headers] of Object.entries(bogus(a.headers))) {
      const res = await t.app.inject({
        method: r.method,
        url: fillParams(r.url),
        headers,
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${why}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ errors: ['You need to sign in or sign up before continuing.'] });
      expect(res.headers['access-token']).toBeUndefined();
    }
  });

  const aboveMember = routes.filter((r) => r.access === 'user' && r.role !== 'member');
  it.each(aboveMember.map((r) => [`${key(r)} (${r.role})`, r] as const))('%s refuses a member with 403, and lets its role through', async (_name, r) => {
    const call = (headers: AuthHeaders) =>
      t.app.inject({ method: r.method, url: fillMissing(r.url), headers, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }) });
    const refusal = { errors: [roleRequiredMessage(r.role!)] };
    const asMember = await call(member.headers);
    expect(asMember.statusCode, asMember.body).toBe(403);
    expect(asMember.json()).toEqual(refusal);
    const asAdmin = await call(admin.headers);
    if (r.role === 'owner') {
      expect(asAdmin.statusCode, asAdmin.body).toBe(403);
      expect(asAdmin.json()).toEqual(refusal);
    }
    // Past the role check, the route's own answer: validation (422), not found (404) or done; never the role's 403.
    const passing = r.role === 'owner' ? a : admin;
    const past = await call(passing.headers);
    expect(past.statusCode, past.body).toBeLessThan(500);
    if (past.statusCode === 403) expect(past.json()).not.toEqual(refusal);
  });

  it.each(routes.filter((r) => r.access === 'api_key').map((r) => [key(r), r] as const))('%s answers 401 without a valid API key', async (_name, r) => {
    // A's own session does not open an API-key route, nor does a revoked key, a made-up one or a key of another brand.
    const revoked = await createApiKey(t, a.headers);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/api_keys/${revoked.id}`, headers: a.headers })).statusCode).toBe(200);
    const valid = (await keyHeadersOf(t, a))['x-api-key']!;
    const cases: Record<string, Record<string, string>> = {
      'no headers': {},
      'a session instead of a key': a.headers,
      'a revoked key': { 'x-api-key': revoked.api_key },
      'a made-up key': { 'x-api-key': `ak_${'x'.repeat(43)}` },
      'a bearer that is a session token': { authorization: `Bearer ${a.headers['access-token']}` },
      'the key on another brand': { 'x-api-key': valid, host: 'brand1.localhost:3000' },
    };
    for (const [why, headers] of Object.entries(cases)) {
      const res = await t.app.inject({ method: r.method, url: fillParams(r.url).replace('/triggers/1', '/triggers/reply.received'), headers, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${why}: ${res.body}`).toBe(401);
      expect(res.json().errors[0], why).toMatch(/API key/);
    }
  });

  it.each(Object.entries(ownershipProbes))('%s keeps user A’s data from user B', async (_name, probe) => {
    await probe(t, a, b);
  });
});
