import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand, schedulingLink } from '@shared/brands';
import { PAID_CUSTOMER_SCHEDULING_LINK } from '@shared/constants';
import { availableFeatureLabels, PLAN_CATALOG, PRODUCT_FEATURES, type PaymentLinksResponse } from '@shared/schemas/payments';
import { AppToaster } from '@web/components/app-toaster';
import { api } from '@web/lib/api';
import { useUser } from '@web/lib/user';
import { useBrand, useBrandStore } from '@web/stores/brand';
import { fakeAdapter, type FakeHandler } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { CheckoutReturn, PlanBillingSection, UpgradeButton } from '../index';
import { userFixture } from '@web/testing/user-fixture';

const baseUser = userFixture();

const links = (paymentsEnabled = true, current = 'Trial', paidAt: string | null = null): PaymentLinksResponse => ({
  data: PLAN_CATALOG.map((p) => ({
    plan: p.name,
    name: p.name,
    price: { amount: p.price_usd_month, currency: 'USD', interval: 'month' },
    description: p.description,
    features: availableFeatureLabels(p.features),
    limits: p.limits,
    current: p.name === current,
    checkout: paymentsEnabled ? 'checkout' : 'contact',
    contact_url: paymentsEnabled ? null : getBrand(0).calendly_link,
  })),
  meta: { payments_enabled: paymentsEnabled, current_plan: current, plan_paid_at: paidAt, account_created_at: '2026-11-02T09:00:00Z' },
});

