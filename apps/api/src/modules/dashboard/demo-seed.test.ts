import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityGraph, ActivityList, AwareCompanies, ChannelsActivity, GeneralStatistics } from '@shared/schemas/dashboard';
import { demoActivities, demoExtraProspects, DEMO_ACTIVITY_DAYS } from '../../db/demo-activity';
import { activities, users } from '../../db/schema';
import { DEMO_USER, seedDemo } from '../../db/seed';
import { DB_KINDS } from '../../testing/databases';
import { signIn, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';

describe('the demo activity generator', () => {
  it('is deterministic for a given moment and keeps nothing in the future', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    const targets = demoExtraProspects(now).map((p) => ({ createdAt: p.createdAt, hasEmail: p.email !== null, company: p.company, source: 'import' as const, hot: false }));
    const a = demoActivities(targets, now);
    expect(demoActivities(targets, now)).toEqual(a);
    expect(a.every((x) => x.occurredAt.getTime() <= now.getTime())).toBe(true);
    const oldest = Math.min(...a.map((x) => x.occurredAt.getTime()));
    expect(now.getTime() - oldest).toBeGreaterThan(150 * 86_400_000);
    expect(now.getTime() - oldest).toBeLessThanOrEqual((DEMO_ACTIVITY_DAYS + 1) * 86_400_000);
    // Sends only on weekdays.
    const sends = a.filter((x) => ['email_sent', 'linkedin_invitation_sent', 'linkedin_message_sent', 'call_made'].includes(x.verb));
    expect(sends.every((x) => x.occurredAt.getUTCDay() !== 0 && x.occurredAt.getUTCDay() !== 6)).toBe(true);
  });
});

describe.each(DB_KINDS)('the demo account’s dashboard on %s', (kind) => {
  let t: TestApp;
  let headers: AuthHeaders;
  beforeAll(async () => {
    t = await startTestApp(kind);
    expect(await seedDemo(t.db.db)).toBe(true);
    headers = await signIn(t, DEMO_USER.email, DEMO_USER.password);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: v1(url), headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  it('has something meaningful in every widget for every period', async () => {
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      const stats = await get<GeneralStatistics>(`/dashboard_general_statistics?period=${period}`);
      expect(stats.messages_sent.value, period).toBeGreaterThan(0);
      expect(stats.contacted.value, period).toBeGreaterThan(0);
      expect(stats.reply_rate.value, period).toBeLessThanOrEqual(100);
      expect(stats.prospects_total).toBe(255);
      expect(stats.personas_count).toBe(2);
      const graph = await get<ActivityGraph>(`/dashboard_activity_graph_statistics?period=${period}`);
      expect(graph.totals.sent, period).toBe(stats.messages_sent.value);
      expect(graph.totals.replies, period).toBe(stats.replies.value);
      expect(graph.totals.meetings, period).toBe(stats.meetings_booked.value);
      const channels = await get<ChannelsActivity>(`/channels_activity?period=${period}`);
      expect(channels.total_sent).toBe(stats.messages_sent.value);
    }
    const year = await get<GeneralStatistics>('/dashboard_general_statistics?period=year');
    expect(year.replies.value).toBeGreaterThan(5);
    expect(year.meetings_booked.value).toBeGreaterThan(2);
    const quarter = await get<ActivityGraph>('/dashboard_activity_graph_statistics?period=quarter');
    // Most weeks of the quarter carry sends.
    expect(quarter.points.filter((p) => p.sent > 0).length).toBeGreaterThanOrEqual(11);
    const channels = await get<ChannelsActivity>('/channels_activity?period=quarter');
    expect(channels.channels.every((c) => c.sent > 0)).toBe(true);
    const companies = await get<AwareCompanies>('/dashboard_aware_companies_statistics');
    expect(companies.total_companies).toBeGreaterThanOrEqual(40);
    expect(companies.companies).toHaveLength(10);
    const list = await t.app.inject({ method: 'GET', url: v1('/activity_list?per_page=5'), headers });
    const feed = list.json<ActivityList>();
    expect(feed.data).toHaveLength(5);
    const [accountRow] = await t.db.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, DEMO_USER.email));
    const [{ n }] = (await t.db.db.select({ n: count() }).from(activities).where(eq(activities.accountId, accountRow!.accountId))) as [{ n: number }];
    expect(feed.meta.total).toBe(n);
    expect(n).toBeGreaterThan(1000);
  });

  it('seeds the activity once: a second seed adds nothing', async () => {
    const [accountRow] = await t.db.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, DEMO_USER.email));
    const countOf = async () =>
      (await t.db.db.select({ n: count() }).from(activities).where(and(eq(activities.accountId, accountRow!.accountId), eq(activities.verb, 'email_sent'))))[0]!.n;
    const before = await countOf();
    expect(await seedDemo(t.db.db)).toBe(false);
    expect(await countOf()).toBe(before);
  });
});
