import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignEmail, VirtualEmployee } from '@shared/schemas/campaigns';
import type { ClaimsCheckResult } from '@shared/schemas/claims';
import type { Offering } from '@shared/schemas/messaging';
import { activities } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { dueCampaignEmails } from '../campaigns/outbox';
import { personaWithProspects, postJson } from '../campaigns/ownership.test-helpers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';
import { accountIdOf } from '../messaging/ownership.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;

const PRODUCT = {
  name: 'Shiftly',
  description: 'Builds next week’s staff rota in minutes.',
  price_min: 49,
  price_period: 'month',
  pricing_notes: 'Volume pricing from 50 sites',
  not_for: 'Teams under 10 people',
  proof: 'Greenleaf case study',
  claims: [
    { text: 'Cuts overtime by 20% on average', kind: 'number', source: 'https://shiftly.example/report-2025' },
    { text: 'Greenleaf Markets moved 40 stores in six weeks', kind: 'customer', source: 'Signed case study, March 2025' },
    { text: 'Smart Swaps: managers approve shift swaps from their phone', kind: 'feature', source: 'Product docs' },
  ],
};

const SUPPORTED = 'Hi {{first_name}}, Shiftly cuts overtime by 20% on average. Greenleaf Markets moved 40 stores to it, and Smart Swaps lets managers approve swaps. Plans start at $49 a month.';
const UNSUPPORTED = 'Hi {{first_name}}, Shiftly cuts overtime by 45% in a month. Retailers like Globex and Initech Systems already use it.';

