import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { readAuthCookie } from '@web/lib/auth-cookie';
import { fakeAdapter, type FakeHandler } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { OmniauthRoute } from '../routes/omniauth';
import { VerifyRoute } from '../routes/verify';

const user = { id: 1, email: 'g@example.com', onboarding_finished: false };
let original: typeof api.http.defaults.adapter;
let adapter: ReturnType<typeof fakeAdapter>;
const serve = (handler: FakeHandler) => {
  adapter = fakeAdapter(handler);
  api.http.defaults.adapter = adapter as AxiosAdapter;
};

beforeEach(() => {
  original = api.http.defaults.adapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const omniUrl = '/auth/omniauth?auth_token=tok&client_id=cli&uid=g%40example.com&expiry=1999999999';
const cabinet = [{ path: '/cabinet', Component: () => <p>Cabinet page</p> }];

describe('/auth/omniauth', () => {
  it('checks the tokens with user_info before storing them, then goes to the cabinet', async () => {
    serve(() => ({ status: 200, data: { data: user } }));
    renderRoute(OmniauthRoute, { path: '/auth/omniauth', url: omniUrl, extra: cabinet });
    expect(await screen.findByText('Cabinet page')).toBeInTheDocument();
    const sent = adapter.calls[0]!;
    expect(sent.url).toBe('/user_info');
    expect(sent.headers.get('access-token')).toBe('tok');
    expect(sent.headers.get('client')).toBe('cli');
    expect(sent.headers.get('uid')).toBe('g@example.com');
    expect(readAuthCookie()).toEqual({ 'access-token': 'tok', client: 'cli', uid: 'g@example.com', expiry: '1999999999' });
  });

  it('stores nothing and shows an error when the tokens are refused', async () => {
    serve(() => ({ status: 401, data: { errors: ['Invalid token'] } }));
    renderRoute(OmniauthRoute, { path: '/auth/omniauth', url: omniUrl, extra: cabinet });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid token');
    expect(readAuthCookie()).toBeNull();
    expect(screen.queryByText('Cabinet page')).not.toBeInTheDocument();
  });

  it('shows an error when the tokens are missing', async () => {
    serve(() => ({ status: 200, data: { data: user } }));
    renderRoute(OmniauthRoute, { path: '/auth/omniauth', url: '/auth/omniauth?uid=x' });
    expect(await screen.findByRole('alert')).toHaveTextContent('missing its tokens');
    expect(adapter.calls).toHaveLength(0);
  });
});

describe('/auth/verify', () => {
  it('verifies the code and goes to sign-in with the email', async () => {
    serve(() => ({ status: 200, data: { data: user } }));
    const { router } = renderRoute(VerifyRoute, {
      path: '/auth/verify',
      url: '/auth/verify?email=g%40example.com',
      extra: [{ path: '/auth/signin', Component: () => <p>Sign-in page</p> }],
    });
    await userEvent.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=g%40example.com&verified=1');
    expect(JSON.parse(String(adapter.calls[0]!.data))).toEqual({ email: 'g@example.com', code: '123456' });
  });

  it("shows the server's error for a wrong code", async () => {
    serve(() => ({ status: 422, data: { errors: ['The code is wrong or has expired'] } }));
    renderRoute(VerifyRoute, { path: '/auth/verify', url: '/auth/verify?email=g%40example.com' });
    await userEvent.type(screen.getByLabelText('Verification code'), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or has expired');
  });

  it('resends the code, then waits 30 s before allowing another', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ue = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    serve(() => ({ status: 200, data: { success: true, message: 'sent' } }));
    renderRoute(VerifyRoute, { path: '/auth/verify', url: '/auth/verify?email=g%40example.com' });
    const resend = screen.getByRole('button', { name: 'Resend code' });
    await ue.click(resend);
    await waitFor(() => expect(resend).toBeDisabled());
    expect(adapter.calls[0]!.url).toBe('/send_sms_code');
    expect(screen.getByText(/You can ask again in 30 s/)).toBeInTheDocument();
    for (let i = 0; i < 31; i += 1) await act(async () => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(resend).toBeEnabled());
  });
});
