import { describe, expect, it } from 'vitest';
import { wilson } from './stats';

describe('wilson', () => {
  it('gives the textbook 95 % interval', () => {
    // Newcombe (1998), Statistics in Medicine 17:857, table I: 81/263 → 0.2553–0.3662; 15/148 → 0.0624–0.1605.
    const a = wilson(81, 263);
    expect(a.rate).toBeCloseTo(0.308, 3);
    expect(a.low).toBeCloseTo(0.2553, 3);
    expect(a.high).toBeCloseTo(0.3662, 3);
    const b = wilson(15, 148);
    expect(b.low).toBeCloseTo(0.0624, 3);
    expect(b.high).toBeCloseTo(0.1605, 3);
  });

  it('stays inside [0, 1] at the edges and says nothing without a sample', () => {
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeGreaterThan(0.2);
    const all = wilson(10, 10);
    expect(all.high).toBe(1);
    expect(all.low).toBeLessThan(0.8);
    expect(wilson(0, 0)).toEqual({ rate: null, low: null, high: null });
  });
});
