import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, lt, min, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { sendTickLeases, campaignEmails, campaigns, userEmails, type UserEmailRow } from '../../db/schema';
import { defineJob } from '../../lib/jobs/queue';
import { kickCalls } from '../phone-calls/call-queue';
import type { Deps } from '../../lib/route';
import { canSendAt, localDayBounds } from '../sending/schedule';
import { domainOf, outboxSendsSince, sendingWindow } from './capacity';
import { checkBounceRates, finishDoneCampaigns } from './lifecycle';
import { planToday } from '../outreach-tasks/plan';
import { dueCampaignEmails, reconcileStaleSends, sendDueCampaignEmail, STALE_SENDING_MS, type SendDueOutcome } from './outbox';

/**
 * The sending tick of one account (job `send-due-emails`): resolves rows left in `sending` by a dead
 * process (Sent folder), takes the due emails, asks the schedule (canSendAt: the mailbox's daily and
 * hourly limits after warm-up, its gap, the working window, the recipient domain's throttle, the
 * account's daily limit) for each, sends those allowed and leaves the rest; then enqueues itself for the
 * earliest time something may go (a hold's `until`, a retry's `send_after`, a follow-up's `due_at`).
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export type TickResult = {
  sent: number;
  results: Array<{ id: number } & SendDueOutcome>;
  held: Array<{ id: number; rule: string; message: string; until: string | null }>;
  /** When the next tick is due (null: nothing waits that time alone will release). */
  next: Date | null;
};

/** One pass over the account's due emails at `now` (the job passes the real clock; tests pass theirs). */
export async function runSendTick(deps: Deps, accountId: number, now = new Date()): Promise<TickResult> {
  const db = deps.db;
  await reconcileStaleSends(deps, accountId, now);
  const { window, dailyLimit, accountLimit } = await sendingWindow(db, accountId);
  const day = localDayBounds(now, window.timeZone);
  const since = new Date(Math.min(day.start.getTime(), now.getTime() - HOUR_MS));
  const sends = await outboxSendsSince(db, accountId, since);

  const due = await dueCampaignEmails(db, accountId, now, 100);
  const mailboxIds = [...new Set(due.map((d) => d.userEmailId).filter((id): id is number => id !== null))];
  const mailboxes = new Map<number, UserEmailRow>();
  if (mailboxIds.length) {
    for (const m of await db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), inArray(userEmails.id, mailboxIds)))) mailboxes.set(m.id, m);
  }

  const result: TickResult = { sent: 0, results: [], held: [], next: null };
  const wake = (at: Date | null) => {
    if (at && (!result.next || at < result.next)) result.next = at;
  };
  for (const email of due) {
    const mailbox = email.userEmailId === null ? undefined : mailboxes.get(email.userEmailId);
    if (mailbox) {
      const decision = canSendAt(
        {
          mailbox,
          mailboxKey: mailbox.id,
          window,
          history: {
            mailboxSends: sends.filter((s) => s.mailboxId === mailbox.id).map((s) => s.at),
            accountSends: sends.filter((s) => s.at >= day.start).map((s) => s.at),
            domainSends: sends.filter((s) => s.domain === domainOf(email.toEmail)).map((s) => s.at),
          },
          accountDailyLimit: dailyLimit,
          accountLimitMessage: accountLimit.message,
          recipient: email.toEmail,
        },
        now,
      );
      if (!decision.ok) {
        result.held.push({ id: email.id, rule: decision.rule, message: decision.message, until: decision.until?.toISOString() ?? null });
        wake(decision.until);
        continue;
      }
    }
    // No mailbox any more: the send itself records why it fails.
    const outcome = await sendDueCampaignEmail(deps, accountId, email.id, now);
    result.results.push({ id: email.id, ...outcome });
    if (outcome.state === 'sent' || outcome.state === 'uncertain') {
      result.sent += outcome.state === 'sent' ? 1 : 0;
      sends.push({ mailboxId: email.userEmailId, domain: domainOf(email.toEmail), at: now });
    }
  }
  // Bounce rates of the campaigns that sent (a high one pauses), then the campaigns now done finish.
  const touched = due.filter((d) => result.results.some((r) => r.id === d.id && (r.state === 'sent' || r.state === 'failed'))).map((d) => d.campaignId);
  await checkBounceRates(db, accountId, touched, now);
  await finishDoneCampaigns(db, accountId, now);
  // Emails that time alone will release: a retry's wait, a follow-up's due time (of running campaigns).
  const [later] = await db
    .select({ at: min(sql`greatest(${campaignEmails.dueAt}, coalesce(${campaignEmails.sendAfter}, ${campaignEmails.dueAt}))`).mapWith(campaignEmails.dueAt) })
    .from(campaignEmails)
    .innerJoin(campaigns, and(eq(campaigns.id, campaignEmails.campaignId), eq(campaigns.accountId, accountId), eq(campaigns.status, 'running')))
    .where(
      and(
        eq(campaignEmails.accountId, accountId),
        eq(campaignEmails.status, 'scheduled'),
        isNotNull(campaignEmails.dueAt),
        gt(sql`greatest(${campaignEmails.dueAt}, coalesce(${campaignEmails.sendAfter}, ${campaignEmails.dueAt}))`, now),
      ),
    );
  if (later?.at) wake(new Date(later.at));
  // A row claimed by another process now is checked again once it could be stale.
  const [claimed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, 'sending')));
  if (Number(claimed?.n ?? 0) > 0) wake(new Date(now.getTime() + STALE_SENDING_MS + MINUTE_MS));
  return result;
}

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

