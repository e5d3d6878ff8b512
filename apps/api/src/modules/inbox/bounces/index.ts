/**
 * # Bounce analyser
 *
 * `analyseBounce(raw)` reads one message and answers what it reports about mail we sent, or null when it is not a
 * bounce (a person's mail, an RFC 3834 auto-reply, a newsletter). Pure: no database, no network, no clock.
 *
 * What it reads, in order:
 * 1. Complaints: ARF (RFC 5965 message/feedback-report, or its fields in a text part), Microsoft JMRP, Amazon SES
 *    complaint notifications → kind "complaint", the complained address(es), the feedback type.
 * 2. Amazon SES JSON notifications (Bounce / Delivery) sent by email.
 * 3. RFC 3464 delivery status (message/delivery-status, message/global-delivery-status, or the same fields in a
 *    text part): every recipient block.
 * 4. Plain-text bounces (qmail, Exim, Sendmail, Postfix, Exchange, Domino, Gmail, Yahoo, Courier, …): the failed
 *    recipients the notification names, each with the text that follows it (plain.ts).
 * A report's recipients are completed from its text when its fields lack a diagnostic.
 *
 * Each recipient gets a reason (Sisimai's names: userunknown, mailboxfull, blocked, …) and a class (classify.ts):
 * permanent (the address is dead: suppress), temporary (may work later: record; repeated ones count), policy (the
 * sender or message was refused: count against the sending mailbox, never the address), success, complaint.
 * The original Message-ID and the original To come from the returned message (message/rfc822,
 * text/rfc822-headers, or the quoted headers of a plain-text bounce).
 *
 * Measured on Sisimai's public corpus (corpus.test.ts prints the table; docs/decisions.md gives the figures).
 */
import { parseSesNotification } from './amazon-ses';
import { jmrpRecipient, parseFeedbackReport } from './arf';
import { classify, reasonOfWords, type BounceClass, type BounceReason } from './classify';
import { addressesIn, decodeCharset, firstAddress, header, htmlToText, normaliseMessageId, parseMime, partText, toBinary, walk, type Headers, type MimePart } from './mime';
import { recipientsOfText, returnedHeadersOf, splitNotification } from './plain';
import { parseDeliveryStatus, type DsnRecipient } from './rfc3464';

export type { BounceClass, BounceReason } from './classify';
export { normaliseMessageId } from './mime';

export type BounceRecipient = {
  /** The failed recipient, lower-cased (null when the report names none that is readable). */
  address: string | null;
  /** Enhanced status code, "5.1.1" (derived from the class when the report gives none). */
  status: string;
  smtpCode: number | null;
  action: string | null;
  reason: BounceReason;
  class: BounceClass;
  diagnostic: string | null;
};

export type BounceReport = {
  kind: 'dsn' | 'plain' | 'complaint';
  recipients: BounceRecipient[];
  /** The Message-ID of the message that came back, "<…>", when the report returns it. */
  originalMessageId: string | null;
  /** The To (and Cc) of the returned message, when present. */
  originalRecipients: string[];
  /** ARF Feedback-Type (abuse, fraud, opt-out, …) for complaints. */
  feedbackType?: string;
};

type Mail = {
  top: Headers;
  parts: MimePart[];
  /** The human-readable notification (text parts outside the returned message, cut before a quoted copy). */
  notification: string;
  /** Headers of the returned message (message/rfc822, text/rfc822-headers, or quoted in the text). */
  returned: Headers | null;
  /** Addresses on the sender's side: never a failed recipient. */
  senderSide: Set<string>;
};

const DSN_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const RETURNED_TYPES = new Set(['message/rfc822', 'message/global', 'text/rfc822-headers', 'text/rfc822-header', 'message/rfc822-headers', 'message/global-headers', 'text/rfc822']);

/** The returned parts and everything under them (their text is the original message, not the notification). */
function insideReturned(root: MimePart): Set<MimePart> {
  const inside = new Set<MimePart>();
  const mark = (p: MimePart) => {
    inside.add(p);
    p.children.forEach(mark);
  };
  for (const p of walk(root)) if (RETURNED_TYPES.has(p.type)) p.children.forEach(mark);
  return inside;
}

