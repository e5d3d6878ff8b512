import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { readAuthCookie } from '@web/lib/auth-cookie';
import { fakeAdapter, type FakeHandler } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { SignInRoute } from '../routes/signin';
import { userFixture } from '@web/testing/user-fixture';

const user = userFixture({ onboarding_finished: false });

let original: typeof api.http.defaults.adapter;
let adapter: ReturnType<typeof fakeAdapter>;

function serve(handler: FakeHandler) {
  adapter = fakeAdapter(handler);
  api.http.defaults.adapter = adapter as AxiosAdapter;
}

beforeEach(() => {
  original = api.http.defaults.adapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const renderSignIn = (url = '/auth/signin') =>
  renderRoute(SignInRoute, { path: '/auth/signin', url, extra: [{ path: '/cabinet', Component: () => <p>Cabinet page</p> }] });

describe('Sign-in form', () => {
  it("shows the server's errors under a failed sign-in and stays on the page", async () => {
    serve((config) => {
      if (config.url === '/auth/providers') return { status: 200, data: { google: false } };
      return { status: 401, data: { errors: ['Invalid login credentials. Please try again.'] } };
    });
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByText('Cabinet page')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Google/ })).not.toBeInTheDocument();
  });

  it('validates with the shared schema before calling the server', async () => {
    serve(() => ({ status: 200, data: { google: false } }));
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is not a valid address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(adapter.calls.filter((c) => c.url === '/auth/sign_in')).toHaveLength(0);
  });

  it('stores the auth headers and goes to the cabinet on success; prefills ?email=', async () => {
    const headers = { 'access-token': 't', client: 'c', expiry: '1999999999', uid: 'ada@example.com' };
    serve((config) => {
      if (config.url === '/auth/providers') return { status: 200, data: { google: true } };
      return { status: 200, data: { data: user }, headers };
    });
    renderSignIn('/auth/signin?email=ada%40example.com');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(await screen.findByRole('link', { name: /Continue with Google/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/v1/auth/google_oauth2?origin='),
    );
    await userEvent.type(screen.getByLabelText('Password'), 'demo12345{Enter}');
    expect(await screen.findByText('Cabinet page')).toBeInTheDocument();
    expect(readAuthCookie()).toEqual(headers);
    const body = JSON.parse(String(adapter.calls.find((c) => c.url === '/auth/sign_in')!.data));
    expect(body).toEqual({ email: 'ada@example.com', password: 'demo12345' });
  });

  it('disables the button while the request is pending', async () => {
    let release!: () => void;
    serve(
      (config) =>
        config.url === '/auth/providers'
          ? { status: 200, data: { google: false } }
          : new Promise((resolve) => {
              release = () => resolve({ status: 401, data: { errors: ['Nope'] } });
            }),
    );
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'x{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  });
});
