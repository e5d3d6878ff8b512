import type { IntervalRate } from '@shared/schemas/insights';

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of a proportion k/n at 95 % (Wilson 1927; what Agresti and Coull recommend over the
 * normal approximation for small n or rates near 0): the rate with its low and high bound, clamped to [0, 1].
 */
export function wilson(k: number, n: number, z = Z95): IntervalRate {
  if (n <= 0) return { rate: null, low: null, high: null };
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At k = 0 and k = n the bound is exactly 0 and 1 (floating point would leave 1e-16 off).
  return { rate: p, low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}
