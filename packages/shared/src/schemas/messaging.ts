import { z } from 'zod';
import { e164PhoneSchema, text, int32, dbId } from './primitives';
import { RICH_TEXT_FIELDS, type RichTextField } from '../rich-text/allow-list';
import { approvedClaimSchema, approvedClaimsSchema } from './claims';

/**
 * Offerings, messaging settings, follow-up settings, message instructions by categories and AI text
 * generation (spec §7). One set of schemas for the web forms, the typed client and the API's validation.
 * Rich-text fields travel as HTML strings; the server sanitises them with RICH_TEXT_FIELDS and never
 * trusts the client.
 */

const id = dbId();
const httpUrl = text()
  .trim()
  .max(2000, { error: 'URL must be at most 2000 characters' })
  .refine((s) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s), { error: 'URL must start with http:// or https://' });
const optionalUrl = z.union([httpUrl, z.literal('').transform(() => null), z.null()]);
const richText = (field: RichTextField) =>
  text().max(RICH_TEXT_FIELDS[field].maxLength * 2, { error: 'Text is too long' });
const timestamps = { created_at: text(), updated_at: text() };

// ---------------------------------------------------------------- offerings

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'INR', 'JPY'] as const;
export const PRICE_PERIODS = ['one_time', 'month', 'year', 'user_month', 'user_year'] as const;

