import { and, eq } from 'drizzle-orm';
import { NO_DRAFT_REPLY_STATUSES, REPLY_STATUS_INFO, REPLY_STATUSES, type ReplyStatus } from '@shared/schemas/inbox';
import type { ReplyDraft } from '@shared/schemas/email-threads';
import { accounts, campaigns, prospects, userEmails, virtualEmployees, type EmailThreadMessageRow, type EmailThreadRow } from '../../db/schema';
import { HttpError, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { textProviderFor, TextProviderError } from '../ai';
import { clean } from '../ai/compose-message';
import { suppressionOf } from '../blacklist/suppression';
import { offeringFor } from '../messaging/generate';
import { settingForPersona } from '../messaging/service';
import { textToHtml } from './send-reply';
import { messagesOf, threadRow } from './service';
import { classifyByRules } from './classify';
import { freshText } from './wording';

/**
 * POST email_threads/{id}/reply_text: a draft answer to the prospect's last reply, grounded in the
 * thread (the reply's own words, what we wrote before), the prospect and the offering. The configured
 * AI provider writes it; the built-in composer (the embedded default) writes a short answer fitted to
 * the reply status. It is only a draft: the user edits and sends it (send_reply). Refused (422) for
 * replies that must not be answered by a sales draft: unsubscribe, out of office, auto-replies,
 * bounces and a plain no (NO_DRAFT_REPLY_STATUSES), and when there is no reply yet.
 */

export type ReplyDraftContext = {
  status: ReplyStatus | null;
  reply: { subject: string; text: string };
  /** Our earlier messages in the thread, oldest first (plain text, cut). */
  ours: string[];
  prospect: { fullName: string | null; firstName: string | null; title: string | null; company: string | null };
  offering: { name: string; description: string; url: string | null } | null;
  sender: { name: string | null; company: string | null };
};

/** The status the draft is written for: the thread's, else what the last message from the prospect's side is. */
export function draftStatusOf(thread: Pick<EmailThreadRow, 'replyStatus'>, lastInbound: Pick<EmailThreadMessageRow, 'kind' | 'text' | 'details' | 'replyStatus'> | undefined): ReplyStatus | null {
  if (lastInbound?.kind === 'bounce') return 'bounce';
  if (lastInbound?.kind === 'auto_reply') return (lastInbound.details as { out_of_office?: boolean } | null)?.out_of_office ? 'out_of_office' : 'auto_reply';
  const status = thread.replyStatus && (REPLY_STATUSES as readonly string[]).includes(thread.replyStatus) ? (thread.replyStatus as ReplyStatus) : null;
  if (status) return status;
  if (lastInbound?.replyStatus && (REPLY_STATUSES as readonly string[]).includes(lastInbound.replyStatus)) return lastInbound.replyStatus as ReplyStatus;
  return lastInbound && classifyByRules({ text: lastInbound.text }).status === 'unsubscribe' ? 'unsubscribe' : null;
}

const REFUSALS: Partial<Record<ReplyStatus, string>> = {
  unsubscribe: 'The prospect asked not to be written to again: no answer is drafted (their address is on the blacklist)',
  out_of_office: 'This is an out-of-office note: no answer is drafted; the sequence resumes after the return date',
  auto_reply: 'This is an automatic reply: no answer is drafted',
  bounce: 'This email bounced: there is nobody to answer',
  not_interested: 'The prospect declined: no sales answer is drafted (write a short thank-you yourself if you wish)',
};

export const REPLY_DRAFT_SYSTEM = [
  'You write the answer a B2B sales rep sends to a prospect who replied to their outreach email.',
  'Write only the body of the email in plain text: no subject line, no placeholders, no markdown.',
  'Answer what the prospect actually wrote, in the language they wrote in. Keep it short (at most 90 words), warm and concrete.',
  'Use only facts given below about the offering; never invent prices, customers or dates.',
  'End with one clear next step and sign with the sender name.',
].join('\n');
export const REPLY_DRAFT_MAX_TOKENS = 400;

const section = (title: string, lines: Array<string | null | undefined>) => {
  const body = lines.filter((l): l is string => !!l && !!l.trim());
  return body.length ? [`# ${title}`, ...body, ''] : [];
};

export function replyDraftPrompt(c: ReplyDraftContext): string {
  return [
    ...section('Prospect', [c.prospect.fullName && `Name: ${c.prospect.fullName}`, c.prospect.title && `Title: ${c.prospect.title}`, c.prospect.company && `Company: ${c.prospect.company}`]),
    ...section('Offering', [c.offering && `Name: ${c.offering.name}`, c.offering?.description && `Description: ${c.offering.description.slice(0, 1500)}`, c.offering?.url && `Link: ${c.offering.url}`]),
    ...section('Sender', [c.sender.name && `Name: ${c.sender.name}`, c.sender.company && `Company: ${c.sender.company}`]),
    ...section('What we wrote before (oldest first)', c.ours.map((m, i) => `[${i + 1}] ${m}`)),
    ...section('Reply status', [c.status ? `${c.status}: ${REPLY_STATUS_INFO[c.status].meaning}` : 'not classified yet']),
    ...section('The prospect’s reply', [c.reply.subject && `Subject: ${c.reply.subject}`, c.reply.text || '(empty)']),
    'Write the answer now.',
  ].join('\n');
}

/** The offering's first sentence, as a clause ("X helps teams …"). */
function offeringLine(o: ReplyDraftContext['offering']): string | null {
  if (!o) return null;
  const first = clean(o.description.split(/(?<=[.!?])\s+|\n+/)[0] ?? '');
  if (!first) return null;
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/**
 * The built-in composer's answer: a greeting by first name, one sentence that answers the status, the
 * offering's point where it helps, one next step, the sender's name. English; short and plain.
 */
export function composeReplyDraft(c: ReplyDraftContext): string {
  const first = clean(c.prospect.firstName) ?? clean(c.prospect.fullName?.split(/\s+/)[0]) ?? null;
  const greeting = first ? `Hi ${first},` : 'Hi,';
  const company = clean(c.prospect.company);
  const offering = clean(c.offering?.name);
  const point = offeringLine(c.offering);
  const link = c.offering?.url ? `You can also have a look here: ${c.offering.url}` : null;
  const wantsPrice = /\b(price|pricing|cost|costs|quote|budget)\b/i.test(c.reply.text);
  let body: Array<string | null>;
  switch (c.status) {
    case 'meeting_request':
      body = [
        'Thank you, happy to set up a call.',
        /\b(mon|tue|wed|thu|fri|monday|tuesday|wednesday|thursday|friday|tomorrow|next week|\d{1,2}(:\d{2})?\s?(am|pm))\b/i.test(c.reply.text)
          ? 'The time you suggested works for me; I will send a calendar invitation.'
          : 'Which day and time suit you best this week or next? I will send a calendar invitation.',
        'If someone else from your team should join, just add them.',
      ];
      break;
    case 'not_now':
      body = ['Thanks for letting me know, that makes sense.', 'I will get back to you later then. When would be a good time to reconnect?'];
      break;
    case 'wrong_person':
      body = [
        'Thank you for taking the time to reply.',
        `Could you point me to the person who looks after this${company ? ` at ${company}` : ''}? I would be glad to reach out to them directly, and of course mention that you sent me.`,
      ];
      break;
    case 'interested':
      body = [
        'Thanks for getting back to me, glad this caught your interest.',
        point ?? (offering ? `Happy to tell you more about ${offering}.` : null),
        wantsPrice ? 'Pricing depends on the size of your team and what you need; I can walk you through the options on a short call.' : null,
        link,
        'Would a 20-minute call this week or next work for you?',
      ];
      break;
    default:
      body = [
        'Thanks for your reply.',
        wantsPrice ? 'Pricing depends on the size of your team and what you need; I can walk you through the options on a short call.' : null,
        // A question gets the offering's point; a plain thank-you does not need a pitch.
        /\?/.test(c.reply.text) ? point : null,
        'Happy to answer any questions you have. Would a short call be easier?',
      ];
  }
  const sign = ['Best regards,', clean(c.sender.name) ?? null, clean(c.sender.company) ?? null].filter(Boolean).join('\n');
  return [greeting, '', body.filter(Boolean).join(' '), '', sign].join('\n').trim();
}

/** Everything the draft is written from, read in the account's scope. */
async function draftContext(deps: Pick<Deps, 'db'>, accountId: number, thread: EmailThreadRow, history: EmailThreadMessageRow[], lastInbound: EmailThreadMessageRow, status: ReplyStatus | null): Promise<ReplyDraftContext> {
  const db = deps.db;
  const [prospect] = thread.prospectId ? await db.select().from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, thread.prospectId))) : [];
  const [campaign] = thread.campaignId ? await db.select().from(campaigns).where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, thread.campaignId))) : [];
  const setting = await settingForPersona(db, accountId, campaign?.personaId ?? null);
  const offering = await offeringFor(db, accountId, setting);
  const [employee] = thread.virtualEmployeeId
    ? await db.select().from(virtualEmployees).where(and(eq(virtualEmployees.accountId, accountId), eq(virtualEmployees.id, thread.virtualEmployeeId)))
    : [];
  const [mailbox] = thread.userEmailId ? await db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, thread.userEmailId))) : [];
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return {
    status,
    reply: { subject: lastInbound.subject, text: freshText(lastInbound.text).slice(0, 4000) },
    ours: history.filter((m) => m.direction === 'outbound').slice(-3).map((m) => freshText(m.text).replace(/\s+/g, ' ').slice(0, 600)),
    prospect: { fullName: prospect?.fullName ?? null, firstName: prospect?.firstName ?? null, title: prospect?.title ?? null, company: prospect?.company ?? null },
    offering: offering ? { name: offering.name, description: offering.description, url: offering.url } : null,
    sender: { name: employee?.name ?? mailbox?.senderName ?? null, company: account?.name ?? null },
  };
}

