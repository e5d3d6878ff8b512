import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeServer, type StripeTestServer } from '../../testing/stripe-server';
import { encodeForm, signatureHeader, stripeClient, StripeError, verifyWebhookSignature, WebhookSignatureError, webhookSignature } from './stripe';

describe('encodeForm (Stripe bracket notation)', () => {
  it('flattens nested objects and arrays, leaves null out', () => {
    const form = new URLSearchParams(
      encodeForm({ mode: 'subscription', line_items: [{ price: 'price_1', quantity: 1 }], metadata: { account_id: '7', plan: 'Growth' }, customer: null }),
    );
    expect([...form]).toEqual([
      ['mode', 'subscription'],
      ['line_items[0][price]', 'price_1'],
      ['line_items[0][quantity]', '1'],
      ['metadata[account_id]', '7'],
      ['metadata[plan]', 'Growth'],
    ]);
  });
});

describe('the Stripe client against a Stripe-format server', () => {
  let stripe: StripeTestServer;
  beforeAll(async () => {
    stripe = await startStripeServer();
  });
  afterAll(() => stripe.close());
  const client = (over: { secretKey?: string; timeoutMs?: number; apiBase?: string } = {}) =>
    stripeClient({ secretKey: over.secretKey ?? stripe.secretKey, apiBase: over.apiBase ?? stripe.url, timeoutMs: over.timeoutMs ?? 5000 });
  const input = {
    priceId: 'price_growth_test',
    successUrl: 'http://localhost:3000/cabinet?checkout_session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/cabinet?checkout=cancelled',
    clientReferenceId: '42',
    customerEmail: 'a@example.com',
    metadata: { account_id: '42', plan: 'Growth' },
  };

  it('creates a subscription Checkout Session with the documented form fields and Bearer auth', async () => {
    const session = await client().createCheckoutSession(input);
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', client_reference_id: '42' });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session.url).toBe(`${stripe.url}/c/pay/${session.id}`);
    const req = stripe.requests.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: `Bearer ${stripe.secretKey}`, contentType: 'application/x-www-form-urlencoded' });
    expect(req.form).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_growth_test', quantity: '1' }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: '42',
      customer_email: 'a@example.com',
      metadata: { account_id: '42', plan: 'Growth' },
    });
  });

  it('retrieves a session, paid once the Checkout completes', async () => {
    const created = await client().createCheckoutSession(input);
    stripe.markPaid(created.id);
    const session = await client().retrieveCheckoutSession(created.id);
    expect(session).toMatchObject({ id: created.id, status: 'complete', payment_status: 'paid' });
    expect(session.customer).toMatch(/^cus_test_/);
    expect(session.subscription).toMatch(/^sub_test_/);
  });

  it('expires an open session (POST …/expire); Stripe refuses to expire one that is no longer open', async () => {
    const created = await client().createCheckoutSession(input);
    const expired = await client().expireCheckoutSession(created.id);
    expect(expired).toMatchObject({ id: created.id, status: 'expired' });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${created.id}/expire` });
    const again = await client().expireCheckoutSession(created.id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(StripeError);
    expect((again as StripeError).message).toMatch(/^Stripe refused the request: Only Checkout Sessions with a status in \["open"\] can be expired/);
  });

  it("maps Stripe's error JSON: unknown session 404, bad price and bad key 502 with Stripe's message", async () => {
    const missing = await client().retrieveCheckoutSession('cs_test_nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(StripeError);
    expect(missing).toMatchObject({ status: 404, message: "Stripe: No such checkout.session: 'cs_test_nope'", stripeType: 'invalid_request_error' });
    const badPrice = await client().createCheckoutSession({ ...input, priceId: 'price_unknown' }).catch((e: unknown) => e);
    expect(badPrice).toMatchObject({ status: 502, message: "Stripe refused the request: No such price: 'price_unknown'" });
    const badKey = await client({ secretKey: 'sk_test_wrong' }).retrieveCheckoutSession('cs_test_x').catch((e: unknown) => e);
    expect(badKey).toMatchObject({ status: 502, message: 'Stripe refused our API key (check STRIPE_SECRET_KEY).' });
  });

  it("does not pass on Stripe's 403 text, which quotes the (masked) restricted key", async () => {
    const forbidden: typeof fetch = async () =>
      new Response(
        JSON.stringify({ error: { type: 'invalid_request_error', message: "The provided key 'rk_live_*********************1234' does not have the required permissions for this endpoint." } }),
        { status: 403, headers: { 'content-type': 'application/json' } },
      );
    const err = await stripeClient({ secretKey: 'rk_live_x', apiBase: stripe.url, timeoutMs: 5000 }, forbidden)
      .retrieveCheckoutSession('cs_test_x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StripeError);
    expect(err).toMatchObject({ status: 502, message: 'Stripe refused our API key for this request (check the permissions of STRIPE_SECRET_KEY).' });
    expect((err as Error).message).not.toMatch(/rk_live|1234/);
  });

  it('gives up after its timeout (504) and reports an unreachable Stripe (502)', async () => {
    stripe.delayMs = 1000;
    try {
      const slow = await client({ timeoutMs: 150 }).retrieveCheckoutSession('cs_test_x').catch((e: unknown) => e);
      expect(slow).toMatchObject({ status: 504, message: 'Stripe did not answer in time. Please try again.' });
    } finally {
      stripe.delayMs = 0;
    }
    const down = await client({ apiBase: 'http://127.0.0.1:1' }).retrieveCheckoutSession('cs_test_x').catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 502 });
    expect((down as Error).message).toMatch(/^Stripe could not be reached/);
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test_secret';
  const payload = '{"id":"evt_1","type":"checkout.session.completed"}';
  const now = 1_700_000_000;

  it('accepts the documented v1 signature within 300 s, also among several signatures', () => {
    expect(() => verifyWebhookSignature(payload, signatureHeader(payload, secret, now), secret, { now })).not.toThrow();
    expect(() => verifyWebhookSignature(payload, signatureHeader(payload, secret, now - 299), secret, { now })).not.toThrow();
    const rolled = `t=${now},v1=${'0'.repeat(64)},v1=${webhookSignature(payload, secret, now)},v0=abc`;
    expect(() => verifyWebhookSignature(payload, rolled, secret, { now })).not.toThrow();
  });

  it('refuses a changed body, another secret, an old timestamp and malformed headers', () => {
    const cases: Array<[string, string | undefined, string]> = [
      [payload.replace('evt_1', 'evt_2'), signatureHeader(payload, secret, now), 'The webhook signature does not match.'],
      [payload, signatureHeader(payload, 'whsec_other', now), 'The webhook signature does not match.'],
      [payload, signatureHeader(payload, secret, now - 301), 'The webhook timestamp is outside the tolerance.'],
      [payload, signatureHeader(payload, secret, now + 301), 'The webhook timestamp is outside the tolerance.'],
      [payload, undefined, 'The Stripe-Signature header is missing.'],
      [payload, `v1=${webhookSignature(payload, secret, now)}`, 'The Stripe-Signature header has no timestamp.'],
      [payload, `t=${now}`, 'The Stripe-Signature header has no v1 signature.'],
      [payload, `t=${now},v1=zz`, 'The webhook signature does not match.'],
      [payload, `t=${now},v1=${webhookSignature(payload, secret, now).slice(0, 10)}`, 'The webhook signature does not match.'],
    ];
    for (const [body, header, message] of cases) {
      expect(() => verifyWebhookSignature(body, header, secret, { now }), String(header)).toThrow(new WebhookSignatureError(message));
    }
  });
});

describe('Stripe configuration', () => {
  it('is off without a key, reads the key, prices, base and timeout, and refuses a publishable key or a bad base', async () => {
    const { loadConfig } = await import('../../config');
    expect(loadConfig({}).stripe).toBeNull();
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PRICE_GROWTH: 'price_g', STRIPE_API_BASE: 'http://127.0.0.1:9/', STRIPE_TIMEOUT_MS: '500' }).stripe,
    ).toEqual({ secretKey: 'sk_test_abc', webhookSecret: null, apiBase: 'http://127.0.0.1:9', prices: { Starter: null, Growth: 'price_g', Scale: null }, timeoutMs: 500 });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' }).stripe?.apiBase).toBe('https://api.stripe.com');
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY must be a secret key/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_BASE: 'api.stripe.com' })).toThrow(/STRIPE_API_BASE/);
  });
});
