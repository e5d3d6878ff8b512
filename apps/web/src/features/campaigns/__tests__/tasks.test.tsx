import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '@shared/brands';
import type { OutreachTask, TaskCapacity } from '@shared/schemas/outreach-tasks';
import { api } from '@web/lib/api';
import { useBrandStore } from '@web/stores/brand';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { CampaignsRoute } from '../routes/campaigns';
import { TasksRoute } from '../routes/tasks';

const now = '2026-11-25T10:00:00.000Z';

const taskFixture = (id: number, over: Partial<OutreachTask> = {}): OutreachTask => ({
  id,
  campaign_id: 1,
  campaign_name: 'CFO outreach',
  enrolment_id: 100 + id,
  step: 2,
  channel: 'linkedin',
  kind: 'connection_request',
  status: 'due',
  due_at: '2026-11-25T09:00:00.000Z',
  wait_reason: null,
  prepared_text: 'Hi Pat, I work with finance teams at companies like Acme. Would be glad to connect.',
  outcome: null,
  note: null,
  done_at: null,
  prospect: { id: 200 + id, full_name: `Pat Lee ${id}`, title: 'CFO', company: 'Acme', linkedin_url: `https://www.linkedin.com/in/pat-lee-${id}`, phone: '+49 30 1234567', email: `pat${id}@acme.example` },
  agent_call: null,
  created_at: now,
  updated_at: now,
  ...over,
});

const capacityFixture = (over: Partial<TaskCapacity> = {}): TaskCapacity => ({
  day: '2026-11-25',
  time_zone: 'Europe/Berlin',
  working_now: true,
  next_working_at: null,
  linkedin: { limit: 20, used: 3, left: 17, settings_limit: 20, plan_limit: 50 },
  invitations: { limit: 40, used: 12, left: 28, weekly_limit: 100, ramp_limit: 40 },
  calls: { limit: 10, used: 1, left: 9 },
  ...over,
});

type Call = { method: string; url: string; body: Record<string, unknown>; params: Record<string, unknown> };
let original: typeof api.http.defaults.adapter;
let state: { tasks: OutreachTask[]; calls: Call[]; failList: boolean };

const inView = (t: OutreachTask, view: string) => (view === 'done' ? t.status === 'done' || t.status === 'skipped' : view === 'waiting' ? t.status === 'waiting' : t.status === 'due');

function server() {
  return fakeAdapter((c: InternalAxiosRequestConfig) => {
    const url = c.url ?? '';
    const method = c.method ?? 'get';
    const body = c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {};
    const params = (c.params ?? {}) as Record<string, unknown>;
    state.calls.push({ method, url, body, params });
    if (url === '/outreach_tasks' && method === 'get') {
      if (state.failList) return { status: 500, data: { errors: ['Internal server error'] } };
      const view = String(params.view ?? 'today');
      const rows = state.tasks.filter((t) => inView(t, view) && (!params.channel || t.channel === params.channel));
      const count = (v: string, ch: string) => state.tasks.filter((t) => inView(t, v) && t.channel === ch).length;
      return {
        status: 200,
        data: {
          data: structuredClone(rows),
          meta: { page: 1, per_page: 20, total: rows.length, today: { linkedin: count('today', 'linkedin'), call: count('today', 'call') }, waiting: { linkedin: count('waiting', 'linkedin'), call: count('waiting', 'call') }, capacity: capacityFixture() },
        },
      };
    }
    const action = /^\/outreach_tasks\/(\d+)\/(done|skip|linkedin_reply|call_outcome)$/.exec(url);
    if (action && method === 'post') {
      const task = state.tasks.find((t) => t.id === Number(action[1]))!;
      task.status = action[2] === 'skip' ? 'skipped' : 'done';
      task.done_at = now;
      if (action[2] === 'call_outcome') task.outcome = String(body.outcome);
      if (action[2] === 'linkedin_reply') task.outcome = 'replied';
      return { status: 200, data: { data: structuredClone(task) } };
    }
    if (url === '/campaigns') return { status: 200, data: { data: [] } };
    if (url === '/persons') return { status: 200, data: { data: [{ id: 3, name: 'CFOs' }], meta: { page: 1, per_page: 100, total: 1 } } };
    if (url === '/virtual_employees') return { status: 200, data: { data: [{ id: 5, name: 'Alex Rivers', title: 'SDR', mailboxes: [{ id: 7, email: 'ada@sender.example', status: 'active' }] }] } };
    return { status: 404, data: { errors: ['Not found'] } };
  });
}

