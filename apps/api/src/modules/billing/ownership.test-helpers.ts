import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts, stripeCheckoutSessions } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';

/**
 * Ownership probes for the payment routes (spread into routes.test.ts, and run again in
 * payments.test.ts with Stripe configured): user B can neither see nor change user A's plan or
 * Checkout sessions. They work whether or not the app has Stripe configured.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

const planOf = async (t: TestApp, p: Person) => {
  const [row] = await t.db.db.select().from(accounts).where(eq(accounts.id, await accountIdOf(t, p)));
  return row!;
};

/** An open Checkout session of A's: through the API when Stripe is configured, else as the row it would leave. */
export async function checkoutSessionOf(t: TestApp, a: Person, plan = 'Growth'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: v1('/create_stripe_session'), headers: a.headers, payload: { plan } });
  if (res.statusCode === 200) return res.json<{ data: { id: string } }>().data.id;
  expect(res.statusCode, res.body).toBe(503);
  const id = `cs_test_probe${++seq}${Date.now()}`;
  await t.db.db.insert(stripeCheckoutSessions).values({ id, accountId: await accountIdOf(t, a), plan });
  return id;
}

export const paymentOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/payment_links': async (t, a, b) => {
    await t.db.db.update(accounts).set({ tariffPlan: 'Scale' }).where(eq(accounts.id, await accountIdOf(t, a)));
    try {
      const res = await t.app.inject({ method: 'GET', url: v1('/payment_links'), headers: b.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.current_plan).toBe((await planOf(t, b)).tariffPlan);
      expect(res.json().data.find((l: { current: boolean }) => l.current)?.plan).not.toBe('Scale');
    } finally {
      await t.db.db.update(accounts).set({ tariffPlan: 'Trial' }).where(eq(accounts.id, await accountIdOf(t, a)));
    }
  },
  'POST /api/v1/create_stripe_session': async (t, a, b) => {
    const aId = await accountIdOf(t, a);
    const [before] = await t.db.db.select({ n: count() }).from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.accountId, aId));
    const res = await t.app.inject({ method: 'POST', url: v1('/create_stripe_session'), headers: b.headers, payload: { plan: 'Starter' } });
    expect([200, 503]).toContain(res.statusCode);
    const [after] = await t.db.db.select({ n: count() }).from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.accountId, aId));
    expect(after!.n).toBe(before!.n);
    if (res.statusCode === 200) {
      const [row] = await t.db.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, res.json().data.id));
      expect(row!.accountId).toBe(await accountIdOf(t, b));
    }
  },
  'POST /api/v1/approve_subscription': async (t, a, b) => {
    const id = await checkoutSessionOf(t, a);
    const aBefore = await planOf(t, a);
    const bBefore = await planOf(t, b);
    const res = await t.app.inject({ method: 'POST', url: v1('/approve_subscription'), headers: b.headers, payload: { session_id: id } });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ errors: ['Checkout session not found.'] });
    expect((await planOf(t, a)).tariffPlan).toBe(aBefore.tariffPlan);
    expect((await planOf(t, b)).tariffPlan).toBe(bBefore.tariffPlan);
    const [row] = await t.db.db.select().from(stripeCheckoutSessions).where(eq(stripeCheckoutSessions.id, id));
    expect(row!.status).toBe('open');
  },
};
