import { expect } from 'vitest';
import { activities, prospects } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';

/**
 * Ownership probes for the insights routes (spread into routes.test.ts): what A's account sent and received never
 * shows in B's insights, and A's campaign id names nothing of A's to B.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

/** A prospect of A's with a job title only A knows, emailed and replying an hour ago in campaign `campaignId`. */
async function outreachOf(t: TestApp, a: Person, campaignId = 900_000 + ++seq) {
  const n = `${++seq}-${Date.now().toString(36)}`;
  const accountId = await accountIdOf(t, a);
  const title = `Secret Title of A ${n}`;
  const [p] = await t.db.db
    .insert(prospects)
    .values({ accountId, fullName: `Secret Prospect ${n}`, title, source: 'import', email: `secret-${n}@example.com` })
    .returning({ id: prospects.id });
  const at = new Date(Date.now() - 3_600_000);
  for (const verb of ['email_sent', 'email_bounced', 'reply_received']) {
    await t.db.db.insert(activities).values({ accountId, actorType: 'system', verb, channel: 'email', prospectId: p!.id, payload: { campaign_id: campaignId, after_send: true, thread_id: null }, occurredAt: at });
  }
  return { title, campaignId };
}

const get = async (t: TestApp, p: Person, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Record<string, unknown> & { range?: unknown } }>().data;
};
/** The figures without the windows (which end at "now", so move between two calls) and when they were computed. */
const figures = ({ range: _range, freshness: _freshness, ...rest }: Record<string, unknown>) => {
  if (rest.previous && typeof rest.previous === 'object') {
    const { range: _previousRange, ...previous } = rest.previous as Record<string, unknown>;
    return { ...rest, previous };
  }
  return rest;
};

export const insightsOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/insights/deliverability/overall-stats': async (t, a, b) => {
    const before = figures(await get(t, b, '/insights/deliverability/overall-stats?period=week'));
    const { campaignId } = await outreachOf(t, a);
    expect((await get(t, a, '/insights/deliverability/overall-stats?period=week')).sent).toBeGreaterThan(0);
    expect((await get(t, a, `/insights/deliverability/overall-stats?period=week&campaign_id=${campaignId}`)).bounced).toBe(1);
    expect(figures(await get(t, b, '/insights/deliverability/overall-stats?period=week'))).toEqual(before);
    expect(await get(t, b, `/insights/deliverability/overall-stats?period=week&campaign_id=${campaignId}`)).toMatchObject({ sent: 0, bounced: 0, replied: 0, by_campaign: [] });
  },
  'GET /api/v1/insights/performance/my_opportunities': async (t, a, b) => {
    const before = figures(await get(t, b, '/insights/performance/my_opportunities?period=week'));
    const { campaignId } = await outreachOf(t, a);
    expect((await get(t, a, `/insights/performance/my_opportunities?period=week&campaign_id=${campaignId}`)).funnel).toEqual(expect.arrayContaining([expect.objectContaining({ stage: 'contacted', prospects: 1 })]));
    expect(figures(await get(t, b, '/insights/performance/my_opportunities?period=week'))).toEqual(before);
  },
  'GET /api/v1/insights/performance/target_audience': async (t, a, b) => {
    const { title } = await outreachOf(t, a);
    expect(JSON.stringify(await get(t, a, '/insights/performance/target_audience?statistic_name=job_title&period=week'))).toContain(title);
    expect(JSON.stringify(await get(t, b, '/insights/performance/target_audience?statistic_name=job_title&period=week'))).not.toContain('Secret Title of A');
  },
};
