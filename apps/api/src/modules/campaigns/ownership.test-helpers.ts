import { expect } from 'vitest';
import type { Campaign, CampaignEmail, VirtualEmployee } from '@shared/schemas/campaigns';
import { personaProspects, personas } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';

/**
 * Ownership probes for virtual employees, campaigns and campaign emails (spread into routes.test.ts):
 * user B can neither see nor change A's. A's fixture is built through A's own API where it can be, with
 * the mailbox and the prospects written straight into the database (no mail server is needed).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;
const FIRST_NAMES = ['Pat', 'Sam', 'Jordan', 'Robin', 'Alex', 'Casey', 'Morgan', 'Taylor'];
const letters = (n: number) => n.toString(26).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

export async function postJson<T>(t: TestApp, p: Person, url: string, payload: object, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const res = await t.app.inject({ method, url: v1(url), headers: p.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

/** A persona of the account with `count` prospects that have emails (written straight into the database). */
export async function personaWithProspects(t: TestApp, p: Person, count: number, tag = `p${++seq}`) {
  const accountId = await accountIdOf(t, p);
  const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Persona ${tag} ${Date.now()}` }).returning();
  const rows = count === 0 ? [] : await seedProspects(
    t,
    accountId,
    Array.from({ length: count }, (_, i) => ({ fullName: `${FIRST_NAMES[i % FIRST_NAMES.length]} Lee${letters(i)}`, firstName: FIRST_NAMES[i % FIRST_NAMES.length], company: `Acme ${tag}`, title: 'Head of Sales', email: `pat-${tag}-${i}@acme-${tag}.example` })),
  );
  if (rows.length) await t.db.db.insert(personaProspects).values(rows.map((r) => ({ accountId, personaId: persona!.id, prospectId: r.id })));
  return { accountId, persona: persona!, prospects: rows };
}

/** A's virtual employee with one mailbox, a persona with prospects, and a draft campaign over them. */
export async function campaignOf(t: TestApp, p: Person, options: { prospects?: number; mode?: 'review' | 'autonomous' } = {}) {
  const mailbox = await mailboxOf(t, p);
  const employee = await postJson<VirtualEmployee>(t, p, '/virtual_employees', { name: `Secret Agent ${letters(++seq)}`, title: 'SDR', user_email_ids: [mailbox.id] });
  const { persona, prospects, accountId } = await personaWithProspects(t, p, options.prospects ?? 2);
  const campaign = await postJson<Campaign>(t, p, '/campaigns', { name: `Secret Campaign ${seq}`, person_id: persona.id, virtual_employee_ids: [employee.id], mode: options.mode ?? 'review' });
  return { mailbox, employee, persona, prospects, campaign, accountId };
}

/** The fixture above, started and composed: drafts wait in the review queue. */
export async function composedCampaignOf(t: TestApp, p: Person) {
  const fixture = await campaignOf(t, p, { prospects: 1 });
  await postJson(t, p, `/campaigns/${fixture.campaign.id}/start`, {});
  await t.app.jobs.drain();
  const res = await t.app.inject({ method: 'GET', url: v1(`/campaigns/${fixture.campaign.id}/campaign_emails?sort=step&sort_direction=asc`), headers: p.headers });
  const emails = res.json<{ data: CampaignEmail[] }>().data;
  expect(emails.length).toBeGreaterThan(0);
  return { ...fixture, emails };
}

const get = (t: TestApp, p: Person, url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });

const campaignUnchanged = async (t: TestApp, a: Person, before: Campaign) => {
  const res = await get(t, a, `/campaigns/${before.id}`);
  expect(res.statusCode).toBe(200);
  const now = res.json<{ data: Campaign }>().data;
  expect({ name: now.name, status: now.status, mode: now.mode }).toEqual({ name: before.name, status: before.status, mode: before.mode });
};

const touchingCampaign = (method: 'GET' | 'PUT' | 'POST', suffix = '', payload?: object): Probe => async (t, a, b) => {
  const { campaign } = await campaignOf(t, a);
  const res = await t.app.inject({ method, url: v1(`/campaigns/${campaign.id}${suffix}`), headers: b.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(404);
  expect(res.body).not.toContain(campaign.name);
  await campaignUnchanged(t, a, campaign);
};

const touchingEmail = (method: 'GET' | 'PUT' | 'POST', suffix = '', payload?: object): Probe => async (t, a, b) => {
  const { emails } = await composedCampaignOf(t, a);
  const email = emails[0]!;
  const res = await t.app.inject({ method, url: v1(`/campaign_emails/${email.id}${suffix}`), headers: b.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(404);
  expect(res.body).not.toContain(email.to_email);
  const mine = (await get(t, a, `/campaign_emails/${email.id}`)).json<{ data: CampaignEmail }>().data;
  expect({ status: mine.status, subject: mine.subject }).toEqual({ status: email.status, subject: email.subject });
};

export const campaignOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/campaigns/:id/skipped_prospects': async (t, a, b) => {
    const { campaign, prospects } = await campaignOf(t, a);
    await postJson(t, a, `/campaigns/${campaign.id}/start`, {});
    const res = await get(t, b, `/campaigns/${campaign.id}/skipped_prospects`);
    expect(res.statusCode).toBe(404);
    for (const p of prospects) expect(res.body).not.toContain(p.fullName ?? '');
  },
  'POST /api/v1/campaigns/:id/enrolments': async (t, a, b) => {
    const mine = await campaignOf(t, a, { prospects: 1 });
    await postJson(t, a, `/campaigns/${mine.campaign.id}/start`, {});
    await t.app.jobs.drain();
    const enrolled = async () => (await t.app.inject({ method: 'GET', url: v1(`/campaigns/${mine.campaign.id}`), headers: a.headers })).json<{ data: Campaign }>().data.enrolments;
    const before = await enrolled();
    const theirs = await campaignOf(t, b, { prospects: 1 });
    await postJson(t, b, `/campaigns/${theirs.campaign.id}/start`, {});
    await t.app.jobs.drain();
    // B cannot enrol into A's campaign, nor enrol A's prospect into B's own.
    const intoA = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${mine.campaign.id}/enrolments`), headers: b.headers, payload: { prospect_id: theirs.prospects[0]!.id } });
    expect(intoA.statusCode, intoA.body).toBe(404);
    const stealA = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${theirs.campaign.id}/enrolments`), headers: b.headers, payload: { prospect_id: mine.prospects[0]!.id } });
    expect(stealA.statusCode, stealA.body).toBe(404);
    expect(stealA.body).not.toContain(mine.prospects[0]!.fullName ?? '');
    expect(await enrolled()).toEqual(before);
  },
  'GET /api/v1/virtual_employees': async (t, a, b) => {
    const { employee } = await campaignOf(t, a);
    const res = await get(t, b, '/virtual_employees');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(employee.name);
  },
  'POST /api/v1/virtual_employees': async (t, a, b) => {
    const mailbox = await mailboxOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1('/virtual_employees'), headers: b.headers, payload: { name: 'Thief', user_email_ids: [mailbox.id] } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).not.toContain(mailbox.email);
  },
  'GET /api/v1/virtual_employees/:id': async (t, a, b) => {
    const { employee } = await campaignOf(t, a);
    const res = await get(t, b, `/virtual_employees/${employee.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(employee.name);
  },
  'PUT /api/v1/virtual_employees/:id': async (t, a, b) => {
    const { employee } = await campaignOf(t, a);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/virtual_employees/${employee.id}`), headers: b.headers, payload: { name: 'Taken over' } });
    expect(res.statusCode).toBe(404);
    const mine = (await get(t, a, `/virtual_employees/${employee.id}`)).json<{ data: VirtualEmployee }>().data;
    expect(mine.name).toBe(employee.name);
  },
  'POST /api/v1/add_to_wishlist': async (t, a, b) => {
    // A wish belongs to whoever makes it: B's is B's, and nothing of A's is answered.
    const { employee } = await campaignOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1('/add_to_wishlist'), headers: b.headers, payload: { kind: 'recruiter' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(employee.name);
  },
  'GET /api/v1/campaigns': async (t, a, b) => {
    const { campaign } = await campaignOf(t, a);
    const res = await get(t, b, '/campaigns');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(campaign.name);
  },
  'POST /api/v1/campaigns': async (t, a, b) => {
    const { persona, employee } = await campaignOf(t, a);
    const bEmployee = await postJson<VirtualEmployee>(t, b, '/virtual_employees', { name: 'B agent', user_email_ids: [(await mailboxOf(t, b)).id] });
    const withAPersona = await t.app.inject({ method: 'POST', url: v1('/campaigns'), headers: b.headers, payload: { name: 'x', person_id: persona.id, virtual_employee_ids: [bEmployee.id] } });
    expect(withAPersona.statusCode).toBe(422);
    const { persona: bPersona } = await personaWithProspects(t, b, 0);
    const withAEmployee = await t.app.inject({ method: 'POST', url: v1('/campaigns'), headers: b.headers, payload: { name: 'x', person_id: bPersona.id, virtual_employee_ids: [employee.id] } });
    expect(withAEmployee.statusCode).toBe(422);
    expect(withAEmployee.body).not.toContain(employee.name);
  },
  'GET /api/v1/campaigns/:id': touchingCampaign('GET'),
  'PUT /api/v1/campaigns/:id': touchingCampaign('PUT', '', { name: 'Taken over' }),
  'POST /api/v1/campaigns/:id/start': touchingCampaign('POST', '/start'),
  'POST /api/v1/campaigns/:id/pause': touchingCampaign('POST', '/pause'),
  'POST /api/v1/campaigns/:id/resume': touchingCampaign('POST', '/resume'),
  'POST /api/v1/campaigns/:id/archive': touchingCampaign('POST', '/archive'),
  'POST /api/v1/campaigns/:id/approve_all': async (t, a, b) => {
    const { campaign, emails } = await composedCampaignOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${campaign.id}/approve_all`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    const mine = (await get(t, a, `/campaign_emails/${emails[0]!.id}`)).json<{ data: CampaignEmail }>().data;
    expect(mine.status).toBe('draft');
  },
  'GET /api/v1/campaigns/:id/campaign_emails': async (t, a, b) => {
    const { campaign, emails } = await composedCampaignOf(t, a);
    const res = await get(t, b, `/campaigns/${campaign.id}/campaign_emails`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(emails[0]!.to_email);
  },
  'GET /api/v1/campaign_emails': async (t, a, b) => {
    const { campaign, emails } = await composedCampaignOf(t, a);
    const res = await get(t, b, `/campaign_emails?filters=${encodeURIComponent(JSON.stringify({ campaign_id: campaign.id }))}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.body).not.toContain(emails[0]!.to_email);
  },
  'GET /api/v1/campaign_emails/:id': touchingEmail('GET'),
  'PUT /api/v1/campaign_emails/:id': touchingEmail('PUT', '', { subject: 'Taken over', action: 'approve' }),
  'POST /api/v1/campaign_emails/:id/mark_stop_sending': touchingEmail('POST', '/mark_stop_sending'),
  'POST /api/v1/campaign_emails/:id/send_anyway': touchingEmail('POST', '/send_anyway'),
};
