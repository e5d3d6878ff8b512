import { TZDate } from '@date-fns/tz';

/**
 * When a virtual employee's posts go out: at `time` in `timeZone`, on the first `postsPerWeek` of the
 * chosen ISO weekdays (1 = Monday … 7 = Sunday) of each week, so "2 a week on Tue, Thu, Fri" posts on
 * Tuesday and Thursday. Pure: the planner and the settings form's preview ask the same question.
 */
export type SlotRule = { days: number[]; time: string; timeZone: string; postsPerWeek: number };

export const PLAN_HORIZON_DAYS = 7;

/** The posting days used each week: the first postsPerWeek chosen days (at most one post a day). */
export const postingDays = (rule: Pick<SlotRule, 'days' | 'postsPerWeek'>) => [...new Set(rule.days)].sort((a, b) => a - b).slice(0, Math.max(0, rule.postsPerWeek));

/** The slots after `now` and before now + horizonDays, earliest first. */
export function slotsBetween(rule: SlotRule, now: Date, horizonDays = PLAN_HORIZON_DAYS): Date[] {
  const days = new Set(postingDays(rule));
  if (!days.size) return [];
  const [hh, mm] = rule.time.split(':').map(Number) as [number, number];
  const local = new TZDate(now.getTime(), rule.timeZone);
  const end = now.getTime() + horizonDays * 24 * 3600 * 1000;
  const out: Date[] = [];
  for (let i = 0; i <= horizonDays; i++) {
    const slot = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + i, hh, mm, 0, rule.timeZone);
    const isoDay = slot.getDay() === 0 ? 7 : slot.getDay();
    if (!days.has(isoDay)) continue;
    const t = slot.getTime();
    if (t > now.getTime() && t < end) out.push(new Date(t));
  }
  return out;
}
