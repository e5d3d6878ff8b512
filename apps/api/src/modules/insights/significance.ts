import type { VariantTest } from '@shared/schemas/variants';

/**
 * Two-proportion tests for the variants of a step (docs/decisions.md "Variants worth trusting"): the two-sided
 * pooled two-proportion z-test when every expected cell of the 2×2 table is at least 5 (the usual rule for the normal
 * approximation), else Fisher's exact test (two-sided: the tables at most as likely as the one observed).
 */

/** The complementary error function (Numerical Recipes' erfcc, Chebyshev fit; fractional error under 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** The two-sided p-value of a standard normal statistic. */
export const twoSidedNormalP = (z: number): number => Math.min(1, erfc(Math.abs(z) / Math.SQRT2));

export type ProportionCounts = { successes: number; trials: number };

/** The pooled two-proportion z statistic and its two-sided p (z = 0, p = 1 when the pooled rate is 0 or 1). */
export function twoProportionZ(a: ProportionCounts, b: ProportionCounts): { z: number; p: number } {
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (!(se > 0)) return { z: 0, p: 1 };
  const z = (a.successes / a.trials - b.successes / b.trials) / se;
  return { z, p: twoSidedNormalP(z) };
}

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials[i] = logFactorials[i - 1]! + Math.log(i);
  return logFactorials[n]!;
}
const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/** Fisher's exact test, two-sided, of the 2×2 table [a.successes, a.failures; b.successes, b.failures]. */
export function fisherExact(a: ProportionCounts, b: ProportionCounts): number {
  const k = a.successes + b.successes;
  const n = a.trials + b.trials;
  const logTotal = logChoose(n, k);
  const prob = (x: number) => Math.exp(logChoose(a.trials, x) + logChoose(b.trials, k - x) - logTotal);
  const observed = prob(a.successes);
  let p = 0;
  for (let x = Math.max(0, k - b.trials); x <= Math.min(k, a.trials); x++) {
    const px = prob(x);
    // A relative tolerance, as R's fisher.test: tables as likely as the observed one count despite rounding.
    if (px <= observed * (1 + 1e-7)) p += px;
  }
  return Math.min(1, p);
}

/** The smallest expected cell count of the 2×2 table under no difference. */
export function smallestExpected(a: ProportionCounts, b: ProportionCounts): number {
  const n = a.trials + b.trials;
  const k = a.successes + b.successes;
  return Math.min(a.trials, b.trials) * Math.min(k, n - k) / n;
}

/** The two-sided p of the difference between two proportions, with the test used (z when its approximation holds). */
export function compareProportions(a: ProportionCounts, b: ProportionCounts): { test: VariantTest; p: number } {
  if (a.trials === 0 || b.trials === 0) return { test: 'fisher_exact', p: 1 };
  if (smallestExpected(a, b) >= 5) return { test: 'two_proportion_z', p: twoProportionZ(a, b).p };
  return { test: 'fisher_exact', p: fisherExact(a, b) };
}
