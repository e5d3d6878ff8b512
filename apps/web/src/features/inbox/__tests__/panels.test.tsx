import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { ChatRoute } from '../routes/chat';
import { InboxRoute } from '../routes/inbox';
import type { Interaction } from '@shared/schemas/interactions';
import { activityFixture, detailFixture, fakeInboxServer, interactionFixture, messageFixture, personOfferingFixture, threadFixture } from './fake-inbox-server';

/**
 * The right side panels of spec §2 opened from a conversation (the inbox pane and the full-screen chat):
 * activity thread info, agent activity by prospect, call message details, insight persona info. Each is
 * loaded when opened (its own chunk), reads its own endpoint, and has loading, empty and error states.
 */

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeInboxServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeInboxServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // Thread 1: its campaign email 501, its prospect 1001.
  server.db.threads.push(threadFixture(1));
  server.db.messages.push(messageFixture(11, 1, { direction: 'outbound', kind: 'own', from: 'me@ours.com', source: 'campaign', campaign_email_id: 501 }), messageFixture(12, 1, { campaign_email_id: 501 }));
  server.db.details.set(501, detailFixture(501));
  server.db.personOffering.set(501, personOfferingFixture(501));
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const renderThread = () => renderRoute(InboxRoute, { path: '/cabinet/inbox', url: '/cabinet/inbox?thread=1', extra: [{ path: '/cabinet/chat/:id', Component: ChatRoute }] });
const details = async () => screen.findByRole('toolbar', { name: 'Details' });
const openPanel = async (name: string) => {
  const user = userEvent.setup();
  await user.click(within(await details()).getByRole('button', { name }));
  return { user, panel: await screen.findByRole('dialog', { name: new RegExp(`^${name}`) }) };
};
const callsTo = (url: string) => server.adapter.calls.filter((c) => c.url === url);

