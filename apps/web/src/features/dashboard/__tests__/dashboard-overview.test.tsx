import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityGraph, ActivityItem, AwareCompanies, ChannelsActivity, DashboardPeriod, GeneralStatistics } from '@shared/schemas/dashboard';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { changeText } from '../components/stat-cards';
import { axisTicks, countAxisMax } from '../components/activity-chart';
import { DashboardOverview } from '../components/dashboard-overview';

const range = { from: '2026-02-17T00:00:00.000Z', to: '2026-03-18T15:00:00.000Z' };
const m = (value: number, previous: number) => ({ value, previous });

/** Figures per period, different enough to tell which one is on screen. */
const SENT: Record<DashboardPeriod, number> = { week: 52, month: 353, quarter: 700, year: 978 };

function stats(period: DashboardPeriod, empty = false): GeneralStatistics {
  return {
    period,
    range,
    previous_range: range,
    prospects_total: empty ? 0 : 255,
    personas_count: empty ? 0 : 2,
    prospects_added: m(empty ? 0 : 13, 22),
    messages_sent: m(empty ? 0 : SENT[period], empty ? 0 : 40),
    contacted: m(empty ? 0 : 37, 38),
    replies: m(empty ? 0 : 4, 7),
    reply_rate: m(empty ? 0 : 10.8, 18.4),
    meetings_booked: m(empty ? 0 : 2, 0),
  };
}

function graph(period: DashboardPeriod): ActivityGraph {
  const n = { week: 7, month: 30, quarter: 13, year: 52 }[period];
  const points = Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 0, 1 + i * (period === 'week' || period === 'month' ? 1 : 7))).toISOString().slice(0, 10),
    sent: i % 3,
    replies: i % 2,
    meetings: i === 1 ? 1 : 0,
  }));
  return {
    period,
    bucket: period === 'week' || period === 'month' ? 'day' : 'week',
    range,
    points,
    totals: { sent: points.reduce((s, p) => s + p.sent, 0), replies: points.reduce((s, p) => s + p.replies, 0), meetings: 1 },
  };
}

const channels = (period: DashboardPeriod): ChannelsActivity => ({
  period,
  range,
  total_sent: 100,
  channels: [
    { channel: 'email', sent: 60, replies: 5, meetings: 2, share: 60 },
    { channel: 'linkedin', sent: 35, replies: 1, meetings: 1, share: 35 },
    { channel: 'phone', sent: 5, replies: 0, meetings: 0, share: 5 },
  ],
});

const companies: AwareCompanies = {
  period: null,
  total_companies: 41,
  companies: [{ company: 'Vantagepoint HR', prospects: 4, touches: 17, email: 10, linkedin: 6, phone: 1, replies: 2, meetings: 1, last_touch_at: range.to }],
};

const item = (id: number): ActivityItem => ({
  id,
  verb: id % 2 ? 'email_sent' : 'reply_received',
  description: `Activity number ${id}`,
  actor: { type: 'agent', name: 'AI agent' },
  channel: 'email',
  prospect: { id, name: `Prospect ${id}`, company: 'Acme' },
  persona: { id: 1, name: 'VP Sales' },
  occurred_at: new Date(Date.now() - id * 60_000).toISOString(),
});

function fakeServer(options: { empty?: boolean; failGraph?: boolean; personas?: number } = {}) {
  const state = { failGraph: options.failGraph ?? false };
  const handler = (config: InternalAxiosRequestConfig): FakeReply => {
    const params = (config.params ?? {}) as Record<string, string | number>;
    const period = (params.period ?? 'month') as DashboardPeriod;
    switch (config.url) {
      case '/dashboard_general_statistics':
        return { status: 200, data: { data: { ...stats(period, options.empty), ...(options.personas !== undefined ? { personas_count: options.personas } : {}) } } };
      case '/dashboard_activity_graph_statistics':
        if (state.failGraph) return { status: 500, data: { errors: ['Boom'] } };
        return { status: 200, data: { data: graph(period) } };
      case '/channels_activity':
        return { status: 200, data: { data: channels(period) } };
      case '/dashboard_aware_companies_statistics':
        return { status: 200, data: { data: options.empty ? { period: null, total_companies: 0, companies: [] } : companies } };
      case '/activity_list': {
        const page = Number(params.page);
        const perPage = Number(params.per_page);
        const total = options.empty ? 0 : 13;
        const ids = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * perPage, page * perPage);
        return { status: 200, data: { data: ids.map(item), meta: { page, per_page: perPage, total } } };
      }
      default:
        return { status: 404, data: { errors: [`No fake for ${config.url}`] } };
    }
  };
  const adapter = fakeAdapter(handler);
  return { state, adapter, calls: (url: string) => adapter.calls.filter((c) => c.url === url) };
}

