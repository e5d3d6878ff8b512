import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Calendly's webhook signature (developer docs, "Webhook signatures"): the header
 * `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(signing_key, "<t>.<raw body>")>`.
 * The body is checked as the exact bytes received; the timestamp must be within the tolerance of our clock
 * (either side), so a captured delivery cannot be replayed later.
 */

/** Calendly's own example uses three minutes. */
export const CALENDLY_SIGNATURE_TOLERANCE_SECONDS = 180;

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

export const calendlySignature = (signingKey: string, timestamp: number, rawBody: string) => createHmac('sha256', signingKey).update(`${timestamp}.${rawBody}`).digest('hex');

export const calendlySignatureHeader = (signingKey: string, timestamp: number, rawBody: string) => `t=${timestamp},v1=${calendlySignature(signingKey, timestamp, rawBody)}`;

export function verifyCalendlySignature(
  header: string | undefined,
  rawBody: string,
  signingKey: string,
  now: Date,
  toleranceSeconds = CALENDLY_SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  let t: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') t = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const timestamp = Number(t);
  const expected = Buffer.from(calendlySignature(signingKey, timestamp, rawBody), 'hex');
  const matches = signatures.some((s) => {
    if (!/^[0-9a-f]+$/i.test(s)) return false;
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: 'mismatch' };
  // Checked after the signature: an unsigned timestamp says nothing.
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, timestamp };
}
