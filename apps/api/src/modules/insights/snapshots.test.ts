import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverallStats, TargetAudience } from '@shared/schemas/insights';
import { activities, insightSnapshots } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { insightSnapshotJob, MIN_REFRESH_MS, SNAPSHOT_MAX_AGE_MS } from './snapshots';

/**
 * Insights snapshots (snapshots.ts) as a big account meets them: INSIGHTS_INLINE_MS=0 makes every account "big" (its
 * calls slower than the threshold), so each call is served from its snapshot while nothing it reads changed, answered
 * stale (with its as_of) while a background job recomputes it, and current again once that ran. Time is the injected
 * clock; the job runs when the queue is drained.
 */
describe.each(DB_KINDS)('insights snapshots (%s)', (kind) => {
  let t: TestApp;
  let now = new Date('2027-03-10T12:00:00Z');
  let a: Awaited<ReturnType<typeof signedInUser>>;
  let b: Awaited<ReturnType<typeof signedInUser>>;
  let accountA: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { INSIGHTS_INLINE_MS: '0' }, clock: () => now });
    a = await signedInUser(t, 'snap-a');
    b = await signedInUser(t, 'snap-b');
    accountA = await accountIdOf(t, a);
  });
  afterAll(async () => {
    await t?.close();
  });

  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const sends = async (n: number, at = new Date(now.getTime() - 3_600_000)) => {
    const rows = await t.db.db
      .insert(activities)
      .values(Array.from({ length: n }, () => ({ accountId: accountA, actorType: 'system' as const, verb: 'email_sent', channel: 'email' as const, payload: { kind: 'campaign' }, occurredAt: at })))
      .returning({ id: activities.id });
    return rows.map((r) => r.id);
  };
  const overall = async (user = a) => {
    const res = await t.app.inject({ method: 'GET', url: v1('/insights/deliverability/overall-stats?period=week'), headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: OverallStats }>().data;
  };
  const refreshRuns = async () =>
    ((await t.db.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'insight-snapshot'`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

  it('serves the snapshot while nothing changed, answers it stale after a change, and the background refresh brings the new figures', async () => {
    await sends(2);
    const first = await overall();
    expect(first).toMatchObject({ sent: 2, freshness: { stale: false, as_of: now.toISOString() } });

    // Nothing changed: the same answer, computed at the same moment (the snapshot, not a new computation).
    const asOf = now.toISOString();
    later(5_000);
    expect(await overall()).toMatchObject({ sent: 2, freshness: { stale: false, as_of: asOf } });

    // Three more sends: the snapshot is answered at once, marked stale; too soon after it was computed for a refresh.
    await sends(3);
    const runsBefore = await refreshRuns();
    expect(await overall()).toMatchObject({ sent: 2, freshness: { stale: true, as_of: asOf } });
    expect(await refreshRuns()).toBe(runsBefore);

    // Past the minimum interval the stale answer asks for one refresh (a second request does not ask again).
    later(MIN_REFRESH_MS);
    expect(await overall()).toMatchObject({ sent: 2, freshness: { stale: true } });
    expect(await overall()).toMatchObject({ sent: 2, freshness: { stale: true } });
    expect(await refreshRuns()).toBe(runsBefore + 1);
    await t.app.jobs.drain();
    expect(await overall()).toMatchObject({ sent: 5, freshness: { stale: false, as_of: now.toISOString() } });
  });

  it('what changes without an activity is picked up once the snapshot is older than its maximum age', async () => {
    const before = await overall();
    // Two sends moved out of the period by hand (no activity is written, so the token is unchanged).
    const [s1, s2] = await sends(2);
    later(MIN_REFRESH_MS);
    await overall();
    await t.app.jobs.drain();
    expect((await overall()).sent).toBe(before.sent + 2);
    for (const id of [s1!, s2!]) await t.db.db.update(activities).set({ occurredAt: new Date('2020-01-01T00:00:00Z') }).where(eq(activities.id, id));
    later(1_000);
    expect((await overall()).sent).toBe(before.sent + 2);
    later(SNAPSHOT_MAX_AGE_MS);
    expect(await overall()).toMatchObject({ sent: before.sent + 2, freshness: { stale: true } });
    await t.app.jobs.drain();
    expect(await overall()).toMatchObject({ sent: before.sent, freshness: { stale: false } });
  });

  it('a new day moves the period window: computed at once, not served from yesterday', async () => {
    const today = await overall();
    later(24 * 3_600_000);
    const next = await overall();
    expect(next.freshness).toEqual({ as_of: now.toISOString(), stale: false, computed_in_ms: expect.any(Number) });
    expect(Date.parse(next.range.from) - Date.parse(today.range.from)).toBe(24 * 3_600_000);
  });

  it('each call and parameters has its own snapshot; another account never reads this one’s', async () => {
    const res = await t.app.inject({ method: 'GET', url: v1('/insights/performance/target_audience?period=week&statistic_name=country'), headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: TargetAudience }>().data).toMatchObject({ statistic_name: 'country', freshness: { stale: false } });
    const keys = (await t.db.db.select({ key: insightSnapshots.key }).from(insightSnapshots).where(eq(insightSnapshots.accountId, accountA))).map((r) => r.key).sort();
    expect(keys).toEqual(['v2:overall-stats:week::', 'v2:target_audience:week::country']);
    // B's first call computes B's own figures (nothing sent) and keeps them under B's account.
    expect(await overall(b)).toMatchObject({ sent: 0, freshness: { stale: false } });
    const accountB = await accountIdOf(t, b);
    const [snapB] = await t.db.db.select().from(insightSnapshots).where(and(eq(insightSnapshots.accountId, accountB), eq(insightSnapshots.key, 'v2:overall-stats:week::')));
    expect(snapB?.body).toMatchObject({ sent: 0 });
    // The refresh job works in the scope of the account its payload names: B's refresh reads B's rows only.
    await t.app.jobs.send(insightSnapshotJob, { account_id: accountB, call: 'overall-stats', period: 'week', campaign_id: null, statistic_name: null });
    await t.app.jobs.drain();
    const [refreshedB] = await t.db.db.select().from(insightSnapshots).where(and(eq(insightSnapshots.accountId, accountB), eq(insightSnapshots.key, 'v2:overall-stats:week::')));
    expect(refreshedB?.body).toMatchObject({ sent: 0, by_mailbox: [] });
    expect((await overall()).sent).toBeGreaterThan(0);
  });
});