/** The start of the minute after `at` (a tick runs on whole minutes: one pending tick per account and minute). */
const nextMinute = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);

type TickPayload = { account_id: number };

export const sendDueJob = defineJob<TickPayload, Deps>({
  name: 'send-due-emails',
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

/** Longer than a tick takes (100 sends at most); a process that dies holding it blocks the account no longer. */
export const TICK_LEASE_MS = 10 * MINUTE_MS;

/**
 * Takes the account's tick lease (send_tick_leases) unless another process holds a live one: one tick per
 * account across all API processes, so the daily, hourly and gap limits hold there too. Answers the
 * holder id to release it with, or null.
 */
export async function takeTickLease(db: Db, accountId: number, now = new Date()): Promise<string | null> {
  const holder = randomUUID();
  const expiresAt = new Date(now.getTime() + TICK_LEASE_MS);
  const [row] = await db
    .insert(sendTickLeases)
    .values({ accountId, holder, expiresAt })
    .onConflictDoUpdate({ target: sendTickLeases.accountId, set: { holder, expiresAt }, setWhere: lt(sendTickLeases.expiresAt, now) })
    .returning({ holder: sendTickLeases.holder });
  return row?.holder === holder ? holder : null;
}

export async function releaseTickLease(db: Db, accountId: number, holder: string): Promise<void> {
  await db.delete(sendTickLeases).where(and(eq(sendTickLeases.accountId, accountId), eq(sendTickLeases.holder, holder)));
}

/** The next tick of an account at `at` (rounded up to a whole minute; a second ask for that minute is ignored). */
export async function scheduleTick(deps: Pick<Deps, 'jobs'>, accountId: number, at: Date, tx?: Db): Promise<void> {
  const startAfter = nextMinute(new Date(at.getTime() - 1));
  await deps.jobs.send(sendDueJob, { account_id: accountId }, { tx, startAfter, key: `${accountId}:${startAfter.toISOString()}` });
}

/**
 * A tick in a second or two, for a campaign that starts or resumes and emails approved or composed. Asks
 * within the same second share one tick (its key is its start time, always still in the future when
 * asked, so an ask never lands on a tick that already ran and found nothing).
 */
export async function kickSending(deps: Pick<Deps, 'jobs'>, accountId: number, tx?: Db): Promise<void> {
  const startAfter = new Date((Math.floor(Date.now() / 1000) + 2) * 1000);
  await deps.jobs.send(sendDueJob, { account_id: accountId }, { tx, startAfter, key: `${accountId}:${startAfter.toISOString()}` });
}

/** At app start: a tick for every account with a running campaign (each then keeps itself going). */
export async function kickRunningAccounts(deps: Pick<Deps, 'db' | 'jobs'>): Promise<void> {
  const rows = await deps.db.selectDistinct({ accountId: campaigns.accountId }).from(campaigns).where(eq(campaigns.status, 'running'));
  for (const r of rows) await kickSending(deps, r.accountId);
}
