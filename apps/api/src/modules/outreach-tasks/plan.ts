import { and, asc, eq, gt, gte, inArray, lte, min, ne, sql } from 'drizzle-orm';
import { PAID_PLANS, planOf, type PaidPlan } from '@shared/schemas/payments';
import { DEFAULT_AUTO_COMMUNICATION_SETTINGS } from '@shared/schemas/auto-communication';
import type { Db } from '../../db/client';
import { accounts, autoCommunicationSettings, linkedinAccounts, outreachTasks, phoneCalls } from '../../db/schema';
import { localDayBounds, windowOf } from '../sending/schedule';
import { capacityOf, DAY_MS, planTasks, WEEK_MS, type Capacity, type TaskLimits, type TaskUsage } from './limits';

/**
 * Planning the LinkedIn and call tasks: which due task fits today's limits and which waits for a later day.
 * The engine's tick (campaigns/send-job.ts) runs it for the account and wakes again when the next task comes
 * due; the routes only read what it wrote, with today's capacity.
 */

export async function limitsOf(db: Db, accountId: number): Promise<TaskLimits> {
  const [settings] = await db.select().from(autoCommunicationSettings).where(eq(autoCommunicationSettings.accountId, accountId));
  const [account] = await db.select({ plan: accounts.tariffPlan, createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.id, accountId));
  const connected = await db.select({ at: linkedinAccounts.createdAt }).from(linkedinAccounts).where(eq(linkedinAccounts.accountId, accountId)).orderBy(asc(linkedinAccounts.createdAt));
  const d = DEFAULT_AUTO_COMMUNICATION_SETTINGS;
  const plan = account && (PAID_PLANS as readonly string[]).includes(account.plan) ? planOf(account.plan as PaidPlan) : null;
  return {
    window: settings ? windowOf(settings) : { timeZone: d.time_zone, workingDays: d.working_days, workStart: d.work_start, workEnd: d.work_end },
    linkedinDaily: settings?.dailyLimitLinkedin ?? d.daily_limit_linkedin,
    planLinkedinDaily: plan ? plan.limits.linkedin_actions_per_day : null,
    phoneDaily: settings?.dailyLimitPhone ?? d.daily_limit_phone,
    weeklyInvitations: settings?.weeklyInvitationLimit ?? d.weekly_invitation_limit,
    // No LinkedIn account connected yet: the user's own, counted from the account's start.
    linkedinAccountsSince: connected.length ? connected.map((c) => c.at) : [account?.createdAt ?? new Date(0)],
  };
}

async function usageOf(db: Db, accountId: number, limits: TaskLimits, now: Date): Promise<TaskUsage> {
  const day = localDayBounds(now, limits.window.timeZone);
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const stamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const [r] = (await db
    .select({
      linkedin: sql<number>`count(*) filter (where ${outreachTasks.channel} = 'linkedin' and ${outreachTasks.kind} <> 'view_profile' and ${outreachTasks.doneAt} >= ${stamp(day.start)})::int`,
      invitations: sql<number>`count(*) filter (where ${outreachTasks.kind} = 'connection_request' and ${outreachTasks.doneAt} > ${stamp(weekAgo)})::int`,
      calls: sql<number>`count(*) filter (where ${outreachTasks.channel} = 'call' and ${outreachTasks.doneAt} >= ${stamp(day.start)} and not ${agentCall(accountId, ['failed'])})::int`,
    })
    .from(outreachTasks)
    .where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.status, 'done'), gt(outreachTasks.doneAt, new Date(Math.min(weekAgo.getTime(), day.start.getTime()) - DAY_MS)), lte(outreachTasks.doneAt, now)))) as [
    { linkedin: number; invitations: number; calls: number },
  ];
  // Calls the agent placed through the phone provider count when placed (their task closes when the call ends);
  // one the provider refused rang nobody, and its task is the user's to call (counted when they log it).
  const [placed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(phoneCalls)
    .where(and(eq(phoneCalls.accountId, accountId), ne(phoneCalls.status, 'failed'), gte(phoneCalls.createdAt, day.start), lte(phoneCalls.createdAt, now)));
  return { linkedinToday: Number(r.linkedin), invitationsThisWeek: Number(r.invitations), callsToday: Number(r.calls) + Number(placed?.n ?? 0) };
}

/**
 * A call task with a call the agent placed through the phone provider (modules/phone-calls), leaving out calls in
 * `except`: any call (it is never dialled again), a call the provider took (`failed` rang nobody: it does not count
 * against the limit), a call under way or done (`failed`, `uncertain`: the task is the user's again).
 */
export const agentCall = (accountId: number, except: readonly string[] = []) =>
  sql`exists (select 1 from phone_calls pc where pc.account_id = ${accountId} and pc.outreach_task_id = ${outreachTasks.id}${
    except.length ? sql` and pc.status not in (${sql.join(except.map((x) => sql`${x}`), sql`, `)})` : sql``
  })`;

/** Today's capacity (the limits, what was done against them): a read, for the routes and the planner alike. */
export async function capacityNow(db: Db, accountId: number, now: Date): Promise<Capacity> {
  const limits = await limitsOf(db, accountId);
  return capacityOf(limits, await usageOf(db, accountId, limits, now), now);
}

/** Tasks of running campaigns and active enrolments (a paused campaign's tasks wait with it). */
export const live = (accountId: number) =>
  sql`exists (select 1 from campaign_enrolments e join campaigns c on c.id = e.campaign_id and c.account_id = ${accountId}
              where e.id = ${outreachTasks.enrolmentId} and e.account_id = ${accountId} and e.status = 'active' and c.status = 'running')`;

/**
 * Fits the open tasks whose time has come into today's capacity (limits.ts planTasks) and writes the
 * changes: a task over a limit waits for the next working day, one that came due outside the working
 * hours moves to their start. Idempotent. Answers the capacity it planned with and when to plan next:
 * the earliest time an open task of a running campaign comes due (null: none waits for a time).
 */
export async function planToday(db: Db, accountId: number, now: Date): Promise<{ capacity: Capacity; next: Date | null }> {
  const limits = await limitsOf(db, accountId);
  const capacity = capacityOf(limits, await usageOf(db, accountId, limits, now), now);
  const open = await db
    .select({ id: outreachTasks.id, channel: outreachTasks.channel, kind: outreachTasks.kind, status: outreachTasks.status, dueAt: outreachTasks.dueAt })
    .from(outreachTasks)
    .where(and(eq(outreachTasks.accountId, accountId), inArray(outreachTasks.status, ['due', 'waiting']), lte(outreachTasks.dueAt, now), live(accountId), sql`not ${agentCall(accountId)}`))
    .orderBy(asc(outreachTasks.dueAt), asc(outreachTasks.id));
  const decisions = planTasks(
    open.map((t) => ({ ...t, status: t.status as 'due' | 'waiting', dueAt: t.dueAt! })),
    capacity,
    limits,
    now,
  );
  for (const d of decisions) {
    await db
      .update(outreachTasks)
      .set({ status: d.status, dueAt: d.dueAt, waitReason: d.waitReason, updatedAt: now })
      .where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.id, d.id), inArray(outreachTasks.status, ['due', 'waiting'])));
  }
  const [later] = await db
    .select({ at: min(outreachTasks.dueAt) })
    .from(outreachTasks)
    .where(and(eq(outreachTasks.accountId, accountId), inArray(outreachTasks.status, ['due', 'waiting']), gt(outreachTasks.dueAt, now), live(accountId)));
  return { capacity, next: later?.at ? new Date(later.at) : null };
}
