import { AUTO_RESUME_RAMP_DAYS, AUTO_RESUME_START_SHARE } from '@shared/constants';

/** The share of its limit a mailbox that resumed by itself `days` local days ago may send: START_SHARE on day 0, full after RAMP_DAYS. */
export function recoveryShare(days: number): number {
  if (days >= AUTO_RESUME_RAMP_DAYS) return 1;
  return AUTO_RESUME_START_SHARE + ((1 - AUTO_RESUME_START_SHARE) * Math.max(0, days)) / AUTO_RESUME_RAMP_DAYS;
}

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

const daysBetween = (from: string, to: string) => Math.floor((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Today's sending limit: the warm-up ramp (start on day 0, + increase per day, up to the ceiling and never above the
 * daily limit), then, for a mailbox that resumed by itself after a deliverability pause, only its recovery share of
 * that (recoveryShare: half on the day it resumed, the full limit again after the ramp), at least 1.
 */
export function limitToday(
  m: {
    dailyLimit: number;
    warmupEnabled: boolean;
    warmupStart: number;
    warmupIncrease: number;
    warmupCeiling: number;
    warmupStartedOn: string | null;
    autoResumedAt?: Date | null;
  },
  today: string,
): number {
  const full = !m.warmupEnabled || !m.warmupStartedOn ? m.dailyLimit : Math.min(m.dailyLimit, m.warmupCeiling, m.warmupStart + m.warmupIncrease * Math.max(0, daysBetween(m.warmupStartedOn, today)));
  if (!m.autoResumedAt) return full;
  const share = recoveryShare(daysBetween(utcDay(m.autoResumedAt), today));
  return share >= 1 ? full : Math.max(1, Math.floor(full * share + 1e-9));
}
