import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer';
import { DEFAULT_TOOLBAR } from '@shared/rich-text/allow-list';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { activities, type UserEmailRow } from '../../db/schema';
import type { MailEndpoint, SmtpConnector } from '../../lib/mail';
import type { SmtpSendResult } from '../../lib/mail/smtp';
import { sanitizeHtml } from '../../lib/sanitize-rich-text';
import type { ACTIVITY_VERBS } from '@shared/events';
import { recordActivity } from '../activities/service';
import { suppress, suppressionOf, type Suppression } from '../blacklist/suppression';
import type { Footer } from './footer';
import { signInOf } from '../mailboxes/oauth-tokens';
import { holdMailbox } from '../mailboxes/mailbox-status';

/**
 * One prepared message through one mailbox, and what came of it. The outbox (campaigns) prepares the
 * message (its Message-ID generated and stored before this is called), calls sendFromMailbox and stores
 * the outcome; the side effects the issue names (suppress a hard bounce, pause a mailbox the servers
 * blame) happen here so every caller gets them.
 */

/** A message ready to send. The Message-ID is the outbox's, on the mailbox's domain: `<id@domain>`. */
export type OutgoingMessage = {
  to: string;
  toName?: string | null;
  subject: string;
  text: string;
  /** HTML part; sanitised again here (no script, no remote media, links kept as written). */
  html?: string | null;
  messageId: string;
  /** The Message-ID of the message this one answers (a follow-up: the previous step). */
  inReplyTo?: string | null;
  /** The thread's Message-IDs, oldest first. */
  references?: readonly string[];
  date: Date;
  /** From modules/blacklist unsubscribeLinks(): the https one-click URL and the mailto. */
  unsubscribe: { url: string; mailto: string };
  /** The compliance footer (footer.ts), appended to both parts after the body; null when the account turned it off. */
  footer?: Footer | null;
};

/** A new Message-ID on the mailbox's own domain, for the outbox to store before the SMTP transaction. */
export const newMessageId = (mailbox: Pick<UserEmailRow, 'domain'>): string => `<${randomUUID()}@${mailbox.domain}>`;

/** How many times a message answered 4xx (or lost to a broken connection before it was handed over) is tried. */
export const MAX_SEND_ATTEMPTS = 5;
/** The wait before attempt n+1: 5 min × 3^(n-1), at most 6 h (5, 15, 45 min, 2 h 15, 6 h). */
export const retryDelayMs = (attempt: number) => Math.min(5 * 60_000 * 3 ** Math.max(0, attempt - 1), 6 * 3_600_000);
/** Consecutive connection or sign-in failures of a mailbox (no send between) that pause it. */
export const CONNECTION_FAILURES_TO_PAUSE = 3;

export type SendOutcome =
  /** 2xx: the server took it. */
  | { status: 'sent'; response: string }
  /** 4xx or a connection that broke before the message was handed over: try again at retryAt. */
  | { status: 'retry'; retryAt: Date; attempt: number; code: number | null; response: string | null; reason: string }
  /** Given up: 4xx past MAX_SEND_ATTEMPTS, or a permanent refusal of this message that blames neither side's address. */
  | { status: 'failed'; code: number | null; response: string | null; reason: string }
  /** 5.1.x: the address does not exist. Suppressed (hard_bounce); its enrolment stops. */
  | { status: 'bounced'; code: number | null; response: string; reason: string }
  /** The recipient is suppressed (checked again inside the send): nothing was sent. */
  | { status: 'suppressed'; suppression: Suppression }
  /**
   * Could not connect, encrypt or sign in: the mailbox's problem, not the message's (nothing counts
   * against its attempts). Try again at retryAt; the CONNECTION_FAILURES_TO_PAUSE-th in a row turns into
   * mailbox_held (failing).
   */
  | { status: 'connection_failed'; stage: 'connect' | 'tls' | 'auth'; reason: string; code: number | null; response: string | null; retryAt: Date }
  /**
   * Not sent, and not the message's fault: the mailbox is paused (5.7.x blaming the sender) or failing
   * (repeated connection/sign-in failures, unreadable password), or it was already not active. The
   * message goes back to waiting for the mailbox (retryAt null: until the user resumes it).
   */
  | { status: 'mailbox_held'; mailboxStatus: 'paused' | 'failing'; reason: string; code: number | null; response: string | null; retryAt: Date | null }
  /** The connection broke after the message was handed over: it may have arrived. Resolve it by the Sent folder; never resend blindly. */
  | { status: 'uncertain'; reason: string };

