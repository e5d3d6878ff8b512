import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PIPELINE_STATUSES } from '@shared/schemas/pipeline';
import { AppToaster } from '@web/components/app-toaster';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { PipelineRoute } from '../routes/pipeline';
import { cardFixture, fakePipelineServer, ME } from './fake-pipeline-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakePipelineServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakePipelineServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

function Page() {
  return (
    <>
      <PipelineRoute />
      <AppToaster />
    </>
  );
}

const renderPipeline = (url = '/cabinet/pipeline') =>
  renderRoute(Page, { path: '/cabinet/pipeline', url, extra: [{ path: '/cabinet/chat/:id', Component: () => <h1>Conversation</h1> }] });
const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}$`) });
const cardsIn = (name: string) => within(column(name)).queryAllByRole('article');
const moved = () => server.calls('PUT', '/campaign_emails/pipeline_prospects/1').map((c) => server.sent(c));

/**
 * jsdom lays nothing out; dnd-kit measures. Columns stand side by side, 300 px apart, and a card sits
 * near the top of its column; the dragged card's overlay (outside the columns) starts where its card is,
 * so the keyboard sensor has rects to move between.
 */
function layOutColumns() {
  const columnIndex = (col: Element | null) => (col ? PIPELINE_STATUSES.indexOf(col.getAttribute('data-pipeline-column') as never) : -1);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const col = this.closest('[data-pipeline-column]');
    let index = columnIndex(col);
    if (index >= 0 && this === col) return new DOMRect(index * 300, 0, 280, 800);
    if (index < 0) {
      const name = (this.querySelector('article') ?? this.closest('article'))?.getAttribute('aria-label');
      const original = name ? [...document.querySelectorAll('[data-pipeline-column] article')].find((a) => a.getAttribute('aria-label') === name) : undefined;
      index = columnIndex(original?.closest('[data-pipeline-column]') ?? null);
    }
    return index >= 0 ? new DOMRect(index * 300 + 10, 60, 260, 120) : new DOMRect(0, 0, 0, 0);
  });
}

describe('the pipeline board', () => {
  it('shows one column per stage with its count, and cards with prospect, company, last message, its age and who moved it', async () => {
    server.db.cards.push(
      cardFixture(1, 'interested', { prospect: { id: 11, name: 'Dana Lee', email: 'dana@globex.test', title: 'CFO', company: 'Globex' } }),
      cardFixture(2, 'interested'),
      cardFixture(3, 'won', {
        recent_moves: [{ id: 31, from: 'proposal', to: 'won', actor: { type: 'user', id: ME, name: 'Alex Morgan' }, source: 'board', reason: null, at: new Date(Date.now() - 2 * 3_600_000).toISOString(), undone: false }],
      }),
      cardFixture(4, 'meeting_booked', { last_message: { snippet: 'Tuesday works, invite sent', direction: 'outbound', sent_at: new Date(Date.now() - 3 * 86_400_000).toISOString() } }),
    );
    renderPipeline();
    const dana = await within(await screen.findByRole('region', { name: 'Interested' })).findByRole('article', { name: 'Dana Lee' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['New reply', 'Interested', 'Meeting booked', 'Proposal', 'Won', 'Not now', 'Lost']);
    await waitFor(() => expect(within(column('Interested')).getByLabelText('2 cards')).toBeInTheDocument());
    expect(within(column('Won')).getByLabelText('1 card')).toBeInTheDocument();
    expect(within(column('Lost')).getByLabelText('0 cards')).toBeInTheDocument();
    expect(dana).toHaveTextContent('Globex · CFO');
    expect(dana).toHaveTextContent('Snippet of 1');
    expect(dana).toHaveTextContent('2 hours ago');
    expect(dana).toHaveTextContent('Opened in Interested by the agent 2 hours ago · Replied with interest');
    expect(within(column('Won')).getByRole('article')).toHaveTextContent('Moved to Won by you 2 hours ago');
    expect(within(column('Meeting booked')).getByRole('article')).toHaveTextContent('You: Tuesday works, invite sent');
    expect(within(column('Meeting booked')).getByRole('article')).toHaveTextContent('3 days ago');
  });

  it('moves a card with the keyboard: its handle, Space, an arrow to the next column, Space; the count follows and a toast offers Undo', async () => {
    server.db.cards.push(cardFixture(1, 'interested'), cardFixture(2, 'meeting_booked'));
    layOutColumns();
    renderPipeline();
    const handle = await within(await screen.findByRole('region', { name: 'Interested' })).findByRole('button', { name: 'Drag Prospect 1' });
    handle.focus();
    await userEvent.keyboard(' ');
    // Picked up: the handle is pressed, and it is over its own column.
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    await screen.findByText(/Prospect 1 is over Interested|Picked up Prospect 1, in Interested/);
    await userEvent.keyboard('{ArrowRight}');
    await screen.findByText(/Prospect 1 is over Meeting booked/);
    await userEvent.keyboard(' ');
    await waitFor(() => expect(moved()).toEqual([{ pipeline_status: 'meeting_booked' }]));
    await waitFor(() => expect(cardsIn('Meeting booked').map((a) => a.getAttribute('aria-label'))).toEqual(['Prospect 1', 'Prospect 2']));
    expect(cardsIn('Interested')).toHaveLength(0);
    await waitFor(() => expect(within(column('Meeting booked')).getByLabelText('2 cards')).toBeInTheDocument());
    // Undo from the toast takes exactly this move back.
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.calls('POST', '/campaign_emails/pipeline_prospects/1/undo').map((c) => server.sent(c))).toEqual([{ move_id: server.db.cards[0]!.recent_moves[1]!.id }]));
    await waitFor(() => expect(cardsIn('Interested').map((a) => a.getAttribute('aria-label'))).toEqual(['Prospect 1']));
    expect(await screen.findByText('Prospect 1 is back in Interested')).toBeInTheDocument();
  });

  it('Escape cancels a keyboard drag: nothing is sent', async () => {
    server.db.cards.push(cardFixture(1, 'interested'));
    layOutColumns();
    renderPipeline();
    const handle = await within(await screen.findByRole('region', { name: 'Interested' })).findByRole('button', { name: 'Drag Prospect 1' });
    handle.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.keyboard('{ArrowRight}{Escape}');
    await screen.findByText(/Moving Prospect 1 was cancelled/);
    expect(moved()).toEqual([]);
    expect(cardsIn('Interested')).toHaveLength(1);
  });

  it('moves a card through its “Move to…” menu by keyboard, and undoes the last move from the same menu', async () => {
    server.db.cards.push(cardFixture(1, 'new_reply'));
    renderPipeline();
    const menu = await within(await screen.findByRole('region', { name: 'New reply' })).findByRole('button', { name: 'Move Prospect 1 to…' });
    menu.focus();
    await userEvent.keyboard('{Enter}');
    const items = await screen.findByRole('menu');
    expect(within(items).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Interested', 'Meeting booked', 'Proposal', 'Won', 'Not now', 'Lost', 'Deal value and close date…']);
    await userEvent.click(within(items).getByRole('menuitem', { name: 'Proposal' }));
    await waitFor(() => expect(cardsIn('Proposal')).toHaveLength(1));
    expect(moved()).toEqual([{ pipeline_status: 'proposal' }]);
    await userEvent.click(within(column('Proposal')).getByRole('button', { name: 'Move Prospect 1 to…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Undo: Moved to Proposal by you/ }));
    await waitFor(() => expect(cardsIn('New reply')).toHaveLength(1));
  });

  it('puts a deal value and an expected close date on a card from its menu, checks the amount first, and clears them again', async () => {
    server.db.cards.push(cardFixture(1, 'proposal'));
    renderPipeline();
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Proposal' })).findByRole('button', { name: 'Move Prospect 1 to…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deal value and close date…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deal with Prospect 1' });
    await userEvent.type(within(dialog).getByLabelText('Deal value'), 'a lot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save deal' }));
    expect(within(dialog).getByText('Enter an amount such as 12500 or 12,500.50')).toBeInTheDocument();
    const deals = () => server.calls('PUT', '/campaign_emails/pipeline_prospects/1/deal').map((c) => server.sent(c));
    expect(deals()).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText('Deal value'));
    await userEvent.type(within(dialog).getByLabelText('Deal value'), '12,500.50');
    await userEvent.type(within(dialog).getByLabelText('Expected close date'), '2027-02-28');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save deal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deals()).toEqual([{ deal_value: 12500.5, expected_close_on: '2027-02-28' }]);
    const card = within(column('Proposal')).getByRole('article', { name: 'Prospect 1' });
    expect(await within(card).findByText(/^Deal 12,500\.5 · closes (28 Feb|Feb 28,) 2027$/)).toBeInTheDocument();
    // Emptied, both are cleared.
    await userEvent.click(within(card).getByRole('button', { name: 'Move Prospect 1 to…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deal value and close date…' }));
    const again = await screen.findByRole('dialog', { name: 'Deal with Prospect 1' });
    expect(within(again).getByLabelText('Deal value')).toHaveValue('12500.5');
    await userEvent.clear(within(again).getByLabelText('Deal value'));
    await userEvent.clear(within(again).getByLabelText('Expected close date'));
    await userEvent.click(within(again).getByRole('button', { name: 'Save deal' }));
    await waitFor(() => expect(deals()).toHaveLength(2));
    expect(deals()[1]).toEqual({ deal_value: null, expected_close_on: null });
    await waitFor(() => expect(within(card).queryByText(/^Deal /)).not.toBeInTheDocument());
  });

  it('puts a refused move back and says why', async () => {
    server.db.cards.push(cardFixture(1, 'interested'));
    renderPipeline();
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Interested' })).findByRole('button', { name: 'Move Prospect 1 to…' }));
    server.db.refuseMove = { status: 422, data: { errors: ['Pipeline status must be one of …'] } };
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Won' }));
    expect(await screen.findByText('Could not move Prospect 1')).toBeInTheDocument();
    expect(screen.getByText('Pipeline status must be one of …')).toBeInTheDocument();
    expect(cardsIn('Interested')).toHaveLength(1);
    expect(cardsIn('Won')).toHaveLength(0);
  });

  it('opens the conversation when the card is clicked', async () => {
    server.db.cards.push(cardFixture(1, 'interested'));
    const { router } = renderPipeline();
    await userEvent.click(await screen.findByRole('link', { name: 'Prospect 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/chat/501'));
  });

  it('loads a long column page by page', async () => {
    for (let i = 1; i <= 23; i++) server.db.cards.push(cardFixture(i, 'lost'));
    renderPipeline();
    await within(await screen.findByRole('region', { name: 'Lost' })).findByRole('article', { name: 'Prospect 1' });
    expect(cardsIn('Lost')).toHaveLength(20);
    await userEvent.click(within(column('Lost')).getByRole('button', { name: 'Load 3 more' }));
    await waitFor(() => expect(cardsIn('Lost')).toHaveLength(23));
    expect(within(column('Lost')).queryByRole('button', { name: /Load/ })).not.toBeInTheDocument();
  });

  it('explains where prospects come from when the pipeline is empty', async () => {
    renderPipeline();
    expect(await screen.findByRole('heading', { name: 'Your pipeline is empty' })).toBeInTheDocument();
    expect(screen.getByText(/Prospects arrive here when they reply/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the inbox' })).toHaveAttribute('href', '/cabinet/inbox');
  });

  it('says when the pipeline could not load, and tries again', async () => {
    server.db.fail = { status: 500, data: { errors: ['Internal Server Error'] } };
    renderPipeline();
    expect(await screen.findByText('Could not load the pipeline.')).toBeInTheDocument();
    server.db.fail = null;
    server.db.cards.push(cardFixture(1, 'interested'));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('region', { name: 'Interested' })).findByRole('article', { name: 'Prospect 1' })).toBeInTheDocument();
  });
});

describe('the pipeline as a list', () => {
  it('lists every card with its stage, filters by stage (kept in the URL) and moves from the menu', async () => {
    server.db.cards.push(cardFixture(1, 'interested'), cardFixture(2, 'won'), cardFixture(3, 'lost'));
    const { router } = renderPipeline('/cabinet/pipeline?view=list');
    const list = await screen.findByRole('list', { name: 'Pipeline cards' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(within(list).getByRole('article', { name: 'Prospect 2' })).toHaveTextContent('Won');
    const stages = screen.getByRole('navigation', { name: 'Stages' });
    expect(within(stages).getByRole('button', { name: /All\s*3/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(stages).getByRole('button', { name: /Won\s*1/ }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Pipeline cards' })).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Prospect 2']));
    expect(router.state.location.search).toContain('stage=won');
    await userEvent.click(within(stages).getByRole('button', { name: /All/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Move Prospect 1 to…' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Meeting booked' }));
    await waitFor(() => expect(server.calls('PUT', '/campaign_emails/pipeline_prospects/1').map((c) => server.sent(c))).toEqual([{ pipeline_status: 'meeting_booked' }]));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Prospect 1' })).toHaveTextContent('Meeting booked'));
  });

  it('switches between board and list with the toggle', async () => {
    server.db.cards.push(cardFixture(1, 'interested'));
    const { router } = renderPipeline();
    await screen.findByRole('region', { name: 'Pipeline board' });
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(await screen.findByRole('list', { name: 'Pipeline cards' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=list');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Board' }));
    expect(await screen.findByRole('region', { name: 'Pipeline board' })).toBeInTheDocument();
  });
});
