import { and, eq, ne } from 'drizzle-orm';
import { isPaidPlan, schedulingLink } from '@shared/brands';
import { availableFeatureLabels, CHECKOUT_SESSION_PARAM, PAID_PLANS, PLAN_CATALOG, type PaidPlan, type PaymentLinksResponse, type StripeSession, type Subscription } from '@shared/schemas/payments';
import type { StripeConfig } from '../../config';
import type { Db } from '../../db/client';
import { accounts, stripeCheckoutSessions, stripeEvents, type StripeCheckoutSessionRow } from '../../db/schema';
import type { RequestBrand } from '../../lib/brand-request';
import { HttpError, notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { evictAccount } from '../auth/auth-cache';
import { stripeClient, StripeError, verifyWebhookSignature, WebhookSignatureError, type CheckoutSession, type StripeClient } from './stripe';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this server.';

function requireStripe(deps: Deps): { cfg: StripeConfig; client: StripeClient } {
  const cfg = deps.config.stripe;
  if (!cfg) throw new HttpError(503, [PAYMENTS_NOT_CONFIGURED]);
  return { cfg, client: stripeClient(cfg) };
}

const priceOf = (cfg: StripeConfig | null, plan: PaidPlan) => cfg?.prices[plan] ?? null;

/** Stripe's failures become our answer: its status, its message. */
async function viaStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof StripeError) throw new HttpError(err.status, [err.message]);
    throw err;
  }
}

const isPaid = (s: CheckoutSession) => s.status === 'complete' && (s.payment_status === 'paid' || s.payment_status === 'no_payment_required');

/** GET payment_links: every paid plan with its price, features and limits, and how to pay for it here. */
export function paymentLinks(deps: Deps, auth: AuthContext, brand: RequestBrand): PaymentLinksResponse {
  const cfg = deps.config.stripe;
  const current = auth.account.tariffPlan;
  return {
    data: PLAN_CATALOG.map((p) => {
      const checkout = priceOf(cfg, p.name) !== null;
      return {
        plan: p.name,
        name: p.name,
        price: { amount: p.price_usd_month, currency: 'USD' as const, interval: 'month' as const },
        description: p.description,
        features: availableFeatureLabels(p.features, brand.brand.feature_flags),
        limits: p.limits,
        current: current === p.name,
        checkout: checkout ? ('checkout' as const) : ('contact' as const),
        contact_url: checkout ? null : schedulingLink(brand.brand, current),
      };
    }),
    meta: {
      payments_enabled: cfg !== null && PAID_PLANS.some((p) => priceOf(cfg, p) !== null),
      current_plan: current,
      plan_paid_at: auth.account.planPaidAt?.toISOString() ?? null,
      account_created_at: auth.account.createdAt.toISOString(),
    },
  };
}

/** POST create_stripe_session: a subscription Checkout Session for the plan, remembered for approval. */
export async function createSession(deps: Deps, auth: AuthContext, brand: RequestBrand, plan: PaidPlan): Promise<StripeSession> {
  const { cfg, client } = requireStripe(deps);
  const priceId = priceOf(cfg, plan);
  if (!priceId) throw new HttpError(503, [`Payments for the ${plan} plan are not configured on this server.`]);
  // One subscription per account: changing a paid plan goes through the customer-success call.
  if (isPaidPlan(auth.account.tariffPlan)) {
    throw new HttpError(409, [`Your account is already on the ${auth.account.tariffPlan} plan. To change it, book a call with our team.`]);
  }
  await closeEarlierCheckouts(deps, client, auth);
  const session = await viaStripe(() =>
    client.createCheckoutSession({
      priceId,
      successUrl: `${brand.origin}/cabinet?${CHECKOUT_SESSION_PARAM}={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${brand.origin}/cabinet?checkout=cancelled`,
      clientReferenceId: String(auth.account.id),
      customerId: auth.account.stripeCustomerId,
      customerEmail: auth.user.email,
      metadata: { account_id: String(auth.account.id), plan, holder_id: String(brand.holderId) },
    }),
  );
  if (!session.url) throw new HttpError(502, ['Stripe answered a Checkout Session without a URL.']);
  await deps.db.insert(stripeCheckoutSessions).values({ id: session.id, accountId: auth.account.id, plan });
  return { id: session.id, url: session.url };
}

