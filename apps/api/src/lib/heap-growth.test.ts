import { describe, expect, it } from 'vitest';
import { cappedHeapGrowthHolders, withCappedHeapGrowth } from './heap-growth';

describe('withCappedHeapGrowth', () => {
  it('holds the cap while any import runs and lifts it when the last one ends, also on failure', async () => {
    let releaseA!: () => void;
    const a = withCappedHeapGrowth(() => new Promise<void>((r) => (releaseA = r)));
    const b = withCappedHeapGrowth(async () => {
      expect(cappedHeapGrowthHolders()).toBe(2);
      throw new Error('boom');
    });
    await expect(b).rejects.toThrow('boom');
    expect(cappedHeapGrowthHolders()).toBe(1);
    releaseA();
    await a;
    expect(cappedHeapGrowthHolders()).toBe(0);
  });
});
