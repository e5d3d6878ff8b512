import { act, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@shared/live/events';
import { INBOX_REFRESH_MS } from '@web/features/inbox/api/inbox';
import { fakeInboxServer, interactionFixture } from '@web/features/inbox/__tests__/fake-inbox-server';
import { InboxRoute } from '@web/features/inbox/routes/inbox';
import { api } from '@web/lib/api';
import { useLiveStore } from '@web/stores/live';
import { renderRoute } from '@web/testing/render';
import { createLiveConnector } from '../live-connector';

/** The inbox's Interactions tab on the live connection: the cable refreshes it; it polls only while the connection is down. */

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeInboxServer>;

beforeEach(() => {
  // Fake time (still moving on its own for the page): the test jumps past poll intervals at once.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  original = api.http.defaults.adapter;
  server = fakeInboxServer();
  server.db.interactions.push(interactionFixture(1, { summary: 'Step 1 sent to Prospect 1' }));
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  useLiveStore.getState().setStatus('off');
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const renderInteractions = () => renderRoute(InboxRoute, { path: '/cabinet/inbox', url: '/cabinet/inbox?view=interactions' });
const listAsked = () => server.calls('GET', '/campaign_emails').length;
const countsAsked = () => server.calls('GET', '/campaign_emails/interactions_stats').length;
const replyActivity: LiveEvent = {
  type: 'event',
  seq: 1,
  name: 'activity',
  data: { id: 90, verb: 'reply_received', channel: 'email', prospect_id: 1002, persona_id: 4, refs: { thread_id: 2, campaign_id: 7, campaign_email_id: 502 } },
  at: new Date().toISOString(),
};

describe('the Interactions tab on the live connection', () => {
  it('does not poll while live; an activity on the cable refreshes the list and its counts', async () => {
    useLiveStore.getState().setStatus('live');
    const { queryClient } = renderInteractions();
    const connector = createLiveConnector({ queryClient, requestNotificationPoll: vi.fn() });
    const list = await screen.findByRole('list', { name: 'Interactions' });
    expect(within(list).getByRole('button', { name: 'Email sent: Step 1 sent to Prospect 1' })).toBeInTheDocument();
    const counts = screen.getByRole('navigation', { name: 'Interaction counts' });
    await waitFor(() => expect(within(counts).getByText('All interactions').nextSibling).toHaveTextContent('1'));

    // Live: nothing is asked again, however long the tab stays open.
    const asked = [listAsked(), countsAsked()];
    await act(() => vi.advanceTimersByTimeAsync(INBOX_REFRESH_MS * 3));
    expect([listAsked(), countsAsked()]).toEqual(asked);

    // A reply comes home: its activity on the cable brings it into the list and the counts.
    server.db.interactions.unshift(interactionFixture(2, { kind: 'reply', direction: 'inbound', summary: 'Prospect 2 replied' }));
    act(() => connector.handleEvent(replyActivity));
    expect(await within(list).findByRole('button', { name: 'Reply: Prospect 2 replied' })).toBeInTheDocument();
    await waitFor(() => expect(within(counts).getByText('All interactions').nextSibling).toHaveTextContent('2'));
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Reply: Prospect 2 replied', 'Email sent: Step 1 sent to Prospect 1']);
    connector.dispose();
  });

  it(`refreshes every ${INBOX_REFRESH_MS / 1000} s while the connection is down`, async () => {
    useLiveStore.getState().setStatus('down');
    renderInteractions();
    const list = await screen.findByRole('list', { name: 'Interactions' });
    await waitFor(() => expect(countsAsked()).toBe(1));
    const asked = listAsked();
    server.db.interactions.unshift(interactionFixture(2, { kind: 'reply', direction: 'inbound', summary: 'Prospect 2 replied' }));
    await act(() => vi.advanceTimersByTimeAsync(INBOX_REFRESH_MS));
    expect(await within(list).findByRole('button', { name: 'Reply: Prospect 2 replied' })).toBeInTheDocument();
    expect(listAsked()).toBe(asked + 1);
    expect(countsAsked()).toBe(2);
  });
});
