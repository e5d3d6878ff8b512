import { z } from 'zod';
import { dbId, int32, text } from './primitives';
import { emailThreadFiltersSchema, oneOrMany, THREAD_CHANNELS, THREAD_MESSAGE_SOURCES } from './email-threads';
import { REPLY_STATUSES } from './inbox';
import { pageMetaSchema, PROSPECT_SOURCES } from './personas';
import { CALL_OUTCOMES } from './call-outcomes';

/**
 * Interactions (issue 12; spec §7 `GET campaign_emails` with `interaction_view`, `campaign_emails/interactions_stats`,
 * `campaign_emails/{id}/person_offering_info`; §3's interaction filters): everything the agent did and received per
 * prospect, on every channel, read from the account's activity log (the one record every channel writes, in the
 * transaction of the change it describes; the dashboard reads it too, so the figures agree). See docs/decisions.md
 * "Interactions".
 */

/** `interaction_view` of GET campaign_emails: the outbox rows (emails, the default) or the interactions. */
export const INTERACTION_VIEWS = ['emails', 'interactions'] as const;
export type InteractionView = (typeof INTERACTION_VIEWS)[number];

/** The channels of an interaction (the activity log's "phone" is a call here, as in the thread filters). */
export const INTERACTION_CHANNELS = THREAD_CHANNELS;
export type InteractionChannel = (typeof INTERACTION_CHANNELS)[number];

/** What happened, in the order the counts show them. LinkedIn and call kinds fill in when those channels write their activities. */
export const INTERACTION_KINDS = [
  'email_sent',
  'reply',
  'auto_reply',
  'bounce',
  'delayed',
  'unsubscribed',
  'answer',
  'stopped',
  'paused',
  'linkedin_invitation',
  'linkedin_accepted',
  'linkedin_message',
  'call',
  'call_progress',
  'meeting_booked',
  'website_visit',
] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

/** A call's status timeline: placed (the agent dialled), ringing, answered, ended; failed (refused) and uncertain (a crash while placing) end it too. */
export const CALL_STATUSES = ['placed', 'ringing', 'answered', 'ended', 'failed', 'uncertain'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_STATUS_LABELS: Record<CallStatus, string> = { placed: 'Calling', ringing: 'Ringing', answered: 'Answered', ended: 'Ended', failed: 'Could not be placed', uncertain: 'May not have been placed' };

/** outbound: we reached the prospect; inbound: something came back; event: the sequence changed (stopped, paused, a meeting). */
export const INTERACTION_DIRECTIONS = ['outbound', 'inbound', 'event'] as const;
export type InteractionDirection = (typeof INTERACTION_DIRECTIONS)[number];

export const INTERACTION_KIND_INFO: Record<InteractionKind, { label: string; direction: InteractionDirection; channel: InteractionChannel }> = {
  email_sent: { label: 'Email sent', direction: 'outbound', channel: 'email' },
  reply: { label: 'Reply', direction: 'inbound', channel: 'email' },
  auto_reply: { label: 'Auto-reply', direction: 'inbound', channel: 'email' },
  bounce: { label: 'Bounce', direction: 'inbound', channel: 'email' },
  delayed: { label: 'Delivery delayed', direction: 'inbound', channel: 'email' },
  unsubscribed: { label: 'Unsubscribed', direction: 'inbound', channel: 'email' },
  answer: { label: 'Answer sent', direction: 'outbound', channel: 'email' },
  stopped: { label: 'Sequence stopped', direction: 'event', channel: 'email' },
  paused: { label: 'Sequence paused', direction: 'event', channel: 'email' },
  linkedin_invitation: { label: 'LinkedIn invitation', direction: 'outbound', channel: 'linkedin' },
  linkedin_accepted: { label: 'LinkedIn invitation accepted', direction: 'inbound', channel: 'linkedin' },
  linkedin_message: { label: 'LinkedIn message', direction: 'outbound', channel: 'linkedin' },
  call: { label: 'Call', direction: 'outbound', channel: 'call' },
  call_progress: { label: 'Call status', direction: 'event', channel: 'call' },
  meeting_booked: { label: 'Meeting booked', direction: 'event', channel: 'email' },
  // A visit of the prospect (personal link) or their company while their sequence runs (issue 28): an answer of sorts
  // to the outreach, shown with the email channel the sequence writes on.
  website_visit: { label: 'Website visit', direction: 'inbound', channel: 'email' },
};

/**
 * Where one prospect's enrolment in a campaign ended up (or stands): the interactions' outcome. The first
 * that applies wins: interested (a reply the thread marks interested or a meeting request), unsubscribed,
 * replied, bounced (a hard bounce stopped it), stopped (any other stop), no_reply (the sequence finished
 * unanswered), in_sequence (still running).
 */
export const ENROLMENT_OUTCOMES = ['in_sequence', 'interested', 'replied', 'unsubscribed', 'bounced', 'stopped', 'no_reply'] as const;
export type EnrolmentOutcome = (typeof ENROLMENT_OUTCOMES)[number];
export const ENROLMENT_OUTCOME_LABELS: Record<EnrolmentOutcome, string> = {
  in_sequence: 'In sequence',
  interested: 'Interested',
  replied: 'Replied',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  stopped: 'Stopped',
  no_reply: 'Finished, no reply',
};

// ---------------------------------------------------------------- filters

/**
 * Spec §3's sixteen filters (the thread filters: one schema for both lists), read on interactions as
 * docs/decisions.md says, plus two of this view's own: `by_prospect` (prospect ids: one prospect's timeline,
 * what the side panels ask) and `by_kinds` (what the counts click sets).
 */
export const interactionFiltersSchema = emailThreadFiltersSchema.extend({
  by_prospect: oneOrMany(dbId('prospect id'), 'prospects').optional(),
  by_kinds: oneOrMany(z.enum(INTERACTION_KINDS, { error: `Kind must be one of ${INTERACTION_KINDS.join(', ')}` }), 'kinds', INTERACTION_KINDS.length).optional(),
});
export type InteractionFilters = z.input<typeof interactionFiltersSchema>;
export type InteractionFiltersParsed = z.output<typeof interactionFiltersSchema>;

/** A `filters` query value: text holding one JSON object (what each view then validates with its own schema). */
export const filtersObjectParam = text()
  .max(8000, { error: 'Filters are too long' })
  .transform((raw, ctx) => {
    try {
      const value: unknown = JSON.parse(raw);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'Filters must be a JSON object' });
    return z.NEVER;
  });