function readMail(raw: string | Buffer): Mail {
  const root = parseMime(toBinary(raw));
  const parts = walk(root);
  const inside = insideReturned(root);
  let returned: Headers | null = null;
  for (const p of parts) {
    if (inside.has(p)) continue;
    if (p.type === 'message/rfc822' || p.type === 'message/global') returned ??= p.children[0]?.headers ?? null;
    else if (RETURNED_TYPES.has(p.type)) returned ??= returnedHeadersOf(decodeCharset(p.bytes, p.params.charset)) ?? null;
  }
  const texts = parts.filter((p) => !inside.has(p) && p.children.length === 0 && (p.type === 'text/plain' || p.type === 'text/html' || p.type === 'text/enriched'));
  // Alternatives say the same twice: the plain one is enough.
  const plain = texts.filter((t) => t.type !== 'text/html');
  const chosen = plain.length ? plain : texts;
  let notification = chosen.map(partText).join('\n\n');
  const split = splitNotification(notification);
  notification = split.notification;
  if (!returned && split.returned) returned = returnedHeadersOf(split.returned);
  const top = root.headers;
  const senderSide = new Set<string>();
  for (const name of ['to', 'cc', 'from', 'return-path', 'delivered-to', 'envelope-to', 'sender', 'reply-to']) for (const v of top.get(name) ?? []) addressesIn(v).forEach((a) => senderSide.add(a));
  if (returned) for (const name of ['from', 'return-path', 'sender', 'reply-to']) for (const v of returned.get(name) ?? []) addressesIn(v).forEach((a) => senderSide.add(a));
  return { top, parts, notification, returned, senderSide };
}

const BOUNCE_FROM = /^(mailer[-_]?daemon|mail[-_]?daemon|post_?master|mail delivery (subsystem|system)|mailer|mail administrator|mail system|system administrator|mmdf|smtp|mdaemon|mail router)\b/i;
const BOUNCE_SUBJECT =
  /undeliver|not (been )?delivered|delivery (status|notification|failure|failed|has failed|problem|report|error|incomplete|delayed|warning)|failed delivery|delivery to .* failed|returned (mail|to sender)|mail (delivery )?(failed|failure|error|system error)|failure notice|non[- ]?deliver|could not (be )?(send|deliver)|(message|mail) (rejected|refused|blocked|bounced|not delivered)|warning: could not|rejected:|\bbounced?\b|unzustellbar|nicht zustellbar|non remis|no se puede entregar|non recapitabile|不達|エラー|недоставлен|сообщение не доставлено|nie dostarczono|permanent (error|failure)|delivery (has )?(timed out|expired)|retry timeout|mail could not be delivered|problem delivering|your message (was|has been|could not)|message you sent|unable to deliver|delivery status/i;
const FAILURE_WORDS =
  /could not be delivered|couldn't be delivered|was not delivered|wasn't delivered|undeliverable|not be delivered|delivery (has )?failed|failed permanently|permanent (error|failure|fatal)|fatal errors?|delivery to the following recipients? (failed|has been delayed)|did not reach|delivery (temporarily )?(suspended|delayed|problem)|error (occurred|occured)|unable to deliver|has been delayed|could not deliver|not delivered|failed to deliver|rejected|returned to sender|message (was )?bounced|delivery attempts? (will continue|failed)|\b[45]\.\d{1,3}\.\d{1,3}\b|\b[45][0-5]\d[ -]|user unknown|no such user|mailbox|unzustellbar|n'a pas pu être remis|no se pudo entregar|不達|届きませんでした|配信|не доставлено|недоставлен|retry time|was undeliverable|giving up|given up|failure/i;

/** Is this mail a delivery report or a failure notice at all (RFC 3834 auto-replies and people's mail are not)? */
function looksLikeBounce(mail: Mail): boolean {
  const from = header(mail.top, 'from') ?? '';
  const subject = header(mail.top, 'subject') ?? '';
  const fromDaemon = BOUNCE_FROM.test(from.replace(/^"/, '')) || /(^|[<\s"])(mailer[-_]?daemon|post_?master|mail[-_]?daemon|mailerdaemon)@/i.test(from) || /^(<>)?$/.test((header(mail.top, 'return-path') ?? 'x').trim());
  const bouncySubject = BOUNCE_SUBJECT.test(subject);
  // An automatic reply (RFC 3834) that is not a failure notice: out of office, auto-responders.
  const autoReplySubject = /^(auto(matic)?[ -]?(reply|response|respons|antwort)|out of (the )?office|abwesend|absence|away|vacation|réponse automatique|respuesta automática|autosvar)\b|\b(auto|out of office|ooo)\s*:/i.test(subject.trim());
  if (autoReplySubject && !bouncySubject) return false;
  if (!(fromDaemon || bouncySubject)) return false;
  return FAILURE_WORDS.test(mail.notification) || mail.returned !== null;
}

