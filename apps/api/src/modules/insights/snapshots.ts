import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shared/schemas/dashboard';
import { STATISTIC_NAMES, type InsightsFreshness, type StatisticName } from '@shared/schemas/insights';
import { int32 } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { insightSnapshots } from '../../db/schema';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { periodWindow } from '../../lib/periods';
import { overallStats } from './deliverability';
import { myOpportunities, targetAudience } from './performance';
import { requestLookups } from './providers';
import { accountChannels } from '../activities/channels';

/**
 * Insights snapshots (issue 26, "Speed"): every insights figure is computed from the engine's own tables (the activity
 * log, campaign emails, threads, the pipeline), which on a big account is a scan of the period's events: seconds at a
 * million sends. Distinct counts (conversations, recipients), statuses as they are now (a corrected reply, a card moved)
 * and cohorts (prospects first contacted in the period, followed to today) do not add up from daily partial sums, so
 * instead of incremental rollups each call's whole answer is kept per account and parameters, with what it was
 * computed from:
 *
 * - a call that took under `config.insightsInlineMs` (250 ms) the last time is computed on every request: a small or
 *   ordinary account always reads exact, current figures;
 * - a slower one is served from its snapshot while its **token** is unchanged (the account's newest activity: every
 *   send, bounce, reply, status change and pipeline move writes one; and its newest card change: a deal value writes
 *   none), the period window has not moved to a new day, and it is younger than SNAPSHOT_MAX_AGE_MS (for what changes
 *   without either: a prospect's title edited, a recipient domain's provider looked up);
 * - otherwise the snapshot is still answered at once, marked `stale` with its `as_of`, and job `insight-snapshot`
 *   recomputes it in the background (one run per snapshot and token, across processes); the page says "updating" and
 *   asks again. A busy account refreshes at most every max(MIN_REFRESH_MS, 10 × the computation's own time), so a
 *   big account's figures cost one scan per change burst, never one per request.
 *
 * Snapshots are derived data: rebuilt idempotently from the tables, deleting them loses nothing.
 */

export const SNAPSHOT_MAX_AGE_MS = 10 * 60_000;
export const MIN_REFRESH_MS = 30_000;
/** A snapshot that counted recipient domains still awaiting their provider is refreshed after this (the look-up ran by then). */
export const PENDING_PROVIDERS_MAX_AGE_MS = 60_000;

const CALLS = ['overall-stats', 'my_opportunities', 'target_audience'] as const;
export type InsightCall = (typeof CALLS)[number];

export const insightQuerySchema = z.object({
  account_id: int32(),
  call: z.enum(CALLS),
  period: z.enum(DASHBOARD_PERIODS),
  campaign_id: int32().nullable(),
  statistic_name: z.enum(STATISTIC_NAMES).nullable(),
});
export type InsightQuery = z.output<typeof insightQuerySchema>;

/** Bumped when an answer's shape changes, so snapshots kept in the old shape are never served (they are recomputed). */
const SHAPE_VERSION = 2;
export const snapshotKey = (q: InsightQuery) => [`v${SHAPE_VERSION}`, q.call, q.period, q.campaign_id ?? '', q.statistic_name ?? ''].join(':');

/** An answer as kept: the response's figures (and, for overall-stats, how many recipient domains await their provider). */
type Body = Record<string, unknown> & { pendingProviders?: number };

async function compute(deps: Pick<Deps, 'db' | 'jobs'>, q: InsightQuery, now: Date): Promise<Body> {
  const { db } = deps;
  const campaignId = q.campaign_id ?? undefined;
  if (q.call === 'overall-stats') {
    const stats = await overallStats(db, q.account_id, q.period, now, campaignId);
    // The recipient domains with no provider yet are looked up in the background, never in a request (once per
    // computation, not per answer served from it).
    const { pendingDomains, ...figures } = stats;
    if (pendingDomains.length) await requestLookups(deps, pendingDomains, now);
    return { ...figures, pendingProviders: pendingDomains.length };
  }
  // The brand's channels only, as on the dashboard: a channel switched off shows no figures anywhere.
  const channels = await accountChannels(db, q.account_id);
  if (q.call === 'my_opportunities') return myOpportunities(db, q.account_id, q.period, now, campaignId, channels);
  return targetAudience(db, q.account_id, q.statistic_name as StatisticName, q.period, now, campaignId, channels);
}

/** What the account's figures were computed from: its newest activity and its newest pipeline card change (two index probes). */
export async function tokenOf(db: Db, accountId: number): Promise<string> {
  const result = (await db.execute(sql`
    select (select max(id) from activities where account_id = ${accountId}) as activity,
           (select to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') from pipeline_opportunities where account_id = ${accountId}) as card`)) as unknown as {
    rows: Array<{ activity: unknown; card: unknown }>;
  };
  const r = result.rows[0];
  return `${r?.activity ?? 0}:${r?.card ?? ''}`;
}

