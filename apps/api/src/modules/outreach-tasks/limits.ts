import type { StepKind } from '@shared/schemas/campaigns';
import { WEEKLY_INVITATION_MAX } from '@shared/schemas/auto-communication';
import { formatLocal, localDayBounds, nextWindowStart, type SendWindow } from '../sending/schedule';

/**
 * The LinkedIn and call limits, as one pure answer for the planner and the capacity view alike (the
 * email limits' twin is modules/sending/schedule.ts, whose working window this reuses):
 * - LinkedIn actions per local day (connection requests and messages; a profile view is no action):
 *   auto_communication_settings' daily LinkedIn limit, capped by the plan's linkedin_actions_per_day;
 * - connection requests per LinkedIn account over the rolling 7 days: the configured weekly limit (at most
 *   100), ramped for a newly connected account;
 * - calls per local day: the daily phone limit;
 * - the working hours and days, in the schedule's time zone.
 * A task over a limit waits for the next working day (its due_at moves there).
 */

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** Weekly invitations in a LinkedIn account's first, second, … week with the product; from the fifth on, the configured limit. */
export const INVITATION_RAMP = [20, 40, 60, 80] as const;

export const isLinkedinAction = (kind: StepKind) => kind === 'connection_request' || kind === 'message' || kind === 'follow_up';

/** One LinkedIn account's weekly invitation limit at `now`: the configured limit, lower in its first weeks. */
export function invitationLimitOf(configured: number, connectedAt: Date, now: Date): number {
  const week = Math.floor(Math.max(0, now.getTime() - connectedAt.getTime()) / WEEK_MS);
  const cap = Math.min(configured, WEEKLY_INVITATION_MAX);
  return Math.min(cap, INVITATION_RAMP[week] ?? cap);
}

export type TaskLimits = {
  window: SendWindow;
  /** auto_communication_settings' daily LinkedIn limit. */
  linkedinDaily: number;
  /** The plan's LinkedIn actions per day (null: the plan sets none). */
  planLinkedinDaily: number | null;
  phoneDaily: number;
  /** The configured weekly invitations per LinkedIn account. */
  weeklyInvitations: number;
  /** When each of the account's LinkedIn accounts was connected (the ramp's start); none connected: the account's own start. */
  linkedinAccountsSince: Date[];
};

/** What was done already: LinkedIn actions and calls since the local day's start, invitations over the last 7 days. */
export type TaskUsage = { linkedinToday: number; invitationsThisWeek: number; callsToday: number };

export type Capacity = {
  day: string;
  timeZone: string;
  workingNow: boolean;
  nextWorkingAt: Date | null;
  linkedin: { limit: number; used: number; left: number; settingsLimit: number; planLimit: number | null };
  invitations: { limit: number; used: number; left: number; weeklyLimit: number; rampLimit: number };
  calls: { limit: number; used: number; left: number };
};

export function capacityOf(limits: TaskLimits, usage: TaskUsage, now: Date): Capacity {
  const day = localDayBounds(now, limits.window.timeZone);
  const next = nextWindowStart(now.getTime(), limits.window);
  const linkedinLimit = Math.max(0, Math.min(limits.linkedinDaily, limits.planLinkedinDaily ?? Number.POSITIVE_INFINITY));
  const perAccount = limits.linkedinAccountsSince.map((since) => invitationLimitOf(limits.weeklyInvitations, since, now));
  const rampLimit = perAccount.reduce((n, v) => n + v, 0);
  const left = (limit: number, used: number) => Math.max(0, limit - used);
  return {
    day: day.day,
    timeZone: limits.window.timeZone,
    workingNow: next === null,
    nextWorkingAt: next === null || Number.isNaN(next) ? null : new Date(next),
    linkedin: { limit: linkedinLimit, used: usage.linkedinToday, left: left(linkedinLimit, usage.linkedinToday), settingsLimit: limits.linkedinDaily, planLimit: limits.planLinkedinDaily },
    invitations: {
      limit: rampLimit,
      used: usage.invitationsThisWeek,
      left: left(rampLimit, usage.invitationsThisWeek),
      weeklyLimit: Math.min(limits.weeklyInvitations, WEEKLY_INVITATION_MAX) * Math.max(1, perAccount.length),
      rampLimit,
    },
    calls: { limit: limits.phoneDaily, used: usage.callsToday, left: left(limits.phoneDaily, usage.callsToday) },
  };
}

export type PlannedTask = { id: number; channel: 'linkedin' | 'call'; kind: StepKind; status: 'due' | 'waiting'; dueAt: Date };
export type PlanDecision = { id: number; status: 'due' | 'waiting'; dueAt: Date; waitReason: string | null };

/** The start of the working hours on the next working day after `now`'s local day. */
export function nextWorkingDay(now: Date, window: SendWindow): Date | null {
  const end = localDayBounds(now, window.timeZone).end.getTime();
  const inside = nextWindowStart(end, window);
  const at = inside === null ? end : inside;
  return Number.isNaN(at) ? null : new Date(at);
}

/**
 * Today's plan: the open tasks whose time has come, oldest first, take today's capacity; a task that does
 * not fit waits for the next working day (its due_at moves there, with the limit that held it, in words).
 * A task that came due outside the working hours moves to their next start. Answers only the tasks whose
 * row changes.
 */
export function planTasks(tasks: readonly PlannedTask[], capacity: Capacity, limits: TaskLimits, now: Date): PlanDecision[] {
  let linkedinLeft = capacity.linkedin.left;
  let invitationsLeft = capacity.invitations.left;
  let callsLeft = capacity.calls.left;
  const tomorrow = nextWorkingDay(now, limits.window);
  const decisions: PlanDecision[] = [];
  const ordered = [...tasks].filter((t) => t.dueAt.getTime() <= now.getTime()).sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.id - b.id);
  for (const task of ordered) {
    // Reached outside the working hours: due when they open.
    const opens = nextWindowStart(task.dueAt.getTime(), limits.window);
    if (task.status === 'due' && opens !== null && !Number.isNaN(opens) && opens > task.dueAt.getTime()) {
      if (opens > now.getTime()) {
        decisions.push({ id: task.id, status: 'due', dueAt: new Date(opens), waitReason: null });
        continue;
      }
    }
    let held: string | null = null;
    if (task.channel === 'call') {
      if (callsLeft <= 0) held = `Daily call limit reached (${capacity.calls.limit} a day)`;
      else callsLeft--;
    } else if (isLinkedinAction(task.kind)) {
      if (linkedinLeft <= 0) {
        held =
          capacity.linkedin.planLimit !== null && capacity.linkedin.planLimit <= capacity.linkedin.settingsLimit
            ? `Your plan's LinkedIn limit is reached (${capacity.linkedin.planLimit} actions a day)`
            : `Daily LinkedIn limit reached (${capacity.linkedin.limit} actions a day)`;
      } else if (task.kind === 'connection_request' && invitationsLeft <= 0) {
        held = `Weekly invitation limit reached (${capacity.invitations.limit} in 7 days)`;
      } else {
        linkedinLeft--;
        if (task.kind === 'connection_request') invitationsLeft--;
      }
    }
    if (held === null) {
      if (task.status !== 'due') decisions.push({ id: task.id, status: 'due', dueAt: task.dueAt, waitReason: null });
      continue;
    }
    if (!tomorrow) continue; // no working day at all: it stays, the capacity view says why
    decisions.push({ id: task.id, status: 'waiting', dueAt: tomorrow, waitReason: `${held}: waits until ${formatLocal(tomorrow.getTime(), now.getTime(), limits.window.timeZone)}` });
  }
  return decisions;
}
