import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AUTH_COOKIE_NAME } from '@shared/constants';
import { ERROR_MESSAGES } from '@shared/errors';
import type { User } from '@shared/schemas/auth';
import { api } from '@web/lib/api';
import { queryClient } from '@web/lib/query-client';
import { userKeys } from '@web/lib/user';
import { useAuthStore } from '@web/stores/auth';
import { useBrandStore } from '@web/stores/brand';
import { useErrorStore } from '@web/stores/error';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { guardLoader } from '../guard-loader';
import { AppProvider } from '../provider';
import { createRootRoute } from '../root-route';
import { userFixture } from '@web/testing/user-fixture';

const baseUser = userFixture({ name: 'Ada Lovelace' });

let holderId = 0;
let original: typeof api.http.defaults.adapter;

function signIn(user: Partial<User> = {}) {
  Cookies.set(AUTH_COOKIE_NAME, JSON.stringify({ 'access-token': 't', client: 'c', expiry: '1999999999', uid: 'ada@example.com' }), { path: '/' });
  useAuthStore.getState().sync();
  queryClient.setQueryData(userKeys.info(), { ...baseUser, ...user });
}

function renderApp(url: string, routes: RouteObject[] = createRootRoute()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  holderId = 0;
  document.title = '';
  original = api.http.defaults.adapter;
  api.http.defaults.adapter = fakeAdapter((config) => {
    if (config.url === '/api/headers') return { status: 200, data: { holder_id: holderId, holder_uid: `uid-${holderId}`, holder_name: 'x' } };
    if (config.url === '/auth/providers') return { status: 200, data: { google: false } };
    return { status: 404, data: { errors: ['Not found'] } };
  }) as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  queryClient.clear();
  useAuthStore.getState().clear();
  useErrorStore.getState().clearError();
  useBrandStore.getState().fallback();
});
afterEach(() => {
  api.http.defaults.adapter = original;
  queryClient.clear();
  vi.restoreAllMocks();
  document.head.querySelectorAll('script[data-head-script]').forEach((s) => s.remove());
});

const title = (t: string) => waitFor(() => expect(document.title).toBe(`${t} · Pipelane`), { timeout: 15000 });

describe('route titles (signed in, onboarding finished)', () => {
  it.each([
    ['/cabinet', 'Dashboard'],
    ['/cabinet/agents', 'Edit agents'],
    ['/cabinet/blacklist', 'Blacklist'],
    ['/cabinet/brand-awareness', 'Brand awareness'],
    ['/cabinet/chat/12', 'Conversation'],
    ['/cabinet/inbox', 'Inbox'],
    ['/cabinet/insights', 'Insights'],
    ['/cabinet/integrations', 'Integrations'],
    ['/cabinet/landing-page', 'Landing page'],
    ['/cabinet/my-products', 'My products'],
    ['/cabinet/notifications', 'Notifications'],
    ['/cabinet/pipeline', 'Pipeline'],
    ['/cabinet/profile-edit', 'Edit Profile'],
    ['/cabinet/profile-edit/password', 'Change password'],
    ['/business-information/followup', 'Follow Up'],
    ['/business-information/personas', 'Personas'],
    ['/business-information/messaging', 'Messaging'],
    ['/business-information/messaging/tone-voice', 'Tone of voice'],
    ['/business-information/messaging/call-to-action', 'Call to action'],
    ['/tracking', 'Website tracking'],
    ['/extension', 'Browser extension'],
    ['/auth/reset-password', 'Set a new password'],
  ])('%s → %s', async (url, expected) => {
    signIn();
    const router = renderApp(url);
    await title(expected);
    expect(router.state.location.pathname).toBe(url);
  });
});

describe('route titles (signed out)', () => {
  it.each([
    ['/auth/signin', 'Login'],
    ['/auth/signup', 'Create account'],
    ['/auth/verify', 'Verify your email'],
    ['/auth/recover', 'Recover Password'],
    ['/auth/reset-password', 'Set a new password'],
    ['/auth/omniauth', 'Signing in'],
    ['/', 'AI sales agents for outbound'],
    ['/extension', 'Browser extension'],
  ])('%s → %s', async (url, expected) => {
    renderApp(url);
    await title(expected);
  });

  it('/auth redirects to /auth/signin', async () => {
    const router = renderApp('/auth');
    await title('Login');
    expect(router.state.location.pathname).toBe('/auth/signin');
  });
});

