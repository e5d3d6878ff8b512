import { sql } from 'drizzle-orm';
import { variantLetter } from '@shared/schemas/campaigns';
import {
  VARIANT_ALPHA,
  VARIANT_LOOKS,
  VARIANT_MIN_SENDS,
  VARIANT_TEST_LABELS,
  type CampaignVariants,
  type StepVariants,
  type VariantTest,
  type VariantVerdict,
} from '@shared/schemas/variants';
import type { Db } from '../../db/client';
import type { CampaignStepRow, StepVariantValue } from '../../db/schema';
import { stepVariantsOf } from '../campaigns/variants';
import { compareProportions } from './significance';
import { num, POSITIVE_STATUSES, rowsOf } from './sql';
import { wilson } from './stats';

/**
 * The variants of a campaign's steps compared on positive replies (issue 26; docs/decisions.md "Variants worth
 * trusting"). A send is a step's email accepted by the receiving server (status sent); its positive reply is the
 * prospect's conversation when its first reply came after this email and before the next one (the email that drew
 * the reply), and its status is interested or meeting request now (POSITIVE_STATUSES, as every insight counts it).
 *
 * Peeking: a step is tested only at fixed looks (VARIANT_LOOKS: 100, 200, 400, 800, 1,600 sends of its smallest
 * variant), each on that many first sends of every variant, at VARIANT_ALPHA / 5 (Bonferroni across the five looks)
 * divided by k − 1 (the leader against each other variant). However often the page is opened, a step whose
 * variants do alike is called a winner with probability at most 5 %.
 */

export type VariantCounts = { sent: number; positive: number };

export type LookInput = {
  /** Per variant, all its sends so far. */
  all: VariantCounts[];
  /** Per variant and per look (VARIANT_LOOKS order), the counts over its first L sends. */
  looks: VariantCounts[][];
};

export type Judgement = Pick<StepVariants, 'verdict' | 'look' | 'winner' | 'p_value' | 'summary'>;

export const formatP = (p: number): string => (p < 0.001 ? '< 0.001' : `= ${p >= 0.01 ? p.toFixed(3) : p.toPrecision(2)}`);

/** The verdict of one step from its counts: no call below the first look, else the latest look's tests. */
export function judgeStep(input: LookInput): Judgement {
  const k = input.all.length;
  const smallest = Math.min(...input.all.map((v) => v.sent));
  let lookNumber = -1;
  VARIANT_LOOKS.forEach((l, i) => {
    if (smallest >= l) lookNumber = i;
  });
  if (k < 2 || lookNumber < 0) {
    return {
      verdict: 'not_enough_data',
      look: null,
      winner: null,
      p_value: null,
      summary: `Not enough data yet: no call before ${VARIANT_MIN_SENDS} sends of each variant (the fewest so far: ${Number.isFinite(smallest) ? smallest : 0})`,
    };
  }
  const at = input.looks[lookNumber]!;
  const rate = (c: VariantCounts) => (c.sent > 0 ? c.positive / c.sent : 0);
  let leader = 0;
  for (let i = 1; i < k; i++) if (rate(at[i]!) > rate(at[leader]!)) leader = i;
  const alpha = VARIANT_ALPHA / VARIANT_LOOKS.length / (k - 1);
  const comparisons = at
    .map((c, i) => ({ c, i }))
    .filter(({ i }) => i !== leader)
    .map(({ c, i }) => {
      const { test, p } = compareProportions({ successes: at[leader]!.positive, trials: at[leader]!.sent }, { successes: c.positive, trials: c.sent });
      return { against: i, test, p_value: p, alpha, significant: p < alpha && rate(at[leader]!) > rate(c) };
    });
  const weakest = comparisons.reduce((a, b) => (b.p_value > a.p_value ? b : a));
  const won = comparisons.every((c) => c.significant);
  const sends = VARIANT_LOOKS[lookNumber]!;
  const next = VARIANT_LOOKS[lookNumber + 1] ?? null;
  const look = { sends_per_variant: sends, number: lookNumber + 1, of: VARIANT_LOOKS.length, next_at: next, leader, comparisons };
  const testWords = (test: VariantTest, p: number) => `${VARIANT_TEST_LABELS[test]}, p ${formatP(p)}`;
  const verdict: VariantVerdict = won ? 'winner' : 'no_difference';
  const summary = won
    ? `Variant ${variantLetter(leader)} wins (${testWords(weakest.test, weakest.p_value)}, on the first ${sends} sends of each variant)`
    : next === null
      ? `No significant difference (${testWords(weakest.test, weakest.p_value)}) at the last look, ${sends} sends of each variant: the variants do about as well`
      : `No significant difference yet (${testWords(weakest.test, weakest.p_value)}, on the first ${sends} sends of each variant; next look at ${next})`;
  return { verdict, look, winner: won ? leader : null, p_value: weakest.p_value, summary };
}

