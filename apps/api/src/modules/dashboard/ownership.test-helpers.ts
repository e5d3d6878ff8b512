import { expect } from 'vitest';
import { activities, prospects } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';

/**
 * Ownership probes for the dashboard routes (spread into routes.test.ts): figures computed from user
 * A's activity never show up in user B's dashboard.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

/** A prospect of A's at a company only A knows, emailed, replying and booking a meeting an hour ago. */
async function activityOf(t: TestApp, a: Person) {
  const n = `${++seq}-${Date.now().toString(36)}`;
  const accountId = await accountIdOf(t, a);
  const company = `Secret Co of A ${n}`;
  const fullName = `Secret Prospect ${n}`;
  const [p] = await t.db.db
    .insert(prospects)
    .values({ accountId, fullName, company, source: 'import', email: `secret-${n}@example.com` })
    .returning({ id: prospects.id });
  const at = new Date(Date.now() - 3_600_000);
  for (const verb of ['email_sent', 'reply_received', 'meeting_booked']) {
    await t.db.db.insert(activities).values({ accountId, actorType: 'agent', verb, channel: 'email', prospectId: p!.id, occurredAt: at });
  }
  return { company, fullName, prospectId: p!.id };
}

/** The figures without the window (which ends at "now", so moves between two calls). */
const figures = (data: Record<string, unknown>) => {
  const { range: _range, previous_range: _previous, ...rest } = data;
  return rest;
};

const get = async (t: TestApp, p: Person, url: string) => {
  const res = await t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

export const dashboardOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/dashboard_general_statistics': async (t, a, b) => {
    const before = figures((await get(t, b, '/dashboard_general_statistics?period=week')).json().data);
    await activityOf(t, a);
    expect((await get(t, a, '/dashboard_general_statistics?period=week')).json().data.meetings_booked.value).toBeGreaterThan(0);
    expect(figures((await get(t, b, '/dashboard_general_statistics?period=week')).json().data)).toEqual(before);
  },
  'GET /api/v1/dashboard_activity_graph_statistics': async (t, a, b) => {
    const before = (await get(t, b, '/dashboard_activity_graph_statistics?period=week')).json().data.totals;
    await activityOf(t, a);
    expect((await get(t, a, '/dashboard_activity_graph_statistics?period=week')).json().data.totals.replies).toBeGreaterThan(0);
    expect((await get(t, b, '/dashboard_activity_graph_statistics?period=week')).json().data.totals).toEqual(before);
  },
  'GET /api/v1/dashboard_aware_companies_statistics': async (t, a, b) => {
    const { company } = await activityOf(t, a);
    expect((await get(t, a, '/dashboard_aware_companies_statistics?limit=50')).body).toContain(company);
    const res = await get(t, b, '/dashboard_aware_companies_statistics?limit=50');
    expect(res.body).not.toContain('Secret Co of A');
  },
  'GET /api/v1/channels_activity': async (t, a, b) => {
    const before = figures((await get(t, b, '/channels_activity?period=week')).json().data);
    await activityOf(t, a);
    expect((await get(t, a, '/channels_activity?period=week')).json().data.total_sent).toBeGreaterThan(0);
    expect(figures((await get(t, b, '/channels_activity?period=week')).json().data)).toEqual(before);
  },
  'GET /api/v1/activity_list': async (t, a, b) => {
    const { fullName, prospectId } = await activityOf(t, a);
    expect((await get(t, a, '/activity_list?per_page=100')).body).toContain(fullName);
    expect((await get(t, a, `/activity_list?per_page=100&prospect_id=${prospectId}`)).json().data).toHaveLength(3);
    const res = await get(t, b, '/activity_list?per_page=100');
    expect(res.body).not.toContain('Secret Prospect');
    expect(res.body).not.toContain('Secret Co of A');
    // Naming A's prospect finds nothing of A's.
    const named = await get(t, b, `/activity_list?per_page=100&prospect_id=${prospectId}`);
    expect(named.json()).toMatchObject({ data: [], meta: { total: 0 } });
  },
};
