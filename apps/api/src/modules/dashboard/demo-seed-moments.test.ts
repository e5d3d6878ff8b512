import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignEmail } from '@shared/schemas/campaigns';
import type { ActivityGraph, GeneralStatistics } from '@shared/schemas/dashboard';
import type { DbHandle } from '../../db/client';
import { DEMO_CAMPAIGN, demoCampaignPlan, demoExtraProspects, personaKeyOfTitle, type DemoTarget } from '../../db/demo-activity';
import { DEMO_PROSPECTS } from '../../db/demo-data';
import { DEMO_REPLIES } from '../../db/demo-inbox';
import { users } from '../../db/schema';
import { DEMO_USER, seedDemo } from '../../db/seed';
import { createTestDb } from '../../testing/databases';
import { signIn, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { periodWindow } from './periods';
import { dashboardClock } from './service';

/**
 * The demo is seeded at whatever moment the app starts: what it shows must hold at every time of day and
 * day of the week (a CI run at 09:15 UTC on a Friday found an empty review queue the plan promised).
 */

const DAY_MS = 86_400_000;

/** The campaign's targets as the seed makes them at `now` (seed.ts dates the hand-written prospects 28 − i days back). */
function targetsAt(now: Date): DemoTarget[] {
  return [
    ...DEMO_PROSPECTS.map((p, i) => ({ createdAt: new Date(now.getTime() - (28 - i) * DAY_MS), email: p.email, firstName: p.first, company: p.company, personas: p.personas, extra: false })),
    ...demoExtraProspects(now).map((p) => ({ createdAt: p.createdAt, email: p.email, firstName: p.firstName, company: p.company, personas: [personaKeyOfTitle(p.title)], extra: true })),
  ];
}

const at = (iso: string) => new Date(iso);
/** Every `minutes` over the UTC day `day`. */
const dayOf = (day: string, minutes: number) => Array.from({ length: (24 * 60) / minutes }, (_, i) => new Date(Date.parse(`${day}T00:00:00Z`) + (i * minutes + 7) * 60_000));

/** Every 20 minutes over two weekdays (the failing run's Thursday and Friday), hourly over the rest of a week, and calendar edges. */
const MOMENTS: Array<[string, Date[]]> = [
  ['Thursday, every 20 minutes', dayOf('2026-11-26', 20)],
  ['Friday, every 20 minutes', dayOf('2026-11-27', 20)],
  ['Saturday and Sunday, hourly', [...dayOf('2026-11-28', 60), ...dayOf('2026-11-29', 60)]],
  ['Monday to Wednesday, hourly', [...dayOf('2026-11-30', 60), ...dayOf('2026-12-01', 60), ...dayOf('2026-12-02', 60)]],
  // Month, week and year starts, a leap-free February's end, the night the EU clocks change.
  ['calendar edges', ['2026-06-01T00:05:00Z', '2026-06-01T08:31:00Z', '2026-02-28T23:59:00Z', '2026-12-31T23:59:00Z', '2027-01-01T00:00:00Z', '2026-03-29T01:30:00Z'].map(at)],
];

describe('the demo campaign plan at any moment', () => {
  it.each(MOMENTS)('%s: drafts in review, approved emails waiting, two bounces, nothing dated after now', (_, moments) => {
    for (const now of moments) {
      const at = now.toISOString();
      const plan = demoCampaignPlan(targetsAt(now), now);
      const emails = plan.flatMap((e) => e.emails);
      const of = (status: string) => emails.filter((m) => m.status === status);
      const sent = of('sent');
      expect(sent.length, at).toBeGreaterThan(100);
      expect(of('draft').length, at).toBeGreaterThan(0);
      expect(of('scheduled').length, at).toBeGreaterThan(0);
      expect(of('failed').length, at).toBe(2);
      expect(plan.filter((e) => e.status === 'stopped').map((e) => e.stopReason), at).toEqual(['hard_bounce', 'hard_bounce']);
      expect(plan.some((e) => e.status === 'finished'), at).toBe(true);
      // A draft is exactly an email nobody approved yet.
      expect(emails.every((m) => (m.status === 'draft') === (m.approvedAt === null)), at).toBe(true);
      const dated = [...plan.flatMap((e) => [e.enrolledAt, e.updatedAt, e.stoppedAt]), ...emails.flatMap((m) => [m.composedAt, m.approvedAt, m.sentAt, m.attemptedAt, m.updatedAt])];
      expect(dated.filter((d) => d !== null && d.getTime() > now.getTime()), at).toEqual([]);
      // Sent inside the window (weekdays from 08:00 UTC; a follow-up's jitter may run past 17:00), and all inside the dashboard's year.
      expect(sent.every((m) => m.sentAt!.getUTCDay() % 6 !== 0 && m.sentAt!.getUTCHours() >= 8 && m.sentAt!.getUTCHours() <= 18), at).toBe(true);
      const year = periodWindow('year', now);
      expect(sent.every((m) => m.sentAt! >= year.start), at).toBe(true);
    }
  });
});

/** Timestamps a seed may put after its moment: what is scheduled or paused until later. */
const FUTURE_COLUMNS = new Set(['campaign_emails.due_at', 'campaign_emails.send_after']);

// A few full seeds on PGlite at moments the plan sweep found delicate: the failing CI run's weekday and
// time (a week earlier), ten minutes after a Monday's review on the 1st of a month, and a Sunday night.
describe.each(['2026-11-20T09:20:00Z', '2026-06-01T08:40:00Z', '2026-03-01T23:50:00Z'])('the demo account seeded at %s', (moment) => {
  const now = new Date(moment);
  let db: DbHandle;
  let t: TestApp;
  let headers: AuthHeaders;
  let accountId: number;
  let future: string[] = [];
  beforeAll(async () => {
    db = await createTestDb('pglite');
    expect(await seedDemo(db.db, { now })).toBe(true);
    const [row] = await db.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, DEMO_USER.email));
    accountId = row!.accountId;
    future = await datedAfter(db, accountId, now);
    t = await startTestApp('pglite', { db });
    dashboardClock.now = () => now;
    headers = await signIn(t, DEMO_USER.email, DEMO_USER.password);
  });
  afterAll(async () => {
    dashboardClock.now = () => new Date();
    await t?.close();
    await db?.close();
  });
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url: v1(url), headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T; meta?: { total: number } }>();
  };

  it('dates nothing after its moment but what is scheduled', () => {
    expect(future).toEqual([]);
  });

  it('the dashboard’s sent emails are the campaign’s listed sent emails, period by period, and the outbox is whole', async () => {
    const campaign = (await get<Campaign[]>('/campaigns')).data.find((c) => c.name === DEMO_CAMPAIGN.name)!;
    const sentAts: string[] = [];
    let total = Infinity;
    for (let page = 1; sentAts.length < total; page++) {
      const rows = await get<CampaignEmail[]>(`/campaigns/${campaign.id}/campaign_emails?status=sent&per_page=100&page=${page}`);
      total = rows.meta!.total;
      sentAts.push(...rows.data.map((r) => r.sent_at!));
    }
    expect(total).toBeGreaterThan(100);
    expect(campaign.emails.sent).toBe(total);
    expect(sentAts.every((s) => new Date(s) <= now)).toBe(true);
    for (const period of ['week', 'month', 'quarter', 'year'] as const) {
      const stats = (await get<GeneralStatistics>(`/dashboard_general_statistics?period=${period}`)).data;
      const inRange = sentAts.filter((s) => s >= stats.range.from && s <= stats.range.to).length;
      expect(stats.messages_sent.value, period).toBe(inRange);
      const graph = (await get<ActivityGraph>(`/dashboard_activity_graph_statistics?period=${period}`)).data;
      expect(graph.totals.sent, period).toBe(inRange);
    }
    const year = (await get<GeneralStatistics>('/dashboard_general_statistics?period=year')).data;
    expect(year.messages_sent.value).toBe(total);
    expect(year.replies.value).toBe(DEMO_REPLIES.filter((r) => !r.outOfOffice).length);
    expect(campaign.emails.draft).toBeGreaterThan(0);
    expect(campaign.emails.scheduled).toBeGreaterThan(0);
    expect(campaign.emails.failed).toBe(2);
    expect(campaign.enrolments.stopped).toBeGreaterThanOrEqual(2);
    const blacklist = await get<Array<{ email: string; reason: string }>>('/blacklisted_emails?per_page=100');
    expect(blacklist.data.filter((b) => b.reason === 'hard_bounce')).toHaveLength(2);
    expect((await get<unknown[]>('/email_threads?per_page=100')).data).toHaveLength(DEMO_REPLIES.length);
  });
});

/** Every timestamp of the account's rows later than `now` ("table.column: n"), bar FUTURE_COLUMNS. */
async function datedAfter(db: DbHandle, accountId: number, now: Date): Promise<string[]> {
  const columns = (await db.db.execute(sql`
    select c.table_name as t, c.column_name as c from information_schema.columns c
    where c.table_schema = 'public' and c.data_type like 'timestamp%'
      and exists (select 1 from information_schema.columns a where a.table_schema = 'public' and a.table_name = c.table_name and a.column_name = 'account_id')
    order by 1, 2`)) as unknown as { rows: Array<{ t: string; c: string }> };
  const out: string[] = [];
  for (const { t, c } of columns.rows) {
    if (FUTURE_COLUMNS.has(`${t}.${c}`)) continue;
    const res = (await db.db.execute(sql`select count(*) as n from ${sql.identifier(t)} where account_id = ${accountId} and ${sql.identifier(c)} > ${now.toISOString()}::timestamptz`)) as unknown as { rows: Array<{ n: unknown }> };
    const n = Number(res.rows[0]?.n ?? 0);
    if (n > 0) out.push(`${t}.${c}: ${n}`);
  }
  return out;
}
