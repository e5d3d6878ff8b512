import { z } from 'zod';
import { dbIdParam, int32, queryInt, text } from './primitives';
import { intervalRateSchema } from './insights';
import { VARIANT_MAX } from './campaigns';

/**
 * Variants worth trusting (issue 26): the variants of a campaign's steps compared on positive replies
 * (interested, meeting request), each with its 95 % Wilson interval, and a winner called only when the difference
 * is significant after the corrections of docs/decisions.md ("Variants worth trusting").
 */

/** The family-wise error rate of a step's comparison, over all its looks and comparisons. */
export const VARIANT_ALPHA = 0.05;
/**
 * The looks: a step's variants are tested only when the smallest of them reaches one of these sends, on that many
 * first sends of each (the data of a look never changes with later sends). Five looks, each at VARIANT_ALPHA / 5
 * (Bonferroni across looks), and within a look each of the k − 1 comparisons of the leader at that divided by k − 1.
 */
export const VARIANT_LOOKS = [100, 200, 400, 800, 1600] as const;
/** No call below this many sends per variant: "not enough data yet". */
export const VARIANT_MIN_SENDS = VARIANT_LOOKS[0];

export const VARIANT_TESTS = ['two_proportion_z', 'fisher_exact'] as const;
export type VariantTest = (typeof VARIANT_TESTS)[number];
export const VARIANT_TEST_LABELS: Record<VariantTest, string> = {
  two_proportion_z: 'two-sided two-proportion z-test',
  fisher_exact: 'two-sided Fisher’s exact test',
};

/** not_enough_data: below VARIANT_MIN_SENDS; no_difference: tested, nothing significant (final: at the last look); winner. */
export const VARIANT_VERDICTS = ['not_enough_data', 'no_difference', 'winner'] as const;
export type VariantVerdict = (typeof VARIANT_VERDICTS)[number];

const count = int32().min(0);

export const variantFiguresSchema = z.object({
  index: int32(),
  letter: text(),
  subject: text().nullable(),
  /** The step's emails of this variant sent so far, and the positive replies they drew. */
  sent: count,
  positive: count,
  /** positive / sent with its 95 % Wilson interval (null rate below VARIANT_MIN_SENDS). */
  positive_rate: intervalRateSchema,
  /** Emails written from this variant and not sent yet (draft, scheduled). */
  pending: count,
});
export type VariantFigures = z.infer<typeof variantFiguresSchema>;

export const variantComparisonSchema = z.object({
  /** The leader against another variant, on the look's sends. */
  against: int32(),
  test: z.enum(VARIANT_TESTS),
  p_value: z.number().min(0).max(1),
  /** The threshold this comparison had to pass: VARIANT_ALPHA / looks / (k − 1). */
  alpha: z.number().min(0).max(1),
  significant: z.boolean(),
});

export const stepVariantsSchema = z.object({
  step: int32(),
  variants: z.array(variantFiguresSchema).max(VARIANT_MAX),
  verdict: z.enum(VARIANT_VERDICTS),
  /** The look the verdict stands on: this many first sends of each variant (null below the first look). */
  look: z
    .object({ sends_per_variant: int32(), number: int32(), of: int32(), next_at: int32().nullable(), leader: int32(), comparisons: z.array(variantComparisonSchema) })
    .nullable(),
  /** The variant the data calls the winner (verdict winner), else null. */
  winner: int32().nullable(),
  /** The largest p-value of the leader's comparisons (what the sentence quotes), null below the first look. */
  p_value: z.number().min(0).max(1).nullable(),
  /** One sentence, as the page shows it. */
  summary: text(),
  /** "Send the winner from now on" was chosen: only this variant is written since (null: rotating). */
  sending_only: int32().nullable(),
  sending_only_since: text().nullable(),
});
export type StepVariants = z.infer<typeof stepVariantsSchema>;

export const campaignVariantsSchema = z.object({ campaign_id: int32(), steps: z.array(stepVariantsSchema) });
export type CampaignVariants = z.infer<typeof campaignVariantsSchema>;

export const variantsQuerySchema = z.strictObject({ campaign_id: dbIdParam('campaign_id') });
export type VariantsQuery = z.input<typeof variantsQuerySchema>;

export const stepParamsSchema = z.strictObject({
  id: dbIdParam('id'),
  position: queryInt({ error: 'position must be a number' }).min(1, { error: 'position must be at least 1' }).max(50, { error: 'position must be at most 50' }),
});

export const chooseWinnerBodySchema = z.strictObject({
  variant_index: int32({ error: 'variant_index must be a number' }, 'variant_index must be a whole number')
    .min(0, { error: 'variant_index must be 0 (A) to 3 (D)' })
    .max(VARIANT_MAX - 1, { error: 'variant_index must be 0 (A) to 3 (D)' }),
});
export type ChooseWinnerBody = z.input<typeof chooseWinnerBodySchema>;

/** What "send the winner from now on" did: the step's comparison now, and how many unsent emails were rewritten. */
export const chooseWinnerResponseSchema = z.object({ data: stepVariantsSchema, rewritten: count, kept_edited: count });
export type ChooseWinnerResponse = z.infer<typeof chooseWinnerResponseSchema>;
