import { PRODUCT_FEATURES } from '@shared/schemas/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_CUSTOMER_SCHEDULING_LINK } from '@shared/constants';
import { getBrand } from '@shared/brands';
import { accounts, activities, stripeCheckoutSessions, stripeEvents } from '../../db/schema';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { startStripeServer, type StripeTestServer } from '../../testing/stripe-server';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { paymentOwnershipProbes } from './ownership.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe.each(DB_KINDS)('payments on %s', (kind) => {
  let t: TestApp;
  let stripe: StripeTestServer;
  beforeAll(async () => {
    stripe = await startStripeServer();
    t = await startTestApp(kind, {
      env: {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: stripe.url,
        STRIPE_PRICE_STARTER: 'price_starter_test',
        STRIPE_PRICE_GROWTH: 'price_growth_test',
        STRIPE_PRICE_SCALE: 'price_scale_test',
        STRIPE_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const post = (p: Person, url: string, payload: unknown) => t.app.inject({ method: 'POST', url: v1(url), headers: p.headers, payload: payload as object });
  const accountOf = async (p: Person) => (await t.db.db.select().from(accounts).where(eq(accounts.id, await accountIdOf(t, p))))[0]!;
  const userInfo = async (p: Person) => (await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: p.headers })).json().data;
  const webhookUrl = v1('/stripe/webhook');
  /** Delivers a signed event to the app (inject: the raw body exactly as signed). */
  const deliver = async (event: ReturnType<StripeTestServer['event']>, options: { secret?: string; timestamp?: number; body?: string } = {}) => {
    const payload = options.body ?? JSON.stringify(event);
    const ts = options.timestamp ?? Math.floor(Date.now() / 1000);
    const { signatureHeader } = await import('./stripe');
    return t.app.inject({
      method: 'POST',
      url: webhookUrl,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureHeader(payload, options.secret ?? stripe.webhookSecret, ts) },
      payload,
    });
  };

  it('lists the paid plans with price, features, limits and checkout as the way to pay', async () => {
    const a = await signedInUser(t, 'pay-links');
    const res = await t.app.inject({ method: 'GET', url: v1('/payment_links'), headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ payments_enabled: true, current_plan: 'Trial', plan_paid_at: null, account_created_at: expect.any(String) });
    expect(Date.now() - Date.parse(body.meta.account_created_at)).toBeLessThan(60_000);
    expect(body.data.map((l: { plan: string }) => l.plan)).toEqual(['Starter', 'Growth', 'Scale']);
    expect(body.data[1]).toMatchObject({
      name: 'Growth',
      price: { amount: 299, currency: 'USD', interval: 'month' },
      checkout: 'checkout',
      contact_url: null,
      current: false,
      limits: { virtual_employees: 3 },
    });
    expect(body.data[1].features.length).toBeGreaterThan(0);
    // Only what the product does today is sold: every listed feature is an available one from the one list.
    const available = Object.values(PRODUCT_FEATURES).filter((f) => f.available).map((f) => f.label);
    for (const link of body.data as Array<{ features: string[] }>) for (const f of link.features) expect(available).toContain(f);
    expect(JSON.stringify(body.data)).not.toMatch(/visitor|HubSpot/i);
    // Insights exist (issue 26): the plans that include them say so.
    expect(body.data.find((l: { plan: string }) => l.plan === 'Scale').features).toContain(PRODUCT_FEATURES.insights.label);
    // Brand-awareness posts exist (issue 14): the plans that include them say so.
    expect(body.data.find((l: { plan: string }) => l.plan === 'Scale').features).toContain(PRODUCT_FEATURES.brand_awareness.label);
    // The inbox and the pipeline exist (issues 12, 13): the plans that include them say so.
    expect(body.data[0].features).toContain(PRODUCT_FEATURES.inbox_pipeline.label);
  });

  it('creates a Checkout Session for the plan, remembers it, and answers its url', async () => {
    // An account of brand 3, on its own host (brands are separate tenants).
    const a = await signedInUser(t, 'pay-create', undefined, 'brand3.localhost:3000');
    const res = await post(a, '/create_stripe_session', { plan: 'Starter' });
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json().data;
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(`${stripe.url}/c/pay/${id}`);
    const sent = stripe.sessions.get(id)!;
    const accountId = await accountIdOf(t, a);
    expect(sent).toMatchObject({
      mode: 'subscription',
      line_items_price: 'price_starter_test',
      success_url: 'http://brand3.localhost:3000/cabinet?checkout_session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://brand3.localhost:3000/cabinet?checkout=cancelled',
      client_reference_id: String(accountId),
      customer_email: a.email,
      metadata: { account_id: String(accountId), plan: 'Starter', holder_id: '3' },
    });
    const [row] = await t.db.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, id));
    expect(row).toMatchObject({ accountId, plan: 'Starter', status: 'open' });
  });

  it('answers bad input with 422 naming the field', async () => {
    const a = await signedInUser(t, 'pay-bad');
    for (const payload of [{}, { plan: 'Trial' }, { plan: 'Enterprise' }]) {
      const res = await post(a, '/create_stripe_session', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.join(' ')).toMatch(/plan/i);
    }
    for (const payload of [{}, { session_id: '' }, { session_id: 'pi_123' }, { session_id: 'cs_test_<script>' }]) {
      const res = await post(a, '/approve_subscription', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.join(' ')).toMatch(/session_id/);
    }
  });

  it('refuses an unpaid session (402) and keeps the plan; applies it once paid; approving again changes nothing', async () => {
    const a = await signedInUser(t, 'pay-approve');
    const id = (await post(a, '/create_stripe_session', { plan: 'Growth' })).json().data.id;
    const unpaid = await post(a, '/approve_subscription', { session_id: id });
    expect(unpaid.statusCode, unpaid.body).toBe(402);
    expect(unpaid.json().errors[0]).toMatch(/not paid yet.*plan is unchanged/);
    expect((await accountOf(a)).tariffPlan).toBe('Trial');

    const paid = stripe.markPaid(id);
    const ok = await post(a, '/approve_subscription', { session_id: id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ tariff_plan: 'Growth', changed: true });
    const account = await accountOf(a);
    expect(account).toMatchObject({ tariffPlan: 'Growth', stripeCustomerId: paid.customer, stripeSubscriptionId: paid.subscription });
    expect(account.planPaidAt).toBeInstanceOf(Date);
    expect((await userInfo(a)).tariff_plan).toBe('Growth');
    const meta = (await t.app.inject({ method: 'GET', url: v1('/payment_links'), headers: a.headers })).json().meta;
    expect(meta).toMatchObject({ current_plan: 'Growth', plan_paid_at: account.planPaidAt!.toISOString() });

    const again = await post(a, '/approve_subscription', { session_id: id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ tariff_plan: 'Growth', changed: false });
    const logged = await t.db.db.select().from(activities).where(and(eq(activities.accountId, account.id), eq(activities.verb, 'plan_changed')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorType: 'user', payload: { from: 'Trial', to: 'Growth', checkout_session_id: id, via: 'approve_subscription' } });

    // The paid plan: payment_links marks it current, and creating a session for it again is refused.
    const links = (await t.app.inject({ method: 'GET', url: v1('/payment_links'), headers: a.headers })).json();
    expect(links.data.find((l: { current: boolean }) => l.current).plan).toBe('Growth');
    expect((await post(a, '/create_stripe_session', { plan: 'Growth' })).statusCode).toBe(409);
  });

  it('keeps one payable checkout per account: a new one expires the earlier open one at Stripe', async () => {
    const a = await signedInUser(t, 'pay-one-open');
    const first = (await post(a, '/create_stripe_session', { plan: 'Starter' })).json().data.id;
    const second = await post(a, '/create_stripe_session', { plan: 'Growth' });
    expect(second.statusCode, second.body).toBe(200);
    expect(stripe.sessions.get(first)!.status).toBe('expired');
    expect(stripe.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${first}/expire`)).toBe(true);
    const rows = await t.db.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.accountId, await accountIdOf(t, a)));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [first]: 'expired', [second.json().data.id]: 'open' });
    // The expired one can no longer be paid on the hosted page.
    expect((await fetch(`${stripe.url}/c/pay/${first}`, { method: 'POST', redirect: 'manual' })).status).toBe(410);
  });

  it('applies an earlier checkout paid meanwhile instead of starting a second subscription (409)', async () => {
    const a = await signedInUser(t, 'pay-paid-first');
    const first = (await post(a, '/create_stripe_session', { plan: 'Scale' })).json().data.id;
    stripe.markPaid(first);
    const before = stripe.sessions.size;
    const second = await post(a, '/create_stripe_session', { plan: 'Starter' });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().errors[0]).toBe('Your payment for the Scale plan has gone through; your account is now on it.');
    expect(stripe.sessions.size).toBe(before);
    expect((await accountOf(a)).tariffPlan).toBe('Scale');
  });

  it('waits for a checkout whose payment is still processing (409) and forgets one Stripe does not know', async () => {
    const a = await signedInUser(t, 'pay-processing');
    const first = (await post(a, '/create_stripe_session', { plan: 'Starter' })).json().data.id;
    stripe.sessions.get(first)!.status = 'complete'; // an async payment (bank debit) not yet settled
    const blocked = await post(a, '/create_stripe_session', { plan: 'Growth' });
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().errors[0]).toMatch(/Starter plan is still being processed/);
    stripe.sessions.delete(first); // e.g. the server moved to another Stripe account
    const next = await post(a, '/create_stripe_session', { plan: 'Growth' });
    expect(next.statusCode, next.body).toBe(200);
    const [row] = await t.db.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, first));
    expect(row!.status).toBe('expired');
  });

  it('answers 404 for a session unknown to us or to Stripe, 410 for an expired one', async () => {
    const a = await signedInUser(t, 'pay-404');
    const unknown = await post(a, '/approve_subscription', { session_id: 'cs_test_neverCreated' });
    expect(unknown.statusCode).toBe(404);
    // Our row, but Stripe does not know it (e.g. another Stripe account's key): Stripe's 404 comes through.
    await t.db.db.insert(stripeCheckoutSessions).values({ id: 'cs_test_onlyOurs', accountId: await accountIdOf(t, a), plan: 'Scale' });
    const stripe404 = await post(a, '/approve_subscription', { session_id: 'cs_test_onlyOurs' });
    expect(stripe404.statusCode).toBe(404);
    expect(stripe404.json().errors[0]).toMatch(/No such checkout\.session/);

    const id = (await post(a, '/create_stripe_session', { plan: 'Scale' })).json().data.id;
    stripe.expire(id);
    const expired = await post(a, '/approve_subscription', { session_id: id });
    expect(expired.statusCode).toBe(410);
    expect((await t.db.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, id)))[0]!.status).toBe('expired');
    expect((await accountOf(a)).tariffPlan).toBe('Trial');
  });

  it("refuses B approving A's paid session (404), A's plan applies only for A", async () => {
    const a = await signedInUser(t, 'pay-cross-a');
    const b = await signedInUser(t, 'pay-cross-b');
    const id = (await post(a, '/create_stripe_session', { plan: 'Scale' })).json().data.id;
    stripe.markPaid(id);
    const stolen = await post(b, '/approve_subscription', { session_id: id });
    expect(stolen.statusCode).toBe(404);
    expect((await accountOf(b)).tariffPlan).toBe('Trial');
    expect((await accountOf(a)).tariffPlan).toBe('Trial');
    expect((await post(a, '/approve_subscription', { session_id: id })).json().data.tariff_plan).toBe('Scale');
  });

  it('applies the plan from a signed checkout.session.completed webhook, once; a redelivery is a no-op', async () => {
    const a = await signedInUser(t, 'pay-hook');
    const id = (await post(a, '/create_stripe_session', { plan: 'Starter' })).json().data.id;
    const event = stripe.event('checkout.session.completed', stripe.markPaid(id));
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, handled: true });
    expect((await accountOf(a)).tariffPlan).toBe('Starter');
    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, duplicate: true, handled: false });
    const [seen] = await t.db.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(seen!.type).toBe('checkout.session.completed');
    // The user returning afterwards finds it applied; the activity log has it once, by the system.
    expect((await post(a, '/approve_subscription', { session_id: id })).json().data).toMatchObject({ tariff_plan: 'Starter', changed: false });
    const logged = await t.db.db.select().from(activities).where(and(eq(activities.accountId, await accountIdOf(t, a)), eq(activities.verb, 'plan_changed')));
    expect(logged.map((l) => l.actorType)).toEqual(['system']);
  });

  it('approval and webhook racing for the same paid session apply the plan once', async () => {
    const a = await signedInUser(t, 'pay-race');
    const id = (await post(a, '/create_stripe_session', { plan: 'Scale' })).json().data.id;
    const event = stripe.event('checkout.session.completed', stripe.markPaid(id));
    const [approved, hooked, again] = await Promise.all([post(a, '/approve_subscription', { session_id: id }), deliver(event), post(a, '/approve_subscription', { session_id: id })]);
    expect([approved.statusCode, hooked.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    const changedFlags = [approved.json().data.changed, hooked.json().handled, again.json().data.changed];
    expect(changedFlags.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    const logged = await t.db.db.select().from(activities).where(and(eq(activities.accountId, await accountIdOf(t, a)), eq(activities.verb, 'plan_changed')));
    expect(logged).toHaveLength(1);
    expect((await accountOf(a)).tariffPlan).toBe('Scale');
  });

  it('delivers through real HTTP too (the Stripe server signs, the raw body is checked)', async () => {
    const a = await signedInUser(t, 'pay-http');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const id = (await post(a, '/create_stripe_session', { plan: 'Growth' })).json().data.id;
    const res = await stripe.sendWebhook(`${address}${webhookUrl}`, stripe.event('checkout.session.completed', stripe.markPaid(id)));
    expect(res.status, res.body).toBe(200);
    expect((await accountOf(a)).tariffPlan).toBe('Growth');
  });

  it('ignores an unpaid completed session and sessions it did not create', async () => {
    const a = await signedInUser(t, 'pay-hook-unpaid');
    const id = (await post(a, '/create_stripe_session', { plan: 'Growth' })).json().data.id;
    const session = { ...stripe.sessions.get(id)!, status: 'complete' };
    expect((await deliver(stripe.event('checkout.session.completed', session))).json()).toMatchObject({ handled: false });
    const foreign = { ...session, id: 'cs_test_foreign', payment_status: 'paid' };
    expect((await deliver(stripe.event('checkout.session.completed', foreign))).json()).toMatchObject({ handled: false });
    // A session row of A's claimed by an event naming another account is not applied either.
    const tampered = { ...session, payment_status: 'paid', client_reference_id: '999999' };
    expect((await deliver(stripe.event('checkout.session.completed', tampered))).json()).toMatchObject({ handled: false });
    expect((await accountOf(a)).tariffPlan).toBe('Trial');
  });

  it('turns the plan to Not paid when the subscription is deleted', async () => {
    const a = await signedInUser(t, 'pay-cancel');
    const id = (await post(a, '/create_stripe_session', { plan: 'Scale' })).json().data.id;
    const paid = stripe.markPaid(id);
    await post(a, '/approve_subscription', { session_id: id });
    const res = await deliver(stripe.event('customer.subscription.deleted', { id: paid.subscription, object: 'subscription', status: 'canceled', customer: paid.customer }));
    expect(res.json()).toMatchObject({ handled: true });
    expect(await accountOf(a)).toMatchObject({ tariffPlan: 'Not paid', stripeSubscriptionId: null, stripeCustomerId: paid.customer });
    expect((await userInfo(a)).tariff_plan).toBe('Not paid');
  });

  it('answers 400 to a bad signature, a stale timestamp or a body that is not an event, and changes nothing', async () => {
    const a = await signedInUser(t, 'pay-hook-bad');
    const id = (await post(a, '/create_stripe_session', { plan: 'Growth' })).json().data.id;
    const event = stripe.event('checkout.session.completed', stripe.markPaid(id));
    const wrongSecret = await deliver(event, { secret: 'whsec_attacker' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ errors: ['The webhook signature does not match.'] });
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: webhookUrl, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ errors: ['The Stripe-Signature header is missing.'] });
    // Signed over one body, another sent (re-serialised JSON differs byte for byte).
    const { signatureHeader } = await import('./stripe');
    const reformatted = await t.app.inject({
      method: 'POST',
      url: webhookUrl,
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(JSON.stringify(event, null, 2), stripe.webhookSecret) },
      payload: JSON.stringify(event),
    });
    expect(reformatted.statusCode).toBe(400);
    expect((await deliver(event, { body: 'not json' })).statusCode).toBe(400);
    expect((await deliver(event, { body: '{"hello":"world"}' })).statusCode).toBe(400);
    expect((await accountOf(a)).tariffPlan).toBe('Trial');
    expect(await t.db.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
  });

  it.each(Object.entries(paymentOwnershipProbes))('%s keeps user A’s data from user B (Stripe configured)', async (_name, probe) => {
    await probe(t, await signedInUser(t, 'probe-a'), await signedInUser(t, 'probe-b'));
  });
});

describe.runIf(PGLITE_PASS)('payments without Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('lists the plans with a scheduling link instead of checkout, and answers 503 to checkout and webhooks', async () => {
    const a = await signedInUser(t, 'pay-off', undefined, 'brand2.localhost:3000');
    const links = (await t.app.inject({ method: 'GET', url: v1('/payment_links'), headers: a.headers })).json();
    expect(links.meta).toEqual({ payments_enabled: false, current_plan: 'Trial', plan_paid_at: null, account_created_at: expect.any(String) });
    expect(links.data.every((l: { checkout: string; contact_url: string }) => l.checkout === 'contact' && l.contact_url === getBrand(2).calendly_link)).toBe(true);
    expect(getBrand(2).calendly_link).not.toBe(PAID_CUSTOMER_SCHEDULING_LINK);
    const create = await t.app.inject({ method: 'POST', url: v1('/create_stripe_session'), headers: a.headers, payload: { plan: 'Growth' } });
    expect(create.statusCode).toBe(503);
    expect(create.json()).toEqual({ errors: ['Payments are not configured on this server.'] });
    const hook = await t.app.inject({ method: 'POST', url: v1('/stripe/webhook'), headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: '{}' });
    expect(hook.statusCode).toBe(503);
  });
});
