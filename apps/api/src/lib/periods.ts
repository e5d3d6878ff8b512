import type { DashboardPeriod } from '@shared/schemas/dashboard';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export type PeriodWindow = {
  period: DashboardPeriod;
  bucket: 'day' | 'week';
  /** The first bucket's start (UTC midnight; a Monday for week buckets). */
  start: Date;
  /** Now: the window is [start, end]. */
  end: Date;
  /** The first day of the last bucket (the one holding now). */
  lastBucket: Date;
  buckets: number;
  /** The same length just before: [previousStart, previousEnd]. */
  previousStart: Date;
  previousEnd: Date;
};

const SHAPE: Record<DashboardPeriod, { bucket: 'day' | 'week'; buckets: number }> = {
  week: { bucket: 'day', buckets: 7 },
  month: { bucket: 'day', buckets: 30 },
  quarter: { bucket: 'week', buckets: 13 },
  year: { bucket: 'week', buckets: 52 },
};

export function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** Monday 00:00 UTC of the ISO week holding d (what PostgreSQL's date_trunc('week') gives). */
export function startOfUtcWeek(d: Date): Date {
  const day = startOfUtcDay(d);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/**
 * The UTC window of a period ending at `now`: week = the last 7 days, month = the last 30 (day buckets,
 * today included); quarter = the last 13 ISO weeks, year = the last 52 (week buckets, this week included).
 * The previous window is shifted back by the window's full length and ends at the same point in time,
 * so a partly elapsed today or this week is compared with an equally elapsed one.
 */
export function periodWindow(period: DashboardPeriod, now: Date): PeriodWindow {
  const { bucket, buckets } = SHAPE[period];
  const step = bucket === 'day' ? DAY_MS : WEEK_MS;
  const lastBucket = bucket === 'day' ? startOfUtcDay(now) : startOfUtcWeek(now);
  const start = new Date(lastBucket.getTime() - (buckets - 1) * step);
  const length = buckets * step;
  return {
    period,
    bucket,
    start,
    end: now,
    lastBucket,
    buckets,
    previousStart: new Date(start.getTime() - length),
    previousEnd: new Date(now.getTime() - length),
  };
}
