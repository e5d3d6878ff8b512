import { describe, expect, it } from 'vitest';
import { classifyByRules } from './classify';
import { FIXTURE_DIRS, loadReplyFixtures, type ReplyFixture } from './classify-fixtures';
import { figuresOf, reportOf, stopsSequence, type Judged } from './classify-metrics';

/**
 * The classifier's figures per set, without an AI provider (docs/decisions.md, reply classifier accuracy):
 * the replies the rules were tuned on, the three dev sets (each tuned on after its first run was recorded), the old
 * batch-6 held-out replies inside the tuned folder, and the held-out set (absent until it lands; never
 * tuned on). Misses are printed only for the sets the rules are tuned on.
 */
const all = await loadReplyFixtures(FIXTURE_DIRS.tuned);
const sets = {
  tuned: all.filter((f) => !f.heldOut),
  batch6: all.filter((f) => f.heldOut),
  dev: await loadReplyFixtures(FIXTURE_DIRS.dev),
  dev2: await loadReplyFixtures(FIXTURE_DIRS.dev2),
  dev3: await loadReplyFixtures(FIXTURE_DIRS.dev3),
  heldOut: await loadReplyFixtures(FIXTURE_DIRS.heldOut),
};

const judge = (set: ReplyFixture[]): Judged[] =>
  set.map((f) => {
    const got = classifyByRules(f.input);
    return { name: f.name, expected: f.expected, status: got.status, confidence: got.confidence, rule: got.rule };
  });

/** The targets, asserted on the sets tuned on (the held-out set's measured level is guarded below). */
function expectTargets(judged: Judged[]) {
  const f = figuresOf(judged);
  expect(f.accuracy).toBeGreaterThanOrEqual(0.95);
  expect(f.unsubscribe.precision ?? 1).toBeGreaterThanOrEqual(0.98);
  expect(f.unsubscribe.recall ?? 1).toBeGreaterThanOrEqual(0.98);
  expect(judged.filter((j) => j.expected === 'out_of_office' && stopsSequence(j)).map((j) => j.name)).toEqual([]);
}

describe('reply classifier accuracy (rules, no AI provider)', () => {
  it('the replies the rules were tuned on meet the targets', () => {
    const judged = judge(sets.tuned);
    console.log(reportOf('tuned', judged, { misses: true }));
    expect(sets.tuned.length).toBeGreaterThanOrEqual(150);
    expectTargets(judged);
  });

  it.skipIf(sets.dev.length === 0)('the dev set meets the targets', () => {
    const judged = judge(sets.dev);
    console.log(reportOf('dev', judged, { misses: true }));
    expectTargets(judged);
  });

  it.skipIf(sets.dev2.length === 0)('the dev2 set meets the targets', () => {
    const judged = judge(sets.dev2);
    console.log(reportOf('dev2', judged, { misses: true }));
    expect(sets.dev2.length).toBeGreaterThanOrEqual(320);
    expectTargets(judged);
  });

  // dev3 (250 replies in 16 languages, written before its author read the rules; first run 211/250 = 84.4%, then tuned on).
  it.skipIf(sets.dev3.length === 0)('the dev3 set meets the targets', () => {
    const judged = judge(sets.dev3);
    console.log(reportOf('dev3', judged, { misses: true }));
    expect(sets.dev3.length).toBeGreaterThanOrEqual(240);
    expectTargets(judged);
  });

  it('the old batch-6 held-out replies keep their measured level (figures only)', () => {
    const judged = judge(sets.batch6);
    console.log(reportOf('batch-6 held out', judged));
    expect(sets.batch6.length).toBeGreaterThanOrEqual(20);
    expect(figuresOf(judged).accuracy).toBeGreaterThanOrEqual(0.6);
  });

  // The held-out set (classify-heldout/, 247 replies in 12 languages, written by someone who never saw the rules; never
  // tuned on). Measured at issue 25: 210/247 = 85.0%, unsubscribe P 1.00 R 0.83; after the dev2 change (measured once):
  // 219/247 = 88.7%, unsubscribe P 1.00 R 0.89, no out-of-office stopping a sequence, 20.6% needing review; after the dev3
  // change (measured once): 221/247 = 89.5%, unsubscribe P 1.00 R 0.89, no out-of-office stopping, 18.2% needing review.
  // The targets (95%, unsubscribe P and R ≥ 0.98) are NOT met: this guards the measured level (and holds the two
  // that are met: no false unsubscribe, no out-of-office stop) so a change can only move it up.
  it('the held-out set keeps its measured level, never a false unsubscribe, never an out-of-office stopping a sequence', () => {
    const judged = judge(sets.heldOut);
    console.log(reportOf('held out', judged));
    const f = figuresOf(judged);
    expect(sets.heldOut.length).toBeGreaterThanOrEqual(240);
    expect(f.accuracy).toBeGreaterThanOrEqual(0.89);
    expect(f.unsubscribe.precision).toBeGreaterThanOrEqual(0.98);
    expect(f.unsubscribe.recall).toBeGreaterThanOrEqual(0.88);
    expect(f.outOfOfficeStopping).toBe(0);
  });

  it('never takes a reply for an unsubscribe or a bounce that is not one (those suppress the address)', () => {
    const falseAlarms = [...sets.tuned, ...sets.dev, ...sets.dev2, ...sets.dev3].map((f) => ({ f, got: classifyByRules(f.input) })).filter(({ f, got }) => (got.status === 'unsubscribe' || got.status === 'bounce') && got.status !== f.expected);
    expect(falseAlarms.map(({ f }) => f.name)).toEqual([]);
  });
});
