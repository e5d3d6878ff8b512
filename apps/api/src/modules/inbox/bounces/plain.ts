/**
 * Bounces written for people (qmail, Exim, Sendmail's and Postfix's text, Exchange, Domino, Gmail, Yahoo, the
 * unnamed "x1…x6" styles …): no per-recipient fields, only text. Rather than one parser per MTA, one reading that
 * holds for their common shape:
 * - the notification ends where the returned message begins (a separator line such as "--- Below this line is a
 *   copy of the message", "Original message follows", "Message headers follow", or the first run of header lines);
 * - the failed recipients are the addresses the notification names that are not the sender's side (the bounce's
 *   own To/From, the returned message's From/Return-Path, mailer-daemon/postmaster …);
 * - each recipient's diagnostic is the text from its first mention to the next recipient's.
 */
import { addressesIn, parseHeaders, type Headers } from './mime';

/** Lines that end the notification and start the returned message, in many MTAs' wording. */
const SEPARATORS: RegExp[] = [
  // "------ This is a copy of the message, including all the headers. ------", "----- Original message -----".
  /^[ \t>|]*[-=_*#+~]{3,}(?!.*\b(cannot|could not|couldn't|failed|failure|error|undeliver|transcript|following address))[^\n]*\b(original|returned|undelivered|unsent|copy|headers?|message (follows|below))\b/i,
  /^[ \t>|]*[-=_*#+~]{3,}(?!.*\b(cannot|could not|couldn't|failed|failure|error|undeliver|transcript|following address))[^\n]*\bmessage\b[^\n]*[-=_*#+~]{3,}\s*$/i,
  /^[ \t>|]*(below this line is a copy|this is a copy of (the|your)|a copy of (the |your )?(original )?message (follows|is (attached|below))|message headers? follows?|(the )?original message( headers?)? (follows|below|is attached|attached|was:)|(the )?(original|returned|undelivered|unsent|bounced) (message|mail|e-?mail)( headers?)? ?(is |are )?(follows?|below|attached|included|:)|unsent message below|undelivered message (headers )?(follows|below|attached)|original message headers?:?\s*$|your (original )?message (reads|follows):?|content-type: message\/rfc822|text of (the )?(original )?message|partial message follows|returned mail follows|(the )?header of (the )?original message|(bounced|returned|original) e-?mail:?\s*$)/i,
];
const isSeparator = (line: string) => SEPARATORS.some((re) => re.test(line));

const HEADER_LINE = /^(return-path|received|message-id|from|to|subject|date|mime-version|dkim-signature|x-[\w-]+|delivered-to|reply-to|content-type|cc):[ \t]/i;

export type SplitText = { notification: string; returned: string };

/** The notification and the returned message's text of a plain-text bounce. */
export function splitNotification(text: string): SplitText {
  const lines = text.split(/\r?\n/);
  let cut = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A separator needs some notification above it (a body that starts by quoting a header has none).
    if (i > 0 && isSeparator(line)) {
      cut = i;
      break;
    }
    // Two header lines in a row at the left margin: the returned headers begin (no separator line).
    if (i > 2 && HEADER_LINE.test(line) && HEADER_LINE.test(lines[i + 1] ?? '') && lines.slice(0, i).some((l) => l.trim())) {
      cut = i;
      break;
    }
  }
  if (cut < 0) return { notification: text, returned: '' };
  return { notification: lines.slice(0, cut).join('\n'), returned: lines.slice(cut).join('\n') };
}

/** The header block of a returned message's text (its first run of header lines). */
export function returnedHeadersOf(returned: string): Headers | null {
  const lines = returned.split(/\r?\n/);
  const start = lines.findIndex((l) => HEADER_LINE.test(l.replace(/^[ \t>]+/, '')));
  if (start < 0) return null;
  const block: string[] = [];
  for (const line of lines.slice(start)) {
    const bare = line.replace(/^[ \t>]{0,4}(?=[\w-]+:)/, '');
    if (/^[\w-]+:/.test(bare)) block.push(bare);
    else if (/^[ \t]+\S/.test(line) && block.length) block.push(line);
    else if (!line.trim()) {
      if (block.length >= 2) break;
    } else if (block.length >= 3) break;
  }
  return block.length ? parseHeaders(block.join('\n')) : null;
}

const DAEMON = /^(mailer-daemon|mailer_daemon|mail-daemon|maildaemon|mailerdaemon|postmaster|abuse|noc|hostmaster|webmaster|daemon|root|nobody|mail-delivery-system|mdaemon|bounce[s]?|do-not-reply|donotreply|no-reply|noreply)@/i;

export type PlainRecipient = { address: string; segment: string };

/**
 * The failed recipients a notification names, each with its diagnostic segment. `exclude`: the sender side's
 * addresses (never a failed recipient).
 */
export function recipientsOfText(notification: string, exclude: Set<string>): PlainRecipient[] {
  const text = notification.replace(/https?:\/\/\S+/g, ' ').replace(/\bmailto:\S+/gi, ' ');
  const found: { address: string; index: number }[] = [];
  const seen = new Set<string>();
  const re = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}/g;
  for (const m of text.matchAll(re)) {
    const address = m[0].toLowerCase().replace(/^[.'`]+/, '');
    if (seen.has(address) || exclude.has(address) || DAEMON.test(address)) continue;
    // A Message-ID written out is no address ("<20240101.abc@host>" after "Message-ID:").
    const before = text.slice(Math.max(0, m.index! - 20), m.index!);
    const lineStart = text.lastIndexOf('\n', m.index!) + 1;
    // Named as the sender in the notification ("MAIL FROM: …", "From: …", "Sender: …"): the sender's side.
    if (/(^|\s)(mail from|from|sender|reply-to|envelope-from|return-path|x-postfix-sender|original-mail-from)\s*:?\s*(rfc822;)?\s*[<"(]?[^\n<>]{0,60}<?$/i.test(text.slice(lineStart, m.index!)) && !/\b(to|rcpt|recipient)\b/i.test(text.slice(lineStart, m.index!))) continue;
    if (/message-id:?\s*<?$/i.test(before) || /[<(]?[\w.]*$/.test(before) && /id[=:]\s*<?[\w.]*$/i.test(before)) continue;
    seen.add(address);
    found.push({ address, index: m.index! });
  }
  // Every mention of every candidate, in order: a recipient's segment is the text after each of its mentions up to the next other recipient's.
  const mentions: { address: string; index: number }[] = [];
  for (const m of text.matchAll(re)) {
    const address = m[0].toLowerCase().replace(/^[.'`]+/, '');
    if (seen.has(address)) mentions.push({ address, index: m.index! });
  }
  return found.map((f) => {
    let segment = '';
    mentions.forEach((mention, i) => {
      if (mention.address !== f.address) return;
      const next = mentions.slice(i + 1).find((n) => n.address !== f.address);
      segment += `${text.slice(mention.index, next?.index ?? text.length)}\n`;
    });
    return { address: f.address, segment: segment.slice(0, 4000) };
  });
}

export { addressesIn };
