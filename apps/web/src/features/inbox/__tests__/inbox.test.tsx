import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { useErrorStore } from '@web/stores/error';
import { renderRoute } from '@web/testing/render';
import { ChatRoute } from '../routes/chat';
import { InboxRoute } from '../routes/inbox';
import { fakeInboxServer, messageFixture, threadFixture } from './fake-inbox-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeInboxServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeInboxServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  useErrorStore.getState().clearError();
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const renderInbox = (url = '/cabinet/inbox') => renderRoute(InboxRoute, { path: '/cabinet/inbox', url, extra: [{ path: '/cabinet/chat/:id', Component: ChatRoute }] });
const list = () => screen.getByRole('list', { name: 'Threads' });
const conversation = () => screen.getByRole('region', { name: 'Conversation' });
const sentFilters = () => {
  const last = server.calls('GET', '/email_threads').at(-1)!;
  const f = (last.params as { filters?: string }).filters;
  return f ? (JSON.parse(f) as Record<string, unknown>) : {};
};

describe('Inbox list and filters', () => {
  it('lists threads with prospect, company, subject, snippet, status and unread; counts per status', async () => {
    server.db.threads.push(threadFixture(1), threadFixture(2, { reply_status: 'not_interested', interested: false, unread: false, starred: true }));
    renderInbox();
    const row = await within(await screen.findByRole('list', { name: 'Threads' })).findByRole('button', { name: /Prospect 1: Re: Idea 1 \(unread\)/ });
    expect(row).toHaveTextContent('Company 1');
    expect(row).toHaveTextContent('Snippet of thread 1');
    expect(row).toHaveTextContent('Interested');
    const other = within(list()).getByRole('button', { name: 'Prospect 2: Re: Idea 2' });
    expect(within(other).getByLabelText('Starred')).toBeInTheDocument();
    const counts = screen.getByRole('navigation', { name: 'Reply status counts' });
    await waitFor(() => expect(within(counts).getByLabelText('1 unread')).toBeInTheDocument());
    expect(within(counts).getByRole('button', { name: /Not interested\s*1/ })).toBeInTheDocument();
  });

  it('keeps filters in the URL and sends them to the API; clear filters brings all back', async () => {
    server.db.threads.push(threadFixture(1), threadFixture(2, { reply_status: 'not_interested', unread: false }));
    const { router } = renderInbox();
    await within(await screen.findByRole('list', { name: 'Threads' })).findByRole('button', { name: /Prospect 2/ });
    await userEvent.click(screen.getByRole('checkbox', { name: /Unread only/ }));
    await waitFor(() => expect(within(list()).queryByRole('button', { name: /Prospect 2/ })).not.toBeInTheDocument());
    expect(router.state.location.search).toContain('by_unread=1');
    expect(sentFilters()).toEqual({ by_unread: true });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'nobody{enter}');
    expect(await screen.findByRole('heading', { name: 'No thread matches these filters' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('by_search_query')).toBe('nobody');
    expect(sentFilters()).toEqual({ by_unread: true, by_search_query: 'nobody' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await within(list()).findByRole('button', { name: /Prospect 2/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('reads filters from the URL on load (a shared link), including the status counts filter', async () => {
    server.db.threads.push(threadFixture(1), threadFixture(2, { reply_status: 'meeting_request' }));
    renderInbox('/cabinet/inbox?by_reply_status=meeting_request&by_campaign=7&date_from=2026-11-01');
    await within(await screen.findByRole('list', { name: 'Threads' })).findByRole('button', { name: /Prospect 2/ });
    expect(within(list()).queryByRole('button', { name: /Prospect 1/ })).not.toBeInTheDocument();
    expect(sentFilters()).toEqual({ by_reply_status: 'meeting_request', by_campaign: [7], by_date: { from: '2026-11-01' } });
    expect(screen.getByRole('button', { name: /Meeting request/, pressed: true })).toBeInTheDocument();
  });

  it('says to connect a mailbox when there is none, and to start a campaign when none has sent', async () => {
    server.db.mailboxes = [];
    const first = renderInbox();
    expect(await screen.findByRole('heading', { name: 'Connect a mailbox first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a mailbox' })).toHaveAttribute('href', '/cabinet/mailboxes');
    first.unmount();
    server.db.mailboxes = [{ id: 1, email: 'me@ours.com' }];
    server.db.campaigns = [{ id: 7, name: 'Draft', status: 'draft' }];
    renderInbox();
    expect(await screen.findByRole('link', { name: 'Start a campaign' })).toHaveAttribute('href', '/cabinet/campaigns');
  });

  it('shows a load error with Try again', async () => {
    server.db.failList = { status: 500, data: { errors: ['boom'] } };
    renderInbox();
    expect(await screen.findByText('Could not load your threads.')).toBeInTheDocument();
    server.db.failList = null;
    server.db.threads.push(threadFixture(1));
    await userEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await within(await screen.findByRole('list', { name: 'Threads' })).findByRole('button', { name: /Prospect 1/ })).toBeInTheDocument();
  });
});

describe('Thread view', () => {
  it('opens a thread in the pane with every message in order, marks it read, and stops the sequence after confirming', async () => {
    server.db.threads.push(threadFixture(1));
    server.db.messages.push(
      messageFixture(2, 1, { text: 'Thanks, tell me more.' }),
      messageFixture(1, 1, { direction: 'outbound', kind: 'own', from: 'me@ours.com', from_name: 'Me', text: 'Hello there', source: 'campaign' }),
      messageFixture(3, 1, { kind: 'auto_reply', text: 'I am away until Monday.' }),
      messageFixture(4, 1, { from: 'boss@acme.com', from_name: 'Boss', from_colleague: true, text: 'Looping in.' }),
      messageFixture(5, 1, { direction: 'outbound', kind: 'own', from: 'me@ours.com', from_name: 'Me', text: 'Happy to tell you more.', source: 'agent' }),
    );
    const { router } = renderInbox();
    await userEvent.click(await within(await screen.findByRole('list', { name: 'Threads' })).findByRole('button', { name: /Prospect 1/ }));
    expect(router.state.location.search).toBe('?thread=1');
    const messages = await within(conversation()).findByRole('list', { name: 'Messages' });
    const items = within(messages).getAllByRole('article');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual(['Sent by Me', 'Received from Prospect 1', 'Received from Prospect 1', 'Received from Boss', 'Sent by Me']);
    // Sender, time and channel on each message.
    expect(items[0]).toHaveTextContent('Sent by email');
    expect(items[1]).toHaveTextContent('Received by email');
    expect(within(items[1]!).getByText((_, el) => el?.tagName === 'TIME')).toHaveAttribute('datetime', items[1] && server.db.messages.find((m) => m.id === 2)!.sent_at);
    expect(items[2]).toHaveTextContent('Auto-reply');
    expect(items[3]).toHaveTextContent('Colleague');
    // The agent's automatic answer (auto_reply) says so; the user's own answers do not.
    expect(items[4]).toHaveTextContent('Auto-answer by the agent');
    expect(items[0]).not.toHaveTextContent('Auto-answer');
    await waitFor(() => expect(server.db.threads[0]!.unread).toBe(false));
    expect(server.sent(server.calls('PUT', '/email_threads/1')[0]!)).toEqual({ unread: false });

    await userEvent.click(within(conversation()).getByRole('button', { name: 'Star' }));
    await waitFor(() => expect(server.db.threads[0]!.starred).toBe(true));
    await userEvent.selectOptions(within(conversation()).getByRole('combobox', { name: 'Reply status' }), 'meeting_request');
    await waitFor(() => expect(server.db.threads[0]!.reply_status).toBe('meeting_request'));

    await userEvent.click(within(conversation()).getByRole('button', { name: 'Stop sequence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the sequence?' });
    expect(server.calls('PUT', '/email_threads/1/mark_stop_sending')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop sequence' }));
    expect(await within(conversation()).findByText('Sequence stopped')).toBeInTheDocument();
    expect(server.db.threads[0]!.stop_sending).toBe(true);
  });

  it('blocks remote images in a sandboxed frame until the user allows them', async () => {
    server.db.threads.push(threadFixture(1));
    server.db.messages.push(messageFixture(1, 1, { html: '<p>Hello</p><img src="https://tracker.example/pixel.gif" alt=""><img src="data:image/png;base64,AAAA">' }));
    renderInbox('/cabinet/inbox?thread=1');
    const frame = (await within(conversation()).findByTitle(/Message:/)) as HTMLIFrameElement;
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Hello');
    expect(frame.getAttribute('srcdoc')).not.toContain('src="https://tracker.example/pixel.gif"');
    expect(frame.getAttribute('srcdoc')).toContain('data:image/png;base64,AAAA');
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Show images' }));
    expect(frame.getAttribute('srcdoc')).toContain('src="https://tracker.example/pixel.gif"');
    expect(within(conversation()).queryByRole('button', { name: 'Show images' })).not.toBeInTheDocument();
  });

  it('folds quoted history in text and HTML behind "Show quoted text"', async () => {
    server.db.threads.push(threadFixture(1));
    server.db.messages.push(
      messageFixture(1, 1, { text: 'Yes, Tuesday works.\n\nOn Mon, 17 Nov 2026 at 10:00, Me <me@ours.com> wrote:\n> Would Tuesday suit you?\n> Best' }),
      messageFixture(2, 1, { html: '<div>Sure thing</div><div class="gmail_quote">On Monday you wrote: <blockquote>Old secret text</blockquote></div>' }),
    );
    renderInbox('/cabinet/inbox?thread=1');
    const messages = await within(conversation()).findByRole('list', { name: 'Messages' });
    expect(messages).toHaveTextContent('Yes, Tuesday works.');
    expect(messages).not.toHaveTextContent('Would Tuesday suit you?');
    const toggles = within(messages).getAllByRole('button', { name: 'Show quoted text' });
    expect(toggles).toHaveLength(2);
    await userEvent.click(toggles[0]!);
    expect(messages).toHaveTextContent('Would Tuesday suit you?');
    const frame = within(messages).getByTitle(/Message:/);
    expect(frame.getAttribute('srcdoc')).toContain('Sure thing');
    expect(frame.getAttribute('srcdoc')).not.toContain('Old secret text');
    await userEvent.click(within(messages).getByRole('button', { name: 'Show quoted text' }));
    expect(frame.getAttribute('srcdoc')).toContain('Old secret text');
  });

  it('drafts with AI into the box, sends, and the answer appears in the thread', async () => {
    server.db.threads.push(threadFixture(1));
    server.db.messages.push(messageFixture(1, 1, { text: 'Can we see a demo?' }));
    renderInbox('/cabinet/inbox?thread=1');
    await within(conversation()).findByRole('list', { name: 'Messages' });
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Draft with AI' }));
    const box = within(conversation()).getByRole('textbox', { name: 'Reply' });
    await waitFor(() => expect(box).toHaveValue('Hi Ann,\n\nHappy to show you a demo on Tuesday.'));
    expect(server.calls('POST', '/email_threads/1/send_reply')).toHaveLength(0);
    await userEvent.type(box, ' See you!');
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Send' }));
    expect(await within(conversation()).findByRole('article', { name: 'Sent by Me' })).toHaveTextContent('Happy to show you a demo on Tuesday. See you!');
    expect(server.sent(server.calls('POST', '/email_threads/1/send_reply')[0]!)).toEqual({ body: 'Hi Ann,\n\nHappy to show you a demo on Tuesday. See you!' });
    expect(box).toHaveValue('');
    expect(within(conversation()).getByRole('status')).toHaveTextContent('Sent.');
  });

  it('runs the claims check before sending: shows the unsupported sentences and why, sends only on "Send anyway"', async () => {
    server.db.threads.push(threadFixture(1));
    server.db.messages.push(messageFixture(1, 1, { text: 'Can we see a demo?' }));
    server.db.claims = [{ text: 'Cuts overtime by 20% on average' }];
    renderInbox('/cabinet/inbox?thread=1');
    await within(conversation()).findByRole('list', { name: 'Messages' });
    const box = within(conversation()).getByRole('textbox', { name: 'Reply' });
    await userEvent.type(box, 'Happy to. Initech Systems cut overtime by 45% with us.');
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Send' }));
    const flags = await within(conversation()).findByRole('list', { name: 'Unsupported claims' });
    expect(flags).toHaveTextContent('Initech Systems cut overtime by 45% with us.');
    expect(flags).toHaveTextContent('45% is not among the approved claims');
    expect(server.calls('POST', '/email_threads/1/send_reply')).toHaveLength(0);
    expect(server.sent(server.calls('POST', '/claims_check')[0]!)).toEqual({ body: 'Happy to. Initech Systems cut overtime by 45% with us.', email_thread_id: 1 });

    // Edited to what the claims support: checked again and sent at once.
    await userEvent.clear(box);
    await userEvent.type(box, 'Happy to. It cuts overtime by 20% on average.');
    expect(within(conversation()).queryByRole('list', { name: 'Unsupported claims' })).not.toBeInTheDocument();
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.calls('POST', '/email_threads/1/send_reply')).toHaveLength(1));

    // Flagged again, the user may still send it as written.
    await userEvent.type(box, 'We saved Globex Corp 300 hours.');
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Send' }));
    await within(conversation()).findByRole('list', { name: 'Unsupported claims' });
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(server.calls('POST', '/email_threads/1/send_reply')).toHaveLength(2));
  });

  it('shows the refusal when the AI will not draft, and a send error clearly', async () => {
    server.db.threads.push(threadFixture(1, { reply_status: 'unsubscribe' }));
    server.db.draft = { status: 422, data: { errors: ['No draft for an unsubscribe request'] } };
    renderInbox('/cabinet/inbox?thread=1');
    await within(conversation()).findByRole('list', { name: 'Messages' });
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Draft with AI' }));
    expect(await within(conversation()).findByText('No draft for an unsubscribe request')).toBeInTheDocument();
    expect(within(conversation()).getByRole('textbox', { name: 'Reply' })).toHaveValue('');
  });
});

describe('Keyboard', () => {
  it('moves with j/k and arrows, opens with Enter, e marks done and moves on, r focuses the reply, ? shows help', async () => {
    server.db.threads.push(threadFixture(1), threadFixture(2), threadFixture(3));
    const { router } = renderInbox();
    await within(await screen.findByRole('list', { name: 'Threads' })).findByRole('button', { name: /Prospect 3/ });
    const activeRow = () => list().querySelector('button.ring-2')?.getAttribute('data-thread-id');
    expect(activeRow()).toBe('1');
    await userEvent.keyboard('j');
    expect(activeRow()).toBe('2');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeRow()).toBe('3');
    await userEvent.keyboard('k');
    expect(activeRow()).toBe('2');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?thread=2'));
    await within(conversation()).findByRole('list', { name: 'Messages' });
    await userEvent.keyboard('r');
    expect(within(conversation()).getByRole('textbox', { name: 'Reply' })).toHaveFocus();
    // Typing in the box is typing: j goes into the text, the cursor stays.
    await userEvent.keyboard('j');
    expect(within(conversation()).getByRole('textbox', { name: 'Reply' })).toHaveValue('j');
    expect(router.state.location.search).toBe('?thread=2');
    await userEvent.click(within(conversation()).getByRole('button', { name: 'Mark unread' }));
    await waitFor(() => expect(server.db.threads[1]!.unread).toBe(true));
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('e');
    await waitFor(() => expect(router.state.location.search).toBe('?thread=3'));
    expect(server.db.threads[1]!.unread).toBe(false);
    await userEvent.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveTextContent('Open the thread');
  });
});

describe('Chat page', () => {
  it('shows the conversation full screen', async () => {
    server.db.threads.push(threadFixture(5));
    server.db.messages.push(messageFixture(1, 5, { text: 'Hello from five' }));
    renderRoute(ChatRoute, { path: '/cabinet/chat/:id', url: '/cabinet/chat/5' });
    expect(await screen.findByRole('heading', { name: 'Re: Idea 5', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Received from Prospect 5' })).toHaveTextContent('Hello from five');
    expect(useErrorStore.getState().error).toBeNull();
  });

  it('raises the 404 screen for an unknown or other account id', async () => {
    renderRoute(ChatRoute, { path: '/cabinet/chat/:id', url: '/cabinet/chat/404' });
    await waitFor(() => expect(useErrorStore.getState().error).toEqual({ status: 404, message: expect.stringContaining('Page not found') }));
  });
});
