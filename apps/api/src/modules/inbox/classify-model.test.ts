import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyByRules, withModelOpinion, type ReplyInput } from './classify';
import { FIXTURE_DIRS, loadReplyFixtures, type ReplyFixture } from './classify-fixtures';
import { figuresOf, type Judged } from './classify-metrics';
import { predictReply, trainReplyModel, type Labelled } from './classify-model';
import { REPLY_MODEL_FILE, shippedReplyModel } from './classify-model-data';

/**
 * The model's second opinion, measured (docs/decisions.md, reply classifier accuracy): 5-fold cross-validation on
 * the replies the product has labels for (the tuned set without its held-out batch, and the two dev sets), comparing
 * the rules alone with the rules plus the model where the rules are unsure. Never trained on a held-out reply.
 * `npm run train:reply-model` (TRAIN_REPLY_MODEL=1) also writes classify-model.json from all of them.
 */
const tuned = (await loadReplyFixtures(FIXTURE_DIRS.tuned)).filter((f) => !f.heldOut);
const dev = await loadReplyFixtures(FIXTURE_DIRS.dev);
const dev2 = await loadReplyFixtures(FIXTURE_DIRS.dev2);
const all = [...tuned, ...dev, ...dev2];

const automaticOf = (input: ReplyInput) => /^header:|^subject:automatic/.test(classifyByRules(input).rule);
const labelled = (set: ReplyFixture[]): Labelled[] => set.map((f) => ({ input: { text: f.input.text, subject: f.input.subject, automatic: automaticOf(f.input) }, label: f.expected }));

/** Deterministic folds: every fifth reply by name order. */
const folds = (k: number) => Array.from({ length: k }, (_, i) => all.filter((_, j) => j % k === i));

describe('the reply model (naive Bayes second opinion)', () => {
  it('cross-validated on the tuned and dev replies (both dev sets): prints the rules alone against rules plus model', () => {
    const k = 5;
    const rulesOnly: Judged[] = [];
    const withModel: Judged[] = [];
    const modelAlone: Judged[] = [];
    for (const test of folds(k)) {
      const model = trainReplyModel(labelled(all.filter((f) => !test.includes(f))));
      for (const f of test) {
        const rules = classifyByRules(f.input);
        const both = withModelOpinion(f.input, rules, model);
        const alone = predictReply(model, { text: f.input.text, subject: f.input.subject, automatic: automaticOf(f.input) });
        rulesOnly.push({ name: f.name, expected: f.expected, status: rules.status, confidence: rules.confidence });
        withModel.push({ name: f.name, expected: f.expected, status: both.status, confidence: both.confidence });
        modelAlone.push({ name: f.name, expected: f.expected, status: alone.status, confidence: alone.probability >= 0.9 ? 'high' : 'low' });
      }
    }
    const line = (label: string, j: Judged[]) => {
      const f = figuresOf(j);
      return `${label}: ${f.right}/${f.total} = ${(f.accuracy * 100).toFixed(1)}%, unsubscribe P ${f.unsubscribe.precision?.toFixed(2)} R ${f.unsubscribe.recall?.toFixed(2)}, out-of-office stopping ${f.outOfOfficeStopping}, needs review ${(f.needsReviewShare * 100).toFixed(1)}%`;
    };
    const changed = withModel.filter((w, i) => w.status !== rulesOnly[i]!.status);
    console.log(
      [
        `reply model, ${k}-fold cross-validation on ${all.length} replies (tuned ${tuned.length}, dev ${dev.length}, dev2 ${dev2.length}):`,
        line('  rules alone', rulesOnly),
        line('  rules + model', withModel),
        line('  model alone', modelAlone),
        `  the model changed ${changed.length} answers: ${changed.filter((c) => c.status === c.expected).length} to right, ${changed.filter((c) => c.status !== c.expected).length} to wrong`,
      ].join('\n'),
    );
    expect(rulesOnly.length).toBe(all.length);
  });

  it.runIf(process.env.TRAIN_REPLY_MODEL === '1')('writes classify-model.json trained on every labelled reply', () => {
    writeFileSync(REPLY_MODEL_FILE, `${JSON.stringify(trainReplyModel(labelled(all)))}\n`);
  });

  it('the shipped model loads and gives an opinion', () => {
    const model = shippedReplyModel();
    expect(model).not.toBeNull();
    expect(model!.labels).toContain('unsubscribe');
    expect(predictReply(model!, { text: 'Please remove me from your mailing list.' }).status).toBe('unsubscribe');
  });
});
