import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import { kickCalls, scheduleTick, SEND_TICK_JOB } from '../../lib/jobs/kicks';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { releaseTickLease, runSendTick, takeTickLease, type TickResult } from '../campaigns/send-job';
import { planToday } from '../outreach-tasks/plan';

/**
 * The engine: the per-account tick that drives the outreach loop. It sits above campaigns and tasks (it runs
 * both) and below nothing but the app; the lower layers ask for it by name (lib/jobs/kicks.ts).
 */

/**
 * The engine's tick of one account: the due emails go (runSendTick), then the LinkedIn and call tasks whose
 * time has come are fitted into today's limits (outreach-tasks/plan.ts). Wakes for whichever comes first:
 * the next email or the next task due, so tasks are planned whether or not anyone opens the Tasks page.
 */
export async function runEngineTick(deps: Deps, accountId: number, now: Date): Promise<TickResult> {
  const tick = await runSendTick(deps, accountId, now);
  const plan = await planToday(deps.db, accountId, now);
  if (plan.next && (!tick.next || plan.next < tick.next)) tick.next = plan.next;
  return tick;
}

const MINUTE_MS = 60_000;

type TickPayload = { account_id: number };

export const sendDueJob = defineJob<TickPayload, Deps>({
  name: SEND_TICK_JOB,
  payload: z.object({ account_id: dbId() }),
  scope: (_deps, payload) => payload.account_id,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 15 * 60,
  concurrency: 1,
  handler: async (deps, payload) => {
    const accountId = payload.account_id;
    const holder = await takeTickLease(deps.db, accountId);
    if (!holder) {
      // Another process is ticking this account now: look again in a minute, when its sends are counted.
      await scheduleTick(deps, accountId, new Date(Date.now() + MINUTE_MS));
      return { deferred: true };
    }
    try {
      const tick = await runEngineTick(deps, accountId, deps.clock ? deps.clock() : new Date());
      if (tick.next) await scheduleTick(deps, accountId, tick.next);
      // Call steps the agent places itself (Twilio configured) come due with the sequence: their tick too.
      await kickCalls(deps, accountId);
      return { sent: tick.sent, held: tick.held.length, next: tick.next?.toISOString() ?? null };
    } finally {
      await releaseTickLease(deps.db, accountId, holder);
    }
  },
});
