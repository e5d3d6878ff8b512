import { describe, expect, it } from 'vitest';
import { VARIANT_LOOKS } from '@shared/schemas/variants';
import { judgeStep, type LookInput, type VariantCounts } from './variants';

/** Counts whose every look holds the same rates (the first L sends of each variant at its overall rate). */
function steady(variants: Array<{ sent: number; rate: number }>): LookInput {
  const all: VariantCounts[] = variants.map((v) => ({ sent: v.sent, positive: Math.round(v.sent * v.rate) }));
  const looks = VARIANT_LOOKS.map((l) => variants.map((v) => ({ sent: Math.min(l, v.sent), positive: Math.round(Math.min(l, v.sent) * v.rate) })));
  return { all, looks };
}

describe('the verdict of a step', () => {
  it('below 100 sends of every variant: not enough data yet, whatever the rates', () => {
    const j = judgeStep(steady([{ sent: 99, rate: 0.3 }, { sent: 500, rate: 0 }]));
    expect(j).toMatchObject({ verdict: 'not_enough_data', winner: null, p_value: null, look: null });
    expect(j.summary).toMatch(/^Not enough data yet/);
  });

  it('a difference that is not significant calls no winner, and says which test and p', () => {
    // 5/100 against 8/100 at the first look (every expected cell ≥ 5: the z-test), p ≈ 0.39.
    const j = judgeStep(steady([{ sent: 150, rate: 0.05 }, { sent: 150, rate: 0.08 }]));
    expect(j.verdict).toBe('no_difference');
    expect(j.winner).toBeNull();
    expect(j.look).toMatchObject({ sends_per_variant: 100, number: 1, of: 5, next_at: 200, leader: 1 });
    expect(j.look!.comparisons[0]).toMatchObject({ against: 0, test: 'two_proportion_z', significant: false, alpha: 0.01 });
    expect(j.p_value!).toBeGreaterThan(0.3);
    expect(j.summary).toMatch(/^No significant difference yet \(two-sided two-proportion z-test, p = 0\.\d{3}, on the first 100 sends of each variant; next look at 200\)$/);
  });

  it('significant at p < 0.05 but not past the peeking correction: still no winner', () => {
    // 200 sends each, 10 % against 4 %: p ≈ 0.018 (< 0.05), above the look's threshold of 0.05 / 5 = 0.01.
    const j = judgeStep(steady([{ sent: 200, rate: 0.1 }, { sent: 200, rate: 0.04 }]));
    expect(j.look!.sends_per_variant).toBe(200);
    expect(j.p_value!).toBeLessThan(0.05);
    expect(j.p_value!).toBeGreaterThan(0.01);
    expect(j).toMatchObject({ verdict: 'no_difference', winner: null });
  });

  it('a clear difference: the leader wins, against every other variant (Bonferroni over the k − 1 comparisons)', () => {
    const j = judgeStep(steady([{ sent: 400, rate: 0.02 }, { sent: 400, rate: 0.09 }, { sent: 400, rate: 0.03 }]));
    expect(j.verdict).toBe('winner');
    expect(j.winner).toBe(1);
    expect(j.look!.comparisons.map((c) => [c.against, c.significant])).toEqual([
      [0, true],
      [2, true],
    ]);
    expect(j.look!.comparisons[0]!.alpha).toBeCloseTo(0.05 / 5 / 2, 12);
    expect(j.summary).toMatch(/^Variant B wins \(two-sided two-proportion z-test, p [<=] /);
  });

  it('the leader must beat every variant: one close runner-up means no winner', () => {
    const j = judgeStep(steady([{ sent: 400, rate: 0.02 }, { sent: 400, rate: 0.09 }, { sent: 400, rate: 0.085 }]));
    expect(j).toMatchObject({ verdict: 'no_difference', winner: null });
  });

  it('the verdict stands on the look, not on the sends since: data past the look cannot tip it', () => {
    // The first 100 of each alike; everything after favours A. Until 200 sends of the smallest, the look at 100 decides.
    const input: LookInput = {
      all: [
        { sent: 199, positive: 60 },
        { sent: 199, positive: 5 },
      ],
      looks: VARIANT_LOOKS.map(() => [
        { sent: 100, positive: 5 },
        { sent: 100, positive: 5 },
      ]),
    };
    expect(judgeStep(input)).toMatchObject({ verdict: 'no_difference', winner: null, p_value: 1 });
  });

  it('after the last look without a winner: no significant difference, for good', () => {
    const j = judgeStep(steady([{ sent: 2000, rate: 0.05 }, { sent: 2000, rate: 0.055 }]));
    expect(j.look).toMatchObject({ sends_per_variant: 1600, number: 5, next_at: null });
    expect(j.summary).toMatch(/^No significant difference \(.*\) at the last look/);
  });
});
