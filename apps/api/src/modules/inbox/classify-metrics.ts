import { AUTOMATIC_REPLY_STATUSES, REPLY_STATUSES, type ReplyStatus } from '@shared/schemas/inbox';

/**
 * The reply classifier's figures over a labelled set (docs/decisions.md, reply classifier accuracy): overall
 * accuracy, precision and recall per label, the unsubscribe figures (a missed "please stop" is a compliance
 * breach, a false one silences a lead), the out-of-office notes that would stop a sequence (taken for a
 * person's answer with high confidence), and the share left for the user's review (low confidence).
 * Pure, for the accuracy test and the model's cross-validation script.
 */
export type Judged = { name: string; expected: ReplyStatus; status: ReplyStatus; confidence: 'high' | 'low'; rule?: string };

export type LabelFigures = { precision: number | null; recall: number | null; support: number; predicted: number };

export type SetFigures = {
  total: number;
  right: number;
  accuracy: number;
  perLabel: Record<ReplyStatus, LabelFigures>;
  unsubscribe: { precision: number | null; recall: number | null };
  outOfOfficeStopping: number;
  needsReview: number;
  needsReviewShare: number;
};

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

/** A human status decided with high confidence stops the sequence; an out-of-office note must never get one. */
export const stopsSequence = (j: Pick<Judged, 'status' | 'confidence'>) => j.confidence === 'high' && !AUTOMATIC_REPLY_STATUSES.includes(j.status);

export function figuresOf(judged: Judged[]): SetFigures {
  const right = judged.filter((j) => j.status === j.expected).length;
  const perLabel = Object.fromEntries(
    REPLY_STATUSES.map((s) => {
      const support = judged.filter((j) => j.expected === s).length;
      const predicted = judged.filter((j) => j.status === s).length;
      const hits = judged.filter((j) => j.expected === s && j.status === s).length;
      return [s, { precision: ratio(hits, predicted), recall: ratio(hits, support), support, predicted }];
    }),
  ) as Record<ReplyStatus, LabelFigures>;
  const needsReview = judged.filter((j) => j.confidence === 'low').length;
  return {
    total: judged.length,
    right,
    accuracy: judged.length ? right / judged.length : 1,
    perLabel,
    unsubscribe: { precision: perLabel.unsubscribe.precision, recall: perLabel.unsubscribe.recall },
    outOfOfficeStopping: judged.filter((j) => j.expected === 'out_of_office' && stopsSequence(j)).length,
    needsReview,
    needsReviewShare: judged.length ? needsReview / judged.length : 0,
  };
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);
const two = (x: number | null) => (x === null ? '–' : x.toFixed(2));

/** The figures as lines for the test's output (per-file misses only when asked: never for a held-out set). */
export function reportOf(label: string, judged: Judged[], options: { misses?: boolean } = {}): string {
  const f = figuresOf(judged);
  const labels = REPLY_STATUSES.filter((s) => f.perLabel[s].support || f.perLabel[s].predicted)
    .map((s) => `${s} P ${two(f.perLabel[s].precision)} R ${two(f.perLabel[s].recall)} (${f.perLabel[s].support})`)
    .join(', ');
  const lines = [
    `reply classifier, ${label}: ${f.right}/${f.total} = ${pct(f.accuracy)}; unsubscribe P ${two(f.unsubscribe.precision)} R ${two(f.unsubscribe.recall)}; out-of-office stopping ${f.outOfOfficeStopping}; needs review ${f.needsReview} (${pct(f.needsReviewShare)})`,
    `  ${labels}`,
  ];
  if (options.misses) {
    for (const j of judged.filter((x) => x.status !== x.expected || (x.expected === 'out_of_office' && stopsSequence(x)))) {
      lines.push(`  ${j.name}: expected ${j.expected}, got ${j.status} (${j.confidence}, ${j.rule ?? ''})`);
    }
  }
  return lines.join('\n');
}
