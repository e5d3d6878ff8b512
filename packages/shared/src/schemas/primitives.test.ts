import { describe, expect, it } from 'vitest';
import { dbId, dbIdParam, int32, isSafeText, queryInt, text, UNSAFE_TEXT_MESSAGE } from './primitives';

describe('the text building block', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone high surrogate at the end', 'ab\uD800'],
    ['a lone low surrogate', '\uDC00ab'],
    ['two high surrogates', '\uD83D\uD83D\uDE00'],
  ])('refuses %s with a clear message', (_name, value) => {
    expect(isSafeText(value)).toBe(false);
    const r = text().safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
  });

  it('keeps every other character, emoji (surrogate pairs) and accents included', () => {
    for (const value of ['', 'plain', 'Zoë 😀 日本', '\u0001\t\n', '\uD83D\uDE00']) expect(text().parse(value)).toBe(value);
  });

  it('chains like z.string()', () => {
    expect(text().trim().min(2).parse('  ab ')).toBe('ab');
    expect(text().max(2).safeParse('abc').success).toBe(false);
  });
});

describe('the integer building blocks', () => {
  it('dbId takes 1..2^31−1 only', () => {
    expect(dbId().parse(1)).toBe(1);
    expect(dbId().parse(2147483647)).toBe(2147483647);
    for (const bad of [0, -1, 2147483648, 1.5, Number.MAX_SAFE_INTEGER, '1']) expect(dbId().safeParse(bad).success, String(bad)).toBe(false);
    expect(dbId('id').safeParse(2147483648).error?.issues[0]?.message).toBe('id is too large (at most 2147483647)');
  });

  it('dbIdParam and queryInt read text, within 32 bits', () => {
    expect(dbIdParam().parse('42')).toBe(42);
    for (const bad of ['0', '-1', '2147483648', 'abc', '1e400', '1.5']) expect(dbIdParam().safeParse(bad).success, bad).toBe(false);
    expect(queryInt().parse('-5')).toBe(-5);
    expect(queryInt().safeParse('2147483648').success).toBe(false);
    expect(int32().safeParse(-2147483649).success).toBe(false);
    expect(int32(undefined, 'Days must be a whole number').safeParse(1.5).error?.issues[0]?.message).toBe('Days must be a whole number');
  });
});