describe.each(DB_KINDS)('products and the claims check on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let accountId: number;
  const get = async <T>(url: string, p: Person = a) => {
    const res = await t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };
  /** A started campaign of one prospect whose one email step is written from `body` (two identical variants). */
  const composedWith = async (body: string, mode: 'review' | 'autonomous') => {
    const mailbox = await mailboxOf(t, a);
    const employee = await postJson<VirtualEmployee>(t, a, '/virtual_employees', { name: 'Sam Rivers', title: 'SDR', user_email_ids: [mailbox.id] });
    const { persona } = await personaWithProspects(t, a, 1);
    const variant = { subject: 'Rotas at {{company}}', body };
    const campaign = await postJson<Campaign>(t, a, '/campaigns', {
      name: `Claims ${mode} ${Date.now()}`,
      person_id: persona.id,
      virtual_employee_ids: [employee.id],
      mode,
      steps: [{ kind: 'email', delay_days: 0, variants: [variant, variant] }],
    });
    await postJson(t, a, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain();
    const emails = await get<CampaignEmail[]>(`/campaigns/${campaign.id}/campaign_emails?sort=step&sort_direction=asc`);
    expect(emails).toHaveLength(1);
    return emails[0]!;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    a = await signedInUser(t, 'products');
    accountId = await accountIdOf(t, a);
  });
  afterAll(() => t.close());

  it('keeps products as the offerings, with personas, proof and approved claims with their sources; refuses bad input with 422', async () => {
    const { persona } = await personaWithProspects(t, a, 0);
    const created = await postJson<Offering>(t, a, '/offerings', { ...PRODUCT, persona_ids: [persona.id] });
    expect(created).toMatchObject({ name: 'Shiftly', pricing_notes: 'Volume pricing from 50 sites', not_for: 'Teams under 10 people', persona_ids: [persona.id], claims: PRODUCT.claims });
    expect((await get<Offering[]>('/offerings')).map((o) => o.id)).toContain(created.id);

    const bad = async (payload: object, message: RegExp, method: 'POST' | 'PUT' = 'POST', url = '/offerings') => {
      const res = await t.app.inject({ method, url: v1(url), headers: a.headers, payload });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.join(' ')).toMatch(message);
    };
    await bad({ name: 'X', claims: [{ text: 'Saves 3 hours', kind: 'number', source: '' }] }, /Say where the claim comes from/);
    await bad({ name: 'X', claims: [{ text: 'Saves 3 hours', kind: 'rumour', source: 'x' }] }, /Choose what kind of claim/);
    await bad({ name: 'X', claims: [{ text: '', kind: 'number', source: 'x' }] }, /Write the claim/);
    await bad({ name: '' }, /Name is required/);
    const b = await signedInUser(t, 'products-b');
    const foreign = await personaWithProspects(t, b, 0);
    await bad({ name: 'X', persona_ids: [foreign.persona.id] }, /A persona it fits was not found/);
    await bad({ claims: 'nope' }, /./, 'PUT', `/offerings/${created.id}`);

    const updated = await postJson<Offering>(t, a, `/offerings/${created.id}`, { claims: [PRODUCT.claims[0]], proof: 'Figures: 20% less overtime' }, 'PUT');
    expect(updated).toMatchObject({ claims: [PRODUCT.claims[0]], proof: 'Figures: 20% less overtime', name: 'Shiftly', persona_ids: [persona.id] });
    // Another account neither sees nor changes it.
    expect((await t.app.inject({ method: 'PUT', url: v1(`/offerings/${created.id}`), headers: b.headers, payload: { name: 'Mine' } })).statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: v1(`/offerings/${created.id}`), headers: a.headers });
    expect(removed.statusCode).toBe(200);
    expect((await get<Offering[]>('/offerings')).map((o) => o.id)).not.toContain(created.id);
  });

  it('review mode: a draft whose facts the approved claims support has no flags; an unsupported one shows the sentences and why', async () => {
    await postJson<Offering>(t, a, '/offerings', PRODUCT);
    const supported = await composedWith(SUPPORTED, 'review');
    expect(supported.status).toBe('draft');
    expect(supported.claim_flags).toEqual([]);

    const unsupported = await composedWith(UNSUPPORTED, 'review');
    expect(unsupported.status).toBe('draft');
    expect(unsupported.status_reason).toBeNull();
    expect(unsupported.claim_flags.map((f) => f.fragment)).toEqual(['45%', 'Initech Systems', 'Globex']);
    expect(unsupported.claim_flags[0]).toMatchObject({ sentence: expect.stringContaining('cuts overtime by 45% in a month'), kind: 'percent', reason: expect.stringMatching(/not among the approved claims/) });
    expect(unsupported.claim_flags[2]!.reason).toMatch(/named as a customer/);

    // The reviewer fixes the sentence: the text is checked again.
    const fixed = await postJson<CampaignEmail>(t, a, `/campaign_emails/${unsupported.id}`, { body_html: '<p>Shiftly cuts overtime by 20% on average.</p>' }, 'PUT');
    expect(fixed.claim_flags).toEqual([]);
  });

  it('autonomous mode: an email with an unsupported claim is held for review instead of sent; a supported one is scheduled', async () => {
    await postJson<Offering>(t, a, '/offerings', PRODUCT);
    const sent = await composedWith(SUPPORTED, 'autonomous');
    expect(sent.status).toBe('scheduled');

    const held = await composedWith(UNSUPPORTED, 'autonomous');
    expect(held.status).toBe('draft');
    expect(held.status_reason).toMatch(/^Held for review: 3 claims the approved claims do not support \(45%, Initech Systems, Globex\)/);
    expect(held.claim_flags).toHaveLength(3);
    const due = await inAccount(accountId, null, () => dueCampaignEmails(t.db.db, accountId, new Date(Date.now() + 60_000)));
    expect(due.map((d) => d.id)).not.toContain(held.id);
    // The supported one went on its way (the sending tick may already have taken it).
    expect(['scheduled', 'queued', 'sending', 'sent']).toContain((await get<CampaignEmail>(`/campaign_emails/${sent.id}`)).status);
    const [activity] = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'campaign_email_held')));
    expect(activity?.payload).toMatchObject({ campaign_email_id: held.id, claims: ['45%', 'Initech Systems', 'Globex'] });
    // The reviewer approves it: it is scheduled like any approved draft.
    const approved = await postJson<CampaignEmail>(t, a, `/campaign_emails/${held.id}`, { action: 'approve' }, 'PUT');
    expect(approved.status).toBe('scheduled');
  });

  it('POST claims_check: the composer’s check, with the prospect’s own data as support; 404 for another account’s prospect, 422 for a bad body', async () => {
    await postJson<Offering>(t, a, '/offerings', PRODUCT);
    const { prospects } = await personaWithProspects(t, a, 1, 'claims');
    const check = (payload: object, p: Person = a) => t.app.inject({ method: 'POST', url: v1('/claims_check'), headers: p.headers, payload });
    const ok = await check({ body: '<p>Hi Pat, Smart Swaps would help Acme claims too: overtime down 20% on average.</p>', prospect_id: prospects[0]!.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: ClaimsCheckResult }>().data.flags).toEqual([]);
    const flagged = (await check({ body: 'Hi Pat,<br>we saved Umbrella Corp 300 hours last year.', prospect_id: prospects[0]!.id })).json<{ data: ClaimsCheckResult }>().data;
    expect(flagged.flags.map((f) => [f.fragment, f.sentence])).toEqual([
      ['300 hours', 'we saved Umbrella Corp 300 hours last year.'],
      ['Umbrella Corp', 'we saved Umbrella Corp 300 hours last year.'],
    ]);
    expect(flagged.claims_compared).toBeGreaterThanOrEqual(3);
    const b = await signedInUser(t, 'products-c');
    expect((await check({ body: 'Hi', prospect_id: prospects[0]!.id }, b)).statusCode).toBe(404);
    expect((await check({ text: 'Hi' })).statusCode).toBe(422);
    expect((await check({ body: 'Hi', prospect_id: 'x' })).statusCode).toBe(422);
  });
});
