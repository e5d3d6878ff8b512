import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sendTickLeases, campaignEmails, campaigns, userEmails, type UserEmailRow } from '../../db/schema';
import { kickSending } from '../../lib/jobs/kicks';
import type { Deps } from '../../lib/route';
import { canSendAt, localDayBounds } from '../sending/schedule';
import { domainOf, outboxSendsSince, sendingWindow } from './capacity';
import { checkBounceRates, finishDoneCampaigns } from './lifecycle';
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

/** At app start: a tick for every account with a running campaign (each then keeps itself going). */
export async function kickRunningAccounts(deps: Pick<Deps, 'db' | 'jobs'>): Promise<void> {
  const rows = await deps.db.selectDistinct({ accountId: campaigns.accountId }).from(campaigns).where(eq(campaigns.status, 'running'));
  for (const r of rows) await kickSending(deps, r.accountId);
}
