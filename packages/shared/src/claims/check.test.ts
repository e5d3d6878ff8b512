import { describe, expect, it } from 'vitest';
import { checkClaims, sentencesOf } from './check';

const sources = {
  claims: [
    { text: 'Cuts overtime by 20% on average' },
    { text: 'Greenleaf Markets moved 40 stores in six weeks' },
    { text: 'Smart Swaps lets managers approve shift swaps from their phone' },
  ],
  facts: ['Shiftly', 'Northwind Traders', 'Jane Doe', 'Head of Operations', 49, 'Would you have 15 minutes for a call next week?', 'Sam Lee'],
};

describe('the claims check', () => {
  it('supports what the approved claims, the product and the prospect say', () => {
    const text = [
      'Hi Jane Doe,',
      'Shiftly cuts overtime by 20% on average, and Greenleaf Markets moved 40 stores to it.',
      'Smart Swaps lets your managers at Northwind Traders approve swaps from their phone.',
      'Plans start at $49 per month.',
      'Would you have 15 minutes next Tuesday?',
      'Best,',
      'Sam Lee',
    ].join('\n');
    expect(checkClaims(text, sources)).toEqual([]);
  });

  it('flags invented figures, prices and customers, with the sentence and why', () => {
    const text = 'Shiftly cuts overtime by 35% and saves 12 hours a week. Plans start at €29. Teams like Globex and Initech Systems already use it. It is 3x faster.';
    const flags = checkClaims(text, sources);
    expect(flags.map((f) => [f.fragment, f.kind])).toEqual([
      ['35%', 'percent'],
      ['12 hours', 'number'],
      ['€29', 'price'],
      ['Initech Systems', 'name'],
      ['Globex', 'name'],
      ['3x', 'number'],
    ]);
    expect(flags[0]!.sentence).toBe('Shiftly cuts overtime by 35% and saves 12 hours a week.');
    expect(flags[4]!.reason).toMatch(/named as a customer/);
    expect(flags[2]!.reason).toMatch(/price/);
  });

  it('ignores times, years, ordinals, links and addresses', () => {
    const text = 'Since 2019 we meet at 10:30 on the 3rd floor. See https://example.com/42-percent or write to sam99@example.com.';
    expect(checkClaims(text, sources)).toEqual([]);
  });

  it('splits sentences at end marks and line breaks', () => {
    expect(sentencesOf('One. Two? Three!\nFour')).toEqual(['One.', 'Two?', 'Three!', 'Four']);
  });
});