describe('guards in the router', () => {
  it('sends a signed-out user from the cabinet to /auth/signin', async () => {
    const router = renderApp('/cabinet/inbox');
    await title('Login');
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a signed-in user with onboarding open to the Welcome page, then walks the steps', async () => {
    signIn({ onboarding_finished: false });
    const router = renderApp('/cabinet');
    await title('Welcome');
    expect(router.state.location.pathname).toBe('/cabinet/onboarding');
    await act(() => router.navigate('/cabinet/onboarding/your-website'));
    await title('Your website');
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toBeInTheDocument();
  });

  it('sends a finished user away from sign-in and onboarding to the cabinet', async () => {
    signIn();
    const router = renderApp('/auth/signin');
    await title('Dashboard');
    expect(router.state.location.pathname).toBe('/cabinet');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ada Lovelace');
    await act(() => router.navigate('/cabinet/onboarding/price'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet'));
  });

  it('treats a 401 from user_info as signed out', async () => {
    Cookies.set(AUTH_COOKIE_NAME, JSON.stringify({ 'access-token': 'old', client: 'c', expiry: '1', uid: 'u' }), { path: '/' });
    api.http.defaults.adapter = fakeAdapter((config) =>
      config.url === '/user_info' ? { status: 401, data: { errors: ['Expired'] } } : { status: 200, data: { google: false } },
    ) as AxiosAdapter;
    const router = renderApp('/auth/signin');
    await title('Login');
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(Cookies.get(AUTH_COOKIE_NAME)).toBeUndefined();
  });

  it('shows the error screen for an unknown middleware name', async () => {
    const routes = createRootRoute([
      { path: '/x', handle: { title: 'X' }, loader: guardLoader({ middleware: ['admin'] }), Component: () => <p>x</p> },
    ]);
    renderApp('/x', routes);
    expect(await screen.findByText(ERROR_MESSAGES.unknownMiddleware('admin'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops... Something went wrong');
    // Recorded in the store from an effect, which may run just after the first paint.
    await waitFor(() => expect(useErrorStore.getState().error).toEqual({ status: 500, message: ERROR_MESSAGES.unknownMiddleware('admin') }));
  });
});

describe('404s', () => {
  it("shows 'Page not found: <path>' for an unmatched URL, and Back to home clears it", async () => {
    const router = renderApp('/no-such-page');
    expect(await screen.findByTestId('error-status')).toHaveTextContent('404');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByText(ERROR_MESSAGES.noRouteMatch('/no-such-page'))).toBeInTheDocument();
    // The screen records the error in the store from an effect, which may run just after the first paint.
    await waitFor(() => expect(useErrorStore.getState().error?.status).toBe(404));
    await act(async () => screen.getByRole('button', { name: 'Back to home' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(useErrorStore.getState().error).toBeNull());
  });

  it("shows 'Page Not Found: <path>' when the chat id is not a positive integer", async () => {
    signIn();
    renderApp('/cabinet/chat/abc');
    expect(await screen.findByText(ERROR_MESSAGES.routeValidationFailed('/cabinet/chat/abc'))).toBeInTheDocument();
    expect(screen.getByTestId('error-status')).toHaveTextContent('404');
  });

  it('shows the 404 screen for the page of a feature the brand switches off, and the page where it is on', async () => {
    holderId = 5; // Prospecta: no integrations, no brand awareness
    useBrandStore.getState().applyHolder({ holder_id: 5, holder_uid: 'uid-5', holder_name: 'x' });
    signIn();
    renderApp('/cabinet/integrations');
    expect(await screen.findByText(ERROR_MESSAGES.noRouteMatch('/cabinet/integrations'))).toBeInTheDocument();
    expect(screen.getByTestId('error-status')).toHaveTextContent('404');
  });

  it('renders the chat for a positive integer id', async () => {
    signIn();
    const thread = { id: 12, prospect_email: 'ada@acme.test', reply_status: null, interested: false, stop_sending: false, subject: 'Re: hello', last_message_at: '2026-11-20T10:00:00Z', replied_at: null, unread: false, starred: false, user_email_id: 1, prospect: null, campaign: null, virtual_employee: null, last_message: null, created_at: '2026-11-20T10:00:00Z' };
    api.http.defaults.adapter = fakeAdapter((config) => {
      if (config.url === '/email_threads/12') return { status: 200, data: { data: thread } };
      if (config.url === '/email_thread_messages/12') return { status: 200, data: { data: [] } };
      if (config.url === '/api/headers') return { status: 200, data: { holder_id: holderId, holder_uid: `uid-${holderId}`, holder_name: 'x' } };
      return { status: 404, data: { errors: ['Not found'] } };
    }) as AxiosAdapter;
    renderApp('/cabinet/chat/12');
    expect(await screen.findByRole('heading', { name: 'Re: hello', level: 1 })).toBeInTheDocument();
  });

  it('shows the 404 screen for a chat id the API does not know in this account', async () => {
    signIn();
    renderApp('/cabinet/chat/13');
    expect(await screen.findByTestId('error-status')).toHaveTextContent('404');
    expect(screen.getByText(ERROR_MESSAGES.noRouteMatch('/cabinet/chat/13'))).toBeInTheDocument();
  });
});

describe('brand in the shell', () => {
  it('hides what the brand switches off in the cabinet navigation', async () => {
    holderId = 5; // Prospecta: no integrations, no brand awareness, no upgrade button
    signIn();
    renderApp('/cabinet');
    await waitFor(() => expect(document.title).toBe('Dashboard · Prospecta'));
    const nav = screen.getAllByRole('navigation', { name: 'Cabinet' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Brand awareness' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
  });

  it('adds the chat widget only for the brand that has one, with its website id', async () => {
    holderId = 6;
    renderApp('/auth/signin');
    await waitFor(() => expect(document.title).toBe('Login · Replyhive'));
    await waitFor(() => expect(document.querySelector('script[data-chat-widget="true"]')).not.toBeNull());
    expect(window.CRISP_WEBSITE_ID).toBe('c3a1f7e2-6b0d-4f5e-9a8c-2d4e6f8a0b1c');
    expect(Cookies.get('holder')).toBe('uid-6');
    expect(document.querySelector('link[data-brand-favicon="big"]')).toHaveAttribute('href', '/brands/6/favicon.svg');
    expect(document.querySelector('meta[property="og:image"]')).toHaveAttribute('content', expect.stringContaining('/brands/6/share.svg'));
    expect(screen.getAllByText('Replyhive').length).toBeGreaterThan(0);
  });

  it('falls back to brand 0 when /api/headers fails, and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    api.http.defaults.adapter = fakeAdapter(() => ({ status: 500, data: { errors: ['down'] } })) as AxiosAdapter;
    renderApp('/auth/signin');
    await waitFor(() => expect(error).toHaveBeenCalledWith(ERROR_MESSAGES.holderHeadersFailed, expect.anything()));
    expect(useBrandStore.getState().status).toBe('fallback');
    await waitFor(() => expect(document.title).toBe('Login · Pipelane'));
  });
});
