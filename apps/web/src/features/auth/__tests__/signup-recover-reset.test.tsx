import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeHandler } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { RecoverRoute } from '../routes/recover';
import { ResetPasswordRoute } from '../routes/reset-password';
import { SignUpRoute } from '../routes/signup';
import { VerifyRoute } from '../routes/verify';

/* The light auth forms (lib/lite-form): the shared schema on submit, then on every change; the first field in error takes focus. */
let original: typeof api.http.defaults.adapter;
let adapter: ReturnType<typeof fakeAdapter>;
const serve = (handler: FakeHandler) => {
  adapter = fakeAdapter(handler);
  api.http.defaults.adapter = adapter as AxiosAdapter;
};
const sent = (url: string) => adapter.calls.filter((c) => c.url === url).map((c) => JSON.parse(String(c.data)) as unknown);

beforeEach(() => {
  original = api.http.defaults.adapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  serve((config) => {
    if (config.url === '/auth/providers') return { status: 200, data: { google: false } };
    if (config.url === '/auth') return { status: 200, data: { status: 'success', message: 'Check your email.' } };
    if (config.url === '/auth/password' && config.method === 'put') return { status: 422, data: { errors: ['Reset password token is invalid'] } };
    return { status: 200, data: { message: 'ok' } };
  });
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

describe('Sign-up form', () => {
  const renderSignUp = () =>
    renderRoute(SignUpRoute, { path: '/auth/signup', extra: [{ path: '/auth/verify', Component: () => <p>Verify page</p> }] });

  it('shows the schema messages, focuses the first field in error and sends nothing', async () => {
    renderSignUp();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm your password')).toBeInTheDocument();
    // An empty optional phone is not an error: it is not given.
    expect(screen.queryByText('Phone must be a valid phone number')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(sent('/auth')).toHaveLength(0);
  });

  it('re-validates on change after a failed submit, and focuses the field still in error', async () => {
    renderSignUp();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-9');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct-horse-8');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText("Password confirmation doesn't match Password")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Confirm password'), '{Backspace}9');
    await waitFor(() => expect(screen.queryByText("Password confirmation doesn't match Password")).not.toBeInTheDocument());
    expect(sent('/auth')).toHaveLength(0);
  });

  it('sends the account without an empty phone and goes on to verify with the email', async () => {
    renderSignUp();
    await userEvent.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-9');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct-horse-9{Enter}');
    expect(await screen.findByText('Verify page')).toBeInTheDocument();
    expect(sent('/auth')).toEqual([{ email: 'ada@example.com', password: 'correct-horse-9', password_confirmation: 'correct-horse-9' }]);
  });

  it('refuses a malformed phone and sends a well-formed one', async () => {
    renderSignUp();
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-9');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct-horse-9');
    await userEvent.type(screen.getByLabelText('Phone (optional)'), 'call me{Enter}');
    expect(await screen.findByText('Phone must be a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone (optional)')).toHaveFocus();
    await userEvent.clear(screen.getByLabelText('Phone (optional)'));
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '+1 415 555 0100{Enter}');
    expect(await screen.findByText('Verify page')).toBeInTheDocument();
    expect(sent('/auth')).toEqual([expect.objectContaining({ phone: '+1 415 555 0100' })]);
  });
});

describe('Recover form', () => {
  it('validates the email, then says a link was sent', async () => {
    renderRoute(RecoverRoute, { path: '/auth/recover' });
    await userEvent.type(screen.getByLabelText('Email'), 'nope{Enter}');
    expect(await screen.findByText('Email is not a valid address')).toBeInTheDocument();
    expect(sent('/auth/password')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com{Enter}');
    expect(await screen.findByText(/If an account exists for ada@example.com/)).toBeInTheDocument();
    expect(sent('/auth/password')).toEqual([{ email: 'ada@example.com', redirect_url: `${window.location.origin}/auth/reset-password` }]);
  });
});

describe('Reset-password form', () => {
  it('checks the confirmation, then sends the token and shows the server refusal', async () => {
    renderRoute(ResetPasswordRoute, { path: '/auth/reset-password', url: '/auth/reset-password?reset_password_token=t0k' });
    await userEvent.type(screen.getByLabelText('New password'), 'correct-horse-9');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct-horse-1{Enter}');
    expect(await screen.findByText(/doesn't match/)).toBeInTheDocument();
    expect(sent('/auth/password')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'correct-horse-9{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Reset password token is invalid');
    expect(sent('/auth/password')).toEqual([{ password: 'correct-horse-9', password_confirmation: 'correct-horse-9', reset_password_token: 't0k' }]);
  });
});

describe('Verify form: resend checks the email field alone', () => {
  it('asks for a valid email before resending, without flagging the empty code', async () => {
    renderRoute(VerifyRoute, { path: '/auth/verify' });
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Email is not a valid address')).toBeInTheDocument();
    expect(screen.queryByText('Code must be 6 digits')).not.toBeInTheDocument();
    expect(adapter.calls.filter((c) => c.url?.includes('code'))).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(screen.queryByText('Email is not a valid address')).not.toBeInTheDocument());
    await waitFor(() => expect(adapter.calls.filter((c) => c.url?.includes('code'))).toHaveLength(1));
  });
});
