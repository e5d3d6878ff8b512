/**
 * Amazon SES notifications sent by email (SNS topic subscriptions): a JSON body, bare or wrapped in SNS's
 * {"Message": "<json>"} envelope, of notificationType Bounce, Complaint or Delivery.
 */

export type SesRecipient = { address: string; status: string | null; action: string | null; diagnostic: string | null; permanent: boolean | null };
export type SesNotification = {
  type: 'bounce' | 'complaint' | 'delivery';
  recipients: SesRecipient[];
  feedbackType: string | null;
  messageId: string | null;
  originalRecipients: string[];
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function jsonIn(text: string): Json | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  const body = text.slice(start, end + 1);
  for (const candidate of [body, body.replace(/\r?\n\s*/g, '')]) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (isObject(parsed)) return parsed;
    } catch {
      // not JSON as is: try once more with the line breaks the mail added taken out
    }
  }
  return null;
}

/** The SES notification in a message body (null: none). */
export function parseSesNotification(text: string): SesNotification | null {
  if (!/notificationType|eventType/.test(text)) return null;
  let json = jsonIn(text);
  if (json && typeof json.Message === 'string') json = jsonIn(json.Message);
  if (!json) return null;
  const kind = (str(json.notificationType) ?? str(json.eventType) ?? '').toLowerCase();
  const mail = isObject(json.mail) ? json.mail : {};
  const common = isObject(mail.commonHeaders) ? mail.commonHeaders : {};
  const messageId = str(common.messageId) ?? str(mail.messageId);
  const originalRecipients = list(common.to).map((t) => String(t).toLowerCase());
  if (kind === 'bounce' && isObject(json.bounce)) {
    const permanent = str(json.bounce.bounceType) === 'Permanent' ? true : str(json.bounce.bounceType) === 'Transient' ? false : null;
    const recipients = list(json.bounce.bouncedRecipients)
      .filter(isObject)
      .map((r) => ({ address: (str(r.emailAddress) ?? '').toLowerCase(), status: str(r.status), action: str(r.action), diagnostic: str(r.diagnosticCode), permanent }))
      .filter((r) => r.address);
    return { type: 'bounce', recipients, feedbackType: null, messageId, originalRecipients };
  }
  if (kind === 'complaint' && isObject(json.complaint)) {
    const recipients = list(json.complaint.complainedRecipients)
      .filter(isObject)
      .map((r) => ({ address: (str(r.emailAddress) ?? '').toLowerCase(), status: null, action: null, diagnostic: null, permanent: null }))
      .filter((r) => r.address);
    return { type: 'complaint', recipients, feedbackType: str(json.complaint.complaintFeedbackType) ?? 'abuse', messageId, originalRecipients };
  }
  if (kind === 'delivery' && isObject(json.delivery)) {
    const d = json.delivery;
    const recipients = list(d.recipients).map((r) => ({ address: String(r).toLowerCase(), status: '2.6.0', action: 'delivered', diagnostic: str(d.smtpResponse), permanent: null }));
    return { type: 'delivery', recipients, feedbackType: null, messageId, originalRecipients };
  }
  return null;
}
