import { inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { liveEvents } from '../../db/schema';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';

/** Old live events are pruned once an hour (job `live-events-prune`, one per hour slot across processes). */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 5000;

/**
 * Deletes the events committed more than `retentionDays` before `now`, in batches (no long lock). A client
 * whose last number is older than that gets `resync` on its catch-up. The counters stay: numbers go on.
 */
export async function pruneLiveEvents(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let pruned = 0;
  for (;;) {
    const old = db.select({ id: liveEvents.id }).from(liveEvents).where(lt(liveEvents.committedAt, cutoff)).limit(BATCH);
    const gone = await db.delete(liveEvents).where(inArray(liveEvents.id, old)).returning({ id: liveEvents.id });
    pruned += gone.length;
    if (gone.length < BATCH) return pruned;
  }
}

/** The next hour slot's prune (a repeat for the same slot, from any process, is ignored). */
export async function schedulePrune(deps: Pick<Deps, 'jobs'>, after: Date): Promise<void> {
  const startAfter = new Date(Math.floor(after.getTime() / PRUNE_INTERVAL_MS) * PRUNE_INTERVAL_MS + PRUNE_INTERVAL_MS);
  await deps.jobs.send(pruneJob, {}, { startAfter, key: `slot:${startAfter.toISOString()}` });
}

const prunePayload = z.object({});

export const pruneJob = defineJob<z.output<typeof prunePayload>, Deps>({
  name: 'live-events-prune',
  payload: prunePayload,
  scope: { system: 'old live events of every account are pruned together' },
  retryLimit: 2,
  concurrency: 1,
  handler: async (deps) => {
    const pruned = await pruneLiveEvents(deps.db, deps.config.live.retentionDays);
    await schedulePrune(deps, new Date());
    return { pruned };
  },
});
