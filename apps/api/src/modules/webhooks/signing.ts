import { createHmac } from 'node:crypto';

/**
 * A delivery's signature (docs/decisions.md, "Webhook signatures"): `X-Signature: t=<unix seconds>,v1=<hex>`, where
 * v1 is HMAC-SHA256 with the hook's secret over `<t>.<body>` (the exact bytes sent). The receiver recomputes it,
 * compares in constant time and refuses a `t` older than a few minutes (a replayed delivery). The scheme is Stripe's
 * and Calendly's, so existing verifiers work.
 */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, at: Date, body: string): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}
