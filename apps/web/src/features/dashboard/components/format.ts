const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const number = new Intl.NumberFormat('en-US');

/** 'YYYY-MM-DD' (a UTC bucket start) → 'Mar 12'. */
export const formatBucketDate = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
export const formatNumber = (n: number) => number.format(n);
export const formatPercent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;
