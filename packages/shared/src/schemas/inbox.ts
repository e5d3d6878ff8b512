import { z } from 'zod';

/**
 * Reply statuses (issue 12): what a prospect's answer means for the outreach. Every inbound message of a
 * thread is classified (apps/api/src/modules/inbox/classify.ts): header rules first, then wording rules, then
 * the AI provider when one is configured and the rules are unsure. The user can correct a status; the
 * correction is kept (see REPLY_STATUS_SOURCES and nextReplyStatus below).
 */

/** In the order the inbox shows them: what the user acts on first comes first. */
export const REPLY_STATUSES = [
  'interested',
  'meeting_request',
  'not_now',
  'not_interested',
  'wrong_person',
  'out_of_office',
  'auto_reply',
  'unsubscribe',
  'bounce',
  'other',
] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

export const replyStatusSchema = z.enum(REPLY_STATUSES, { error: `Reply status must be one of ${REPLY_STATUSES.join(', ')}` });

export const REPLY_STATUS_INFO: Record<ReplyStatus, { label: string; meaning: string }> = {
  interested: { label: 'Interested', meaning: 'Wants to know more: asks for details, pricing or a demo, or says yes.' },
  meeting_request: { label: 'Meeting request', meaning: 'Proposes or asks for a call or meeting: a time, a calendar link or an invitation.' },
  not_now: { label: 'Not now', meaning: 'Not at the moment, but open later: asks to be contacted again in a named period.' },
  not_interested: { label: 'Not interested', meaning: 'Declines: no need, already has a solution, no thanks.' },
  wrong_person: { label: 'Wrong person / referral', meaning: 'Not the right contact or no longer at the company; often names who to write to instead.' },
  out_of_office: { label: 'Out of office', meaning: 'Away for a while (vacation, leave, travel); an automatic note, usually with a return date.' },
  auto_reply: { label: 'Auto-reply', meaning: 'Any other automatic answer: ticket received, mailbox not monitored, read receipt.' },
  unsubscribe: { label: 'Unsubscribe', meaning: 'Asks to be removed from the list or not to be written to again.' },
  bounce: { label: 'Bounce', meaning: 'The email was not delivered: a delivery status notification from a mail server.' },
  other: { label: 'Other', meaning: 'A human answer that fits none of the above; the user reads it.' },
};

export const REPLY_STATUS_LABELS: Record<ReplyStatus, string> = Object.fromEntries(REPLY_STATUSES.map((s) => [s, REPLY_STATUS_INFO[s].label])) as Record<ReplyStatus, string>;

/** Written by a machine, not a person: they never count as a reply and never stop the sequence by themselves. */
export const AUTOMATIC_REPLY_STATUSES: readonly ReplyStatus[] = ['out_of_office', 'auto_reply', 'bounce'];

/** No answer is drafted for these (issue 12: never for unsubscribe, out-of-office or negative replies). */
export const NO_DRAFT_REPLY_STATUSES: readonly ReplyStatus[] = ['not_interested', 'out_of_office', 'auto_reply', 'unsubscribe', 'bounce'];

/**
 * The replies the agent answers on its own when auto_reply is on (auto_communication_settings): a person
 * who is interested, asks for a meeting, or writes anything else a person writes (a question, a thank-you).
 * Never a "not now" or a referral (the user decides how to follow up), never a no, an unsubscribe or anything
 * automatic (docs/decisions.md "The agent's automatic answer").
 */
export const AUTO_ANSWER_REPLY_STATUSES: readonly ReplyStatus[] = ['interested', 'meeting_request', 'other'];

/** The agent answers no sooner than this after a reply arrives (then within working hours): the user can answer or re-mark it first. */
export const AUTO_ANSWER_DELAY_MINUTES = 10;

/** The statuses the notification rules name (new interested reply, meeting request). */
export const POSITIVE_REPLY_STATUSES: readonly ReplyStatus[] = ['interested', 'meeting_request'];

export const isAutomaticReplyStatus = (status: ReplyStatus): boolean => AUTOMATIC_REPLY_STATUSES.includes(status);

/**
 * Who set a thread's reply status: the rules (header and wording rules, the built-in default), the AI
 * provider, or the user. A status set by the user is final: ingestion and re-classification never
 * overwrite it (nextReplyStatus); only the user changes it again.
 */
export const REPLY_STATUS_SOURCES = ['rules', 'ai', 'user'] as const;
export type ReplyStatusSource = (typeof REPLY_STATUS_SOURCES)[number];
export const replyStatusSourceSchema = z.enum(REPLY_STATUS_SOURCES);

export type ReplyStatusState = { reply_status: ReplyStatus; reply_status_source: ReplyStatusSource };

/**
 * The status a thread keeps when a new classification arrives (a new inbound message, or a re-run):
 * a user's correction stands; an automatic message (out of office, auto-reply, bounce) never replaces a
 * human answer's status (a vacation note after "interested" leaves the thread interested); otherwise the
 * newest classification wins.
 */
export function nextReplyStatus(current: ReplyStatusState | null, classified: ReplyStatusState): ReplyStatusState {
  if (!current) return classified;
  if (current.reply_status_source === 'user' && classified.reply_status_source !== 'user') return current;
  if (classified.reply_status_source !== 'user' && isAutomaticReplyStatus(classified.reply_status) && !isAutomaticReplyStatus(current.reply_status)) return current;
  return classified;
}

/** The user's correction (PUT email_threads/{id} and PUT replies/{id}); the API stores it with source 'user'. */
export const replyStatusCorrectionSchema = z.object({ reply_status: replyStatusSchema });
export type ReplyStatusCorrection = z.infer<typeof replyStatusCorrectionSchema>;
