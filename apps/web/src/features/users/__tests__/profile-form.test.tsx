import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeHandler } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { userFixture } from '@web/testing/user-fixture';
import { ProfileFormRoute } from '../routes/profile-form';

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

describe('Profile form: changing the sign-in email', () => {
  it('asks for the current password only when the email changes, and says the email stays until the link is followed', async () => {
    const user = userFixture();
    serve((config) => {
      if (config.url === '/user_info') return { status: 200, data: { data: user } };
      if (config.url === '/users' && config.method === 'put') {
        const body = JSON.parse(String(config.data)) as { email: string };
        return { status: 200, data: { data: { ...user, unconfirmed_email: body.email } } };
      }
      return { status: 404, data: { errors: ['Not found'] } };
    });
    renderRoute(ProfileFormRoute);
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await userEvent.clear(email);
    await userEvent.type(email, 'ada.new@example.com');
    await userEvent.type(await screen.findByLabelText('Current password'), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(/We sent a confirmation link to/)).toHaveTextContent(
      'We sent a confirmation link to ada.new@example.com; your email stays ada@example.com until you confirm.',
    );
    const put = adapter.calls.find((c) => c.url === '/users' && c.method === 'put')!;
    expect(JSON.parse(String(put.data))).toMatchObject({ email: 'ada.new@example.com', current_password: 'my-password-1' });
    // The field shows the email in force again (the form resets on the render after the answer); no password is asked for.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com'));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('sends no password when only the name changes', async () => {
    const user = userFixture();
    serve((config) => {
      if (config.url === '/user_info') return { status: 200, data: { data: user } };
      if (config.url === '/users') return { status: 200, data: { data: { ...user, name: 'Ada L.' } } };
      return { status: 404, data: { errors: ['Not found'] } };
    });
    renderRoute(ProfileFormRoute);
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada L.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const put = adapter.calls.find((c) => c.url === '/users')!;
    expect(JSON.parse(String(put.data))).not.toHaveProperty('current_password');
  });
});