/**
 * One payable Checkout per account: a session this account left open (a second tab, a Back from
 * Checkout) is expired at Stripe before a new one starts, so the user can never pay for two
 * subscriptions. One that was paid meanwhile applies its plan instead (and the new checkout is
 * refused); one whose payment is still processing blocks a new checkout until it settles.
 */
async function closeEarlierCheckouts(deps: Deps, client: StripeClient, auth: AuthContext): Promise<void> {
  const rows = await deps.db
    .select()
    .from(stripeCheckoutSessions)
    .where(and(eq(stripeCheckoutSessions.accountId, auth.account.id), eq(stripeCheckoutSessions.status, 'open')));
  for (const row of rows) {
    const session = await viaStripe(() => expireIfOpen(client, row.id));
    if (session && isPaid(session)) {
      await applyPaidSession(deps.db, row, session, { type: 'user', id: auth.user.id }, 'create_stripe_session');
      throw new HttpError(409, [`Your payment for the ${row.plan} plan has gone through; your account is now on it.`]);
    }
    if (session && session.status !== 'expired') {
      throw new HttpError(409, [`Your payment for the ${row.plan} plan is still being processed. Please wait for it to finish before starting another checkout.`]);
    }
    await deps.db
      .update(stripeCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(stripeCheckoutSessions.id, row.id), eq(stripeCheckoutSessions.accountId, auth.account.id), eq(stripeCheckoutSessions.status, 'open')));
  }
}

/**
 * The session as Stripe has it after expiring it if it was still open; null when Stripe does not know
 * it (another Stripe account or mode: nothing there can be paid).
 */
async function expireIfOpen(client: StripeClient, id: string): Promise<CheckoutSession | null> {
  try {
    const session = await client.retrieveCheckoutSession(id);
    if (session.status !== 'open') return session;
    return await client.expireCheckoutSession(id).catch(async (err: unknown) => {
      // Completed between the two calls (Stripe refuses to expire it): look again.
      const again = await client.retrieveCheckoutSession(id);
      if (again.status === 'open') throw err;
      return again;
    });
  } catch (err) {
    if (err instanceof StripeError && err.status === 404) return null;
    throw err;
  }
}

type Actor = { type: 'user'; id: number } | { type: 'system' };

/**
 * Applies a paid session's plan to its account, once: the session row turns 'paid' in the same
 * transaction as the account, so a second approval or a redelivered webhook changes nothing.
 */
async function applyPaidSession(db: Db, row: StripeCheckoutSessionRow, session: CheckoutSession, actor: Actor, via: string): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(stripeCheckoutSessions)
      .set({ status: 'paid', completedAt: new Date() })
      .where(and(eq(stripeCheckoutSessions.id, row.id), eq(stripeCheckoutSessions.accountId, row.accountId), ne(stripeCheckoutSessions.status, 'paid')))
      .returning();
    if (!claimed) return false;
    const [before] = await tx.select({ plan: accounts.tariffPlan }).from(accounts).where(eq(accounts.id, row.accountId));
    await tx
      .update(accounts)
      .set({
        tariffPlan: row.plan,
        stripeCustomerId: session.customer ?? undefined,
        stripeSubscriptionId: session.subscription ?? undefined,
        planPaidAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, row.accountId));
    await recordActivity(tx, {
      accountId: row.accountId,
      actorType: actor.type,
      actorId: actor.type === 'user' ? actor.id : null,
      verb: 'plan_changed',
      payload: { from: before?.plan ?? null, to: row.plan, checkout_session_id: row.id, via },
    });
    return true;
  });
  // Signed-in requests carry a cached account row: the new plan must show at once.
  if (changed) evictAccount(db, row.accountId);
  return changed;
}

