import { z } from 'zod';
import { claimFlagSchema } from './claims';
import { dbId, dbIdParam, int32, queryInt, text } from './primitives';
import { missingOr } from './missing';
import { pageMetaSchema } from './personas';
import { RICH_TEXT_FIELDS } from '../rich-text/allow-list';
import { REPLY_STATUSES } from './inbox';
import { ENROLMENT_OUTCOMES, filtersObjectParam, INTERACTION_VIEWS } from './interactions';

/**
 * The outreach engine's payloads (spec §7 virtual employees, campaign emails; issue 11): virtual
 * employees, campaigns with their sequence, enrolments and campaign emails (the outbox and the review queue).
 */

// ---------------------------------------------------------------- virtual employees

const ids = (label: string, max = 50) => z.array(dbId(label)).max(max, { error: `At most ${max} ${label}s` });

export const createVirtualEmployeeBodySchema = z.strictObject({
  name: text(missingOr('Name is required', 'Name must be text')).trim().min(1, { error: 'Name is required' }).max(120, { error: 'Name must be at most 120 characters' }),
  title: text().trim().max(120, { error: 'Title must be at most 120 characters' }).nullish(),
  photo_url: text().trim().max(2000, { error: 'Photo address is too long' }).regex(/^https:\/\/[^\s]+$/i, { error: 'Photo must be an https:// address' }).nullish(),
  signature: text().max(RICH_TEXT_FIELDS.signature.maxLength * 2, { error: 'Signature is too long' }).nullish(),
  user_email_ids: ids('mailbox id').min(1, { error: 'Choose at least one mailbox' }),
  person_ids: ids('persona id').optional(),
});
export const updateVirtualEmployeeBodySchema = createVirtualEmployeeBodySchema.partial();
export type CreateVirtualEmployeeBody = z.input<typeof createVirtualEmployeeBodySchema>;

export const virtualEmployeeSchema = z.object({
  id: int32(),
  name: text(),
  title: text().nullable(),
  photo_url: text().nullable(),
  signature: text(),
  user_email_ids: z.array(int32()),
  /** The mailboxes' addresses and states, for showing. */
  mailboxes: z.array(z.object({ id: int32(), email: text(), status: text() })),
  person_ids: z.array(int32()),
  created_at: text(),
  updated_at: text(),
});
export type VirtualEmployee = z.infer<typeof virtualEmployeeSchema>;

export const WISHLIST_KINDS = ['sdr', 'account_executive', 'customer_success', 'recruiter', 'marketer', 'other'] as const;
export const addToWishlistBodySchema = z.strictObject({
  kind: text(missingOr('Kind is required', 'Kind must be text')).trim().min(1, { error: 'Kind is required' }).max(120, { error: 'Kind must be at most 120 characters' }),
  note: text().trim().max(2000, { error: 'Note must be at most 2000 characters' }).nullish(),
});
export const wishSchema = z.object({ id: int32(), kind: text(), note: text().nullable(), created_at: text() });

// ---------------------------------------------------------------- campaigns