export const interactionsStatsQuerySchema = z.strictObject({
  /** The interaction filters (a JSON object), as the list takes them: the counts describe the filtered list. */
  filters: filtersObjectParam.optional(),
});
export type InteractionsStatsQuery = z.input<typeof interactionsStatsQuerySchema>;

// ---------------------------------------------------------------- the list

export const interactionSchema = z.object({
  /** The activity's id (unique, stable). */
  id: int32(),
  kind: z.enum(INTERACTION_KINDS),
  channel: z.enum(INTERACTION_CHANNELS),
  direction: z.enum(INTERACTION_DIRECTIONS),
  occurred_at: text(),
  /** One readable line ("Step 2 sent to Dana Lee", "Dana Lee replied: …"). */
  summary: text(),
  /** What else there is to say: a stop's reason, a bounce's status, the date a pause lasts until. */
  detail: text().nullable(),
  actor: z.object({ type: z.enum(['user', 'agent', 'virtual_employee', 'system']), name: text() }),
  prospect: z.object({ id: int32(), name: text().nullable(), email: text().nullable(), company: text().nullable(), title: text().nullable() }).nullable(),
  campaign: z.object({ id: int32(), name: text() }).nullable(),
  virtual_employee: z.object({ id: int32(), name: text() }).nullable(),
  enrolment_id: int32().nullable(),
  campaign_email_id: int32().nullable(),
  /** The sequence step it concerns (an email sent or bounced). */
  step: int32().nullable(),
  subject: text().nullable(),
  /** The words of a reply or an auto-reply (quoted history cut). */
  snippet: text().nullable(),
  /** The conversation with this prospect in that campaign, with its marks, when it has one. */
  thread: z
    .object({ id: int32(), reply_status: z.enum(REPLY_STATUSES).nullable(), unread: z.boolean(), starred: z.boolean() })
    .nullable(),
  /** campaign | inbox | mail_client for what we sent; null for the rest. */
  message_source: z.enum(THREAD_MESSAGE_SOURCES).nullable(),
  /**
   * A call's step in its status timeline (a call and its status events; absent on other kinds): the call
   * task it belongs to, which status this is, and, once it ended, how long it lasted, how it ended and who
   * answered (the answering-machine detection: human, machine_…, fax, unknown).
   */
  call: z
    .object({
      outreach_task_id: int32().nullable(),
      status: z.enum(CALL_STATUSES),
      duration_seconds: int32().min(0).nullable(),
      outcome: z.enum(CALL_OUTCOMES).nullable(),
      answered_by: text().nullable(),
    })
    .nullable()
    .optional(),
});
export type Interaction = z.infer<typeof interactionSchema>;

