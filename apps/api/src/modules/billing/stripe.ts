import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StripeConfig } from '../../config';

/**
 * A Stripe client written against Stripe's documented REST API (https://docs.stripe.com/api):
 * form-encoded bodies with bracket notation, `Authorization: Bearer <secret key>`, JSON answers, and
 * errors as `{ error: { message, type, code } }`. Only what Checkout needs: create, retrieve and expire a
 * Checkout Session. Webhook signatures are checked per https://docs.stripe.com/webhooks#verify-manually.
 */

export type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  /** open | complete | expired */
  status: string | null;
  /** paid | unpaid | no_payment_required */
  payment_status: string;
  url: string | null;
  mode: string;
  client_reference_id: string | null;
  customer: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
};

export type CreateCheckoutSession = {
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string;
  customerEmail?: string | null;
  /** An existing Stripe customer (re-subscribing); sent instead of customer_email. */
  customerId?: string | null;
  metadata: Record<string, string>;
};

export interface StripeClient {
  createCheckoutSession(input: CreateCheckoutSession): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** POST /v1/checkout/sessions/:id/expire: an open session can no longer be paid. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
}

/** Stripe refused or could not be reached; `status` is what our API answers. */
export class StripeError extends Error {
  constructor(
    message: string,
    readonly status: 402 | 404 | 502 | 504,
    readonly stripeType: string | null = null,
  ) {
    super(message);
    this.name = 'StripeError';
  }
}

type Form = { [key: string]: string | number | boolean | null | undefined | Form | Form[] | string[] };

/** Stripe's form encoding: nested objects and arrays in bracket notation (a[b][0][c]=…); null/undefined left out. */
export function encodeForm(data: Form): string {
  const out = new URLSearchParams();
  const walk = (prefix: string, value: Form[string]) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}[${k}]` : k, v);
    } else {
      out.append(prefix, String(value));
    }
  };
  walk('', data);
  return out.toString();
}

type StripeErrorBody = { error?: { message?: string; type?: string; code?: string } };

export function stripeClient(cfg: Pick<StripeConfig, 'secretKey' | 'apiBase' | 'timeoutMs'>, doFetch: typeof fetch = fetch): StripeClient {
  async function call<T>(method: 'GET' | 'POST', path: string, form?: Form): Promise<T> {
    const timeout = AbortSignal.timeout(cfg.timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${cfg.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${cfg.secretKey}`,
          accept: 'application/json',
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: form ? encodeForm(form) : undefined,
        signal: timeout,
      });
      text = await res.text();
    } catch (err) {
      if (timeout.aborted) throw new StripeError('Stripe did not answer in time. Please try again.', 504);
      throw new StripeError(`Stripe could not be reached (${(err as Error).message})`, 502);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    if (!res.ok) {
      const error = (json as StripeErrorBody | null)?.error;
      const detail = error?.message ?? `HTTP ${res.status}`;
      const type = error?.type ?? null;
      if (res.status === 404) throw new StripeError(`Stripe: ${detail}`, 404, type);
      if (res.status === 402) throw new StripeError(`The payment was declined: ${detail}`, 402, type);
      if (res.status === 401) throw new StripeError('Stripe refused our API key (check STRIPE_SECRET_KEY).', 502, type);
      // A restricted key without a permission: Stripe's message quotes the (masked) key, not for users.
      if (res.status === 403) throw new StripeError('Stripe refused our API key for this request (check the permissions of STRIPE_SECRET_KEY).', 502, type);
      throw new StripeError(`Stripe refused the request: ${detail}`, 502, type);
    }
    if (!json || typeof json !== 'object') throw new StripeError('Stripe answered something that is not JSON.', 502);
    return json as T;
  }

  const checkoutSession = (value: unknown): CheckoutSession => {
    const s = value as Partial<CheckoutSession>;
    if (s.object !== 'checkout.session' || typeof s.id !== 'string') throw new StripeError('Stripe answered an unexpected object.', 502);
    return { ...s, metadata: s.metadata ?? {} } as CheckoutSession;
  };

  return {
    async createCheckoutSession(input) {
      const session = await call('POST', '/v1/checkout/sessions', {
        mode: 'subscription',
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.clientReferenceId,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail ?? undefined }),
        metadata: input.metadata,
        subscription_data: { metadata: input.metadata },
      });
      return checkoutSession(session);
    },
    async retrieveCheckoutSession(id) {
      return checkoutSession(await call('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`));
    },
    async expireCheckoutSession(id) {
      return checkoutSession(await call('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, {}));
    },
  };
}

/** A webhook whose signature does not check out (answered 400). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export const WEBHOOK_TOLERANCE_S = 300;

/** `v1` signature of a payload: HMAC-SHA256 of `${timestamp}.${payload}` with the endpoint's secret, hex. */
export function webhookSignature(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<hex>`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${webhookSignature(payload, secret, timestamp)}`;
}

/**
 * Checks `Stripe-Signature` against the raw body: any of its v1 signatures must match (Stripe sends
 * several while a secret is rolled), compared in constant time, and the timestamp must be within the
 * tolerance (replay protection).
 */
export function verifyWebhookSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  options: { toleranceS?: number; now?: number } = {},
): void {
  if (!header) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = /^\d+$/.test(value) ? Number(value) : null;
    else if (key === 'v1') signatures.push(value);
  }
  if (timestamp === null) throw new WebhookSignatureError('The Stripe-Signature header has no timestamp.');
  if (signatures.length === 0) throw new WebhookSignatureError('The Stripe-Signature header has no v1 signature.');
  const expected = Buffer.from(webhookSignature(payload, secret, timestamp), 'hex');
  const matches = signatures.some((s) => {
    if (!/^[0-9a-f]+$/i.test(s)) return false;
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('The webhook signature does not match.');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceS ?? WEBHOOK_TOLERANCE_S)) {
    throw new WebhookSignatureError('The webhook timestamp is outside the tolerance.');
  }
}
