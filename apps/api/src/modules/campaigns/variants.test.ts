import { describe, expect, it } from 'vitest';
import { createCampaignBodySchema } from '@shared/schemas/campaigns';
import { pickVariant, renderVariantText, variantValues, writeVariant } from './variants';

describe('variant rotation', () => {
  it('is even and deterministic: 100 sends over 3 variants → 34 / 33 / 33, in the order A, B, C, A, …', () => {
    const counts = [0, 0, 0];
    const order: number[] = [];
    for (let i = 0; i < 100; i++) {
      const v = pickVariant(counts, null);
      counts[v]!++;
      order.push(v);
    }
    expect(counts).toEqual([34, 33, 33]);
    expect(order.slice(0, 7)).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('evens out a step that started unbalanced (the least used first, ties to the lowest letter)', () => {
    expect(pickVariant([5, 2, 2, 7], null)).toBe(1);
    expect(pickVariant([3, 3], null)).toBe(0);
  });

  it('uses only the winner once chosen', () => {
    const counts = [10, 10, 10];
    for (let i = 0; i < 20; i++) counts[pickVariant(counts, 2)]!++;
    expect(counts).toEqual([10, 10, 30]);
  });
});

describe('a variant written for a prospect', () => {
  it('fills in the fields, with fallbacks for what the prospect lacks', () => {
    const values = variantValues({ firstName: 'Ann', lastName: 'Lee', fullName: 'Ann Lee', company: 'Acme', title: null }, 'Ada Agent');
    expect(renderVariantText('Hi {{first_name}}, a question for {{ company }} and {{title}}. {{sender_name}}', values)).toBe('Hi Ann, a question for Acme and your team. Ada Agent');
    expect(renderVariantText('Hi {{first_name}} ,', variantValues({ firstName: null, lastName: null, fullName: null, company: null, title: null }, null))).toBe('Hi there,');
    // The first name from the full name when the prospect has none of its own.
    expect(variantValues({ firstName: null, lastName: null, fullName: 'Bo Diaz', company: null, title: null }, null).first_name).toBe('Bo');
  });

  it('is shaped as the agent’s emails are: paragraphs, the signature, the subject filled in', () => {
    const w = writeVariant({ subject: 'Idea for {{company}}', body: 'Hi {{first_name}},\n\nShort question.' }, { first_name: 'Ann', company: 'Acme' }, '<p>Ada</p>');
    expect(w.subject).toBe('Idea for Acme');
    expect(w.html).toBe('<p>Hi Ann,</p><p>Short question.</p><p>Ada</p>');
    expect(w.text).toBe('Hi Ann,\n\nShort question.\n\nAda');
    expect(writeVariant({ subject: null, body: 'Following up.' }, {}, '').subject).toBeNull();
  });
});

describe('the campaign body with variants', () => {
  const base = { name: 'Test', person_id: 1, virtual_employee_ids: [1] };
  const problem = (steps: unknown) => {
    const r = createCampaignBodySchema.safeParse({ ...base, steps });
    return r.success ? null : r.error.issues.map((i) => i.message).join('; ');
  };
  const v = (subject: string | null, body = 'Hi {{first_name}}') => ({ subject, body });

  it('takes two to four variants per email step, a subject on the first email step', () => {
    expect(problem([{ kind: 'email', delay_days: 0, variants: [v('A'), v('B')] }, { kind: 'email', delay_days: 3, variants: [v(null), v(null), v(null), v(null)] }])).toBeNull();
    expect(problem([{ kind: 'email', delay_days: 0 }])).toBeNull();
    expect(problem([{ kind: 'email', delay_days: 0, variants: [] }])).toBeNull();
  });

  it('refuses what cannot be tested, with a clear message', () => {
    expect(problem([{ kind: 'email', delay_days: 0, variants: [v('A')] }])).toBe('Step 1: A step tests 2 to 4 variants (or none)');
    expect(problem([{ kind: 'email', delay_days: 0, variants: [v('A'), v('B'), v('C'), v('D'), v('E')] }])).toBe('A step tests 2 to 4 variants (or none)');
    expect(problem([{ kind: 'email', delay_days: 0, variants: [v('A'), v(null)] }])).toBe('Step 1: Variant B needs a subject: it is the first email of the sequence');
    expect(problem([{ kind: 'email', delay_days: 0, variants: [v('A'), v('B', '  ')] }])).toBe('Step 1: Variant B needs a body');
    expect(problem([{ kind: 'email', delay_days: 0, variants: [v('A', 'Hi {{firstname}}'), v('B')] }])).toMatch(/^Step 1: Variant A uses \{\{firstname\}\}: the fields are \{\{first_name\}\}, /);
    expect(problem([{ kind: 'email', delay_days: 0 }, { kind: 'call', delay_days: 1, variants: [v(null), v(null)] }])).toBe('Step 2: Variants are for email steps');
    expect(problem([{ kind: 'email', delay_days: 0, variants: [{ subject: 'A', body: 'x', extra: 1 }, v('B')] }])).toMatch(/Unrecognized key/);
  });
});
