import { describe, expect, it } from 'vitest';
import { compareProportions, fisherExact, twoProportionZ } from './significance';

describe('the two-proportion tests', () => {
  it('z-test: the textbook answer on known counts', () => {
    // statsmodels' proportions_ztest documentation, two-sample example: count [5, 12], nobs [83, 99] → p 0.159.
    const { z, p } = twoProportionZ({ successes: 5, trials: 83 }, { successes: 12, trials: 99 });
    expect(z).toBeCloseTo(-1.4078, 3);
    expect(p).toBeCloseTo(0.159, 3);
    // Newcombe (1998)'s example (a), 56/70 against 48/80: z = 2.6502 and p = 0.00805 (checked against Python's
    // math.erfc; z² = 7.0234 is Pearson's χ² without continuity correction, as R's prop.test(correct = FALSE)).
    const b = twoProportionZ({ successes: 56, trials: 70 }, { successes: 48, trials: 80 });
    expect(b.z).toBeCloseTo(2.6502, 3);
    expect(b.z * b.z).toBeCloseTo(7.0234, 3);
    expect(b.p).toBeCloseTo(0.00805, 4);
  });

  it("Fisher's exact test: the lady tasting tea, two-sided", () => {
    // Fisher (1935), R's fisher.test(TeaTasting) documentation: [[3, 1], [1, 3]] → p = 0.4857 (two-sided).
    expect(fisherExact({ successes: 3, trials: 4 }, { successes: 1, trials: 4 })).toBeCloseTo(0.4857, 4);
    // Symmetric and bounded: the table turned around gives the same p; identical rows give 1.
    expect(fisherExact({ successes: 1, trials: 4 }, { successes: 3, trials: 4 })).toBeCloseTo(0.4857, 4);
    expect(fisherExact({ successes: 2, trials: 10 }, { successes: 2, trials: 10 })).toBe(1);
    // A clear difference at small counts: 0/100 against 8/100 → 0.006755 (the hypergeometric sum in exact integers,
    // Python's math.comb).
    expect(fisherExact({ successes: 0, trials: 100 }, { successes: 8, trials: 100 })).toBeCloseTo(0.006755, 5);
  });

  it('takes the z-test only where its approximation holds (every expected cell at least 5), else Fisher', () => {
    expect(compareProportions({ successes: 30, trials: 200 }, { successes: 15, trials: 200 }).test).toBe('two_proportion_z');
    expect(compareProportions({ successes: 3, trials: 100 }, { successes: 1, trials: 100 }).test).toBe('fisher_exact');
    expect(compareProportions({ successes: 0, trials: 0 }, { successes: 1, trials: 10 })).toEqual({ test: 'fisher_exact', p: 1 });
  });
});
