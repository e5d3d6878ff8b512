/**
 * Complaints: the Abuse Reporting Format (RFC 5965, message/feedback-report, also when a sender writes its
 * fields into a text part) and Microsoft's JMRP (a returned message with X-HmXmrOriginalRecipient). The complained
 * address is Original-Rcpt-To, else the JMRP header, else the To of the returned message.
 */
import { addressesIn, header, type Headers } from './mime';

export type Complaint = { feedbackType: string; recipients: string[] };

/** The feedback-report fields of a report text (null: not one). */
export function parseFeedbackReport(text: string, strict: boolean): { feedbackType: string; originalRcptTo: string[] } | null {
  const unfolded = text.replace(/\r?\n(?=[ \t]+\S)/g, ' ');
  const type = /^feedback-type:[ \t]*([\w-]+)/im.exec(unfolded)?.[1]?.toLowerCase();
  if (!type) return null;
  // Outside a message/feedback-report part the fields must look like a report, not a sentence that quotes one.
  if (!strict && !/^(user-agent|version|original-mail-from|arrival-date|reported-domain|source-ip):/im.test(unfolded)) return null;
  const rcpt = [...unfolded.matchAll(/^(?:original-rcpt-to|removal-recipient):[ \t]*(.+)$/gim)].flatMap((m) => addressesIn(m[1]!));
  return { feedbackType: type, originalRcptTo: [...new Set(rcpt)] };
}

/** Microsoft JMRP: the complained recipient is named in the returned message's own header. */
export function jmrpRecipient(returned: Headers | null): string | null {
  if (!returned) return null;
  const v = header(returned, 'x-hmxmroriginalrecipient');
  return v ? (addressesIn(v)[0] ?? null) : null;
}
