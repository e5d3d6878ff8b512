import { expect } from 'vitest';
import { websitePageViews, websiteVisitors, websiteVisits } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { campaignOf, personaWithProspects } from '../campaigns/ownership.test-helpers';

/** Ownership probes for tracking codes, website visitors and personal links (spread into routes.test.ts). */
type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;
const get = (t: TestApp, p: Person, url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });

/** A company that visited A's site, with one visit and one page (written straight into the database). */
async function visitorOf(t: TestApp, a: Person) {
  const accountId = await accountIdOf(t, a);
  const name = `A Secret Visitor ${++seq} ${Date.now()}`;
  const [visitor] = await t.db.db
    .insert(websiteVisitors)
    .values({ accountId, networkKey: `asn:${900000 + seq}-${Date.now()}`, networkKind: 'business', companyName: name, domain: `secret-${seq}.example`, signal: 'asn_owner', confidence: 0.55, visits: 1, pages: 1 })
    .returning();
  const [visit] = await t.db.db.insert(websiteVisits).values({ accountId, visitorId: visitor!.id, sessionHash: `hash-${seq}`, landingUrl: 'https://a.example/secret-page', pages: 1 }).returning();
  await t.db.db.insert(websitePageViews).values({ accountId, visitId: visit!.id, visitorId: visitor!.id, url: 'https://a.example/secret-page', path: '/secret-page', title: 'A secret page' });
  return { visitor: visitor!, name };
}

const codeOf = async (t: TestApp, p: Person) => (await get(t, p, '/tracking_codes')).json<{ data: { code: string; website_url: string | null; gtm_container_id: string | null } }>().data;

export const trackingOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/tracking_codes': async (t, a, b) => {
    const mine = await codeOf(t, a);
    const theirs = await codeOf(t, b);
    expect(theirs.code).not.toBe(mine.code);
    expect((await get(t, b, '/tracking_codes')).body).not.toContain(mine.code);
  },
  'PUT /api/v1/tracking_codes': async (t, a, b) => {
    await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: a.headers, payload: { website_url: 'https://a-secret-site.example/', gtm_container_id: 'GTM-AAAA1' } });
    const res = await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: b.headers, payload: { website_url: 'https://b-site.example/', gtm_container_id: 'GTM-BBBB2' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await codeOf(t, a)).toMatchObject({ website_url: 'https://a-secret-site.example/', gtm_container_id: 'GTM-AAAA1' });
  },
  'GET /api/v1/tracking_codes/check': async (t, a, b) => {
    await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: a.headers, payload: { website_url: 'http://127.0.0.1:9/a-secret-path' } });
    await t.app.inject({ method: 'PUT', url: v1('/tracking_codes'), headers: b.headers, payload: { website_url: null } });
    const res = await get(t, b, '/tracking_codes/check');
    // B has no website of its own (onboarding gave none): B's check never fetches A's.
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('a-secret-path');
  },
  'GET /api/v1/tracking_codes/personal_links': async (t, a, b) => {
    const { campaign } = await campaignOf(t, a);
    const res = await get(t, b, '/tracking_codes/personal_links');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(campaign.name);
  },
  'PUT /api/v1/tracking_codes/personal_links/:id': async (t, a, b) => {
    const { campaign } = await campaignOf(t, a);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/tracking_codes/personal_links/${campaign.id}`), headers: b.headers, payload: { enabled: true } });
    expect(res.statusCode).toBe(404);
    const mine = (await get(t, a, '/tracking_codes/personal_links')).json<{ data: Array<{ campaign_id: number; enabled: boolean }> }>().data;
    expect(mine.find((c) => c.campaign_id === campaign.id)?.enabled).toBe(false);
  },
  'GET /api/v1/website_visitors': async (t, a, b) => {
    const { name } = await visitorOf(t, a);
    expect((await get(t, a, '/website_visitors?per_page=100')).body).toContain(name);
    const res = await get(t, b, '/website_visitors?per_page=100');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(name);
  },
  'GET /api/v1/website_visitors/export_to_csv': async (t, a, b) => {
    const { name } = await visitorOf(t, a);
    const res = await get(t, b, '/website_visitors/export_to_csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(name);
  },
  'GET /api/v1/website_visitors/:id/pages': async (t, a, b) => {
    const { visitor } = await visitorOf(t, a);
    const res = await get(t, b, `/website_visitors/${visitor.id}/pages`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret-page');
  },
  'PUT /api/v1/website_visitors/:id/wrong_company': async (t, a, b) => {
    const { visitor, name } = await visitorOf(t, a);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/website_visitors/${visitor.id}/wrong_company`), headers: b.headers, payload: { wrong: true } });
    expect(res.statusCode).toBe(404);
    expect((await get(t, a, '/website_visitors?per_page=100')).body).toContain(name);
  },
  'GET /api/v1/prospects/:id/website_visits': async (t, a, b) => {
    const { prospects } = await personaWithProspects(t, a, 1, `visits${++seq}`);
    const res = await get(t, b, `/prospects/${prospects[0]!.id}/website_visits`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Prospect not found'] });
  },
};
