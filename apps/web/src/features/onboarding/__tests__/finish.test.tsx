import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { userKeys } from '@web/lib/user';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { OnboardingStepRoute } from '../routes/step';

const user = (finished: boolean) => ({ id: 1, email: 'ada@example.com', name: 'Ada', onboarding_finished: finished });

let original: typeof api.http.defaults.adapter;
let reply: () => FakeReply;
let adapter: ReturnType<typeof fakeAdapter>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  adapter = fakeAdapter(() => reply());
  api.http.defaults.adapter = adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const renderLastStep = () =>
  renderRoute(OnboardingStepRoute, {
    path: '/cabinet/onboarding/notifications-list',
    extra: [{ path: '/cabinet', Component: () => <h1>Cabinet home</h1> }],
  });

describe('the last onboarding step', () => {
  it('finishes onboarding on the server, updates the user and opens the cabinet', async () => {
    reply = () => ({ status: 200, data: { data: user(true) } });
    const { queryClient } = renderLastStep();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { name: 'Cabinet home' })).toBeInTheDocument();
    expect(adapter.calls.map((c) => `${c.method?.toUpperCase()} ${c.url}`)).toEqual(['POST /finish_onboarding']);
    expect(queryClient.getQueryData(userKeys.info())).toMatchObject({ onboarding_finished: true });
  });

  it('stays on the step when the server refuses', async () => {
    reply = () => ({ status: 422, data: { errors: ['Something is missing'] } });
    renderLastStep();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('button', { name: 'Finish' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Cabinet home' })).not.toBeInTheDocument();
  });
});
