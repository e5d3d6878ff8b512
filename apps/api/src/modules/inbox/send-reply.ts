import { and, eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import type { EmailThreadMessage } from '@shared/schemas/email-threads';
import type { Db } from '../../db/client';
import { emailThreadMessages, emailThreads, userEmails, type EmailThreadMessageRow, type EmailThreadRow, type UserEmailRow } from '../../db/schema';
import { HttpError, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { sanitizeForStorage, sanitizeRichText } from '../../lib/sanitize-rich-text';
import { recordActivity } from '../activities/service';
import { emitLiveEvent } from '../../lib/live-events';
import { suppressionOf, suppressionsOf } from '../blacklist/suppression';
import { richTextToPlain } from '../messaging/generate';
import { imapEndpointOf } from '../sending/sent-folder';
import { applyOutcome, classifySmtpResult, newMessageId, smtpEndpointOf, type SendOutcome } from '../sending/smtp-send';
import { signInOf } from '../mailboxes/oauth-tokens';
import { skipAgentAnswers } from './agent-answer-state';
import { messagesOf, threadRow, toMessageJson } from './service';

/**
 * POST email_threads/{id}/send_reply: the user's answer, through the thread's mailbox, so it stays in the
 * prospect's thread in their mail client: In-Reply-To the message it answers (the last one from the
 * prospect's side that is not a bounce, else the last message), References the chain, "Re: " once, our
 * own Message-ID on the mailbox's domain. The answer is stored as an outbound message of the thread
 * (details.source "inbox", so a later sync of the Sent folder finds it there and adds nothing) and
 * appended to the IMAP Sent folder unless the provider files what its SMTP took by itself (Gmail,
 * Microsoft 365). A refusal answers 422 (the user can act: the mailbox, the address) or 502 (the mail
 * server's answer), with the reason; nothing is stored then.
 */

/** Subject prefixes of a reply in the common languages (Re, Aw, Antw, Sv, Vs, Odp, R, Rif, Ré), with a count ("Re[2]:"). */
const REPLY_PREFIX = /^\s*(?:re|aw|antw|antwort|sv|vs|odp|r|rif|ré)\s*(?:\[\d+\])?\s*:\s*/i;

/** "Re: " once: the reply prefixes mail clients stacked up ("Re: RE: AW:") are folded into one. */
export function replySubjectOf(subject: string): string {
  let s = subject.trim();
  while (REPLY_PREFIX.test(s)) s = s.replace(REPLY_PREFIX, '');
  return s ? `Re: ${s}` : 'Re:';
}

/** Most mail clients and servers cut References long before this; the first and the newest ids are kept. */
const MAX_REFERENCES = 20;

/** The message answered, and the References of the answer (oldest first, the answered one last). */
export function threadingOf<M extends Pick<EmailThreadMessageRow, 'messageId' | 'references' | 'direction' | 'kind'>>(messages: M[]): { parent: M; references: string[] } | null {
  const parent = [...messages].reverse().find((m) => m.direction === 'inbound' && m.kind !== 'bounce') ?? messages.at(-1);
  if (!parent) return null;
  const own = (parent.references ?? '').split(/\s+/).filter(Boolean);
  const chain = own.length ? own : messages.slice(0, messages.indexOf(parent)).filter((m) => m.kind !== 'bounce').map((m) => m.messageId);
  let references = [...new Set([...chain, parent.messageId])];
  if (references.length > MAX_REFERENCES) references = [references[0]!, ...references.slice(-(MAX_REFERENCES - 1))];
  return { parent, references };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Plain text as the editor's paragraphs (blank lines part paragraphs; single line breaks stay). */
export const textToHtml = (text: string) =>
  text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
const looksLikeHtml = (body: string) => /<\/?(?:p|br|div|span|b|i|u|s|strong|em|a|ul|ol|li|blockquote|h[1-6]|pre|code)\b[^>]*>/i.test(body);

/** The answer's two parts: HTML sanitised to the email-body list, text from it (or the text as written). */
export function bodyParts(body: string): { text: string; html: string } {
  if (looksLikeHtml(body)) {
    const html = sanitizeForStorage('email_body', body);
    return { html, text: richTextToPlain(html) };
  }
  const text = body.replace(/\r\n?/g, '\n').trim();
  return { text, html: sanitizeForStorage('email_body', textToHtml(text)) };
}

/** The message answered, quoted below the answer as mail clients do ("On …, … wrote:"). */
function quoted(parent: EmailThreadMessageRow): { text: string; html: string } {
  const who = parent.fromName ? `${parent.fromName} <${parent.fromEmail}>` : parent.fromEmail;
  const header = `On ${parent.sentAt.toUTCString()}, ${who} wrote:`;
  const text = parent.text.trim();
  return {
    text: `\n\n${header}\n${text.split('\n').map((l) => `> ${l}`).join('\n')}`,
    html: `<p>${escapeHtml(header)}</p><blockquote>${parent.html ?? textToHtml(text)}</blockquote>`,
  };
}

/** Providers whose SMTP files what it took into the Sent folder itself: appending would show it twice. */
export function providerFilesSent(mailbox: Pick<UserEmailRow, 'smtpHost' | 'oauthProvider'>): boolean {
  if (mailbox.oauthProvider) return true;
  return /(^|\.)(gmail\.com|googlemail\.com|google\.com|office365\.com|outlook\.com|hotmail\.com|live\.com)$/i.test(mailbox.smtpHost.trim());
}

export type SentFolderOutcome = 'appended' | 'provider' | 'no_folder' | 'failed';

async function appendToSent(deps: Pick<Deps, 'db' | 'config' | 'mail'>, mailbox: UserEmailRow, raw: Buffer, date: Date): Promise<{ outcome: SentFolderOutcome; reason?: string }> {
  if (providerFilesSent(mailbox)) return { outcome: 'provider' };
  if (!mailbox.sentFolder) return { outcome: 'no_folder', reason: 'No Sent folder is known for this mailbox: test its connection again' };
  const signIn = await signInOf(deps, mailbox, 'imap', date);
  if (!signIn.ok) return { outcome: 'failed', reason: signIn.error };
  try {
    const client = await deps.mail.imap.open({ ...imapEndpointOf(mailbox, signIn.password), ...(signIn.accessToken ? { accessToken: signIn.accessToken } : {}) });
    try {
      await client.append(mailbox.sentFolder, raw, ['\\Seen'], date);
      return { outcome: 'appended' };
    } finally {
      await client.logout().catch(() => client.close());
    }
  } catch (err) {
    return { outcome: 'failed', reason: `IMAP: ${(err as Error).message}` };
  }
}

/** What an SMTP outcome other than "sent" tells the user (nothing was stored). */
export function refusalOf(outcome: Exclude<SendOutcome, { status: 'sent' }>, to: string): HttpError {
  switch (outcome.status) {
    case 'bounced':
      return unprocessable(`${to} does not exist (the mail server said: ${outcome.response}); the address is now on the blacklist`);
    case 'suppressed':
      return unprocessable(`${to} is on the blacklist (${outcome.suppression.reason}): nothing was sent`);
    case 'mailbox_held':
      return unprocessable(`The mailbox cannot send now (${outcome.mailboxStatus}): ${outcome.reason}`);
    case 'retry':
      return new HttpError(502, [`The mail server asked to try later, nothing was sent: ${outcome.reason}`]);
    case 'connection_failed':
      return new HttpError(502, [`Could not reach the mailbox's mail server (${outcome.stage}): ${outcome.reason}`]);
    case 'uncertain':
      return new HttpError(502, [`The connection broke after the answer was handed over: it may have arrived. Look in the mailbox's Sent folder before sending again (${outcome.reason})`]);
    case 'failed':
      return new HttpError(502, [outcome.reason]);
  }
}

/** Who answers: the signed-in user (send_reply), or the agent on its own (auto_reply, inbox/auto-answer.ts). */
export type ReplyAuthor = { kind: 'user'; userId: number } | { kind: 'agent' };

export type DeliverOptions = {
  now: Date;
  author: ReplyAuthor;
  /** The answer's Message-ID when the caller fixed it beforehand (the agent's claim records it); else a new one. */
  messageId?: string;
  /** Runs in the transaction that stores the answer (the agent's claim turns "sent" with it). */
  onStored?: (tx: Db, row: EmailThreadMessageRow) => Promise<void>;
};

/**
 * What became of an answer: stored (sent), or refused with the reason. `sent` says whether it may have
 * left: false for every refusal before or at the SMTP server (nothing went out), true only when the
 * connection broke after the message was handed over (uncertain: never resend blindly).
 */
export type DeliverResult =
  | { ok: true; row: EmailThreadMessageRow }
  | { ok: false; error: HttpError; stage: 'refused' | SendOutcome['status']; mayHaveGone: boolean; retryable: boolean };

const refused = (error: HttpError): DeliverResult => ({ ok: false, error, stage: 'refused', mayHaveGone: false, retryable: false });

/**
 * The one way an answer leaves for the prospect, by the user (send_reply) or by the agent (auto_reply):
 * through the thread's mailbox, threaded (In-Reply-To, References, one "Re:"), the message answered quoted
 * below, appended to the Sent folder unless the provider files it, stored as an outbound message of the
 * thread (details.source "inbox" or "agent"), logged (inbox_reply_sent by the user, agent_reply_sent by the
 * agent) and announced on the live cable (thread_changed), all in one transaction. The agent is held to
 * more than the user: any suppression but "replied" (the reply itself) refuses it (stopped, unsubscribed,
 * blacklisted, bounced).
 */
export async function deliverReply(deps: Pick<Deps, 'db' | 'config' | 'mail'>, accountId: number, threadId: number, body: string, options: DeliverOptions): Promise<DeliverResult> {
  const { now, author } = options;
  const thread: EmailThreadRow = await threadRow(deps.db, accountId, threadId);
  const noMailbox = unprocessable('This conversation has no mailbox to answer from any more (it was removed): answer from your mail client');
  if (thread.userEmailId === null) return refused(noMailbox);
  const [mailbox] = await deps.db
    .select()
    .from(userEmails)
    .where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, thread.userEmailId)));
  if (!mailbox) return refused(noMailbox);
  if (mailbox.status !== 'active') return refused(unprocessable(`The mailbox ${mailbox.email} is ${mailbox.status}${mailbox.statusReason ? ` (${mailbox.statusReason})` : ''}: resume it first`));
  // A one-to-one answer in a conversation the prospect started: "stopped" ends the sequence, not the
  // conversation. An address that bounced cannot be written to; one the user blacklisted by hand is not.
  // The agent answers only where nothing is on the list (a reply puts nothing there: issue 25).
  const suppression = await suppressionOf(deps.db, accountId, thread.prospectEmail);
  if (suppression && (suppression.reason === 'hard_bounce' || suppression.reason === 'manual')) {
    return refused(
      unprocessable(
        suppression.reason === 'hard_bounce'
          ? `${thread.prospectEmail} bounced: the address does not receive mail`
          : `${suppression.kind === 'domain' ? suppression.value : thread.prospectEmail} is on the blacklist: take it off the list first to write to it`,
      ),
    );
  }
  if (author.kind === 'agent') {
    const blocking = (await suppressionsOf(deps.db, accountId, thread.prospectEmail))[0];
    if (blocking) return refused(unprocessable(`${blocking.value} is on the blacklist (${blocking.reason}): the agent does not answer`));
  }

  const history = await messagesOf(deps.db, accountId, thread.id);
  const threading = threadingOf(history);
  const parent = threading?.parent ?? null;
  const parts = bodyParts(body);
  const quote = parent ? quoted(parent) : null;
  const messageId = options.messageId ?? newMessageId(mailbox);
  const subject = replySubjectOf(parent?.subject || thread.subject);
  const mail: Mail.Options = {
    from: { name: mailbox.senderName, address: mailbox.email },
    to: thread.prospectEmail,
    subject,
    date: now,
    messageId,
    ...(threading ? { inReplyTo: threading.parent.messageId, references: threading.references } : {}),
    text: `${parts.text}${quote?.text ?? ''}`,
    html: sanitizeRichText('email_body', `${parts.html}${quote?.html ?? ''}`),
    xMailer: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  };

  const signIn = await signInOf(deps, mailbox, 'smtp', now);
  if (!signIn.ok) {
    const error = new HttpError(signIn.revoked ? 422 : 502, [`Could not sign in to ${mailbox.email}: ${signIn.error}`]);
    return { ok: false, error, stage: 'refused', mayHaveGone: false, retryable: !signIn.revoked };
  }
  const endpoint = { ...smtpEndpointOf(mailbox, signIn.password), ...(signIn.accessToken ? { accessToken: signIn.accessToken } : {}) };
  const result = await deps.mail.smtp.send(endpoint, mail);
  // The engine's side effects of an answer apply here too (a 5.1.1 suppresses; a blamed sender pauses the mailbox).
  const outcome = await applyOutcome(deps.db, mailbox, { to: thread.prospectEmail, messageId }, classifySmtpResult(result, 1, now), { now });
  if (outcome.status !== 'sent') {
    return {
      ok: false,
      error: refusalOf(outcome, thread.prospectEmail),
      stage: outcome.status,
      mayHaveGone: outcome.status === 'uncertain',
      retryable: outcome.status === 'retry' || outcome.status === 'connection_failed',
    };
  }

  const raw = await new MailComposer(mail).compile().build();
  const sent = await appendToSent(deps, mailbox, raw, now);

  const row = await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(emailThreadMessages)
      .values({
        accountId,
        threadId: thread.id,
        userEmailId: mailbox.id,
        direction: 'outbound',
        kind: 'own',
        messageId,
        inReplyTo: threading?.parent.messageId ?? null,
        references: threading?.references.join(' ') || null,
        fromEmail: mailbox.email.toLowerCase(),
        fromName: mailbox.senderName,
        toEmails: [thread.prospectEmail],
        subject,
        text: mail.text as string,
        html: mail.html as string,
        sentAt: now,
        imapFolder: sent.outcome === 'appended' ? mailbox.sentFolder : null,
        details: {
          ...(author.kind === 'user' ? { source: 'inbox', user_id: author.userId } : { source: 'agent', auto: true }),
          sent_folder: sent.outcome,
          ...(sent.reason ? { sent_folder_reason: sent.reason } : {}),
          smtp_response: outcome.response,
        },
      })
      .returning();
    await tx
      .update(emailThreads)
      // The user answered: read. The agent's answer leaves the thread as it was (the user has not seen the reply yet).
      .set({ lastMessageAt: sql`greatest(${emailThreads.lastMessageAt}, ${now.toISOString()}::timestamptz)`, ...(author.kind === 'user' ? { unread: false } : {}), updatedAt: new Date() })
      .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, thread.id)));
    await emitLiveEvent(tx, accountId, 'thread_changed', { thread_id: thread.id, changed: ['messages'] });
    await recordActivity(tx, {
      accountId,
      ...(author.kind === 'user' ? { actorType: 'user' as const, actorId: author.userId, verb: 'inbox_reply_sent' } : { actorType: 'agent' as const, verb: 'agent_reply_sent' }),
      channel: 'email',
      prospectId: thread.prospectId,
      payload: { thread_id: thread.id, message_id: messageId, user_email_id: mailbox.id, campaign_id: thread.campaignId, sent_folder: sent.outcome },
      occurredAt: now,
    });
    // The user answered: the agent's automatic answer still waiting in this thread does not go.
    if (author.kind === 'user') await skipAgentAnswers(tx, accountId, thread.id, 'Answered by hand first', now);
    await options.onStored?.(tx, stored!);
    return stored!;
  });
  return { ok: true, row };
}

/** POST email_threads/{id}/send_reply: the user's answer (a refusal answers 422 or 502 with the reason; nothing is stored). */
export async function sendReply(deps: Deps, auth: AuthContext, threadId: number, body: string, now = new Date()): Promise<EmailThreadMessage> {
  const result = await deliverReply(deps, auth.account.id, threadId, body, { now, author: { kind: 'user', userId: auth.user.id } });
  if (!result.ok) throw result.error;
  return toMessageJson(result.row);
}