const ENHANCED = /(?<![\d.])([245]\.\d{1,3}\.\d{1,3})(?![\d.])/;

/** The SMTP reply code a diagnostic quotes (null: none). */
export function smtpCodeOf(text: string): number | null {
  // A failure's own code: 4xx/5xx (a 250 in a transcript is an earlier step that went well).
  const withEnhanced = /(?<![\w.])([45][0-5]\d)[ -]+(?:#?[245]\.\d{1,3}\.\d{1,3})/.exec(text);
  if (withEnhanced) return Number(withEnhanced[1]);
  const said = /(?:said|says|response|reply|replied|error|returned|answer|code|status|host [^\s]+ \[[^\]]*\])\s*(?:was|is)?\s*[:=]?\s*\(?([45][0-5]\d)\b(?![.\d])/i.exec(text);
  if (said) return Number(said[1]);
  const lineStart = /(?:^|<<<|\n|\.\.\.)\s*([45][0-5]\d)[ -](?=\S)/.exec(text);
  return lineStart ? Number(lineStart[1]) : null;
}

/** The line(s) of a segment worth keeping as the diagnostic. */
function diagnosticOf(segment: string): string | null {
  const lines = segment
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const telling = lines.filter((l) => ENHANCED.test(l) || /(?<![\d.])[245][0-5]\d(?![\d.])/.test(l) || reasonOfWords(l) !== null);
  const text = (telling.length ? telling : lines).join(' ').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 1000) : null;
}

function recipientOf(input: { address: string | null; status: string | null; action: string | null; diagnostic: string | null; context: string }): BounceRecipient {
  const diagnostic = input.diagnostic?.replace(/\s+/g, ' ').trim() || null;
  const statusInText = ENHANCED.exec(diagnostic ?? '')?.[1] ?? ENHANCED.exec(input.context)?.[1] ?? null;
  // A DSN's "5.0.0" says little: a specific code in its diagnostic is the better witness.
  const status = input.status && !/^[45]\.0\.0$/.test(input.status) ? input.status : (statusInText ?? input.status);
  const smtpCode = smtpCodeOf(diagnostic ?? '') ?? smtpCodeOf(input.context);
  // The words of the diagnostic first; then the text around the recipient in the notification.
  const words = diagnostic && reasonOfWords(diagnostic) ? diagnostic : [diagnostic, input.context].filter(Boolean).join('\n');
  const c = classify({ status: status ?? '', smtpCode, diagnostic: words, action: input.action });
  return { address: input.address, status: c.status, smtpCode, action: input.action, reason: c.reason, class: c.class, diagnostic: diagnostic ?? diagnosticOf(input.context) };
}

function originalOf(mail: Mail): { originalMessageId: string | null; originalRecipients: string[] } {
  const r = mail.returned;
  const originalMessageId = r ? normaliseMessageId(header(r, 'message-id')) : null;
  const originalRecipients = r ? [...new Set([...(r.get('to') ?? []), ...(r.get('cc') ?? [])].flatMap(addressesIn))] : [];
  return { originalMessageId: originalMessageId ?? messageIdInText(mail.notification), originalRecipients };
}

const messageIdInText = (text: string) => normaliseMessageId(/^\s*message-id:\s*(<[^<>\s]+>)/im.exec(text)?.[1]);

/** The notification's text around an address (the paragraph that names it and what follows, up to the next recipient). */
function contextFor(mail: Mail, address: string | null, all: (string | null)[]): string {
  if (!address) return all.length <= 1 ? mail.notification : '';
  const found = recipientsOfText(mail.notification, new Set([...mail.senderSide].filter((a) => a !== address)));
  const hit = found.find((f) => f.address === address);
  if (hit) return hit.segment;
  return all.length <= 1 ? mail.notification : '';
}

function complaintOf(mail: Mail): BounceReport | null {
  for (const p of mail.parts) {
    const strict = p.type === 'message/feedback-report';
    if (!strict && p.type !== 'text/plain') continue;
    const report = parseFeedbackReport(decodeCharset(p.bytes, p.params.charset), strict);
    if (!report) continue;
    const original = originalOf(mail);
    const recipients = report.originalRcptTo.length ? report.originalRcptTo : original.originalRecipients.slice(0, 1);
    return complaintReport(recipients, report.feedbackType, original);
  }
  const jmrp = jmrpRecipient(mail.returned);
  if (jmrp) return complaintReport([jmrp], 'abuse', originalOf(mail));
  return null;
}

