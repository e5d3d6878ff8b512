/** Today's sending limit after the warm-up ramp: start on day 0, + increase per day, up to the ceiling and never above the daily limit. */
export function limitToday(
  m: { dailyLimit: number; warmupEnabled: boolean; warmupStart: number; warmupIncrease: number; warmupCeiling: number; warmupStartedOn: string | null },
  today: string,
): number {
  if (!m.warmupEnabled || !m.warmupStartedOn) return m.dailyLimit;
  const days = Math.max(0, Math.floor((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${m.warmupStartedOn}T00:00:00Z`)) / 86_400_000));
  return Math.min(m.dailyLimit, m.warmupCeiling, m.warmupStart + m.warmupIncrease * days);
}

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);