/** The email parts and headers the issue lists; no tracking pixel, no link rewriting. */
export function composeMail(mailbox: Pick<UserEmailRow, 'email' | 'senderName'>, message: OutgoingMessage): Mail.Options {
  // The footer is sanitised with the body (it is plain paragraphs and one link, so it comes through as built).
  const html = message.html ? sanitizeHtml(`${message.html}${message.footer?.html ?? ''}`, EMAIL_TOOLBAR) : '';
  return {
    from: { name: mailbox.senderName, address: mailbox.email },
    to: message.toName ? { name: message.toName, address: message.to } : message.to,
    subject: message.subject,
    date: message.date,
    messageId: message.messageId,
    ...(message.inReplyTo ? { inReplyTo: message.inReplyTo } : {}),
    ...(message.references?.length ? { references: [...message.references] } : {}),
    text: `${message.text}${message.footer?.text ?? ''}`,
    ...(html ? { html } : {}),
    headers: {
      'List-Unsubscribe': `<${message.unsubscribe.url}>, <${message.unsubscribe.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    // Nothing that identifies the software (X-Mailer): a sales rep's mail client sends none of ours.
    xMailer: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** What a campaign email's HTML may hold: the editor's formatting without images or video (no remote content). */
const EMAIL_TOOLBAR = DEFAULT_TOOLBAR.filter((c) => c !== 'image' && c !== 'video');

/** 5.7.x replies that blame the recipient side (its address or its own rules), not our sender. */
const RECIPIENT_SIDE = /recipient|rcpt|mailbox (is )?(unavailable|disabled)|user (unknown|not found)|not accept(ing)? mail from (anyone|outside)|address rejected: access denied/i;
/** Words that put a refusal on the sender: reputation, authentication, policy, block lists. */
const SENDER_SIDE = /spam|block|black ?list|listed|reputation|policy|dmarc|spf|dkim|authenticat|not authori[sz]ed|unauthori[sz]ed|relay|sender|client host|your ip|ip address|rate limit|bulk|abuse|suspicious|junk/i;

/**
 * The outcome of a send, from the server's answer alone (no I/O): 2xx sent; 4xx retried with backoff
 * up to MAX_SEND_ATTEMPTS, then failed; 5.1.x (but 5.1.7/5.1.8, the sender's own address) and a bare
 * 550 "user unknown" are hard bounces; 5.7.x that blames the sender pauses the mailbox; other 5xx fail
 * this message. Connection and sign-in failures hold the mailbox briefly (the caller counts them).
 */
export function classifySmtpResult(result: SmtpSendResult, attempt: number, now: Date): SendOutcome {
  if (result.ok) return { status: 'sent', response: result.response };
  const { code, enhanced, response } = result;
  const words = response ?? result.message;
  if (result.stage === 'data' && code === null) return { status: 'uncertain', reason: result.message };
  if (result.stage === 'compose') return { status: 'failed', code: null, response: null, reason: result.message };
  if (result.stage === 'connect' || result.stage === 'tls' || result.stage === 'auth') {
    // The mailbox's problem, not the message's: the caller counts it and pauses a mailbox that keeps failing.
    const reason = response ? `${result.message} (server said: ${response})` : result.message;
    return { status: 'connection_failed', stage: result.stage, reason, code, response, retryAt: new Date(now.getTime() + retryDelayMs(1)) };
  }
  const klass = enhanced ? Number(enhanced[0]) : code !== null ? Math.floor(code / 100) : 4;
  if (klass === 4) {
    if (attempt >= MAX_SEND_ATTEMPTS) return { status: 'failed', code, response, reason: `Still refused for now after ${attempt} attempts: ${words}` };
    return { status: 'retry', retryAt: new Date(now.getTime() + retryDelayMs(attempt)), attempt, code, response, reason: `The server asked to try later: ${words}` };
  }
  const [, subject] = (enhanced ?? '').split('.');
  if (enhanced && subject === '1' && enhanced !== '5.1.7' && enhanced !== '5.1.8') {
    return { status: 'bounced', code, response: words, reason: `The address does not exist: ${words}` };
  }
  if (!enhanced && /user unknown|no such user|unknown user|does not exist|mailbox not found|invalid recipient/i.test(words)) {
    return { status: 'bounced', code, response: words, reason: `The address does not exist: ${words}` };
  }
  const senderBlamed =
    result.stage === 'mail_from' ||
    enhanced === '5.1.7' ||
    enhanced === '5.1.8' ||
    (subject === '7' && (SENDER_SIDE.test(words) || !RECIPIENT_SIDE.test(words)));
  if (senderBlamed) {
    return { status: 'mailbox_held', mailboxStatus: 'paused', reason: `The receiving server refused mail from this mailbox: ${words}`, code, response, retryAt: null };
  }
  return { status: 'failed', code, response, reason: `The server refused this message: ${words}` };
}

/** The SMTP side of a mailbox as an endpoint, with its password. */
export const smtpEndpointOf = (mailbox: Pick<UserEmailRow, 'smtpHost' | 'smtpPort' | 'smtpSecurity' | 'smtpUsername'>, password: string): MailEndpoint => ({
  host: mailbox.smtpHost,
  port: mailbox.smtpPort,
  security: mailbox.smtpSecurity,
  username: mailbox.smtpUsername,
  password,
});

/**
 * Sends through an endpoint and classifies the answer: no database (the send itself, for the engine
 * and the benchmark). `attempt` is this message's attempt number, 1 for the first.
 */
export async function smtpSend(
  smtp: Pick<SmtpConnector, 'send'>,
  endpoint: MailEndpoint,
  mailbox: Pick<UserEmailRow, 'email' | 'senderName'>,
  message: OutgoingMessage,
  options: { attempt: number; now: Date },
): Promise<SendOutcome> {
  return classifySmtpResult(await smtp.send(endpoint, () => composeMail(mailbox, message)), options.attempt, options.now);
}

export type SendDeps = { db: Db; config: Pick<Config, 'mailCredentialsKey' | 'dataDir' | 'mailOAuth'>; mail: { smtp: Pick<SmtpConnector, 'send'> } };

/**
 * The send the outbox calls, in the account's scope (a job's inAccount): checks the recipient against
 * the suppression list again, reads the mailbox's password, sends, classifies, and applies what the
 * outcome means (suppress a hard bounce; pause a mailbox the servers blame; count connection failures
 * and pause a mailbox that keeps failing). `mailbox` is its current row.
 */
export async function sendFromMailbox(
  deps: SendDeps,
  mailbox: UserEmailRow,
  message: OutgoingMessage,
  options: { attempt: number; now: Date; campaignEmailId?: number | null },
): Promise<SendOutcome> {
  const accountId = mailbox.accountId;
  if (mailbox.status !== 'active') {
    return { status: 'mailbox_held', mailboxStatus: mailbox.status, reason: mailbox.statusReason ?? `The mailbox is ${mailbox.status}`, code: null, response: null, retryAt: null };
  }
  const suppression = await suppressionOf(deps.db, accountId, message.to);
  if (suppression) return { status: 'suppressed', suppression };
  const signIn = await signInOf(deps, mailbox, 'smtp', options.now);
  if (!signIn.ok) {
    // A revoked OAuth grant has already marked the mailbox failing (and notified).
    if (signIn.revoked) return { status: 'mailbox_held', mailboxStatus: 'failing', reason: signIn.error, code: null, response: null, retryAt: null };
    // The provider's token endpoint could not renew the token now: counted like a failed sign-in, tried again.
    if (mailbox.authMethod === 'xoauth2') {
      const failed: SendOutcome = { status: 'connection_failed', stage: 'auth', reason: signIn.error, code: null, response: null, retryAt: new Date(options.now.getTime() + retryDelayMs(1)) };
      return applyOutcome(deps.db, mailbox, message, failed, options);
    }
    await holdMailbox(deps.db, mailbox, 'failing', signIn.error, null);
    return { status: 'mailbox_held', mailboxStatus: 'failing', reason: signIn.error, code: null, response: null, retryAt: null };
  }
  const outcome = await smtpSend(deps.mail.smtp, { ...smtpEndpointOf(mailbox, signIn.password), ...(signIn.accessToken ? { accessToken: signIn.accessToken } : {}) }, mailbox, message, options);
  return applyOutcome(deps.db, mailbox, message, outcome, options);
}

/** The database side of an outcome (exported for the outbox's own tests and for replays). */
export async function applyOutcome(
  db: Db,
  mailbox: UserEmailRow,
  message: Pick<OutgoingMessage, 'to' | 'messageId'>,
  outcome: SendOutcome,
  options: { now: Date; campaignEmailId?: number | null },
): Promise<SendOutcome> {
  const accountId = mailbox.accountId;
  if (outcome.status === 'bounced') {
    await suppress(db, accountId, message.to, 'hard_bounce', outcome.response, { campaignEmailId: options.campaignEmailId ?? null });
    return outcome;
  }
  if (outcome.status === 'mailbox_held') {
    await holdMailbox(db, mailbox, outcome.mailboxStatus, outcome.reason, outcome.response);
    return outcome;
  }
  if (outcome.status !== 'connection_failed') return outcome;
  // A connection or sign-in failure: recorded; the CONNECTION_FAILURES_TO_PAUSE-th in a row marks the mailbox failing.
  const failures = await recordConnectionFailure(db, mailbox, outcome.reason, options.now);
  if (failures >= CONNECTION_FAILURES_TO_PAUSE) {
    const reason = `${failures} connection attempts in a row failed: ${outcome.reason}`;
    await holdMailbox(db, mailbox, 'failing', reason, outcome.response);
    return { status: 'mailbox_held', mailboxStatus: 'failing', reason, code: outcome.code, response: outcome.response, retryAt: null };
  }
  return outcome;
}

/** Activity verbs of a mailbox's sending history: a failure, and the events that end a run of failures. */
export const SEND_FAILED_VERB = 'mailbox_send_failed' satisfies (typeof ACTIVITY_VERBS)[number];
const RESETTING_VERBS = ['email_sent', 'mailbox_resumed', 'mailbox_connected'];

/**
 * Writes the failure to the activity log and answers how many failures in a row the mailbox has had
 * (since its last send, resume or connection). The outbox's `email_sent` activity must carry
 * `payload.user_email_id` for a send to end the run.
 */
export async function recordConnectionFailure(db: Db, mailbox: Pick<UserEmailRow, 'id' | 'accountId' | 'email'>, reason: string, now: Date): Promise<number> {
  await recordActivity(db, {
    accountId: mailbox.accountId,
    actorType: 'system',
    verb: SEND_FAILED_VERB,
    channel: 'email',
    payload: { user_email_id: mailbox.id, email: mailbox.email, reason },
    occurredAt: now,
  });
  const recent = await db
    .select({ verb: activities.verb })
    .from(activities)
    .where(
      and(
        eq(activities.accountId, mailbox.accountId),
        inArray(activities.verb, [SEND_FAILED_VERB, ...RESETTING_VERBS]),
        sql`${activities.payload}->>'user_email_id' = ${String(mailbox.id)}`,
      ),
    )
    // Written order (ids), not occurred_at: an injected clock must not reorder the run.
    .orderBy(desc(activities.id))
    .limit(CONNECTION_FAILURES_TO_PAUSE);
  let run = 0;
  for (const r of recent) {
    if (r.verb !== SEND_FAILED_VERB) break;
    run++;
  }
  return run;
}

export { holdMailbox } from '../mailboxes/mailbox-status';
