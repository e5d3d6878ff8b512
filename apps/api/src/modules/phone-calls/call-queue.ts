import type { Db } from '../../db/client';
import type { Deps } from '../../lib/route';

/**
 * Asking for a call tick (job `place-due-calls`, auto-calls.ts) from the modules that make call tasks due:
 * the sending tick and a closed task. By the job's name, as those modules are below auto-calls in the
 * import graph (auto-calls closes tasks through outreach-tasks, which asks the sending tick).
 */
export const PLACE_CALLS_JOB = 'place-due-calls';

const MINUTE_MS = 60_000;
const nextMinute = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);

/** A call tick of the account at `at` (whole minutes; one per account and minute). */
export async function scheduleCallTick(deps: Pick<Deps, 'jobs'>, accountId: number, at: Date, tx?: Db): Promise<void> {
  const startAfter = nextMinute(new Date(at.getTime() - 1));
  await deps.jobs.sendNamed(PLACE_CALLS_JOB, { account_id: accountId }, { tx, startAfter, key: `${accountId}:${startAfter.toISOString()}` });
}

/**
 * A call tick in a second or so, when Twilio is configured (without it, call steps are the user's tasks).
 * Asks within one second share a tick whose start is still ahead (so an ask never lands on a tick that ran).
 */
export async function kickCalls(deps: Pick<Deps, 'jobs' | 'config'>, accountId: number, tx?: Db): Promise<void> {
  if (!deps.config.twilio) return;
  const startAfter = new Date((Math.floor(Date.now() / 1000) + 2) * 1000);
  await deps.jobs.sendNamed(PLACE_CALLS_JOB, { account_id: accountId }, { tx, startAfter, key: `${accountId}:${startAfter.toISOString()}` });
}
