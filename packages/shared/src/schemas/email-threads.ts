import { z } from 'zod';
import { dbId, int32, queryInt, text } from './primitives';
import { pageMetaSchema, PROSPECT_SOURCES } from './personas';
import { REPLY_STATUS_SOURCES, REPLY_STATUSES, replyStatusSchema } from './inbox';

/**
 * The inbox (issue 12; spec §2 /cabinet/inbox and /cabinet/chat/{id}, §3 thread and interaction filters,
 * §7 email threads and replies): threads with one prospect each, their messages, the user's marks on them,
 * and the answers written from the inbox.
 */

// ---------------------------------------------------------------- filters (spec §3, sixteen)

/** Channels of the interaction filters; today's threads are email (LinkedIn and calls have none yet). */
export const THREAD_CHANNELS = ['email', 'linkedin', 'call'] as const;
/**
 * Where a thread's messages on our side came from: a campaign email, an answer sent from the inbox, or one
 * the user wrote in their own mail client (found in the Sent folder).
 */
/** Where our message was written: a campaign step, the inbox (the user), the agent on its own (auto_reply), the user's own mail client. */
export const THREAD_MESSAGE_SOURCES = ['campaign', 'inbox', 'agent', 'mail_client'] as const;
export const EMAIL_THREAD_SORTS = ['last_message_at', 'replied_at', 'created_at'] as const;
export const EMAIL_THREADS_PER_PAGE_MAX = 100;

/** One value or a list of them (a multi-select sends a list; a link may carry one). */
export const oneOrMany = <T extends z.ZodType>(item: T, label: string, max = 100) =>
  z.union([item, z.array(item).max(max, { error: `At most ${max} ${label}` })]).transform((v) => (Array.isArray(v) ? v : [v]) as Array<z.output<T>>);

/** true/false as JSON, or as the words in a query string. */
export const flag = (label: string) =>
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: `${label} must be true or false` }).transform((v) => v === true || v === 'true' || v === '1');

const dateBound = (label: string) =>
  text()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/, { error: `${label} must be a date (YYYY-MM-DD) or a date and time (ISO 8601)` })
    .refine(
      (s) => {
        const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
        // A day the month does not have (2026-02-30) would roll over into the next month.
        const day = new Date(Date.UTC(y, m - 1, d));
        return day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(new Date(s.length === 10 ? `${s}T00:00:00Z` : s).getTime());
      },
      { error: `${label} is not a valid date` },
    );

export const emailThreadFiltersSchema = z.strictObject({
  /** Prospect sources (how the prospect came in). */
  by_source: oneOrMany(z.enum(PROSPECT_SOURCES, { error: `Source must be one of ${PROSPECT_SOURCES.join(', ')}` }), 'sources').optional(),
  /** Persona ids ("persons" in the spec's names): threads whose prospect belongs to one of them. */
  by_persons: oneOrMany(dbId('persona id'), 'personas').optional(),
  by_channels: oneOrMany(z.enum(THREAD_CHANNELS, { error: `Channel must be one of ${THREAD_CHANNELS.join(', ')}` }), 'channels').optional(),
  by_campaign: oneOrMany(dbId('campaign id'), 'campaigns').optional(),
  by_reply_status: replyStatusSchema.optional(),
  by_virtual_employee: oneOrMany(dbId('virtual employee id'), 'virtual employees').optional(),
  /** The last message's time, from the start of `from` to the end of `to` (a bare date covers the whole day, UTC). */
  by_date: z.strictObject({ from: dateBound('From').optional(), to: dateBound('To').optional() }).optional(),
  /** Interested: the reply status is interested or a meeting request. */
  by_interested: flag('Interested').optional(),
  by_unread: flag('Unread').optional(),
  by_starred: flag('Starred').optional(),
  /** Threads whose newest reply the classifier was unsure of, waiting for the user's status (their sequence holds). */
  by_needs_review: flag('Needs review').optional(),
  by_prospect_name: text().trim().max(200, { error: 'Prospect name must be at most 200 characters' }).optional(),
  /** Prospect's name, email or company, or the thread's subject. */
  by_search_query: text().trim().max(254, { error: 'Search must be at most 254 characters' }).optional(),
  /** Persona names (exact, any case). */
  by_persons_names: oneOrMany(text().trim().min(1).max(200), 'persona names').optional(),
  by_reply_statuses: oneOrMany(replyStatusSchema, 'reply statuses', REPLY_STATUSES.length).optional(),
  /** A landing page address: threads where one of our messages links to it. */
  by_landing_page: text().trim().max(2000, { error: 'Landing page address is too long' }).optional(),
  by_message_source: oneOrMany(z.enum(THREAD_MESSAGE_SOURCES, { error: `Message source must be one of ${THREAD_MESSAGE_SOURCES.join(', ')}` }), 'message sources').optional(),
});
export type EmailThreadFilters = z.input<typeof emailThreadFiltersSchema>;
export type EmailThreadFiltersParsed = z.output<typeof emailThreadFiltersSchema>;

