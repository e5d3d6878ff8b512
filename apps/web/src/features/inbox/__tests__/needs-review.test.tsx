import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { useErrorStore } from '@web/stores/error';
import { renderRoute } from '@web/testing/render';
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

const renderInbox = (url = '/cabinet/inbox') => renderRoute(InboxRoute, { path: '/cabinet/inbox', url });
const list = () => screen.getByRole('list', { name: 'Threads' });
const sentFilters = () => {
  const f = (server.calls('GET', '/email_threads').at(-1)!.params as { filters?: string }).filters;
  return f ? (JSON.parse(f) as Record<string, unknown>) : {};
};

describe('Needs your review', () => {
  it('shows the badge in the list, filters by it (counted), and the thread view explains and lets the user decide', async () => {
    server.db.threads.push(threadFixture(1, { reply_status: 'other', interested: false, needs_review: true }), threadFixture(2));
    server.db.messages.push(messageFixture(11, 1, { text: 'Hm. Forwarding this to our ops lead.', needs_review: true }));
    const { router } = renderInbox();
    const row = await within(await screen.findByRole('list', { name: 'Threads' })).findByRole('button', { name: /Prospect 1: Re: Idea 1 \(unread\) \(needs your review\)/ });
    expect(row).toHaveTextContent('Needs your review');
    expect(within(list()).getByRole('button', { name: /Prospect 2/ })).not.toHaveTextContent('Needs your review');

    const filter = await screen.findByRole('checkbox', { name: /Needs your review/ });
    await waitFor(() => expect(filter.closest('label')).toHaveTextContent('1'));
    await userEvent.click(filter);
    await waitFor(() => expect(within(list()).queryByRole('button', { name: /Prospect 2/ })).not.toBeInTheDocument());
    expect(router.state.location.search).toContain('by_needs_review=1');
    expect(sentFilters()).toEqual({ by_needs_review: true });

    await userEvent.click(within(list()).getByRole('button', { name: /Prospect 1/ }));
    const notice = await screen.findByRole('status', { name: '' });
    expect(notice).toHaveTextContent(/Needs your review\. The classifier was unsure/);
    expect(notice).toHaveTextContent('nothing more is sent to p1@acme.com');
    // Setting a status decides it: the API clears the mark, the view follows.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Reply status' }), 'out_of_office');
    await waitFor(() => expect(screen.queryByText(/The classifier was unsure/)).not.toBeInTheDocument());
    const put = server.calls('PUT', '/email_threads/1').at(-1)!;
    expect(server.sent(put)).toEqual({ reply_status: 'out_of_office' });
  });

  it('"Keep" confirms the unsure status as the user\'s decision', async () => {
    server.db.threads.push(threadFixture(3, { reply_status: 'other', interested: false, needs_review: true }));
    renderInbox('/cabinet/inbox?thread=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Keep Other' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Keep Other' })).not.toBeInTheDocument());
    expect(server.sent(server.calls('PUT', '/email_threads/3').at(-1)!)).toEqual({ reply_status: 'other' });
  });
});

describe('Label accuracy', () => {
  it('opens from the inbox header by keyboard, lists per label "corrected N of M (x %)" with the most common correction, and closes with Escape', async () => {
    server.db.corrections = [
      { label: 'interested', given: 20, corrected: 2, corrected_to: [{ label: 'meeting_request', count: 2 }] },
      { label: 'other', given: 8, corrected: 4, corrected_to: [{ label: 'not_now', count: 3 }, { label: 'interested', count: 1 }] },
      { label: 'bounce', given: 0, corrected: 0, corrected_to: [] },
    ];
    renderInbox();
    const open = await screen.findByRole('button', { name: 'Label accuracy' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Label accuracy' });
    const interested = await within(dialog).findByRole('row', { name: /Interested/ });
    expect(interested).toHaveTextContent('corrected 2 of 20 (10 %)');
    expect(interested).toHaveTextContent('Meeting request (2)');
    expect(within(dialog).getByRole('row', { name: /Other/ })).toHaveTextContent('corrected 4 of 8 (50 %)');
    expect(within(dialog).getByRole('row', { name: /Other/ })).toHaveTextContent('Not now (3)');
    expect(within(dialog).queryByRole('row', { name: /Bounce/ })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it('says so when nothing was labelled yet', async () => {
    renderInbox();
    await userEvent.click(await screen.findByRole('button', { name: 'Label accuracy' }));
    expect(await within(await screen.findByRole('dialog')).findByText(/No reply has been labelled yet/)).toBeInTheDocument();
  });

  it('shows a load error with Try again', async () => {
    server.db.corrections = { status: 500, data: { errors: ['Internal Server Error'] } };
    renderInbox();
    await userEvent.click(await screen.findByRole('button', { name: 'Label accuracy' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});