beforeEach(() => {
  original = api.http.defaults.adapter;
  state = { tasks: [], calls: [], failList: false };
  api.http.defaults.adapter = server() as AxiosAdapter;
  useBrandStore.setState({ brand: getBrand(0) });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  useBrandStore.setState({ brand: getBrand(0) });
  vi.restoreAllMocks();
});

const posts = () => state.calls.filter((c) => c.method !== 'get');
const renderTasks = () => renderRoute(TasksRoute, { path: '/cabinet/campaigns/tasks' });

describe('Tasks page', () => {
  it('shows loading, then the empty state with today’s capacity', async () => {
    renderTasks();
    expect(screen.getByRole('status', { name: 'Loading tasks' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nothing to do today' })).toBeInTheDocument();
    const capacity = screen.getByRole('region', { name: "Today's capacity" });
    expect(capacity).toHaveTextContent('LinkedIn actions today: 3 of 20');
    expect(capacity).toHaveTextContent('Invitations in the last 7 days: 12 of 40 (new account: ramping up)');
    expect(capacity).toHaveTextContent('Calls today: 1 of 10');
  });

  it('a LinkedIn task: opens the profile, copies the prepared note, and is marked done from the keyboard', async () => {
    const user = userEvent.setup();
    state.tasks = [taskFixture(1), taskFixture(2, { status: 'waiting', due_at: '2026-11-26T08:00:00.000Z', wait_reason: 'Weekly invitation limit reached (40 in 7 days): waits until Thu 09:00' })];
    renderTasks();
    const card = await screen.findByRole('article', { name: /LinkedIn: connection request with a note · Pat Lee 1/ });
    expect(screen.getByRole('button', { name: 'Today (1)', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upcoming (1)' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Open profile of Pat Lee 1/ })).toHaveAttribute('href', 'https://www.linkedin.com/in/pat-lee-1');
    expect(within(card).getByText('83 / 300 characters')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Copy connection note' }));
    expect(await navigator.clipboard.readText()).toBe(state.tasks[0]!.prepared_text);
    within(card).getByRole('button', { name: 'Mark done' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posts().map((c) => c.url)).toEqual(['/outreach_tasks/1/done']));
    expect(await screen.findByRole('heading', { name: 'Nothing to do today' })).toBeInTheDocument();
    // The waiting one says why it waits.
    await user.click(screen.getByRole('button', { name: /Upcoming/ }));
    const waiting = await screen.findByRole('article', { name: /Pat Lee 2/ });
    expect(waiting).toHaveTextContent('Weekly invitation limit reached (40 in 7 days): waits until Thu 09:00');
    expect(within(waiting).queryByRole('button', { name: 'Mark done' })).not.toBeInTheDocument();
  });

  it('logs a LinkedIn reply on a task', async () => {
    const user = userEvent.setup();
    state.tasks = [taskFixture(1, { kind: 'message', prepared_text: 'Thanks for connecting, Pat.' })];
    renderTasks();
    const card = await screen.findByRole('article', { name: /Pat Lee 1/ });
    await user.click(within(card).getByRole('button', { name: 'Log reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log a LinkedIn reply' });
    await user.click(within(dialog).getByRole('button', { name: 'Log reply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Paste or type the reply');
    await user.type(within(dialog).getByLabelText('Their reply'), 'Sounds good, send the deck');
    await user.click(within(dialog).getByRole('button', { name: 'Log reply' }));
    await waitFor(() => expect(posts()).toContainEqual(expect.objectContaining({ url: '/outreach_tasks/1/linkedin_reply', body: { text: 'Sounds good, send the deck' } })));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a call task: the tel: link and script, and the outcome with interest', async () => {
    const user = userEvent.setup();
    state.tasks = [taskFixture(3, { channel: 'call', kind: 'call', prepared_text: 'Opening: Hi Pat, this is Alex from Acme.' })];
    renderTasks();
    const card = await screen.findByRole('article', { name: /Phone call · Pat Lee 3/ });
    expect(within(card).getByRole('link', { name: /Call \+49 30 1234567/ })).toHaveAttribute('href', 'tel:+49301234567');
    expect(within(card).getByRole('region', { name: 'Call script' })).toHaveTextContent('Opening: Hi Pat');
    await user.click(within(card).getByRole('button', { name: 'Log outcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log the call' });
    await user.click(within(dialog).getByRole('radio', { name: 'Connected' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Interested/ }));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Wants a demo');
    await user.click(within(dialog).getByRole('button', { name: 'Log call' }));
    await waitFor(() => expect(posts()).toContainEqual(expect.objectContaining({ url: '/outreach_tasks/3/call_outcome', body: { outcome: 'connected', interested: true, note: 'Wants a demo' } })));
  });

  it('a call the agent is placing shows how it goes and offers no actions; one it could not place is the user’s again', async () => {
    state.tasks = [
      taskFixture(5, { channel: 'call', kind: 'call', prepared_text: 'Opening: Hi Pat.', agent_call: { status: 'ringing', placed_at: now, error: null } }),
      taskFixture(6, { channel: 'call', kind: 'call', prepared_text: 'Opening: Hi Pat.', agent_call: { status: 'failed', placed_at: null, error: 'The number is not in service' } }),
    ];
    renderTasks();
    const calling = await screen.findByRole('article', { name: /Phone call · Pat Lee 5/ });
    expect(within(calling).getByRole('status')).toHaveTextContent('The agent is calling: ringing');
    expect(within(calling).queryByRole('button', { name: 'Log outcome' })).toBeNull();
    expect(within(calling).queryByRole('button', { name: 'Skip' })).toBeNull();
    expect(within(calling).queryByRole('link', { name: /Call / })).toBeNull();
    const back = screen.getByRole('article', { name: /Phone call · Pat Lee 6/ });
    expect(within(back).getByRole('status')).toHaveTextContent('The agent could not place the call: The number is not in service. It is yours to make');
    expect(within(back).getByRole('button', { name: 'Log outcome' })).toBeEnabled();
    expect(within(back).getByRole('link', { name: /Call \+49 30 1234567/ })).toBeVisible();
  });

  it('skips a task, and shows a load error with a retry', async () => {
    const user = userEvent.setup();
    state.tasks = [taskFixture(4, { prospect: { ...taskFixture(4).prospect, linkedin_url: null } })];
    renderTasks();
    const card = await screen.findByRole('article', { name: /Pat Lee 4/ });
    expect(within(card).getByText('No LinkedIn profile address on file for this prospect.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(posts().map((c) => c.url)).toEqual(['/outreach_tasks/4/skip']));
    state.failList = true;
    await user.click(screen.getByRole('button', { name: /Done/ }));
    expect(await screen.findByText('Could not load your tasks.')).toBeInTheDocument();
    state.failList = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /Pat Lee 4/ })).toHaveTextContent(/Skipped/);
  });

  it('on a brand with neither LinkedIn nor calls there is nothing to do, and no Tasks link', async () => {
    useBrandStore.setState({ brand: getBrand(9) });
    renderTasks();
    expect(screen.getByRole('heading', { name: 'No LinkedIn or call steps here' })).toBeInTheDocument();
    expect(state.calls.filter((c) => c.url === '/outreach_tasks')).toEqual([]);
  });
});

describe('The campaign form’s sequence', () => {
  it('offers the brand’s step kinds and sends the chosen steps', async () => {
    const user = userEvent.setup();
    useBrandStore.setState({ brand: getBrand(1) }); // LinkedIn, no phone calls
    renderRoute(CampaignsRoute, { path: '/cabinet/campaigns', extra: [{ path: '/cabinet/campaigns/:id', Component: () => null }] });
    expect(await screen.findByRole('link', { name: /Tasks/ })).toHaveAttribute('href', '/cabinet/campaigns/tasks');
    await user.click(await screen.findByRole('button', { name: /New campaign/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    await user.type(within(dialog).getByLabelText('Campaign name'), 'Mixed');
    await user.selectOptions(within(dialog).getByLabelText('Persona'), '3');
    await user.click(within(dialog).getByRole('checkbox', { name: /Alex Rivers/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Choose the steps/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    const second = within(dialog).getByLabelText('Step 2');
    expect(within(second).queryByRole('option', { name: 'Phone call' })).not.toBeInTheDocument();
    await user.selectOptions(second, 'message');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A LinkedIn message or follow-up needs a connection request earlier in the sequence');
    await user.selectOptions(second, 'connection_request');
    const delay = within(dialog).getByLabelText('Days after the step before');
    await user.clear(delay);
    await user.type(delay, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(posts()).toContainEqual(
        expect.objectContaining({ url: '/campaigns', body: expect.objectContaining({ steps: [{ kind: 'email', delay_days: 0 }, { kind: 'connection_request', delay_days: 2 }] }) }),
      ),
    );
  });
});
