import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AUTH_COOKIE_NAME } from '@shared/constants';
import { api } from '@web/lib/api';
import { queryClient } from '@web/lib/query-client';
import { userKeys } from '@web/lib/user';
import { useAuthStore } from '@web/stores/auth';
import { useBrandStore } from '@web/stores/brand';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { userFixture } from '@web/testing/user-fixture';
import { AppProvider } from '../provider';
import { createRootRoute } from '../root-route';

const user = userFixture({ name: 'Ada Lovelace' });
let original: typeof api.http.defaults.adapter;

beforeEach(() => {
  original = api.http.defaults.adapter;
  api.http.defaults.adapter = fakeAdapter((config) => {
    if (config.url === '/user_info') return { status: 200, data: { data: user } };
    if (config.url === '/persons') return { status: 200, data: { data: [], meta: { page: 1, per_page: 100, total: 0 } } };
    if (config.url === '/prospects/search') return { status: 200, data: { data: [], meta: { page: 1, per_page: 50, total: 0 } } };
    return { status: 404, data: { errors: ['Not found'] } };
  }) as AxiosAdapter;
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

describe('the business-information menu (small screens)', () => {
  it('names the current page, lists every topnav link, and follows the one picked', async () => {
    const router = createMemoryRouter(createRootRoute(), { initialEntries: ['/business-information/prospects'] });
    render(
      <QueryClientProvider client={queryClient}>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </QueryClientProvider>,
    );
    const trigger = await screen.findByRole('button', { name: 'Menu, Prospects' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Personas', 'Prospects', 'Messaging', 'Follow up', 'Tracking', 'Extension', 'Dashboard']);
    expect(within(menu).getByRole('menuitem', { name: 'Prospects' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Personas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/business-information/personas'));
    expect(await screen.findByRole('button', { name: 'Menu, Personas' })).toBeInTheDocument();
  });
});