type Row = { step: number; variant: number } & Record<string, unknown>;

const LOOK_COLUMNS = sql.raw(
  VARIANT_LOOKS.map((l, i) => `count(*) filter (where rn <= ${l}) as sent_${i}, count(*) filter (where rn <= ${l} and positive) as positive_${i}`).join(',\n       '),
);

/** Per step and variant of a campaign: the sends, their positive replies, and the same over each look's first sends. */
async function variantRows(db: Db, accountId: number, campaignId: number, stepPosition?: number): Promise<{ sent: Row[]; pending: Row[] }> {
  const onlyStep = stepPosition === undefined ? sql`` : sql`and ce.step_position = ${stepPosition}`;
  const [sent, pending] = await Promise.all([
    rowsOf<Row>(
      db,
      sql`with replied as (
            select t.enrolment_id, coalesce(t.reply_status in ${POSITIVE_STATUSES}, false) as positive,
                   coalesce(
                     (select max(p.step_position) from campaign_emails p
                       where p.account_id = ${accountId} and p.enrolment_id = t.enrolment_id and p.status = 'sent' and p.sent_at <= t.replied_at),
                     (select min(p.step_position) from campaign_emails p
                       where p.account_id = ${accountId} and p.enrolment_id = t.enrolment_id and p.status = 'sent')) as step
            from email_threads t
            join campaign_enrolments e on e.account_id = ${accountId} and e.id = t.enrolment_id and e.campaign_id = ${campaignId}
            where t.account_id = ${accountId} and t.replied_at is not null
          ), sends as (
            select ce.step_position as step, ce.variant_index as variant,
                   row_number() over (partition by ce.step_position, ce.variant_index order by ce.sent_at, ce.id) as rn,
                   coalesce(r.positive, false) as positive
            from campaign_emails ce
            left join replied r on r.enrolment_id = ce.enrolment_id and r.step = ce.step_position
            where ce.account_id = ${accountId} and ce.campaign_id = ${campaignId} and ce.status = 'sent' and ce.variant_index is not null ${onlyStep}
          )
          select step, variant, count(*) as sent, count(*) filter (where positive) as positive,
                 ${LOOK_COLUMNS}
          from sends group by step, variant`,
    ),
    rowsOf<Row>(
      db,
      sql`select ce.step_position as step, ce.variant_index as variant, count(*) as pending
          from campaign_emails ce
          where ce.account_id = ${accountId} and ce.campaign_id = ${campaignId} and ce.status in ('draft', 'scheduled', 'queued') and ce.variant_index is not null ${onlyStep}
          group by 1, 2`,
    ),
  ]);
  return { sent, pending };
}

function stepFigures(step: Pick<CampaignStepRow, 'position' | 'winnerIndex' | 'winnerChosenAt'>, variants: StepVariantValue[], rows: { sent: Row[]; pending: Row[] }): StepVariants {
  const of = (list: Row[], i: number) => list.find((r) => num(r.step) === step.position && num(r.variant) === i);
  const all = variants.map((_, i) => ({ sent: num(of(rows.sent, i)?.sent), positive: num(of(rows.sent, i)?.positive) }));
  const looks = VARIANT_LOOKS.map((_, l) => variants.map((_, i) => ({ sent: num(of(rows.sent, i)?.[`sent_${l}`]), positive: num(of(rows.sent, i)?.[`positive_${l}`]) })));
  const judgement = judgeStep({ all, looks });
  return {
    step: step.position,
    variants: variants.map((v, i) => ({
      index: i,
      letter: variantLetter(i),
      subject: v.subject,
      sent: all[i]!.sent,
      positive: all[i]!.positive,
      positive_rate: all[i]!.sent >= VARIANT_MIN_SENDS ? wilson(all[i]!.positive, all[i]!.sent) : { rate: null, low: null, high: null },
      pending: num(of(rows.pending, i)?.pending),
    })),
    ...judgement,
    sending_only: step.winnerIndex,
    sending_only_since: step.winnerChosenAt?.toISOString() ?? null,
  };
}

/** Every step with variants of a campaign, compared. */
export async function campaignVariants(db: Db, accountId: number, campaignId: number, steps: CampaignStepRow[]): Promise<CampaignVariants> {
  const withVariants = steps.filter((s) => stepVariantsOf(s).length > 0).sort((a, b) => a.position - b.position);
  if (withVariants.length === 0) return { campaign_id: campaignId, steps: [] };
  const rows = await variantRows(db, accountId, campaignId);
  return { campaign_id: campaignId, steps: withVariants.map((s) => stepFigures(s, stepVariantsOf(s), rows)) };
}

/** One step's comparison (the winner route's check and answer). */
export async function stepVariants(db: Db, accountId: number, step: CampaignStepRow): Promise<StepVariants> {
  return stepFigures(step, stepVariantsOf(step), await variantRows(db, accountId, step.campaignId, step.position));
}
