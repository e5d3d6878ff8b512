import { z } from 'zod';
import { dbId, text } from './primitives';

/**
 * Approved claims (what the agent may state about a product, each with its source) and the claims check's flags
 * (a sentence of a draft that states something none of them, nor the prospect's own data, supports).
 * The check itself is rule-based and pure: @shared/claims/check.
 */

export const CLAIM_KINDS = ['number', 'customer', 'feature', 'price', 'other'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  number: 'Number',
  customer: 'Customer',
  feature: 'Feature',
  price: 'Price',
  other: 'Other',
};

export const CLAIMS_MAX = 50;

export const approvedClaimSchema = z.strictObject({
  text: text({ error: 'Claim is required' })
    .trim()
    .min(1, { error: 'Write the claim' })
    .max(500, { error: 'A claim must be at most 500 characters' }),
  kind: z.enum(CLAIM_KINDS, { error: 'Choose what kind of claim it is' }),
  /** A URL or a note saying where the fact comes from (a case study, a dashboard, the price list). */
  source: text({ error: 'Source is required' })
    .trim()
    .min(1, { error: 'Say where the claim comes from (a URL or a note)' })
    .max(1000, { error: 'A source must be at most 1000 characters' }),
});
export type ApprovedClaim = z.infer<typeof approvedClaimSchema>;

export const approvedClaimsSchema = z.array(approvedClaimSchema).max(CLAIMS_MAX, { error: `At most ${CLAIMS_MAX} claims per product` });

/** What a flagged fragment states. */
export const CLAIM_FLAG_KINDS = ['number', 'percent', 'price', 'name'] as const;

export const claimFlagSchema = z.object({
  /** The sentence as written in the draft. */
  sentence: text(),
  /** The fragment the check could not support ("40%", "$49", "Globex Industries"). */
  fragment: text(),
  kind: z.enum(CLAIM_FLAG_KINDS),
  /** Why, in plain words. */
  reason: text(),
});
export type ClaimFlag = z.infer<typeof claimFlagSchema>;

/** POST claims_check: the built-in composer's check before sending (the same check the drafts get). */
export const claimsCheckBodySchema = z.strictObject({
  body: text({ error: 'Text is required' }).max(100_000, { error: 'The text is too long' }),
  /** The thread the answer goes to: its prospect's data supports facts about them. */
  email_thread_id: dbId('email_thread_id').optional(),
  prospect_id: dbId('prospect_id').optional(),
  /** Check against this product only (default: every product of the account). */
  offering_id: dbId('offering_id').optional(),
});
export type ClaimsCheckBody = z.input<typeof claimsCheckBodySchema>;

export const claimsCheckResultSchema = z.object({
  flags: z.array(claimFlagSchema),
  /** How many approved claims the text was compared with. */
  claims_compared: z.number(),
});
export type ClaimsCheckResult = z.infer<typeof claimsCheckResultSchema>;