/** POST email_threads/{id}/reply_text: the user's draft. */
export async function replyText(deps: Deps, auth: AuthContext, threadId: number): Promise<ReplyDraft> {
  const { text, html, provider } = await draftReply(deps, auth.account.id, threadId);
  return { text, html, provider };
}

/**
 * The draft answer to a thread's last reply, in the account's scope: what reply_text answers the user, and
 * what the agent sends on its own when auto_reply is on (inbox/auto-answer.ts). Throws HttpError 422 for
 * what must not be answered, and the provider's error when it fails.
 */
export async function draftReply(deps: Pick<Deps, 'db' | 'config'>, accountId: number, threadId: number): Promise<ReplyDraft & { status: ReplyStatus | null }> {
  const thread = await threadRow(deps.db, accountId, threadId);
  const history = await messagesOf(deps.db, accountId, thread.id);
  const lastInbound = [...history].reverse().find((m) => m.direction === 'inbound');
  if (!lastInbound) throw unprocessable('There is no reply from the prospect to answer yet');
  let status = draftStatusOf(thread, lastInbound);
  if (status === null || !NO_DRAFT_REPLY_STATUSES.includes(status)) {
    const suppression = await suppressionOf(deps.db, accountId, thread.prospectEmail);
    if (suppression?.reason === 'unsubscribed') status = 'unsubscribe';
    if (suppression?.reason === 'hard_bounce') status = 'bounce';
  }
  if (status && NO_DRAFT_REPLY_STATUSES.includes(status)) throw unprocessable(REFUSALS[status] ?? `No answer is drafted for a reply marked ${REPLY_STATUS_INFO[status].label}`);

  const context = await draftContext(deps, accountId, thread, history, lastInbound, status);
  const provider = textProviderFor(deps.config);
  let text: string;
  if (provider.name === 'composer') {
    text = composeReplyDraft(context);
  } else {
    try {
      text = (await provider.generate({ system: REPLY_DRAFT_SYSTEM, prompt: replyDraftPrompt(context), maxTokens: REPLY_DRAFT_MAX_TOKENS, timeoutMs: deps.config.ai.timeoutMs })).trim();
    } catch (err) {
      if (err instanceof TextProviderError) throw new HttpError(err.status, [err.message]);
      throw new HttpError(502, [`The AI text provider failed: ${(err as Error).message}`]);
    }
    // A subject line the model added anyway is not part of an answer.
    text = text.replace(/^subject:[^\n]*\n+/i, '').trim();
    if (!text) throw new HttpError(502, ['The AI text provider answered with an empty draft']);
  }
  return { text, html: textToHtml(text), provider: provider.name, status };
}
