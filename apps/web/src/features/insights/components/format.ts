/** Figures as the insights show them. */
const numberFormat = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => numberFormat.format(n);

/** A fraction as a percentage: one decimal under 10 %, whole above ("2.4%", "31%"); "–" when there is nothing to divide. */
export function formatRate(rate: number | null, whole?: number): string {
  if (rate === null || whole === 0) return '–';
  const pct = rate * 100;
  if (pct === 0) return '0%';
  return pct < 10 ? `${pct.toFixed(1)}%` : `${Math.round(pct)}%`;
}

/** "12–31%": a 95 % interval. */
export const formatInterval = (low: number | null, high: number | null) => (low === null || high === null ? '' : `${formatRate(low)}–${formatRate(high)}`);

/** Hours as a readable duration ("45 min", "5.5 h", "3.2 days"). */
export function formatHours(h: number | null): string {
  if (h === null) return '–';
  if (h < 1) return `${Math.max(1, Math.round(h * 60))} min`;
  if (h < 48) return `${h.toFixed(1)} h`;
  return `${(h / 24).toFixed(1)} days`;
}