describe('Side panels of a conversation', () => {
  it('thread info: the prospect, the campaign, how far the sequence got, and its timeline', async () => {
    server.db.interactions.push(
      interactionFixture(1, { kind: 'reply', direction: 'inbound', summary: 'Prospect 1 replied', snippet: 'Send me the pricing', prospect: { id: 1001, name: 'Prospect 1', email: 'p1@acme.com', company: null, title: null } }),
      interactionFixture(2, { summary: 'Step 1 sent to Prospect 1', prospect: { id: 1001, name: 'Prospect 1', email: 'p1@acme.com', company: null, title: null } }),
      interactionFixture(3, { summary: 'Someone else', prospect: { id: 1003, name: 'Prospect 3', email: 'p3@acme.com', company: null, title: null } }),
    );
    renderThread();
    // Nothing is fetched for the panels until one opens.
    await details();
    expect(callsTo('/campaign_emails/501')).toHaveLength(0);
    const { user, panel } = await openPanel('Thread info');
    expect(panel).toHaveAccessibleName('Thread info · Prospect 1');
    expect(await within(panel).findByText('Step 1 of 3 reached')).toBeInTheDocument();
    const campaign = within(panel).getByRole('region', { name: 'Campaign' });
    expect(within(campaign).getByRole('link', { name: 'Q4 outreach' })).toHaveAttribute('href', '/cabinet/campaigns/7');
    expect(campaign).toHaveTextContent('Ada Agent, SDR');
    expect(within(panel).getByRole('region', { name: 'Prospect' })).toHaveTextContent('p1@acme.com');
    // Where the enrolment ended up, and the conversation's reply status.
    expect(within(within(panel).getByRole('region', { name: 'Sequence progress' })).getAllByText('Interested')).toHaveLength(2);
    expect(within(panel).getByRole('progressbar', { name: 'Steps sent' })).toHaveAttribute('aria-valuenow', '1');
    const steps = within(panel).getAllByRole('listitem').filter((li) => li.closest('ol')?.getAttribute('aria-label') === 'Steps');
    expect(steps.map((li) => li.textContent)).toEqual([expect.stringMatching(/^Step 1 · Email.*Sent /), expect.stringMatching(/Step 2 · Email · 3 days after.*Cancelled: The prospect replied/), expect.stringMatching(/Step 3 · Email.*Not written yet/)]);
    expect(within(panel).getByText('The prospect replied', { selector: 'dd' })).toBeInTheDocument();
    const timeline = await within(panel).findByRole('list', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Reply: Prospect 1 replied', 'Email sent: Step 1 sent to Prospect 1']);
    expect(timeline).toHaveTextContent('“Send me the pricing”');
    const asked = callsTo('/campaign_emails').at(-1)!;
    expect(asked.params).toMatchObject({ interaction_view: 'interactions' });
    expect(JSON.parse(String((asked.params as { filters: string }).filters))).toEqual({ by_prospect: [1001], by_campaign: [7] });
    // Escape closes it and focus goes back to the button that opened it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await details()).getByRole('button', { name: 'Thread info' })).toHaveFocus();
  });

  it('agent activity: the activity log of this prospect only, newest first, with more on request', async () => {
    for (let i = 1; i <= 35; i++) server.db.activity.push(activityFixture(i, 1001, { description: `Agent step ${i}` }));
    server.db.activity.push(activityFixture(99, 2002, { description: 'Another prospect' }));
    renderThread();
    const { user, panel } = await openPanel('Agent activity');
    const list = await within(panel).findByRole('list', { name: 'Agent activity' });
    expect(within(list).getAllByRole('article')).toHaveLength(30);
    expect(panel).toHaveTextContent('35 entries, newest first');
    expect(panel).not.toHaveTextContent('Another prospect');
    expect(callsTo('/activity_list').at(-1)!.params).toMatchObject({ prospect_id: 1001, per_page: 30 });
    await user.click(within(panel).getByRole('button', { name: /Show more \(5 older\)/ }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(35));
    expect(within(panel).getByRole('link', { name: 'Open in Interactions' })).toHaveAttribute('href', '/cabinet/inbox?view=interactions&by_prospect=1001');
  });

  it('calls: says plainly there are none yet, without promising a date; lists calls when there are some', async () => {
    renderThread();
    const { user, panel } = await openPanel('Calls');
    expect(await within(panel).findByText('No calls with this prospect')).toBeInTheDocument();
    expect(panel).toHaveTextContent('When a call step of their sequence is made, by the agent or logged by you, it is listed here with its status, length and outcome.');
    expect(panel).not.toHaveTextContent(/coming soon|soon|next month|Q[1-4]/i);
    expect(JSON.parse(String((callsTo('/campaign_emails').at(-1)!.params as { filters: string }).filters))).toEqual({ by_prospect: [1001], by_channels: ['call'] });
    await user.keyboard('{Escape}');
    server.db.interactions.push(interactionFixture(5, { kind: 'call', channel: 'call', summary: 'Called Prospect 1', detail: '4 min', prospect: { id: 1001, name: 'Prospect 1', email: null, company: null, title: null } }));
    const again = await openPanel('Calls');
    expect(await within(again.panel).findByRole('article', { name: 'Call: Called Prospect 1' })).toHaveTextContent('4 min');
  });

  it("calls the agent placed: each with its status timeline, duration and outcome", async () => {
    const prospect = { id: 1001, name: 'Prospect 1', email: null, company: null, title: null };
    const event = (id: number, minute: number, status: 'placed' | 'ringing' | 'answered' | 'ended', over: Partial<Interaction> = {}) =>
      interactionFixture(id, {
        kind: status === 'ended' ? 'call' : 'call_progress',
        channel: 'call',
        direction: status === 'ended' ? 'outbound' : 'event',
        occurred_at: `2027-01-04T09:${String(30 + minute).padStart(2, '0')}:00.000Z`,
        summary: status === 'ended' ? 'Called Prospect 1' : `${status} Prospect 1`,
        prospect,
        step: 2,
        call: { outreach_task_id: 44, status, duration_seconds: status === 'ended' ? 95 : null, outcome: status === 'ended' ? 'voicemail' : null, answered_by: status === 'placed' ? null : 'machine_end_beep' },
        ...over,
      });
    // Newest first, as the API answers; plus a call still ringing on another step.
    server.db.interactions.push(event(14, 3, 'ended'), event(13, 1, 'answered'), event(12, 0, 'ringing'), event(11, 0, 'placed', { detail: '+14155550123' }));
    server.db.interactions.push(event(21, 9, 'ringing', { step: 3, call: { outreach_task_id: 45, status: 'ringing', duration_seconds: null, outcome: null, answered_by: null } }));
    renderThread();
    const { panel } = await openPanel('Calls');
    const cards = await within(panel).findAllByRole('article');
    expect(cards).toHaveLength(2);
    const done = cards.find((c) => c.getAttribute('aria-label') === 'Call: Called Prospect 1')!;
    const figure = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([figure(done, 'Status'), figure(done, 'Duration'), figure(done, 'Outcome')]).toEqual(['Ended', '1 min 35 s', 'Left a voicemail']);
    const timeline = within(done).getByRole('list', { name: 'Status timeline' });
    expect(within(timeline).getAllByRole('listitem').map((li) => li.textContent?.split(' · ')[0])).toEqual(['Calling', 'Ringing', 'Answered', 'Ended']);
    expect(timeline).toHaveTextContent('+14155550123');
    const ringing = cards.find((c) => c !== done)!;
    expect([figure(ringing, 'Status'), figure(ringing, 'Duration'), figure(ringing, 'Outcome')]).toEqual(['Ringing', '—', 'Not ended yet']);
  });

  it('persona: the persona behind the message with its figures (the Insights page’s own), the offering and the prospect', async () => {
    renderThread();
    const { panel } = await openPanel('Persona');
    const grid = await within(panel).findByLabelText('Persona figures');
    const figure = (label: string) => within(grid).getByText(label).parentElement!;
    expect(figure('Prospects')).toHaveTextContent('40');
    expect(figure('In sequence')).toHaveTextContent('12');
    // Contacted to meetings: the target audience's row of this persona (its name case-folded, as Insights groups it).
    expect(await within(grid).findByText('Contacted')).toBeInTheDocument();
    expect(figure('Contacted')).toHaveTextContent('32');
    expect(figure('Replied')).toHaveTextContent('8');
    expect(figure('Reply rate')).toHaveTextContent('25%');
    expect(figure('Reply rate')).toHaveTextContent('95% interval 13%–42%');
    expect(figure('Positive')).toHaveTextContent('3');
    expect(figure('Meetings')).toHaveTextContent('1');
    expect(within(panel).getByRole('link', { name: 'Insights → Target audience' })).toHaveAttribute('href', '/cabinet/insights?tab=audience&statistic=persona&period=year');
    expect(callsTo('/insights/performance/target_audience').at(-1)!.params).toEqual({ period: 'year', statistic_name: 'persona' });
    expect(within(panel).getByRole('link', { name: 'Open persona' })).toHaveAttribute('href', '/business-information/personas/4');
    const offering = within(panel).getByRole('region', { name: 'Offering' });
    expect(offering).toHaveTextContent('Pipeline Radar');
    expect(offering).toHaveTextContent(/€400.*€900 \/ monthly/);
    expect(within(offering).getByRole('link', { name: /radar\.example/ })).toHaveAttribute('rel', 'noreferrer noopener');
    expect(within(panel).getByRole('region', { name: 'Prospect' })).toHaveTextContent('Software');
  });

  it('shows a load error with Try again, and says so when no campaign email stands behind the thread', async () => {
    server.db.details.set(501, { status: 500, data: { errors: ['Internal server error'] } });
    renderThread();
    const { user, panel } = await openPanel('Thread info');
    expect(await within(panel).findByText('Could not load the thread info.')).toBeInTheDocument();
    server.db.details.set(501, detailFixture(501));
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Step 1 of 3 reached')).toBeInTheDocument();
  });

  it('a thread whose campaign email is gone: the panels say what they cannot show', async () => {
    server.db.threads[0] = threadFixture(1, { campaign_email_id: null, prospect: null });
    renderThread();
    const info = await openPanel('Thread info');
    expect(info.panel).toHaveTextContent('No campaign email stands behind this conversation');
    await info.user.keyboard('{Escape}');
    const activity = await openPanel('Agent activity');
    expect(activity.panel).toHaveTextContent('prospect was erased');
    expect(callsTo('/campaign_emails/501')).toHaveLength(0);
  });

  it('opens from the full-screen conversation too', async () => {
    renderRoute(ChatRoute, { path: '/cabinet/chat/:id', url: '/cabinet/chat/1' });
    const { panel } = await openPanel('Persona');
    expect(await within(panel).findByLabelText('Persona figures')).toBeInTheDocument();
  });
});