const filtersJson = text()
  .max(8000, { error: 'Filters are too long' })
  .transform((raw, ctx) => {
    try {
      const value: unknown = JSON.parse(raw);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'Filters must be a JSON object' });
    return z.NEVER;
  })
  .pipe(emailThreadFiltersSchema);

export const emailThreadListQuerySchema = z.strictObject({
  page: queryInt().min(1).max(100000).optional().default(1),
  per_page: queryInt().min(1).max(EMAIL_THREADS_PER_PAGE_MAX).optional().default(25),
  sort: z.enum(EMAIL_THREAD_SORTS, { error: `Sort must be one of ${EMAIL_THREAD_SORTS.join(', ')}` }).optional().default('last_message_at'),
  sort_direction: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc' }).optional().default('desc'),
  filters: filtersJson.optional(),
  /**
   * Keyset paging (a long list scrolled far): meta.next_cursor of the page before; `page` is then not used
   * for the offset. For the sorts by last_message_at and created_at.
   */
  cursor: text()
    .max(200, { error: 'Cursor is not valid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Cursor is not valid' })
    .optional(),
});
export type EmailThreadListQuery = z.input<typeof emailThreadListQuerySchema>;
/** The CSV export takes the same filters and order (no paging: every matching thread). */
export const emailThreadExportQuerySchema = emailThreadListQuerySchema.omit({ page: true, per_page: true, cursor: true });

// ---------------------------------------------------------------- threads

export const THREAD_DIRECTIONS = ['inbound', 'outbound'] as const;
export const THREAD_MESSAGE_KINDS = ['human', 'auto_reply', 'bounce', 'own'] as const;

export const emailThreadSchema = z.object({
  id: int32(),
  prospect_email: text(),
  reply_status: z.enum(REPLY_STATUSES).nullable(),
  /** Who set reply_status: the classifier's rules, the AI provider, or the user (a user's status is kept by ingestion). */
  reply_status_source: z.enum(REPLY_STATUS_SOURCES).nullable(),
  interested: z.boolean(),
  stop_sending: z.boolean(),
  /**
   * "Needs your review": the classifier was unsure of the newest reply (no AI provider, or it failed); nothing more
   * is sent to the prospect until the user sets reply_status, which clears it and applies the decision.
   */
  needs_review: z.boolean(),
  subject: text(),
  last_message_at: text(),
  replied_at: text().nullable(),
  unread: z.boolean(),
  starred: z.boolean(),
  user_email_id: int32().nullable(),
  prospect: z.object({ id: int32(), name: text().nullable(), company: text().nullable(), title: text().nullable() }).nullable(),
  campaign: z.object({ id: int32(), name: text() }).nullable(),
  virtual_employee: z.object({ id: int32(), name: text() }).nullable(),
  /**
   * The campaign email the conversation grew from (its enrolment's first sent step): what the side panels
   * read (GET campaign_emails/{id}, campaign_emails/{id}/person_offering_info). Null when it is gone.
   */
  campaign_email_id: int32().nullable(),
  last_message: z
    .object({ id: int32(), direction: z.enum(THREAD_DIRECTIONS), kind: z.enum(THREAD_MESSAGE_KINDS), from: text(), snippet: text(), sent_at: text() })
    .nullable(),
  created_at: text(),
});
export type EmailThread = z.infer<typeof emailThreadSchema>;

export const emailThreadListSchema = z.object({
  data: z.array(emailThreadSchema),
  /** next_cursor: the cursor of the page after this one (null on the last page, and for the replied_at sort). */
  meta: pageMetaSchema.extend({ next_cursor: text().nullable() }),
});
export type EmailThreadList = z.infer<typeof emailThreadListSchema>;

export const emailThreadStatsSchema = z.object({
  total: int32(),
  unread: int32(),
  starred: int32(),
  stopped: int32(),
  interested: int32(),
  needs_review: int32(),
  /** Every status, 0 when none; `unclassified` counts threads without a status yet. */
  by_reply_status: z.record(z.enum([...REPLY_STATUSES, 'unclassified']), int32()),
});
export type EmailThreadStats = z.infer<typeof emailThreadStatsSchema>;

/** The user's marks; reply_status is the user's correction (kept over the classifier's). */
export const updateEmailThreadBodySchema = z.strictObject({
  unread: z.boolean({ error: 'Unread must be true or false' }).optional(),
  starred: z.boolean({ error: 'Starred must be true or false' }).optional(),
  /** true: the status becomes interested (a meeting request stays one); false: a positive status becomes not_interested. */
  interested: z.boolean({ error: 'Interested must be true or false' }).optional(),
  reply_status: replyStatusSchema.optional(),
});
export type UpdateEmailThreadBody = z.input<typeof updateEmailThreadBodySchema>;