export const offeringSchema = z.object({
  id,
  name: text(),
  description: text(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  price_period: z.enum(PRICE_PERIODS),
  url: text().nullable(),
  /** The product page's fields (/cabinet/my-products: the products are the offerings). */
  pricing_notes: text(),
  persona_ids: z.array(id),
  not_for: text(),
  proof: text(),
  claims: z.array(approvedClaimSchema),
  ...timestamps,
});
export type Offering = z.infer<typeof offeringSchema>;

const price = z.number({ error: 'Price must be a number' }).min(0, { error: 'Price must be 0 or more' }).max(1_000_000_000).nullable();

const offeringFields = {
  name: text().trim().min(1, { error: 'Name is required' }).max(200, { error: 'Name must be at most 200 characters' }),
  description: text().trim().max(5000, { error: 'Description must be at most 5000 characters' }),
  price_min: price,
  price_max: price,
  currency: z.enum(CURRENCIES, { error: 'Currency is not supported' }),
  price_period: z.enum(PRICE_PERIODS),
  url: optionalUrl,
  pricing_notes: text().trim().max(2000, { error: 'Pricing notes must be at most 2000 characters' }),
  persona_ids: z.array(id).max(100, { error: 'At most 100 personas' }),
  not_for: text().trim().max(2000, { error: '"Not for" must be at most 2000 characters' }),
  proof: text().trim().max(10000, { error: 'Proof must be at most 10000 characters' }),
  claims: approvedClaimsSchema,
};
const priceOrder = (v: { price_min?: number | null; price_max?: number | null }) =>
  v.price_min == null || v.price_max == null || v.price_min <= v.price_max;
const priceOrderIssue = { error: 'The highest price must not be lower than the lowest price', path: ['price_max'] };

export const createOfferingBodySchema = z
  .strictObject({
    ...offeringFields,
    description: offeringFields.description.default(''),
    price_min: price.default(null),
    price_max: price.default(null),
    currency: offeringFields.currency.default('USD'),
    price_period: offeringFields.price_period.default('one_time'),
    url: optionalUrl.default(null),
    pricing_notes: offeringFields.pricing_notes.default(''),
    persona_ids: offeringFields.persona_ids.default([]),
    not_for: offeringFields.not_for.default(''),
    proof: offeringFields.proof.default(''),
    claims: offeringFields.claims.default([]),
  })
  .refine(priceOrder, priceOrderIssue);
export type CreateOfferingBody = z.input<typeof createOfferingBodySchema>;

/** Partial update; a price range is checked against the stored other end on the server. */
export const updateOfferingBodySchema = z.strictObject(offeringFields).partial().refine(priceOrder, priceOrderIssue);
export type UpdateOfferingBody = z.input<typeof updateOfferingBodySchema>;

// ---------------------------------------------------------------- messaging settings

/** Suggested tones; tone_voice is free text so a user can describe their own. */
export const TONE_VOICE_SUGGESTIONS = ['Professional', 'Friendly', 'Casual', 'Formal', 'Enthusiastic', 'Consultative', 'Direct', 'Witty'] as const;
/** Languages the composer writes (BCP 47 primary tags); the HTTP provider may write any. */
export const MESSAGE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv'] as const;

export const caseStudySchema = z.strictObject({
  title: text().trim().min(1, { error: 'Case study title is required' }).max(200),
  summary: text().trim().max(2000, { error: 'Case study summary must be at most 2000 characters' }).default(''),
  url: optionalUrl.default(null),
});
export type CaseStudy = z.output<typeof caseStudySchema>;

/** One per account and persona, plus one default (persona_id null) for personas without their own. */
export const messagingSettingSchema = z.object({
  id,
  persona_id: id.nullable(),
  persona_name: text().nullable(),
  offering_id: id.nullable(),
  name: text(),
  tone_voice: text(),
  language: text(),
  message_guidelines: text(),
  instructions_script: text(),
  call_to_action: text(),
  case_studies: z.array(z.object({ title: text(), summary: text(), url: text().nullable() })),
  signature: text(),
  example_prospect_id: id.nullable(),
  ...timestamps,
});
export type MessagingSetting = z.infer<typeof messagingSettingSchema>;

const messagingSettingFields = {
  persona_id: id.nullable(),
  offering_id: id.nullable(),
  name: text().trim().max(120, { error: 'Name must be at most 120 characters' }),
  tone_voice: text().trim().max(500, { error: 'Tone of voice must be at most 500 characters' }),
  language: z.enum(MESSAGE_LANGUAGES, { error: 'Language is not supported' }),
  message_guidelines: richText('message_guidelines'),
  instructions_script: richText('instructions_script'),
  call_to_action: text().trim().max(500, { error: 'Call to action must be at most 500 characters' }),
  case_studies: z.array(caseStudySchema).max(20, { error: 'At most 20 case studies' }),
  signature: richText('signature'),
  example_prospect_id: id.nullable(),
};

export const createMessagingSettingBodySchema = z.strictObject({
  persona_id: messagingSettingFields.persona_id.default(null),
  offering_id: messagingSettingFields.offering_id.default(null),
  name: messagingSettingFields.name.default(''),
  tone_voice: messagingSettingFields.tone_voice.default('Professional'),
  language: messagingSettingFields.language.default('en'),
  message_guidelines: messagingSettingFields.message_guidelines.default(''),
  instructions_script: messagingSettingFields.instructions_script.default(''),
  call_to_action: messagingSettingFields.call_to_action.default(''),
  case_studies: messagingSettingFields.case_studies.default([]),
  signature: messagingSettingFields.signature.default(''),
  example_prospect_id: messagingSettingFields.example_prospect_id.default(null),
});
export type CreateMessagingSettingBody = z.input<typeof createMessagingSettingBodySchema>;

/** Each messaging page (tone-voice, signature, …) sends only its own field. */
export const updateMessagingSettingBodySchema = z.strictObject(messagingSettingFields).partial();
export type UpdateMessagingSettingBody = z.input<typeof updateMessagingSettingBodySchema>;

/** Spec §7 assign_instruction_to_person: the setting becomes this persona's. */
export const assignInstructionToPersonBodySchema = z.strictObject({ messaging_setting_id: id, person_id: id });
export type AssignInstructionToPersonBody = z.input<typeof assignInstructionToPersonBodySchema>;

// ---------------------------------------------------------------- follow-up settings

export const followupSettingsSchema = z.object({
  number_of_followups: int32(),
  spacing_days: int32(),
  stop_rules: z.object({
    on_reply: z.boolean(),
    on_meeting_booked: z.boolean(),
    on_unsubscribe: z.boolean(),
    on_bounce: z.boolean(),
  }),
  updated_at: text().nullable(),
});
export type FollowupSettings = z.infer<typeof followupSettingsSchema>;

export const DEFAULT_FOLLOWUP_SETTINGS: Omit<FollowupSettings, 'updated_at'> = {
  number_of_followups: 3,
  spacing_days: 3,
  stop_rules: { on_reply: true, on_meeting_booked: true, on_unsubscribe: true, on_bounce: true },
};

export const updateFollowupSettingsBodySchema = z.strictObject({
  number_of_followups: int32({ error: 'Number of follow-ups must be a number' }, 'Number of follow-ups must be a whole number')
    .min(0, { error: 'Number of follow-ups must be between 0 and 10' })
    .max(10, { error: 'Number of follow-ups must be between 0 and 10' })
    .optional(),
  spacing_days: int32({ error: 'Spacing must be a number of days' }, 'Spacing must be a whole number of days')
    .min(1, { error: 'Spacing must be between 1 and 30 days' })
    .max(30, { error: 'Spacing must be between 1 and 30 days' })
    .optional(),
  stop_rules: z
    .strictObject({
      on_reply: z.boolean().optional(),
      on_meeting_booked: z.boolean().optional(),
      on_unsubscribe: z.boolean().optional(),
      on_bounce: z.boolean().optional(),
    })
    .optional(),
});
export type UpdateFollowupSettingsBody = z.input<typeof updateFollowupSettingsBodySchema>;

// ---------------------------------------------------------------- message instructions by categories

export const MESSAGE_CATEGORIES = [
  'cold_email',
  'follow_up',
  'reply',
  'linkedin_invitation',
  'linkedin_message',
  'call_script',
  'social_post',
] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export const MESSAGE_CATEGORY_LABELS: Record<MessageCategory, string> = {
  cold_email: 'Cold email',
  follow_up: 'Follow-up',
  reply: 'Reply',
  linkedin_invitation: 'LinkedIn invitation',
  linkedin_message: 'LinkedIn message',
  call_script: 'Call script',
  social_post: 'Social post',
};

/** One instruction per account and category. */
export const messageInstructionSchema = z.object({
  id,
  category: z.enum(MESSAGE_CATEGORIES),
  title: text(),
  instructions: text(),
  ...timestamps,
});
export type MessageInstruction = z.infer<typeof messageInstructionSchema>;

const instructionFields = {
  category: z.enum(MESSAGE_CATEGORIES, { error: 'Category is not supported' }),
  title: text().trim().min(1, { error: 'Title is required' }).max(200, { error: 'Title must be at most 200 characters' }),
  instructions: richText('instructions'),
};
export const createMessageInstructionBodySchema = z.strictObject({
  ...instructionFields,
  instructions: instructionFields.instructions.default(''),
});
export type CreateMessageInstructionBody = z.input<typeof createMessageInstructionBodySchema>;
export const updateMessageInstructionBodySchema = z.strictObject(instructionFields).partial();
export type UpdateMessageInstructionBody = z.input<typeof updateMessageInstructionBodySchema>;

// ---------------------------------------------------------------- generation

/**
 * POST generate_example_text: an example message for a prospect (chosen, or the setting's example
 * prospect, or the persona's newest) from the offering, persona, tone, CTA, case studies and signature.
 */
export const generateExampleTextBodySchema = z.strictObject({
  prospect_id: id.optional(),
  persona_id: id.optional(),
  messaging_setting_id: id.optional(),
});
export type GenerateExampleTextBody = z.input<typeof generateExampleTextBodySchema>;

/** POST message_instructions_by_categories/generate_example_text: the same, following one category's instruction. */
export const generateCategoryExampleTextBodySchema = z.strictObject({
  message_instruction_id: id.optional(),
  category: z.enum(MESSAGE_CATEGORIES).optional(),
  instructions: richText('instructions').optional(),
  prospect_id: id.optional(),
  persona_id: id.optional(),
  messaging_setting_id: id.optional(),
});
export type GenerateCategoryExampleTextBody = z.input<typeof generateCategoryExampleTextBodySchema>;

export const generatedTextSchema = z.object({
  /** Plain text (line breaks as \n). */
  text: text(),
  /** The same as safe HTML paragraphs, signature included. */
  html: text(),
  subject: text().nullable(),
  prospect_id: id.nullable(),
  persona_id: id.nullable(),
  messaging_setting_id: id.nullable(),
  /** 'composer' (built-in) or 'openai' (the chat-completions provider). */
  provider: text(),
});
export type GeneratedText = z.infer<typeof generatedTextSchema>;

/** 200: ready within the wait (about 3 s). */
export const generationReadyResponseSchema = z.object({ data: generatedTextSchema });
/** 202: still running; poll GET generation_jobs/:job_id. */
export const generationAcceptedResponseSchema = z.object({ job_id: text(), status: z.literal('pending') });

export const GENERATION_JOB_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const generationJobSchema = z.object({
  id: text(),
  status: z.enum(GENERATION_JOB_STATUSES),
  result: generatedTextSchema.nullable(),
  /** When failed: the message, and the HTTP status it would have had (502 provider error, 504 timeout). */
  error: text().nullable(),
  error_status: int32().nullable(),
  created_at: text(),
  finished_at: text().nullable(),
});
export type GenerationJob = z.infer<typeof generationJobSchema>;
export const generationJobParamsSchema = z.strictObject({ id: z.uuid({ error: 'Job id is not valid' }) });

/** Client polling interval for 202 answers (in constants.ts, so clients import it without the schemas). */
export { GENERATION_POLL_INTERVAL_MS } from '../constants';

// ---------------------------------------------------------------- test call

export const testCallBodySchema = z.strictObject({
  phone: e164PhoneSchema,
});
export type TestCallBody = z.input<typeof testCallBodySchema>;
export const testCallResponseSchema = z.object({
  data: z.object({
    status: z.enum(['queued', 'simulated']),
    simulated: z.boolean(),
    call_id: text().nullable(),
    message: text(),
  }),
});
export type TestCallResult = z.infer<typeof testCallResponseSchema>['data'];
