import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { getBrand } from '@shared/brands';
import { AUTH_COOKIE_NAME, PAID_CUSTOMER_SCHEDULING_LINK } from '@shared/constants';
import type { User } from '@shared/schemas/auth';
import { api } from '@web/lib/api';
import { queryClient } from '@web/lib/query-client';
import { userKeys } from '@web/lib/user';
import { useAuthStore } from '@web/stores/auth';
import { useBrandStore } from '@web/stores/brand';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { AppProvider } from '../provider';
import { createRootRoute } from '../root-route';
import { userFixture } from '@web/testing/user-fixture';

/** The whole cabinet shell: Stripe's success_url lands on /cabinet?checkout_session_id=…. */
const user = userFixture({ name: 'Ada Lovelace' });

let plan: User['tariff_plan'] = 'Trial';
let original: typeof api.http.defaults.adapter;
let adapter: ReturnType<typeof fakeAdapter>;

beforeEach(() => {
  plan = 'Trial';
  original = api.http.defaults.adapter;
  adapter = fakeAdapter((config) => {
    if (config.url === '/api/headers') return { status: 200, data: { holder_id: 0, holder_uid: 'uid-0', holder_name: 'x' } };
    if (config.url === '/user_info') return { status: 200, data: { data: { ...user, tariff_plan: plan } } };
    if (config.url === '/approve_subscription') {
      plan = 'Scale';
      return { status: 200, data: { data: { tariff_plan: 'Scale', plan_paid_at: '2026-11-23T10:00:00Z', changed: true } } };
    }
    return { status: 404, data: { errors: ['Not found'] } };
  });
  api.http.defaults.adapter = adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  queryClient.clear();
  Cookies.set(AUTH_COOKIE_NAME, JSON.stringify({ 'access-token': 't', client: 'c', expiry: '1999999999', uid: 'ada@example.com' }), { path: '/' });
  useAuthStore.getState().sync();
  queryClient.setQueryData(userKeys.info(), user);
  useBrandStore.getState().fallback();
});
afterEach(() => {
  api.http.defaults.adapter = original;
  queryClient.clear();
  useAuthStore.getState().clear();
  vi.restoreAllMocks();
});

describe('back from Checkout in the cabinet', () => {
  it('approves the session once, toasts, hides Upgrade and switches the help menu scheduling link', async () => {
    const router = createMemoryRouter(createRootRoute(), { initialEntries: ['/cabinet?checkout_session_id=cs_test_shell'] });
    render(
      <QueryClientProvider client={queryClient}>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("You're on the Scale plan. Thank you!")).toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url === '/approve_subscription')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByTestId('scheduling-link')).toHaveAttribute('href', PAID_CUSTOMER_SCHEDULING_LINK);
    expect(PAID_CUSTOMER_SCHEDULING_LINK).not.toBe(getBrand(0).calendly_link);
  });
});