export const CAMPAIGN_STATUSES = ['draft', 'running', 'paused', 'archived', 'finished'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_MODES = ['review', 'autonomous'] as const;
export const STEP_CHANNELS = ['email', 'linkedin', 'call'] as const;
export type StepChannel = (typeof STEP_CHANNELS)[number];

/**
 * What a sequence step does (issue 14). LinkedIn steps and calls are tasks the agent prepares and the user
 * performs in one click each: the product never acts on LinkedIn by itself.
 */
export const STEP_KINDS = ['email', 'view_profile', 'connection_request', 'message', 'follow_up', 'call'] as const;
export type StepKind = (typeof STEP_KINDS)[number];
export const STEP_KIND_CHANNEL: Record<StepKind, StepChannel> = {
  email: 'email',
  view_profile: 'linkedin',
  connection_request: 'linkedin',
  message: 'linkedin',
  follow_up: 'linkedin',
  call: 'call',
};
export const STEP_KIND_LABELS: Record<StepKind, string> = {
  email: 'Email',
  view_profile: 'LinkedIn: view profile',
  connection_request: 'LinkedIn: connection request with a note',
  message: 'LinkedIn: message (after connecting)',
  follow_up: 'LinkedIn: follow-up message',
  call: 'Phone call',
};
/** LinkedIn's limit on a connection request's note. */
export const LINKEDIN_NOTE_MAX = 300;
export const SEQUENCE_MAX_STEPS = 10;
export const STEP_DELAY_MAX_DAYS = 60;

/** The brand flag a channel needs (email needs none). */
export const CHANNEL_FEATURE: Record<StepChannel, 'linkedin' | 'phone_calls' | null> = { email: null, linkedin: 'linkedin', call: 'phone_calls' };

/** The step kinds a brand offers: LinkedIn steps need its linkedin flag, calls its phone_calls flag. */
export const stepKindsFor = (flags: Record<'linkedin' | 'phone_calls', boolean>): StepKind[] =>
  STEP_KINDS.filter((k) => {
    const feature = CHANNEL_FEATURE[STEP_KIND_CHANNEL[k]];
    return feature === null || flags[feature];
  });

export const SEQUENCE_MESSAGES = {
  first: 'A LinkedIn message or follow-up needs a connection request earlier in the sequence',
  notAvailable: (kind: StepKind) => `${STEP_KIND_LABELS[kind]} steps are not available`,
};

/** Where a sequence breaks the rules that hold on every brand (null: fine): a LinkedIn message only after a connection request. */
export function sequenceProblem(steps: ReadonlyArray<{ kind: StepKind; variants?: ReadonlyArray<{ subject?: string | null; body: string }> | undefined }>): string | null {
  let connected = false;
  for (const s of steps) {
    if (s.kind === 'connection_request') connected = true;
    if ((s.kind === 'message' || s.kind === 'follow_up') && !connected) return SEQUENCE_MESSAGES.first;
  }
  const firstEmail = steps.findIndex((s) => s.kind === 'email');
  for (const [i, s] of steps.entries()) {
    const problem = variantsProblem(s, i === firstEmail);
    if (problem) return `Step ${i + 1}: ${problem}`;
  }
  return null;
}

// ---------------------------------------------------------------- variants (A/B tests of a step; issue 26)

/** A step tests two to four variants, lettered A to D. */
export const VARIANT_MIN = 2;
export const VARIANT_MAX = 4;
export const VARIANT_LETTERS = ['A', 'B', 'C', 'D'] as const;
export const variantLetter = (index: number): string => VARIANT_LETTERS[index] ?? `#${index + 1}`;
export const VARIANT_SUBJECT_MAX = 300;
export const VARIANT_BODY_MAX = 10_000;

/**
 * The fields a variant's subject and body may use, filled in per prospect when the email is written
 * (apps/api/src/modules/campaigns/variants.ts renders them; a missing value reads as the fallback).
 */
export const VARIANT_FIELDS = {
  first_name: { label: 'First name', fallback: 'there' },
  last_name: { label: 'Last name', fallback: '' },
  full_name: { label: 'Full name', fallback: 'there' },
  company: { label: 'Company', fallback: 'your company' },
  title: { label: 'Job title', fallback: 'your team' },
  sender_name: { label: 'Sender name', fallback: '' },
} as const;
export type VariantField = keyof typeof VARIANT_FIELDS;
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses that are not VARIANT_FIELDS (empty: all known). */
export function unknownPlaceholders(value: string): string[] {
  const unknown = new Set<string>();
  for (const m of value.matchAll(PLACEHOLDER)) if (!(m[1]! in VARIANT_FIELDS)) unknown.add(m[1]!);
  return [...unknown];
}

export const VARIANT_MESSAGES = {
  count: `A step tests ${VARIANT_MIN} to ${VARIANT_MAX} variants (or none)`,
  emailOnly: 'Variants are for email steps',
  subjectRequired: (letter: string) => `Variant ${letter} needs a subject: it is the first email of the sequence`,
  bodyRequired: (letter: string) => `Variant ${letter} needs a body`,
  unknownField: (letter: string, names: string[]) =>
    `Variant ${letter} uses ${names.map((n) => `{{${n}}}`).join(', ')}: the fields are ${Object.keys(VARIANT_FIELDS).map((n) => `{{${n}}}`).join(', ')}`,
};

const checkedText = (label: string, max: number) =>
  text({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

export const stepVariantInputSchema = z.strictObject({
  /** Used on the first email step; a follow-up answers in its thread ("Re: " + the first email's subject). */
  subject: checkedText('Subject', VARIANT_SUBJECT_MAX).nullish(),
  /** Plain text with {{fields}}; paragraphs split by a blank line. */
  body: checkedText('Body', VARIANT_BODY_MAX),
});
export type StepVariantInput = z.infer<typeof stepVariantInputSchema>;

export const sequenceStepInputSchema = z.strictObject({
  kind: z.enum(STEP_KINDS, { error: `Step kind must be one of ${STEP_KINDS.join(', ')}` }),
  delay_days: int32({ error: 'Delay must be a number of days' }, 'Delay must be a whole number of days').min(0, { error: 'Delay must be 0 or more days' }).max(STEP_DELAY_MAX_DAYS, { error: `Delay must be at most ${STEP_DELAY_MAX_DAYS} days` }),
  /** Two to four texts the step's emails rotate through evenly; none (or an empty list): the agent writes each email. */
  variants: z
    .array(stepVariantInputSchema, { error: 'Variants must be a list' })
    .max(VARIANT_MAX, { error: VARIANT_MESSAGES.count })
    // Fewer than two, a subject missing, an unknown field: the sequence's check says which step (sequenceProblem).
    .optional(),
});
export type SequenceStepInput = z.infer<typeof sequenceStepInputSchema>;

/** Where a step's variants break the rules (null: fine). `firstEmail`: the step is the sequence's first email step. */
export function variantsProblem(step: { kind: StepKind; variants?: ReadonlyArray<{ subject?: string | null; body: string }> | undefined }, firstEmail: boolean): string | null {
  const variants = step.variants ?? [];
  if (variants.length === 0) return null;
  if (step.kind !== 'email') return VARIANT_MESSAGES.emailOnly;
  if (variants.length < VARIANT_MIN || variants.length > VARIANT_MAX) return VARIANT_MESSAGES.count;
  for (const [i, v] of variants.entries()) {
    const letter = variantLetter(i);
    if (!v.body.trim()) return VARIANT_MESSAGES.bodyRequired(letter);
    if (firstEmail && !v.subject?.trim()) return VARIANT_MESSAGES.subjectRequired(letter);
    const unknown = unknownPlaceholders(`${v.subject ?? ''} ${v.body}`);
    if (unknown.length) return VARIANT_MESSAGES.unknownField(letter, unknown);
  }
  return null;
}
const sequenceSchema = z
  .array(sequenceStepInputSchema)
  .min(1, { error: 'A sequence needs at least one step' })
  .max(SEQUENCE_MAX_STEPS, { error: `A sequence has at most ${SEQUENCE_MAX_STEPS} steps` })
  .superRefine((steps, ctx) => {
    const problem = sequenceProblem(steps);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const campaignName = text(missingOr('Name is required', 'Name must be text')).trim().min(1, { error: 'Name is required' }).max(200, { error: 'Name must be at most 200 characters' });
const mode = z.enum(CAMPAIGN_MODES, { error: 'Mode must be "review" or "autonomous"' });

export const createCampaignBodySchema = z.strictObject({
  name: campaignName,
  person_id: dbId('person_id'),
  virtual_employee_ids: ids('virtual employee id').min(1, { error: 'Choose at least one virtual employee' }),
  mode: mode.optional(),
  allow_overlap: z.boolean().optional(),
  stop_company_on_reply: z.boolean({ error: 'Stop company on reply must be true or false' }).optional(),
  /** The sequence, step by step (step 1's delay counts from enrolment); default: the follow-up settings' emails. */
  steps: sequenceSchema.optional(),
});
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;

export const updateCampaignBodySchema = z.strictObject({
  name: campaignName.optional(),
  virtual_employee_ids: ids('virtual employee id').min(1, { error: 'Choose at least one virtual employee' }).optional(),
  mode: mode.optional(),
  allow_overlap: z.boolean().optional(),
  stop_company_on_reply: z.boolean({ error: 'Stop company on reply must be true or false' }).optional(),
  /** A new sequence: only while the campaign is a draft (nobody is enrolled yet). */
  steps: sequenceSchema.optional(),
});
export type UpdateCampaignBody = z.input<typeof updateCampaignBodySchema>;

export const stepVariantSchema = z.object({ index: int32(), letter: text(), subject: text().nullable(), body: text() });
export type StepVariant = z.infer<typeof stepVariantSchema>;

export const campaignStepSchema = z.object({
  id: int32(),
  position: int32(),
  channel: z.enum(STEP_CHANNELS),
  kind: z.enum(STEP_KINDS),
  delay_days: int32(),
  /** The texts the step's emails rotate through (empty: the agent writes each email). */
  variants: z.array(stepVariantSchema),
  /** "Send the winner from now on": every email of the step written since uses this variant only (null: rotating). */
  winner_index: int32().nullable(),
  winner_chosen_at: text().nullable(),
});
export type CampaignStep = z.infer<typeof campaignStepSchema>;

/** Why a LinkedIn-only prospect's email step is skipped (shown on the step, not an error). */
export const NO_EMAIL_STEP_REASON = 'No email address for this prospect: the email step is skipped, the LinkedIn and call steps go on';

export const CAMPAIGN_EMAIL_STATUSES = ['draft', 'scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'skipped', 'cancelled'] as const;
export type CampaignEmailStatus = (typeof CAMPAIGN_EMAIL_STATUSES)[number];

export const campaignSchema = z.object({
  id: int32(),
  name: text(),
  person_id: int32(),
  persona_name: text().nullable(),
  mode: z.enum(CAMPAIGN_MODES),
  status: z.enum(CAMPAIGN_STATUSES),
  allow_overlap: z.boolean(),
  /** A person's reply also stops this campaign's other prospects at the same company domain (free-mail domains never). */
  stop_company_on_reply: z.boolean(),
  virtual_employee_ids: z.array(int32()),
  steps: z.array(campaignStepSchema),
  enrolments: z.object({ active: int32(), stopped: int32(), finished: int32() }),
  /** Campaign emails per status. */
  emails: z.record(text(), int32()),
  started_at: text().nullable(),
  paused_at: text().nullable(),
  archived_at: text().nullable(),
  finished_at: text().nullable(),
  /** Since when its emails trip the deliverability rule (bounces or complaints, @shared/constants; it was paused then); null when they do not. */
  bounce_rate_high_at: text().nullable(),
  /** Why, in plain words with what to fix, while bounce_rate_high_at is set. */
  deliverability_reason: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type Campaign = z.infer<typeof campaignSchema>;

// ---------------------------------------------------------------- campaign emails

export const campaignEmailSchema = z.object({
  id: int32(),
  campaign_id: int32(),
  campaign_name: text().nullable(),
  enrolment_id: int32(),
  step: int32(),
  delay_days: int32(),
  /** Which of the step's variants this email was written from (0 = A; null: the step has none, or an email from before variants). */
  variant_index: int32().nullable(),
  prospect_id: int32().nullable(),
  prospect_name: text().nullable(),
  prospect_company: text().nullable(),
  virtual_employee_id: int32().nullable(),
  user_email_id: int32().nullable(),
  from_email: text().nullable(),
  to_email: text(),
  subject: text(),
  body_html: text(),
  body_text: text(),
  message_id: text(),
  in_reply_to: text().nullable(),
  references: text().nullable(),
  status: z.enum(CAMPAIGN_EMAIL_STATUSES),
  status_reason: text().nullable(),
  /** The claims check's flags: sentences stating what no approved claim nor the prospect's data supports, and why. */
  claim_flags: z.array(claimFlagSchema),
  due_at: text().nullable(),
  approved_at: text().nullable(),
  sent_at: text().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type CampaignEmail = z.infer<typeof campaignEmailSchema>;

export const CAMPAIGN_EMAIL_SORTS = ['created_at', 'updated_at', 'due_at', 'step', 'status', 'to_email'] as const;
export const CAMPAIGN_EMAILS_PER_PAGE_MAX = 100;

/** What narrows the list: in `filters` (a JSON object, the spec's name) or as plain query keys. */
export const campaignEmailFiltersSchema = z.strictObject({
  status: z.enum(CAMPAIGN_EMAIL_STATUSES, { error: 'Unknown status' }).optional(),
  campaign_id: dbIdParam('campaign_id').optional(),
  step: queryInt().min(1).max(50).optional(),
  search: text().trim().max(254, { error: 'Search must be at most 254 characters' }).optional(),
});
export type CampaignEmailFilters = z.output<typeof campaignEmailFiltersSchema>;

/** The time sort of the interactions view (created_at means the same there). */
export const CAMPAIGN_EMAIL_LIST_SORTS = [...CAMPAIGN_EMAIL_SORTS, 'occurred_at'] as const;

/**
 * GET campaign_emails (and a campaign's): `interaction_view` chooses what is listed: `emails` (the default: the
 * outbox rows, filtered by status, campaign, step, search, in `filters` or as plain keys) or `interactions`
 * (everything the agent did and received per prospect: `filters` are the interaction filters of
 * @shared/schemas/interactions, sorted by occurred_at). `filters` is parsed by the view it belongs to.
 */
export const campaignEmailListQuerySchema = campaignEmailFiltersSchema.extend({
  page: queryInt().min(1).max(100000).optional().default(1),
  per_page: queryInt().min(1).max(CAMPAIGN_EMAILS_PER_PAGE_MAX).optional().default(25),
  sort: z.enum(CAMPAIGN_EMAIL_LIST_SORTS, { error: `Sort must be one of ${CAMPAIGN_EMAIL_LIST_SORTS.join(', ')}` }).optional().default('created_at'),
  sort_direction: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc' }).optional().default('desc'),
  filters: filtersObjectParam.optional(),
  interaction_view: z.enum(INTERACTION_VIEWS, { error: `Interaction view must be one of ${INTERACTION_VIEWS.join(', ')}` }).optional().default('emails'),
});
export type CampaignEmailListQuery = z.input<typeof campaignEmailListQuerySchema>;

export const campaignEmailListSchema = z.object({ data: z.array(campaignEmailSchema), meta: pageMetaSchema });

/**
 * GET campaign_emails/{id}: the email with what the side panels show around it: its campaign's state, the
 * prospect's enrolment (status, stop reason, outcome), the sequence step by step with this prospect's email
 * for each, and the conversation it belongs to.
 */
export const campaignEmailDetailSchema = campaignEmailSchema.extend({
  campaign_status: z.enum(CAMPAIGN_STATUSES).nullable(),
  persona: z.object({ id: int32(), name: text() }).nullable(),
  virtual_employee: z.object({ id: int32(), name: text(), title: text().nullable() }).nullable(),
  enrolment: z
    .object({
      id: int32(),
      status: z.enum(['active', 'stopped', 'finished']),
      email: text(),
      stop_reason: text().nullable(),
      stopped_at: text().nullable(),
      created_at: text(),
      outcome: z.enum(ENROLMENT_OUTCOMES),
      /** The highest step sent so far (0: none yet). */
      step_reached: int32(),
      /** The last time anything reached the prospect in this enrolment (a step sent, an answer from the inbox). */
      last_touch_at: text().nullable(),
    })
    .nullable(),
  sequence: z.array(
    z.object({
      step: int32(),
      channel: z.enum(STEP_CHANNELS),
      delay_days: int32(),
      campaign_email_id: int32().nullable(),
      status: z.enum(CAMPAIGN_EMAIL_STATUSES).nullable(),
      status_reason: text().nullable(),
      subject: text().nullable(),
      due_at: text().nullable(),
      send_after: text().nullable(),
      sent_at: text().nullable(),
    }),
  ),
  thread: z.object({ id: int32(), reply_status: z.enum(REPLY_STATUSES).nullable(), replied_at: text().nullable(), unread: z.boolean(), stop_sending: z.boolean() }).nullable(),
});
export type CampaignEmailDetail = z.infer<typeof campaignEmailDetailSchema>;

export const updateCampaignEmailBodySchema = z.strictObject({
  subject: text().trim().min(1, { error: 'Subject is required' }).max(300, { error: 'Subject must be at most 300 characters' }).optional(),
  body_html: text().max(RICH_TEXT_FIELDS.email_body.maxLength * 2, { error: 'Body is too long' }).optional(),
  /** approve: a draft may go (scheduled); skip: this email is not sent. */
  action: z.enum(['approve', 'skip'], { error: 'Action must be "approve" or "skip"' }).optional(),
});
export type UpdateCampaignEmailBody = z.input<typeof updateCampaignEmailBodySchema>;


/**
 * Why a persona's prospect is not in the campaign (GET campaigns/{id}/skipped_prospects, issue 25), worked out
 * from the same tables enrolment reads: on the blacklist (do-not-contact), in conversation (answered as a person:
 * never enrolled automatically, the user may enrol them on purpose), in another active campaign, or no address the
 * sequence can use. In this order when several hold.
 */
export const SKIP_REASONS = ['do_not_contact', 'in_conversation', 'in_other_campaign', 'no_address'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
export const skippedProspectSchema = z.object({
  prospect_id: dbId(),
  full_name: text().nullable(),
  email: text().nullable(),
  company: text().nullable(),
  reason: z.enum(SKIP_REASONS),
  /** The reason in the user's words ("In conversation since Nov 3, 2026", "On the blacklist: Unsubscribed"). */
  detail: text(),
  /** in_conversation: when they first answered as a person. */
  since: text().nullable(),
  /** The user may enrol them on purpose (POST campaigns/{id}/enrolments): only those in conversation. */
  can_enrol: z.boolean(),
});
export type SkippedProspect = z.infer<typeof skippedProspectSchema>;
export const skippedProspectsQuerySchema = z.strictObject({
  page: queryInt().min(1).default(1),
  per_page: queryInt().min(1).max(100).default(25),
});
export const skippedProspectsResponseSchema = z.object({ data: z.array(skippedProspectSchema), meta: pageMetaSchema });
export type SkippedProspectsResponse = z.infer<typeof skippedProspectsResponseSchema>;

/** POST campaigns/{id}/enrolments: the user enrols one of the persona's prospects on purpose (someone in conversation, say). */
export const enrolProspectBodySchema = z.strictObject({ prospect_id: dbId() });
export type EnrolProspectBody = z.infer<typeof enrolProspectBodySchema>;
export const enrolProspectResponseSchema = z.object({ data: z.object({ enrolment_id: dbId(), prospect_id: dbId() }) });
