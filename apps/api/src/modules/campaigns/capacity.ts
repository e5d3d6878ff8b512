import { and, eq, gte, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import { DEFAULT_AUTO_COMMUNICATION_SETTINGS } from '@shared/schemas/auto-communication';
import { planLimitsOf } from '@shared/schemas/payments';
import type { SendingCapacity } from '@shared/schemas/user-emails';
import type { Db } from '../../db/client';
import { accounts, autoCommunicationSettings, campaignEmails, campaigns, campaignVirtualEmployees, userEmails, virtualEmployeeMailboxes } from '../../db/schema';
import { localDayBounds, mailboxCapacity, totalCapacity, windowOf, type SendWindow } from '../sending/schedule';

const HOUR_MS = 3_600_000;

/**
 * The account's sending window and daily email limit: auto_communication_settings (else the defaults),
 * capped by the plan's emails_per_day (Trial: Starter's; Not paid: none). `limitReached` is what the
 * user reads when that limit holds the sends back, naming the plan when the plan is the one that binds.
 */
export async function sendingWindow(db: Db, accountId: number): Promise<{ window: SendWindow; dailyLimit: number; accountLimit: AccountEmailLimit }> {
  const [row] = await db.select().from(autoCommunicationSettings).where(eq(autoCommunicationSettings.accountId, accountId));
  const [account] = await db.select({ plan: accounts.tariffPlan }).from(accounts).where(eq(accounts.id, accountId));
  const d = DEFAULT_AUTO_COMMUNICATION_SETTINGS;
  const window = row ? windowOf(row) : { timeZone: d.time_zone, workingDays: d.working_days, workStart: d.work_start, workEnd: d.work_end };
  const settings = row ? row.dailyLimitEmail : d.daily_limit_email;
  const accountLimit = accountEmailLimit(settings, account?.plan ?? 'Not paid');
  return { window, dailyLimit: accountLimit.limit, accountLimit };
}

export type AccountEmailLimit = SendingCapacity['account_limit'];

/** The smaller of the settings' daily email limit and the plan's, and which one binds. */
export function accountEmailLimit(settingsLimit: number, tariffPlan: string): AccountEmailLimit {
  const planLimit = planLimitsOf(tariffPlan).emails_per_day;
  if (planLimit < settingsLimit) {
    const message =
      planLimit === 0
        ? `no active plan: the ${tariffPlan === 'Not paid' ? 'unpaid' : tariffPlan} account sends nothing until a plan is chosen`
        : `the ${tariffPlan} plan's daily email limit (${planLimit}) reached`;
    return { limit: planLimit, source: 'plan', plan: tariffPlan, message };
  }
  return { limit: settingsLimit, source: 'settings', plan: tariffPlan, message: "account's daily email limit reached" };
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).trim().toLowerCase();

/**
 * The sends that count against the limits since `since`: sent rows, and rows claimed (sending) or
 * uncertain, which may have gone out. One query for the tick and the capacity panel alike.
 */
export async function outboxSendsSince(db: Db, accountId: number, since: Date): Promise<Array<{ mailboxId: number | null; domain: string; at: Date }>> {
  const at = sql<Date>`coalesce(${campaignEmails.sentAt}, ${campaignEmails.attemptedAt})`;
  const rows = await db
    .select({ mailboxId: campaignEmails.userEmailId, toEmail: campaignEmails.toEmail, at: at.mapWith(campaignEmails.sentAt) })
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, accountId), inArray(campaignEmails.status, ['sent', 'sending', 'uncertain']), gte(at, since)));
  return rows.map((r) => ({ mailboxId: r.mailboxId, domain: domainOf(r.toEmail), at: new Date(r.at) }));
}

/**
 * Today's capacity of each of the account's mailboxes and in total (the mailboxes page): the limit after
 * the ramp, sent, scheduled for today, left, and for a mailbox that cannot send now the rule that holds
 * it back, in the schedule's words ("outside working hours until 09:00 Europe/Berlin").
 */
export async function capacityToday(db: Db, accountId: number, now = new Date(), only?: { userEmailIds: readonly number[] }): Promise<SendingCapacity> {
  const { window, dailyLimit, accountLimit } = await sendingWindow(db, accountId);
  const day = localDayBounds(now, window.timeZone);
  const sends = await outboxSendsSince(db, accountId, new Date(Math.min(day.start.getTime(), now.getTime() - HOUR_MS)));
  // `only`: a campaign's mailboxes (GET user_emails/capacity?campaign_id=); none at all is an empty list, not every mailbox.
  const mailboxes =
    only?.userEmailIds.length === 0
      ? []
      : await db
          .select()
          .from(userEmails)
          .where(and(eq(userEmails.accountId, accountId), only ? inArray(userEmails.id, [...only.userEmailIds]) : undefined))
          .orderBy(userEmails.id);
  const scheduledRows = await db
    .select({ mailboxId: campaignEmails.userEmailId, n: sql<number>`count(*)::int` })
    .from(campaignEmails)
    .where(
      and(
        eq(campaignEmails.accountId, accountId),
        eq(campaignEmails.status, 'scheduled'),
        or(isNull(campaignEmails.dueAt), lte(campaignEmails.dueAt, day.end)),
      ),
    )
    .groupBy(campaignEmails.userEmailId);
  const scheduledOf = new Map(scheduledRows.map((r) => [r.mailboxId, Number(r.n)]));
  const accountSends = sends.filter((s) => s.at >= day.start).map((s) => s.at);
  const perMailbox = mailboxes.map((mailbox) => {
    const c = mailboxCapacity(
      {
        mailbox,
        mailboxKey: mailbox.id,
        window,
        history: { mailboxSends: sends.filter((s) => s.mailboxId === mailbox.id).map((s) => s.at), accountSends },
        accountDailyLimit: dailyLimit,
        accountLimitMessage: accountLimit.message,
        scheduledToday: scheduledOf.get(mailbox.id) ?? 0,
      },
      now,
    );
    return { user_email_id: mailbox.id, email: mailbox.email, ...c };
  });
  // The account's daily limit is shared by all its mailboxes: it counts every mailbox's sends, even for a campaign's subset.
  const scheduledToday = [...scheduledOf.values()].reduce((n, v) => n + v, 0);
  return {
    day: day.day,
    time_zone: window.timeZone,
    total: totalCapacity(perMailbox, { dailyLimit, sentToday: accountSends.length, scheduledToday }),
    account_limit: accountLimit,
    mailboxes: perMailbox,
  };
}

/**
 * The mailboxes a campaign sends from (those of its virtual employees), or null when the account has no
 * such campaign (the capacity call answers 404).
 */
export async function campaignMailboxIds(db: Db, accountId: number, campaignId: number): Promise<number[] | null> {
  const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.id, campaignId), eq(campaigns.accountId, accountId)));
  if (!campaign) return null;
  const rows = await db
    .selectDistinct({ id: virtualEmployeeMailboxes.userEmailId })
    .from(campaignVirtualEmployees)
    .innerJoin(
      virtualEmployeeMailboxes,
      and(eq(virtualEmployeeMailboxes.virtualEmployeeId, campaignVirtualEmployees.virtualEmployeeId), eq(virtualEmployeeMailboxes.accountId, accountId)),
    )
    .where(and(eq(campaignVirtualEmployees.campaignId, campaignId), eq(campaignVirtualEmployees.accountId, accountId)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