async function store(db: Db, q: InsightQuery, body: Body, token: string, now: Date, ms: number): Promise<void> {
  const row = {
    accountId: q.account_id,
    key: snapshotKey(q),
    body,
    token,
    asOf: now,
    windowStart: periodWindow(q.period as DashboardPeriod, now).start,
    computedInMs: Math.max(0, Math.round(ms)),
    refreshingSince: null,
  };
  await db
    .insert(insightSnapshots)
    .values(row)
    .onConflictDoUpdate({ target: [insightSnapshots.accountId, insightSnapshots.key], set: { ...row, accountId: undefined, key: undefined } });
}

/** Computes the call now and keeps the answer (the token is read first: a change during the computation makes it stale). */
async function computeAndStore(deps: Pick<Deps, 'db' | 'jobs'>, q: InsightQuery, now: Date): Promise<{ body: Body; ms: number }> {
  const { db } = deps;
  const token = await tokenOf(db, q.account_id);
  const started = performance.now();
  const body = await compute(deps, q, now);
  const ms = performance.now() - started;
  await store(db, q, body, token, now, ms);
  return { body, ms };
}

/** Job `insight-snapshot`: recomputes one snapshot in its account's scope (asked by a request that found it stale). */
export const insightSnapshotJob = defineJob<InsightQuery, Deps>({
  name: 'insight-snapshot',
  payload: insightQuerySchema,
  scope: (_deps, q) => q.account_id,
  retryLimit: 1,
  concurrency: 1,
  handler: async (deps, q) => {
    const now = deps.clock?.() ?? new Date();
    const { ms } = await computeAndStore(deps, q, now);
    return { key: snapshotKey(q), computed_in_ms: Math.round(ms) };
  },
  onGaveUp: async (deps, q) => {
    // The lease goes, so the next request asks again.
    await deps.db
      .update(insightSnapshots)
      .set({ refreshingSince: null })
      .where(and(eq(insightSnapshots.accountId, q.account_id), eq(insightSnapshots.key, snapshotKey(q))));
  },
});

const freshness = (asOf: Date, ms: number, stale: boolean): InsightsFreshness => ({ as_of: asOf.toISOString(), computed_in_ms: Math.round(ms), stale });

/**
 * The answer of an insights call for the account, with how fresh it is: computed now (small accounts, or no snapshot
 * yet), or the snapshot (unchanged since, or stale while its refresh runs).
 */
export async function insightThroughSnapshot(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  q: InsightQuery,
  now: Date,
): Promise<{ body: Body; freshness: InsightsFreshness }> {
  const { db } = deps;
  const [snap] = await db
    .select()
    .from(insightSnapshots)
    .where(and(eq(insightSnapshots.accountId, q.account_id), eq(insightSnapshots.key, snapshotKey(q))));
  if (!snap || snap.computedInMs < deps.config.insightsInlineMs || now < snap.asOf) {
    const { body, ms } = await computeAndStore(deps, q, now);
    return { body, freshness: freshness(now, ms, false) };
  }
  const token = await tokenOf(db, q.account_id);
  const age = now.getTime() - snap.asOf.getTime();
  const body = snap.body as Body;
  const sameWindow = periodWindow(q.period as DashboardPeriod, now).start.getTime() === snap.windowStart.getTime();
  const pendingTooLong = (body.pendingProviders ?? 0) > 0 && age > PENDING_PROVIDERS_MAX_AGE_MS;
  if (snap.token === token && sameWindow && age < SNAPSHOT_MAX_AGE_MS && !pendingTooLong) return { body, freshness: freshness(snap.asOf, snap.computedInMs, false) };
  if (!sameWindow) {
    // A new day: yesterday's window is not this one's; computed now, whatever it costs (once a day per call).
    const { body: fresh, ms } = await computeAndStore(deps, q, now);
    return { body: fresh, freshness: freshness(now, ms, false) };
  }
  // Stale: answered as it is, refreshed in the background at most every max(30 s, 10 × its cost), by one process.
  if (age >= Math.max(MIN_REFRESH_MS, 10 * snap.computedInMs)) {
    const leaseExpired = new Date(now.getTime() - Math.max(SNAPSHOT_MAX_AGE_MS, 20 * snap.computedInMs));
    const leased = await db
      .update(insightSnapshots)
      .set({ refreshingSince: now })
      .where(
        and(
          eq(insightSnapshots.accountId, q.account_id),
          eq(insightSnapshots.key, snapshotKey(q)),
          or(isNull(insightSnapshots.refreshingSince), lt(insightSnapshots.refreshingSince, leaseExpired)),
        ),
      )
      .returning({ key: insightSnapshots.key });
    if (leased.length) await deps.jobs.send(insightSnapshotJob, q, { key: `${q.account_id}:${snapshotKey(q)}:${token}:${snap.asOf.getTime()}` });
  }
  return { body, freshness: freshness(snap.asOf, snap.computedInMs, true) };
}