export const interactionListSchema = z.object({ data: z.array(interactionSchema), meta: pageMetaSchema });
export type InteractionList = z.infer<typeof interactionListSchema>;

// ---------------------------------------------------------------- stats

const counts = <K extends readonly [string, ...string[]]>(keys: K) => z.object(Object.fromEntries(keys.map((k) => [k, int32()])) as { [P in K[number]]: z.ZodNumber });

export const interactionsStatsSchema = z.object({
  /** Interactions matching the filters. */
  total: int32(),
  /** Distinct prospects they concern. */
  prospects: int32(),
  /** Every channel and kind listed, 0 when none. */
  by_channel: counts(INTERACTION_CHANNELS),
  by_direction: counts(INTERACTION_DIRECTIONS),
  by_kind: counts(INTERACTION_KINDS),
  /** Distinct enrolments (a prospect in a campaign) the interactions concern, each counted once by where it stands now. */
  enrolments: int32(),
  by_outcome: counts(ENROLMENT_OUTCOMES),
  /** Of those enrolments, the share with a person's reply (replied, interested, unsubscribed by a reply), in percent. */
  reply_rate: z.number(),
});
export type InteractionsStats = z.infer<typeof interactionsStatsSchema>;

// ---------------------------------------------------------------- person_offering_info

/** A persona's figures, from the tables the dashboard reads (activity log, prospects, threads), all time. */
export const personaFiguresSchema = z.object({
  /** Prospects in the persona now. */
  prospects: int32(),
  /** Of them, reached at least once (email, LinkedIn, call: the dashboard's outreach touches). */
  contacted: int32(),
  /** Of them, who replied (a person, not an auto-reply). */
  replied: int32(),
  /** replied ÷ contacted in percent, one decimal (the dashboard's reply rate). */
  reply_rate: z.number(),
  /** Of them, whose conversation is marked interested or a meeting request (the user's corrections count). */
  interested: int32(),
  /** Prospects whose sequence in one of the persona's campaigns is still going (active enrolment; the campaign may be paused). */
  in_sequence: int32(),
});
export type PersonaFigures = z.infer<typeof personaFiguresSchema>;

export const personOfferingInfoSchema = z.object({
  campaign_email_id: int32(),
  campaign: z.object({ id: int32(), name: text(), status: text() }),
  prospect: z
    .object({
      id: int32(),
      full_name: text().nullable(),
      email: text().nullable(),
      title: text().nullable(),
      headline: text().nullable(),
      company: text().nullable(),
      company_domain: text().nullable(),
      industry: text().nullable(),
      location: text().nullable(),
      country: text().nullable(),
      linkedin_url: text().nullable(),
      photo_url: text().nullable(),
      source: z.enum(PROSPECT_SOURCES),
      created_at: text(),
    })
    .nullable(),
  /** The campaign's persona: who the message was written for. */
  persona: z.object({ id: int32(), name: text(), description: text().nullable(), figures: personaFiguresSchema }).nullable(),
  /**
   * The offering composition takes for this persona now (its messaging setting's, else the newest): the
   * outbox does not keep which one each email was written from (docs/decisions.md).
   */
  offering: z
    .object({
      id: int32(),
      name: text(),
      description: text(),
      price_min: z.number().nullable(),
      price_max: z.number().nullable(),
      currency: text(),
      price_period: text(),
      url: text().nullable(),
    })
    .nullable(),
  /** Whether the persona has its own messaging setting or the message came from the account's default. */
  messaging_setting: z.object({ id: int32(), own: z.boolean(), language: text(), tone_voice: text() }).nullable(),
  virtual_employee: z.object({ id: int32(), name: text(), title: text().nullable() }).nullable(),
});
export type PersonOfferingInfo = z.infer<typeof personOfferingInfoSchema>;