function complaintReport(addresses: string[], feedbackType: string, original: { originalMessageId: string | null; originalRecipients: string[] }): BounceReport {
  const list = addresses.length ? addresses : [null];
  return {
    kind: 'complaint',
    feedbackType,
    recipients: list.map((address) => ({ address, status: '', smtpCode: null, action: null, reason: 'feedback', class: 'complaint', diagnostic: `Feedback-Type: ${feedbackType}` })),
    ...original,
  };
}

function sesOf(mail: Mail): BounceReport | null {
  const body = mail.parts
    .filter((p) => p.type === 'text/plain' || p.type === 'application/json')
    .map((p) => decodeCharset(p.bytes, p.params.charset))
    .join('\n');
  const ses = parseSesNotification(body);
  if (!ses) return null;
  const original = { originalMessageId: normaliseMessageId(ses.messageId), originalRecipients: ses.originalRecipients };
  if (ses.type === 'complaint') return complaintReport(ses.recipients.map((r) => r.address), ses.feedbackType ?? 'abuse', original);
  const recipients = ses.recipients.map((r) => {
    const rec = recipientOf({ address: r.address, status: r.status, action: r.action, diagnostic: r.diagnostic, context: '' });
    // SES says itself whether it gave up for good; its word does not make a policy refusal permanent.
    if (r.permanent === false && rec.class === 'permanent') return { ...rec, class: 'temporary' as const };
    return rec;
  });
  return { kind: 'dsn', recipients, ...original };
}

function dsnOf(mail: Mail): BounceReport | null {
  const blocks: DsnRecipient[] = [];
  for (const p of mail.parts) if (DSN_TYPES.has(p.type)) blocks.push(...parseDeliveryStatus(decodeCharset(p.bytes, p.params.charset)));
  // Some MTAs write the fields into the text itself.
  if (!blocks.length && /^final-recipient:/im.test(mail.notification) && /^(status|action):/im.test(mail.notification)) blocks.push(...parseDeliveryStatus(mail.notification));
  if (!blocks.length) return null;
  const original = originalOf(mail);
  const named = blocks.map((b) => b.address);
  // A report with no readable recipient falls back to the text's, then the returned message's.
  if (named.every((a) => a === null)) {
    const fromText = recipientsOfText(mail.notification, mail.senderSide).map((r) => r.address);
    const fill = fromText.length ? fromText : original.originalRecipients;
    blocks.forEach((b, i) => (b.address = fill[i] ?? fill[0] ?? null));
  }
  const seen = new Set<string>();
  const recipients: BounceRecipient[] = [];
  for (const b of blocks) {
    const key = `${b.address ?? ''}|${b.status ?? ''}|${b.action ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push(recipientOf({ address: b.address, status: b.status, action: b.action, diagnostic: b.diagnostic, context: contextFor(mail, b.address, named) }));
  }
  return { kind: 'dsn', recipients, ...original };
}

function plainOf(mail: Mail): BounceReport | null {
  if (!looksLikeBounce(mail)) return null;
  const original = originalOf(mail);
  let found = recipientsOfText(mail.notification, mail.senderSide);
  if (!found.length && original.originalRecipients.length) found = original.originalRecipients.filter((a) => !mail.senderSide.has(a)).map((address) => ({ address, segment: '' }));
  // A bounce-like subject alone ("Undeliverable to staff: …" from a no-reply mailbox rule) with nobody named, nothing
  // returned, no status code and no failure wording is an automatic answer, not a delivery report.
  if (!found.length && !original.originalMessageId && !ENHANCED.test(mail.notification) && !reasonOfWords(mail.notification)) return null;
  const single = found.length <= 1;
  const recipients = (found.length ? found : [{ address: null as string | null, segment: '' }]).map((f) => {
    const context = single ? mail.notification : f.segment;
    // The segment itself first; a recipient with no telling words of its own borrows the notification's.
    const own = diagnosticOf(f.segment);
    const rec = recipientOf({ address: f.address, status: ENHANCED.exec(f.segment)?.[1] ?? null, action: null, diagnostic: own && reasonOfWords(own) ? own : null, context });
    return rec;
  });
  return { kind: 'plain', recipients, ...original };
}

/** The bounce a raw message reports, or null when it is none. */
export function analyseBounce(raw: string | Buffer): BounceReport | null {
  const mail = readMail(raw);
  const report = complaintOf(mail) ?? sesOf(mail) ?? dsnOf(mail) ?? plainOf(mail);
  if (!report) return null;
  return report;
}

/** Exposed for the corpus test and ingestion: the HTML-free text helper (shared with plain-text reading). */
export { htmlToText, firstAddress };