/** POST approve_subscription: the user is back from Checkout; the plan applies only when Stripe says it is paid. */
export async function approve(deps: Deps, auth: AuthContext, sessionId: string): Promise<Subscription> {
  // Ours first: a session another account started is "not found", whatever Stripe would say.
  const [row] = await deps.db
    .select()
    .from(stripeCheckoutSessions)
    .where(and(eq(stripeCheckoutSessions.id, sessionId), eq(stripeCheckoutSessions.accountId, auth.account.id)));
  if (!row) throw notFound('Checkout session not found.');
  const { client } = requireStripe(deps);
  const session = await viaStripe(() => client.retrieveCheckoutSession(sessionId));
  if (session.client_reference_id !== String(auth.account.id)) throw notFound('Checkout session not found.');
  if (session.status === 'expired') {
    await deps.db.update(stripeCheckoutSessions).set({ status: 'expired' }).where(and(eq(stripeCheckoutSessions.id, row.id), eq(stripeCheckoutSessions.accountId, auth.account.id), eq(stripeCheckoutSessions.status, 'open')));
    throw new HttpError(410, ['This checkout has expired. Please choose your plan again.']);
  }
  if (!isPaid(session)) {
    throw new HttpError(402, [`This checkout is not paid yet (status: ${session.status ?? 'unknown'}, payment: ${session.payment_status}). Your plan is unchanged.`]);
  }
  const changed = await applyPaidSession(deps.db, row, session, { type: 'user', id: auth.user.id }, 'approve_subscription');
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, auth.account.id));
  return { tariff_plan: account!.tariffPlan, plan_paid_at: account!.planPaidAt?.toISOString() ?? null, changed };
}

type StripeEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

/**
 * POST stripe/webhook: the signature is checked on the raw body. Each event id is recorded in
 * stripe_events after its effect and a redelivered one is skipped; the effects are idempotent on
 * their own too (a session turns paid once, a deleted subscription is cleared), so a failure between
 * the effect and the record (Stripe then retries) changes nothing twice.
 */
export async function handleWebhook(deps: Deps, rawBody: unknown, signature: string | undefined): Promise<{ received: true; duplicate: boolean; handled: boolean }> {
  // A request without a signature is the sender's mistake (400) whether or not payments are configured.
  if (!signature) throw new HttpError(400, ['The Stripe-Signature header is missing.']);
  const secret = deps.config.stripe?.webhookSecret;
  if (!secret) throw new HttpError(503, [PAYMENTS_NOT_CONFIGURED]);
  const payload = typeof rawBody === 'string' ? rawBody : '';
  try {
    verifyWebhookSignature(payload, signature, secret);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new HttpError(400, [err.message]);
    throw err;
  }
  let event: StripeEvent;
  try {
    event = JSON.parse(payload) as StripeEvent;
  } catch {
    throw new HttpError(400, ['The webhook body is not valid JSON.']);
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object' || event.data.object === null) {
    throw new HttpError(400, ['The webhook body is not a Stripe event.']);
  }
  const [seen] = await deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { received: true, duplicate: true, handled: false };

  let handled = false;
  const object = event.data.object;
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = object as unknown as CheckoutSession;
    const [row] = await deps.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, String(session.id)));
    // Only sessions this product created, for the account they name, and only once paid.
    if (row && session.client_reference_id === String(row.accountId) && isPaid(session)) {
      await applyPaidSession(deps.db, row, session, { type: 'system' }, `webhook:${event.type}`);
      handled = true;
    }
  } else if (event.type === 'customer.subscription.deleted') {
    const subscriptionId = String(object.id);
    let cancelled: number | null = null;
    await deps.db.transaction(async (tx) => {
      const [account] = await tx.select().from(accounts).where(eq(accounts.stripeSubscriptionId, subscriptionId));
      if (!account) return;
      await tx.update(accounts).set({ tariffPlan: 'Not paid', stripeSubscriptionId: null, updatedAt: new Date() }).where(eq(accounts.id, account.id));
      await recordActivity(tx, {
        accountId: account.id,
        actorType: 'system',
        verb: 'plan_changed',
        payload: { from: account.tariffPlan, to: 'Not paid', subscription_id: subscriptionId, via: `webhook:${event.type}` },
      });
      handled = true;
      cancelled = account.id;
    });
    if (cancelled !== null) evictAccount(deps.db, cancelled);
  }
  const inserted = await deps.db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
  return { received: true, duplicate: inserted.length === 0, handled };
}