let original: typeof api.http.defaults.adapter;
let adapter: ReturnType<typeof fakeAdapter>;
function serve(handler: FakeHandler) {
  adapter = fakeAdapter(handler);
  api.http.defaults.adapter = adapter as AxiosAdapter;
}
beforeEach(() => {
  original = api.http.defaults.adapter;
  useBrandStore.setState({ brand: getBrand(0) });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

/** What the cabinet shows that depends on the plan: the Upgrade button and the scheduling link. */
function Cabinet() {
  const brand = useBrand();
  const { data: user } = useUser();
  return (
    <div>
      <AppToaster />
      <CheckoutReturn />
      <UpgradeButton />
      <PlanBillingSection />
      {user ? (
        <a href={schedulingLink(brand, user.tariff_plan)} data-testid="booking">
          Book a call
        </a>
      ) : null}
    </div>
  );
}

describe('Plan & billing card', () => {
  it('on the trial: since when, that nothing is charged, and what the plans start at', async () => {
    serve((config) => {
      if (config.url === '/user_info') return { status: 200, data: { data: baseUser } };
      if (config.url === '/payment_links') return { status: 200, data: links() };
      return { status: 404 };
    });
    renderRoute(PlanBillingSection, { path: '/cabinet/profile-edit' });
    expect(await screen.findByTestId('profile-plan')).toHaveTextContent('Trial');
    await waitFor(() =>
      expect(screen.getByTestId('plan-details')).toHaveTextContent(
        "Free trial since Nov 2, 2026: nothing is charged, with the Starter plan's limits (1 virtual employee, 500 prospects a month, 100 emails a day, 2 seats). Paid plans start at $99 a month.",
      ),
    );
  });

  it('on a paid plan: its price, when it was paid and its limits', async () => {
    serve((config) => {
      if (config.url === '/user_info') return { status: 200, data: { data: { ...baseUser, tariff_plan: 'Growth' } } };
      if (config.url === '/payment_links') return { status: 200, data: links(true, 'Growth', '2026-11-20T12:00:00Z') };
      return { status: 404 };
    });
    renderRoute(PlanBillingSection, { path: '/cabinet/profile-edit' });
    expect(await screen.findByTestId('profile-plan')).toHaveTextContent('Growth');
    expect(screen.getByText(/Your plan:/)).toHaveTextContent('Your plan: Growth · $299 a month');
    const details = screen.getByTestId('plan-details');
    await waitFor(() => expect(details).toHaveTextContent('Paid on Nov 20, 2026, billed monthly.'));
    // The plan's limits of the channels the product sends on (email and LinkedIn; Growth has no call minutes).
    expect(details).toHaveTextContent('Includes: 3 virtual employees · 2,500 prospects a month · 300 emails a day · 50 LinkedIn actions a day');
    expect(details).not.toHaveTextContent('call minutes');
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });
});

describe('Upgrade and Checkout', () => {
  it('lists the plans in a dialog and sends the browser to the Checkout URL of the chosen plan', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    serve((config) => {
      if (config.url === '/user_info') return { status: 200, data: { data: baseUser } };
      if (config.url === '/payment_links') return { status: 200, data: links() };
      if (config.url === '/create_stripe_session') return { status: 200, data: { data: { id: 'cs_test_1', url: 'https://checkout.stripe.test/c/pay/cs_test_1' } } };
      return { status: 404, data: { errors: ['not found'] } };
    });
    renderRoute(Cabinet, { path: '/cabinet' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Upgrade' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Plans & billing' });
    const growth = await within(dialog).findByRole('listitem', { name: 'Growth plan' });
    expect(growth).toHaveTextContent('$299');
    // Sells only what the product does: no feature (or its limit) that is not built yet.
    expect(growth).toHaveTextContent(PRODUCT_FEATURES.personas.label);
    for (const f of Object.values(PRODUCT_FEATURES).filter((x) => !x.available)) expect(dialog).not.toHaveTextContent(f.label);
    expect(growth).toHaveTextContent(PRODUCT_FEATURES.email_outreach.label);
    expect(growth).toHaveTextContent('300 emails a day');
    // LinkedIn outreach works (issue 14): sold with its limit on a brand that has LinkedIn on.
    expect(growth).toHaveTextContent(PRODUCT_FEATURES.linkedin_outreach.label);
    expect(growth).toHaveTextContent('50 LinkedIn actions a day');
    // Seats for the team (issue 29).
    expect(growth).toHaveTextContent('5 seats');
    expect(within(dialog).getByTestId('current-plan')).toHaveTextContent('Trial');
    await userEvent.click(within(growth).getByRole('button', { name: 'Choose Growth' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    const create = adapter.calls.find((c) => c.url === '/create_stripe_session')!;
    expect(JSON.parse(String(create.data))).toEqual({ plan: 'Growth' });
  });

  it("shows the server's error when Checkout cannot start, and offers a call when payments are not configured", async () => {
    let enabled = true;
    serve((config) => {
      if (config.url === '/user_info') return { status: 200, data: { data: baseUser } };
      if (config.url === '/payment_links') return { status: 200, data: links(enabled) };
      if (config.url === '/create_stripe_session') return { status: 502, data: { errors: ["Stripe refused the request: No such price: 'price_x'"] } };
      return { status: 404 };
    });
    const { queryClient } = renderRoute(Cabinet, { path: '/cabinet' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Upgrade' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose Scale' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("No such price: 'price_x'");

    // One message per state about how paying works, never two that disagree.
    expect(within(dialog).getByTestId('how-to-pay')).toHaveTextContent('Payment runs on Stripe; you come straight back here when it is done.');
    expect(within(dialog).queryByText(/not available here yet/)).not.toBeInTheDocument();

    enabled = false;
    await queryClient.invalidateQueries();
    const call = await within(dialog).findByRole('link', { name: 'Book a call for Starter' });
    expect(call).toHaveAttribute('href', getBrand(0).calendly_link);
    expect(within(dialog).queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('how-to-pay')).toHaveTextContent('Online payment is not available here yet: book a call and we will set up your plan.');
    expect(within(dialog).queryByText(/straight back/)).not.toBeInTheDocument();
  });

  it('back from Checkout: approves the session, toasts, hides Upgrade and switches the scheduling link', async () => {
    let plan = 'Trial';
    serve((config) => {
      if (config.url === '/user_info') return { status: 200, data: { data: { ...baseUser, tariff_plan: plan } } };
      if (config.url === '/approve_subscription') {
        plan = 'Growth';
        return { status: 200, data: { data: { tariff_plan: 'Growth', plan_paid_at: '2026-11-23T10:00:00Z', changed: true } } };
      }
      return { status: 404 };
    });
    const { router } = renderRoute(Cabinet, { path: '/cabinet', url: '/cabinet?checkout_session_id=cs_test_paid' });
    expect(await screen.findByText("You're on the Growth plan. Thank you!")).toBeInTheDocument();
    const approve = adapter.calls.filter((c) => c.url === '/approve_subscription');
    expect(approve).toHaveLength(1);
    expect(JSON.parse(String(approve[0]!.data))).toEqual({ session_id: 'cs_test_paid' });
    await waitFor(() => expect(screen.getByTestId('booking')).toHaveAttribute('href', PAID_CUSTOMER_SCHEDULING_LINK));
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-plan')).toHaveTextContent('Growth');
    expect(router.state.location.search).toBe('');
  });

  it('an unpaid session: the error toast, the plan and the link stay', async () => {
    serve((config) => {
      if (config.url === '/user_info') return { status: 200, data: { data: baseUser } };
      if (config.url === '/approve_subscription') return { status: 402, data: { errors: ['This checkout is not paid yet (status: open, payment: unpaid). Your plan is unchanged.'] } };
      return { status: 404 };
    });
    renderRoute(Cabinet, { path: '/cabinet', url: '/cabinet?checkout_session_id=cs_test_unpaid' });
    expect(await screen.findByText(/not paid yet/)).toBeInTheDocument();
    expect(screen.getByTestId('booking')).toHaveAttribute('href', getBrand(0).calendly_link);
    expect(screen.getAllByRole('button', { name: 'Upgrade' }).length).toBeGreaterThan(0);
  });

  it('no Upgrade button where the brand switches it off', async () => {
    useBrandStore.setState({ brand: getBrand(2) });
    serve((config) => (config.url === '/user_info' ? { status: 200, data: { data: baseUser } } : { status: 404 }));
    renderRoute(Cabinet, { path: '/cabinet' });
    expect(await screen.findByTestId('profile-plan')).toHaveTextContent('Trial');
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });
});
