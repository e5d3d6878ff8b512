import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { ChatRoute } from '../routes/chat';
import { InboxRoute } from '../routes/inbox';
import { detailFixture, fakeInboxServer, interactionFixture, personOfferingFixture, threadFixture } from './fake-inbox-server';

/** The Interactions tab of the inbox: the list with the interaction filters in the URL, its counts, an interaction opened with its panels. */

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeInboxServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeInboxServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const renderInbox = (url = '/cabinet/inbox?view=interactions') => renderRoute(InboxRoute, { path: '/cabinet/inbox', url, extra: [{ path: '/cabinet/chat/:id', Component: ChatRoute }] });
const lastFilters = () => {
  const last = server.adapter.calls.filter((c) => c.url === '/campaign_emails').at(-1)!;
  const f = (last.params as { filters?: string }).filters;
  return f ? (JSON.parse(f) as Record<string, unknown>) : {};
};

describe('Interactions view', () => {
  beforeEach(() => {
    server.db.interactions.push(
      interactionFixture(1, { kind: 'reply', direction: 'inbound', summary: 'Prospect 1 replied', snippet: 'Tell me more', thread: { id: 1, reply_status: 'interested', unread: true, starred: false } }),
      interactionFixture(2, { summary: 'Step 1 sent to Prospect 2' }),
      interactionFixture(3, { kind: 'bounce', direction: 'inbound', summary: 'Email to Prospect 3 bounced', detail: '5.1.1 unknown user' }),
    );
  });

  it('switches from the threads with a tab; lists interactions with their counts', async () => {
    server.db.threads.push(threadFixture(1));
    const user = userEvent.setup();
    const { router } = renderInbox('/cabinet/inbox?by_campaign=7');
    await within(await screen.findByRole('list', { name: 'Threads' })).findByRole('button', { name: /Prospect 1/ });
    await user.click(screen.getByRole('tab', { name: 'Interactions' }));
    const list = await screen.findByRole('list', { name: 'Interactions' });
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('interactions');
    // The shared filters stay: the campaign chosen in the threads applies here too.
    expect(lastFilters()).toEqual({ by_campaign: [7] });
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Reply: Prospect 1 replied', 'Email sent: Step 1 sent to Prospect 2', 'Bounce: Email to Prospect 3 bounced']);
    const counts = screen.getByRole('navigation', { name: 'Interaction counts' });
    expect(within(counts).getByText('All interactions').nextSibling).toHaveTextContent('3');
    expect(within(counts).getByRole('button', { name: /Bounce\s*1/ })).toBeInTheDocument();
    // LinkedIn and call kinds have no interactions: they are not listed as counts.
    expect(within(counts).queryByRole('button', { name: /LinkedIn/ })).not.toBeInTheDocument();
    expect(screen.getByText('Email 3 · LinkedIn 0 · Call 0')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Where the prospects stand' })).toHaveTextContent('In sequence3');
    await user.click(screen.getByRole('tab', { name: 'Threads' }));
    expect(await screen.findByRole('list', { name: 'Threads' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?by_campaign=7');
  });

  it('a count filters by that kind, kept in the URL; an empty result offers to clear', async () => {
    const user = userEvent.setup();
    const { router } = renderInbox();
    await screen.findByRole('list', { name: 'Interactions' });
    await user.click(within(screen.getByRole('navigation', { name: 'Interaction counts' })).getByRole('button', { name: /Bounce/ }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Interactions' })).getAllByRole('button')).toHaveLength(1));
    expect(new URLSearchParams(router.state.location.search).get('by_kinds')).toBe('bounce');
    expect(lastFilters()).toEqual({ by_kinds: ['bounce'] });
    expect(screen.getByRole('button', { name: /Bounce/, pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    expect(await screen.findByRole('heading', { name: 'No interaction matches these filters' })).toBeInTheDocument();
    expect(lastFilters()).toEqual({ by_kinds: ['bounce'], by_channels: ['linkedin'] });
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Interactions' })).getAllByRole('button')).toHaveLength(3));
    expect(router.state.location.search).toBe('?view=interactions');
  });

  it('opens an interaction: what happened, to whom, the conversation, and the side panels', async () => {
    server.db.details.set(501, detailFixture(501));
    server.db.personOffering.set(501, personOfferingFixture(501));
    const user = userEvent.setup();
    const { router } = renderInbox();
    await user.click(await within(await screen.findByRole('list', { name: 'Interactions' })).findByRole('button', { name: /Prospect 1 replied/ }));
    const pane = screen.getByRole('region', { name: 'Interaction' });
    expect(within(pane).getByRole('heading', { name: 'Prospect 1 replied' })).toBeInTheDocument();
    expect(pane).toHaveTextContent('Tell me more');
    expect(within(pane).getByRole('link', { name: 'Q4 outreach' })).toHaveAttribute('href', '/cabinet/campaigns/7');
    expect(within(pane).getByRole('link', { name: /Open the conversation/ })).toHaveAttribute('href', '/cabinet/inbox?thread=1');
    expect(new URLSearchParams(router.state.location.search).get('interaction')).toBe('1');
    await user.click(within(within(pane).getByRole('toolbar', { name: 'Details' })).getByRole('button', { name: 'Persona' }));
    const panel = await screen.findByRole('dialog', { name: /^Persona · Prospect 1/ });
    const figures = await within(panel).findByLabelText('Persona figures');
    await waitFor(() => expect(figures).toHaveTextContent('25%'));
    expect(server.adapter.calls.some((c) => c.url === '/campaign_emails/501/person_offering_info')).toBe(true);
  });

  it('moves with j/k and opens with Enter', async () => {
    const user = userEvent.setup();
    const { router } = renderInbox();
    await screen.findByRole('list', { name: 'Interactions' });
    await user.keyboard('jj{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('interaction')).toBe('3'));
    expect(screen.getByRole('heading', { name: 'Email to Prospect 3 bounced' })).toBeInTheDocument();
  });

  it('says what fills the list when there is nothing yet', async () => {
    server.db.interactions = [];
    renderInbox();
    expect(await screen.findByRole('heading', { name: 'No interactions yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to campaigns' })).toHaveAttribute('href', '/cabinet/campaigns');
  });
});
