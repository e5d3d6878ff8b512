import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from '@web/components/error-screen';
import { api } from '@web/lib/api';
import { installClassMerge } from '@web/lib/utils';
import { useAuthStore } from '@web/stores/auth';
import { useBrandStore } from '@web/stores/brand';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { AppProvider } from '../provider';
import { createRootRoute } from '../root-route';

/*
 * The light auth pages paint without the data layer (no query client above them here, as in the
 * app) and without tailwind-merge: every class list they build must already be free of conflicts,
 * so merging would change nothing. A conflicting class added to any of them fails this test.
 */
let conflicts: string[] = [];
let original: typeof api.http.defaults.adapter;

beforeEach(() => {
  conflicts = [];
  installClassMerge((classes) => {
    if (twMerge(classes) !== classes) conflicts.push(classes);
    return classes;
  });
  original = api.http.defaults.adapter;
  api.http.defaults.adapter = fakeAdapter((config) => {
    if (config.url === '/api/headers') return { status: 200, data: { holder_id: 0, holder_uid: 'uid-0', holder_name: 'x' } };
    if (config.url === '/auth/providers') return { status: 200, data: { google: true } };
    return { status: 422, data: { errors: ['The server refused this.'] } };
  }) as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  useAuthStore.getState().clear();
  useBrandStore.getState().fallback();
});
afterEach(() => {
  installClassMerge(twMerge);
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

function renderApp(url: string) {
  const router = createMemoryRouter(createRootRoute(), { initialEntries: [url] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const pages = [
  { url: '/auth/signin', heading: 'Sign in', submit: 'Sign in', google: true },
  { url: '/auth/signup', heading: 'Create your account', submit: /Create account/, google: true },
  { url: '/auth/recover', heading: 'Recover your password', submit: 'Send reset link', google: false },
  { url: '/auth/reset-password?reset_password_token=t0k', heading: 'Set a new password', submit: 'Set new password', google: false },
  { url: '/auth/verify?email=ada%40example.com', heading: /Verify|Confirm/, submit: /Verify|Confirm/, google: false },
];

describe('the light auth pages', () => {
  for (const page of pages) {
    it(`${page.url} renders and submits with no query client and no class conflicts`, async () => {
      renderApp(page.url);
      expect(await screen.findByRole('heading', { name: page.heading })).toBeInTheDocument();
      if (page.google) expect(await screen.findByRole('link', { name: /Continue with Google/ })).toBeInTheDocument();
      // Submitting empty shows the schema's field errors; a valid-looking submit shows the server's.
      await userEvent.click(screen.getByRole('button', { name: page.submit }));
      for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('form input'))) {
        if (input.readOnly || input.disabled || input.type === 'hidden') continue;
        await userEvent.clear(input);
        const type = input.getAttribute('type');
        const name = input.getAttribute('name') ?? '';
        await userEvent.type(input, type === 'email' || name === 'email' ? 'ada@example.com' : name === 'code' ? '123456' : name === 'phone' ? '+14155550100' : 'correct-horse-9');
      }
      await userEvent.click(screen.getByRole('button', { name: page.submit }));
      expect(await screen.findByRole('alert')).toBeInTheDocument();
      expect(conflicts).toEqual([]);
    });
  }

  it('the error screen (shown before any data layer) has no class conflicts', () => {
    act(() => {
      render(<ErrorScreen status={404} message="Nothing here" onBackHome={() => {}} onClearError={() => {}} />);
    });
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(conflicts).toEqual([]);
  });
});
