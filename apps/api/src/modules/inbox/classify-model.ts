import { REPLY_STATUSES, type ReplyStatus } from '@shared/schemas/inbox';
import { fold, stripQuotedAndSignature } from './classify-text';

/**
 * A small second opinion for the reply classifier (docs/decisions.md, reply classifier accuracy): multinomial
 * naive Bayes over word uni- and bigrams and character 3- and 4-grams of a reply's own words (quoted history and
 * signature cut, folded as the rules read it), trained on the product's labelled replies by
 * `npm run train:reply-model` (scripts/train-reply-model.ts) and shipped as classify-model.json. Pure.
 * Whether the classifier asks it is one constant (USE_REPLY_MODEL in classify.ts), so it can be measured
 * both ways; it is asked only when the rules are unsure.
 */

export type ReplyModel = {
  /** Labels in REPLY_STATUSES order present in training. */
  labels: ReplyStatus[];
  /** Training documents per label. */
  docs: number[];
  /** Tokens per label (with the smoothing's denominator this gives each token's probability). */
  tokens: number[];
  /** Token → count per label (in `labels` order). */
  counts: Record<string, number[]>;
  alpha: number;
};

export type ModelInput = { text: string; subject?: string | null; automatic?: boolean };

/** The features of a reply: its folded words, word pairs and the character 3/4-grams of its words. */
export function featuresOf(input: ModelInput): string[] {
  const body = fold(stripQuotedAndSignature(input.text ?? '').slice(0, 4000));
  const words = body.match(/[\p{L}\p{N}']+/gu) ?? [];
  const out: string[] = [];
  if (input.automatic) out.push('#auto');
  if (!words.length) out.push('#empty');
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    out.push(`w:${w}`);
    if (i > 0) out.push(`b:${words[i - 1]} ${w}`);
    const padded = `<${w}>`;
    for (const n of [3, 4]) for (let j = 0; j + n <= padded.length; j++) out.push(`c:${padded.slice(j, j + n)}`);
  }
  return out;
}

export type Labelled = { input: ModelInput; label: ReplyStatus };

/** Trains the model; features seen in fewer than `minDocs` documents are left out (they only memorise). */
export function trainReplyModel(examples: Labelled[], options: { alpha?: number; minDocs?: number } = {}): ReplyModel {
  const alpha = options.alpha ?? 0.1;
  const minDocs = options.minDocs ?? 2;
  const labels = REPLY_STATUSES.filter((s) => examples.some((e) => e.label === s));
  const index = new Map(labels.map((l, i) => [l, i]));
  const docFreq = new Map<string, number>();
  const featured = examples.map((e) => ({ label: index.get(e.label)!, features: featuresOf(e.input) }));
  for (const f of featured) for (const t of new Set(f.features)) docFreq.set(t, (docFreq.get(t) ?? 0) + 1);
  const counts: Record<string, number[]> = {};
  const docs = labels.map(() => 0);
  const tokens = labels.map(() => 0);
  for (const f of featured) {
    docs[f.label]!++;
    for (const t of f.features) {
      if ((docFreq.get(t) ?? 0) < minDocs) continue;
      (counts[t] ??= labels.map(() => 0))[f.label]!++;
      tokens[f.label]!++;
    }
  }
  return { labels, docs, tokens, counts, alpha };
}

export type ModelOpinion = { status: ReplyStatus; probability: number };

/** The model's most likely status and its posterior probability (the features it never saw are ignored). */
export function predictReply(model: ReplyModel, input: ModelInput): ModelOpinion {
  const vocabulary = Object.keys(model.counts).length;
  const totalDocs = model.docs.reduce((a, b) => a + b, 0);
  const scores = model.labels.map((_, i) => Math.log((model.docs[i]! + 1) / (totalDocs + model.labels.length)));
  for (const t of featuresOf(input)) {
    const c = model.counts[t];
    if (!c) continue;
    for (let i = 0; i < model.labels.length; i++) scores[i]! += Math.log((c[i]! + model.alpha) / (model.tokens[i]! + model.alpha * vocabulary));
  }
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  const best = exp.indexOf(Math.max(...exp));
  return { status: model.labels[best]!, probability: exp[best]! / sum };
}