// ---------------------------------------------------------------- messages

/**
 * The agent's automatic answer to a reply (auto_reply; modules/inbox/agent-answer.ts): scheduled (waiting for
 * due_at), sending, sent, skipped (reason: why it did not go, e.g. the user stopped it), failed or uncertain
 * (reason: what went wrong).
 */
export const AGENT_ANSWER_STATES = ['scheduled', 'sending', 'sent', 'skipped', 'failed', 'uncertain'] as const;
export type AgentAnswerStateName = (typeof AGENT_ANSWER_STATES)[number];
export const agentAnswerSchema = z.object({
  state: z.enum(AGENT_ANSWER_STATES),
  /** When the agent answers (or would have): the delay after the reply, inside the working hours. */
  due_at: text(),
  reason: text().nullable(),
});
export type AgentAnswerInfo = z.infer<typeof agentAnswerSchema>;
/** The reason written when the user stops a waiting answer (POST replies/{id}/skip_agent_answer). */
export const AGENT_ANSWER_STOPPED_BY_USER = "You stopped the agent's answer";

export const emailThreadMessageSchema = z.object({
  id: int32(),
  thread_id: int32(),
  direction: z.enum(THREAD_DIRECTIONS),
  kind: z.enum(THREAD_MESSAGE_KINDS),
  from: text(),
  from_name: text().nullable(),
  to: z.array(text()),
  cc: z.array(text()),
  subject: text(),
  text: text(),
  /** Sanitised when stored; null for a plain-text message. */
  html: text().nullable(),
  sent_at: text(),
  from_colleague: z.boolean(),
  /** campaign, inbox or mail_client for ours; null for the prospect's side. */
  source: z.enum(THREAD_MESSAGE_SOURCES).nullable(),
  /** The campaign email this message is (ours) or answers / returns (theirs), when known. */
  campaign_email_id: int32().nullable(),
  /** On a reply (inbound): the agent's automatic answer to it, when one was scheduled; null otherwise. */
  agent_answer: agentAnswerSchema.nullable(),
  /** On a reply: its classification was unsure (low confidence, no usable AI answer). */
  needs_review: z.boolean(),
});
export type EmailThreadMessage = z.infer<typeof emailThreadMessageSchema>;

export const emailThreadMessageListSchema = z.object({ data: z.array(emailThreadMessageSchema) });

/** A reply (spec §7 replies/{id}): one inbound message of a thread, with its thread's status. */
export const replySchema = emailThreadMessageSchema.extend({ reply_status: z.enum(REPLY_STATUSES).nullable(), reply_status_source: z.enum(REPLY_STATUS_SOURCES).nullable() });
export type Reply = z.infer<typeof replySchema>;

export const updateReplyBodySchema = z.strictObject({
  reply_status: replyStatusSchema.optional(),
  unread: z.boolean({ error: 'Unread must be true or false' }).optional(),
});
export type UpdateReplyBody = z.input<typeof updateReplyBodySchema>;

// ---------------------------------------------------------------- answering

export const SEND_REPLY_MAX_LENGTH = 100_000;

export const sendReplyBodySchema = z.strictObject({
  /** The answer as plain text or HTML (sanitised to the email-body allow-list). */
  body: text({ error: 'Body is required' })
    .max(SEND_REPLY_MAX_LENGTH, { error: 'The answer is too long' })
    .refine((s) => s.replace(/<[^>]*>|&nbsp;/g, '').trim().length > 0, { error: 'Write an answer first' }),
});
export type SendReplyBody = z.input<typeof sendReplyBodySchema>;

export const replyDraftSchema = z.object({
  /** The draft as plain text, and as the HTML the editor takes. */
  text: text(),
  html: text(),
  provider: text(),
});
export type ReplyDraft = z.infer<typeof replyDraftSchema>;

// ---------------------------------------------------------------- the user's corrections of the classifier

/**
 * GET reply_status_corrections: per label the classifier (rules or AI) gave a thread, how often it gave it and how
 * often the user changed it afterwards, to what (most common first). Account-scoped.
 */
export const replyStatusCorrectionsSchema = z.object({
  data: z.array(
    z.object({
      label: z.enum(REPLY_STATUSES),
      given: int32(),
      corrected: int32(),
      corrected_to: z.array(z.object({ label: z.enum(REPLY_STATUSES), count: int32() })),
    }),
  ),
});
export type ReplyStatusCorrections = z.infer<typeof replyStatusCorrectionsSchema>;
