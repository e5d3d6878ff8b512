import type { Db } from '../../db/client';
import type { JobQueue } from './queue';

/**
 * The engine's kicks, by job name: a module asks for the sending tick, the call tick or a mailbox sync without
 * importing the module that runs it (those sit above it in the layer order, apps/api/README.md). The job
 * definitions are in their modules and listed in src/jobs.ts; a name here that no definition registers fails at
 * the first kick (JobQueue.sendNamed throws), and jobs.test.ts proves each name is registered.
 */
export const SEND_TICK_JOB = 'send-due-emails';
export const PLACE_CALLS_JOB = 'place-due-calls';
export const MAILBOX_SYNC_JOB = 'mailbox-sync';
export const KICKED_JOBS = [SEND_TICK_JOB, PLACE_CALLS_JOB, MAILBOX_SYNC_JOB] as const;

type Kicker = { jobs: Pick<JobQueue<never>, 'sendNamed'> };

const MINUTE_MS = 60_000;
/** The start of the minute after `at` (ticks run on whole minutes: one pending tick per account and minute). */
export const nextMinute = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
/** A start `seconds` ahead on a whole second: asks within one second share a run whose start is still ahead. */
const soon = (seconds: number) => new Date((Math.floor(Date.now() / 1000) + seconds) * 1000);

/** The account's next sending tick at `at` (rounded up to a whole minute; a second ask for that minute is ignored). */
export async function scheduleTick(deps: Kicker, accountId: number, at: Date, tx?: Db): Promise<void> {
  const startAfter = nextMinute(new Date(at.getTime() - 1));
  await deps.jobs.sendNamed(SEND_TICK_JOB, { account_id: accountId }, { tx, startAfter, key: `${accountId}:${startAfter.toISOString()}` });
}

/**
 * A sending tick in a second or two, for a campaign that starts or resumes, emails approved or composed, a mailbox
 * connected or resumed. Asks within the same second share one tick (its key is its start time, always still in
 * the future when asked, so an ask never lands on a tick that already ran and found nothing).
 */
export async function kickSending(deps: Kicker, accountId: number, tx?: Db): Promise<void> {
  const startAfter = soon(2);
  await deps.jobs.sendNamed(SEND_TICK_JOB, { account_id: accountId }, { tx, startAfter, key: `${accountId}:${startAfter.toISOString()}` });
}

/** A call tick of the account at `at` (whole minutes; one per account and minute). */
export async function scheduleCallTick(deps: Kicker, accountId: number, at: Date, tx?: Db): Promise<void> {
  const startAfter = nextMinute(new Date(at.getTime() - 1));
  await deps.jobs.sendNamed(PLACE_CALLS_JOB, { account_id: accountId }, { tx, startAfter, key: `${accountId}:${startAfter.toISOString()}` });
}

/** A call tick in a second or so, when Twilio is configured (without it, call steps are the user's tasks). */
export async function kickCalls(deps: Kicker & { config: { twilio: unknown } }, accountId: number, tx?: Db): Promise<void> {
  if (!deps.config.twilio) return;
  const startAfter = soon(2);
  await deps.jobs.sendNamed(PLACE_CALLS_JOB, { account_id: accountId }, { tx, startAfter, key: `${accountId}:${startAfter.toISOString()}` });
}

/** A sync of the mailbox in a second (it has just sent, or the app starts); in `tx`, it exists once that commits. */
export async function kickSync(deps: Kicker, accountId: number, userEmailId: number, tx?: Db): Promise<void> {
  const startAfter = soon(1);
  await deps.jobs.sendNamed(MAILBOX_SYNC_JOB, { account_id: accountId, user_email_id: userEmailId }, { tx, startAfter, key: `${userEmailId}:kick:${startAfter.toISOString()}` });
}
