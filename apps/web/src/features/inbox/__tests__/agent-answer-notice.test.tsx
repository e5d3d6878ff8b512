import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@web/components/app-toaster';
import { api } from '@web/lib/api';
import { useErrorStore } from '@web/stores/error';
import { renderRoute } from '@web/testing/render';
import { ChatRoute } from '../routes/chat';
import { fakeInboxServer, messageFixture, threadFixture } from './fake-inbox-server';

/**
 * The agent's automatic answer under a reply (auto_reply): when it goes, "Don't send" while it waits, and why it
 * did not go. The clock is fixed (Date and the notice's interval are faked; the libraries' timeouts still run).
 */

const NOW = new Date('2026-11-26T14:12:00Z');
const DUE = new Date('2026-11-26T14:20:00Z');

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeInboxServer>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  original = api.http.defaults.adapter;
  server = fakeInboxServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  useErrorStore.getState().clearError();
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Page() {
  return (
    <>
      <ChatRoute />
      <AppToaster />
    </>
  );
}

const renderChat = () => renderRoute(Page, { path: '/cabinet/chat/:id', url: '/cabinet/chat/1' });
const notice = () => screen.findByRole('status', { name: "The agent's answer" });
const at = (d: Date) => `at ${d.toLocaleTimeString(undefined, { timeStyle: 'short' })}`;

function withReply(answer: NonNullable<ReturnType<typeof messageFixture>['agent_answer']>) {
  server.db.threads.push(threadFixture(1));
  server.db.messages.push(
    messageFixture(1, 1, { direction: 'outbound', kind: 'own', from: 'me@ours.com', from_name: 'Me', text: 'Hello there', source: 'campaign' }),
    messageFixture(2, 1, { text: 'Thanks, tell me more.', agent_answer: answer }),
  );
}

describe("The agent's waiting answer", () => {
  it('says when the agent answers and stops it from the keyboard; the notice says so and a toast confirms', async () => {
    withReply({ state: 'scheduled', due_at: DUE.toISOString(), reason: null });
    renderChat();
    const box = await notice();
    expect(box).toHaveTextContent(`The agent will answer ${at(DUE)} (your working hours), in 8 minutes`);
    // Under the reply it answers, not under our message.
    expect(box.closest('li')).toHaveTextContent('Thanks, tell me more.');

    const button = within(box).getByRole('button', { name: "Don't send" });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveTextContent("Not sent: you stopped the agent's answer"));
    expect(server.calls('POST', '/replies/2/skip_agent_answer')).toHaveLength(1);
    expect(within(box).queryByRole('button')).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(await screen.findByText("The agent's answer will not be sent")).toBeInTheDocument();
  });

  it('keeps the relative time right while the thread stays open', async () => {
    withReply({ state: 'scheduled', due_at: DUE.toISOString(), reason: null });
    renderChat();
    const box = await notice();
    expect(box).toHaveTextContent('in 8 minutes');
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(box).toHaveTextContent('in 3 minutes');
    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(box).toHaveTextContent(`The agent is about to answer (it was due ${at(DUE)})`);
  });

  it('names the day when the answer waits for another day of working hours', async () => {
    const monday = new Date('2026-11-30T08:00:00Z');
    withReply({ state: 'scheduled', due_at: monday.toISOString(), reason: null });
    renderChat();
    const day = monday.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
    expect(await notice()).toHaveTextContent(`The agent will answer on ${day} (your working hours), in 4 days`);
  });

  it('disables the button while the request is on its way', async () => {
    withReply({ state: 'scheduled', due_at: DUE.toISOString(), reason: null });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = server.adapter;
    api.http.defaults.adapter = (async (config) => {
      if (config.url?.endsWith('/skip_agent_answer')) await gate;
      return (handler as AxiosAdapter)(config);
    }) as AxiosAdapter;
    renderChat();
    const button = within(await notice()).getByRole('button', { name: "Don't send" });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    release();
    await waitFor(async () => expect(await notice()).toHaveTextContent("Not sent: you stopped the agent's answer"));
  });

  it('tells why it could not stop an answer that is already going, and shows what happened', async () => {
    withReply({ state: 'scheduled', due_at: DUE.toISOString(), reason: null });
    server.db.failSkip = { status: 409, data: { errors: ["The agent's answer is being sent right now: it can no longer be stopped"] } };
    renderChat();
    const box = await notice();
    // Meanwhile the agent claimed it: the refetch after the refusal shows it sending.
    server.db.messages[1]!.agent_answer = { state: 'sending', due_at: DUE.toISOString(), reason: null };
    await userEvent.click(within(box).getByRole('button', { name: "Don't send" }));
    expect(await screen.findByText("Could not stop the agent's answer")).toBeInTheDocument();
    expect(screen.getByText("The agent's answer is being sent right now: it can no longer be stopped")).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveTextContent('The agent is sending its answer now'));
  });

  it.each([
    [{ state: 'failed' as const, reason: 'Mailbox unavailable: no such user' }, "The agent's answer could not be sent: Mailbox unavailable: no such user"],
    [{ state: 'uncertain' as const, reason: 'Interrupted while sending' }, "The agent's answer may or may not have gone out: Interrupted while sending"],
    [{ state: 'skipped' as const, reason: 'Answered by hand first' }, 'Not sent: Answered by hand first'],
  ])('shows the %o answer with its reason and no button', async (answer, text) => {
    withReply({ ...answer, due_at: DUE.toISOString() });
    renderChat();
    const box = await notice();
    expect(box).toHaveTextContent(text);
    expect(within(box).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing under replies the agent does not answer, nor for a sent answer (the answer itself shows)', async () => {
    withReply({ state: 'sent', due_at: DUE.toISOString(), reason: null });
    renderChat();
    expect(await screen.findByText('Thanks, tell me more.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: "The agent's answer" })).not.toBeInTheDocument();
  });
});