let original: typeof api.http.defaults.adapter;
beforeEach(() => {
  original = api.http.defaults.adapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const use = (server: ReturnType<typeof fakeServer>) => {
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  return server;
};

describe('the dashboard overview', () => {
  it('shows the figures, a chart with bars and lines, channels, companies and the feed', async () => {
    use(fakeServer());
    renderRoute(DashboardOverview, { path: '/cabinet' });
    expect(await screen.findByTestId('stat-touches-sent')).toHaveTextContent('353');
    expect(screen.getByTestId('stat-reply-rate')).toHaveTextContent('10.8%');
    expect(screen.getByTestId('stat-prospects')).toHaveTextContent('255');
    // The card says what it counts and leads to the pages with the same totals.
    expect(screen.getByRole('heading', { name: 'Prospects in your account' })).toBeInTheDocument();
    expect(screen.getByText(/All of them, in a persona or not/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '255 prospects in your account, see them all' })).toHaveAttribute('href', '/business-information/prospects');
    expect(screen.getByTestId('stat-personas')).toHaveTextContent('2 personas');
    expect(screen.getByTestId('stat-personas')).toHaveAttribute('href', '/business-information/personas');
    // 353 vs 40 before: +783%.
    expect(screen.getByText('+783% vs previous period')).toBeInTheDocument();
    expect(screen.getByText('-7.6 pts vs previous period')).toBeInTheDocument();

    const chart = await screen.findByTestId('activity-chart');
    expect(chart.querySelectorAll('rect[data-series="sent"]')).toHaveLength(30);
    expect(chart.querySelector('path[data-series="replies"]')?.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+( L[\d.]+,[\d.]+){29}$/);
    expect(within(screen.getByRole('table', { name: 'Activity per day' })).getAllByRole('row')).toHaveLength(31);

    expect(within(screen.getByTestId('channel-email')).getByText('60% of touches')).toBeInTheDocument();
    expect(screen.getByTestId('companies-reached')).toHaveTextContent('41');
    expect(screen.getByText('Vantagepoint HR')).toBeInTheDocument();
    expect(await screen.findByText('Activity number 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 10 of 13')).toBeInTheDocument();
  });

  it('switches the period by click and by keyboard, asking the server for each', async () => {
    const server = use(fakeServer());
    const user = userEvent.setup();
    renderRoute(DashboardOverview, { path: '/cabinet' });
    await screen.findByTestId('activity-chart');
    const group = screen.getByRole('radiogroup', { name: 'Period' });
    expect(within(group).getByRole('radio', { name: 'Month' })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(group).getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('stat-touches-sent')).toHaveTextContent('52'));
    await waitFor(() => expect(screen.getByTestId('activity-chart').querySelectorAll('rect[data-series="sent"]')).toHaveLength(7));

    // One tab stop; arrows move and select.
    expect(within(group).getByRole('radio', { name: 'Week' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'Quarter' })).toHaveFocus();
    expect(within(group).getByRole('radio', { name: 'Quarter' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(screen.getByTestId('stat-touches-sent')).toHaveTextContent('700'));
    await waitFor(() => expect(screen.getByTestId('activity-chart').querySelectorAll('rect[data-series="sent"]')).toHaveLength(13));
    await user.keyboard('{End}');
    await waitFor(() => expect(screen.getByTestId('stat-touches-sent')).toHaveTextContent('978'));
    expect(within(group).getAllByRole('radio').filter((r) => r.tabIndex === 0)).toHaveLength(1);
    expect(server.calls('/dashboard_activity_graph_statistics').map((c) => (c.params as { period: string }).period)).toEqual(['month', 'week', 'quarter', 'year']);
  });

  it('keeps the period in the URL: a reload (or a shared link) opens on it', async () => {
    const server = use(fakeServer());
    const user = userEvent.setup();
    const { router } = renderRoute(DashboardOverview, { path: '/cabinet', url: '/cabinet?period=week' });
    const group = await screen.findByRole('radiogroup', { name: 'Period' });
    expect(within(group).getByRole('radio', { name: 'Week' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(screen.getByTestId('activity-chart').querySelectorAll('rect[data-series="sent"]')).toHaveLength(7));
    await user.click(within(group).getByRole('radio', { name: 'Quarter' }));
    expect(router.state.location.search).toBe('?period=quarter');
    await waitFor(() => expect(screen.getByTestId('activity-chart').querySelectorAll('rect[data-series="sent"]')).toHaveLength(13));
    expect(server.calls('/dashboard_activity_graph_statistics').map((c) => (c.params as { period: string }).period)).toEqual(['week', 'quarter']);
  });

  it('a bad period in the URL falls back to Month', async () => {
    use(fakeServer());
    renderRoute(DashboardOverview, { path: '/cabinet', url: '/cabinet?period=decade' });
    const group = await screen.findByRole('radiogroup', { name: 'Period' });
    expect(within(group).getByRole('radio', { name: 'Month' })).toHaveAttribute('aria-checked', 'true');
  });

  it('labels both axes with whole numbers only', async () => {
    use(fakeServer());
    renderRoute(DashboardOverview, { path: '/cabinet' });
    const chart = await screen.findByTestId('activity-chart');
    const right = [...chart.querySelectorAll('text[data-axis="right"]')].map((t) => t.textContent ?? '');
    const left = [...chart.querySelectorAll('text[data-axis="left"]')].map((t) => t.textContent ?? '');
    expect(right).toHaveLength(5);
    for (const label of [...left, ...right]) expect(label).toMatch(/^\d[\d,]*$/);
  });

  it('loads more of the feed', async () => {
    const server = use(fakeServer());
    const user = userEvent.setup();
    renderRoute(DashboardOverview, { path: '/cabinet' });
    await screen.findByText('Showing 10 of 13');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Activity number 13')).toBeInTheDocument();
    expect(screen.getByText('Showing 13 of 13')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(server.calls('/activity_list').map((c) => c.params)).toEqual([
      { page: 1, per_page: 10 },
      { page: 2, per_page: 10 },
    ]);
  });

  it('a new account sees the empty state with a way to start', async () => {
    use(fakeServer({ empty: true }));
    renderRoute(DashboardOverview, { path: '/cabinet' });
    expect(await screen.findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first persona' })).toHaveAttribute('href', '/business-information/personas');
    expect(screen.queryByTestId('activity-chart')).not.toBeInTheDocument();
  });

  it('after onboarding made a persona, the empty state asks for prospects', async () => {
    use(fakeServer({ empty: true, personas: 1 }));
    renderRoute(DashboardOverview, { path: '/cabinet' });
    expect(await screen.findByRole('link', { name: 'Add prospects to your persona' })).toHaveAttribute('href', '/business-information/personas');
  });

  it('a failing widget says so and retries, the others still show', async () => {
    const server = use(fakeServer({ failGraph: true }));
    const user = userEvent.setup();
    renderRoute(DashboardOverview, { path: '/cabinet' });
    expect(await screen.findByText(/Could not load the chart/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('stat-touches-sent')).toHaveTextContent('353');
    server.state.failGraph = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByTestId('activity-chart')).toBeInTheDocument();
  });
});

describe('figures', () => {
  it('describes the change against the previous period', () => {
    expect(changeText(m(12, 10))).toEqual({ text: '+20% vs previous period', direction: 'up' });
    expect(changeText(m(5, 10))).toEqual({ text: '-50% vs previous period', direction: 'down' });
    expect(changeText(m(3, 0))).toEqual({ text: '+3 vs none in previous period', direction: 'up' });
    expect(changeText(m(0, 0))).toEqual({ text: 'No change vs previous period', direction: 'flat' });
    expect(changeText(m(12.5, 10), true)).toEqual({ text: '+2.5 pts vs previous period', direction: 'up' });
  });
  it('rounds a count axis up so that every tick is a whole number', () => {
    expect([0, 1, 3, 5, 7, 42, 250, 251, 950].map((m) => countAxisMax(m))).toEqual([4, 4, 4, 8, 8, 60, 320, 320, 1000]);
    for (const m of [0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 17, 23, 37, 42, 99, 101, 250, 251, 999, 1234, 12345]) {
      const top = countAxisMax(m);
      expect(top, String(m)).toBeGreaterThanOrEqual(m);
      expect(axisTicks(top).every(Number.isInteger), String(m)).toBe(true);
    }
    expect(axisTicks(8)).toEqual([0, 2, 4, 6, 8]);
  });
});
