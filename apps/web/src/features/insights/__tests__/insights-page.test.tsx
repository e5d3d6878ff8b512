import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardPeriod } from '@shared/schemas/dashboard';
import type { DeliverabilityFigures, Opportunities, OverallStats, TargetAudience } from '@shared/schemas/insights';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { STALE_REFETCH_MS } from '../api/insights';
import { InsightsRoute } from '../routes/insights';

const range = { from: '2026-11-02T00:00:00.000Z', to: '2026-12-01T12:00:00.000Z' };
const figures = (sent: number, bounced = 0, replied = 0, positive = 0): DeliverabilityFigures => ({
  sent,
  delivered: sent - bounced,
  bounced,
  bounced_temporary: 1,
  blocked: 0,
  complaints: 0,
  unsubscribed: 1,
  replied,
  positive,
  bounce_rate: sent ? bounced / sent : 0,
  temporary_rate: sent ? 1 / sent : 0,
  block_rate: 0,
  complaint_rate: 0,
  unsubscribe_rate: sent ? 1 / sent : 0,
  reply_rate: sent ? replied / sent : 0,
  positive_rate: sent ? positive / sent : 0,
});

/** Different per period, so the test can tell which one is on screen. */
const SENT: Record<DashboardPeriod, number> = { week: 40, month: 363, quarter: 700, year: 900 };

/** Current figures (a stale answer says so on the page: its own test). */
const freshness = { as_of: range.to, stale: false, computed_in_ms: 12 };

const overall = (period: DashboardPeriod, empty: boolean): OverallStats => ({
  freshness,
  period,
  range,
  campaign_id: null,
  ...figures(empty ? 0 : SENT[period], empty ? 0 : 11, empty ? 0 : 12, empty ? 0 : 5),
  ...(empty ? { bounced_temporary: 0, unsubscribed: 0, temporary_rate: 0, unsubscribe_rate: 0 } : {}),
  by_mailbox: empty ? [] : [{ user_email_id: 1, email: 'ada@acme.example', status: 'paused', status_reason: 'Bounce rate 5% over 7 days', ...figures(SENT[period], 11, 12, 5) }],
  by_domain: empty ? [] : [{ domain: 'acme.example', dns_status: 'fail', dns_checks: [{ check: 'dmarc', status: 'fail', advice: 'Publish a DMARC record' }], dns_checked_at: range.to, ...figures(SENT[period], 11, 12, 5) }],
  by_campaign: empty ? [] : [{ campaign_id: 3, name: 'Q4 founders', ...figures(SENT[period], 11, 12, 5), steps: [{ step: 1, ...figures(300, 10, 10, 4) }, { step: 2, ...figures(63, 1, 2, 1) }] }],
  by_provider: empty
    ? []
    : [
        { provider: 'google', label: 'Google (Gmail, Workspace)', recipients: 200, never_answered_share: 0.95, bounce_codes: [{ code: '5.1.1', count: 6 }], ...figures(200, 6, 10, 4) },
        { provider: 'pending', label: 'Not looked up yet', recipients: 3, never_answered_share: 1, bounce_codes: [], ...figures(3) },
      ],
});

const opportunities = (period: DashboardPeriod): Opportunities => ({
  freshness,
  period,
  range,
  funnel: [
    { stage: 'contacted', label: 'Contacted', prospects: 200, conversion_from_previous: null },
    { stage: 'replied', label: 'Replied', prospects: 12, conversion_from_previous: 0.06 },
    { stage: 'positive', label: 'Positive reply', prospects: 5, conversion_from_previous: 5 / 12 },
    { stage: 'meeting_booked', label: 'Meeting booked', prospects: 2, conversion_from_previous: 0.4 },
    { stage: 'proposal', label: 'Proposal', prospects: 1, conversion_from_previous: 0.5 },
    { stage: 'won', label: 'Won', prospects: 0, conversion_from_previous: 0 },
  ],
  lost: 1,
  not_now: 2,
  meetings_per_1000: 10,
  median_hours_to_first_reply: 5.5,
  deal_value: { open: 48000, won: 12500.5, cards_with_value: 3 },
  meetings_booked_in_period: 4,
  previous: { range, contacted: 150, replied: 20, positive: 8, meeting_booked: 3, meetings_booked_in_period: 2 },
});

const audience = (period: DashboardPeriod, name: string): TargetAudience => ({
  freshness,
  period,
  range,
  statistic_name: name as TargetAudience['statistic_name'],
  label: name === 'job_title' ? 'Job title' : 'Persona',
  min_sample: 30,
  values: [
    { value: name === 'job_title' ? 'Head of Sales' : 'Founders', contacted: 120, replied: 9, positive: 4, meetings: 2, enough_data: true, reply_rate: { rate: 0.075, low: 0.04, high: 0.137 }, positive_rate: { rate: 0.033, low: 0.013, high: 0.083 }, meeting_rate: { rate: 0.017, low: 0.005, high: 0.059 } },
    { value: 'CTO', contacted: 8, replied: 1, positive: 0, meetings: 0, enough_data: false, reply_rate: { rate: null, low: null, high: null }, positive_rate: { rate: null, low: null, high: null }, meeting_rate: { rate: null, low: null, high: null } },
  ],
});

function fakeServer(options: { empty?: boolean; fail?: boolean; staleFirst?: boolean } = {}) {
  let overallCalls = 0;
  const handler = (config: InternalAxiosRequestConfig): FakeReply => {
    const params = (config.params ?? {}) as Record<string, string>;
    const period = (params.period ?? 'month') as DashboardPeriod;
    if (options.fail) return { status: 500, data: { errors: ['Boom'] } };
    switch (config.url) {
      case '/insights/deliverability/overall-stats': {
        overallCalls += 1;
        const body = overall(period, options.empty ?? false);
        // A big account's last figures, marked stale while newer ones are computed; the next ask gets the newer ones.
        if (options.staleFirst && overallCalls === 1) return { status: 200, data: { data: { ...body, freshness: { as_of: range.to, stale: true, computed_in_ms: 4200 } } } };
        if (options.staleFirst) return { status: 200, data: { data: { ...body, sent: body.sent + 1 } } };
        return { status: 200, data: { data: body } };
      }
      case '/campaigns':
        return { status: 200, data: { data: [{ id: 3, name: 'Q4 founders' }] } };
      case '/insights/performance/my_opportunities':
        return { status: 200, data: { data: opportunities(period) } };
      case '/insights/performance/target_audience':
        return { status: 200, data: { data: audience(period, params.statistic_name ?? 'persona') } };
      default:
        return { status: 404, data: { errors: [`No fake for ${config.url}`] } };
    }
  };
  const adapter = fakeAdapter(handler);
  return { adapter, calls: (url: string) => adapter.calls.filter((c) => c.url === url) };
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

describe('the insights page', () => {
  it('says when figures are a big account’s last ones being updated, and shows the newer ones when they are ready, on its own', async () => {
    const server = use(fakeServer({ staleFirst: true }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderRoute(InsightsRoute, { path: '/cabinet/insights' });
      expect(await screen.findByTestId('figure-sent')).toHaveTextContent('363');
      expect(screen.getByRole('status')).toHaveTextContent(/Figures as of .*newer ones are being computed/);
      await vi.advanceTimersByTimeAsync(STALE_REFETCH_MS);
      await waitFor(() => expect(screen.getByTestId('figure-sent')).toHaveTextContent('364'));
      expect(screen.queryByText(/newer ones are being computed/)).not.toBeInTheDocument();
      expect(server.calls('/insights/deliverability/overall-stats')).toHaveLength(2);
      // Current figures are not asked for again.
      await vi.advanceTimersByTimeAsync(STALE_REFETCH_MS * 2);
      expect(server.calls('/insights/deliverability/overall-stats')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows deliverability: headline figures and every breakdown as a table, with a mailbox pause and a failing DNS said plainly', async () => {
    use(fakeServer());
    renderRoute(InsightsRoute, { path: '/cabinet/insights' });
    expect(await screen.findByTestId('figure-sent')).toHaveTextContent('363');
    expect(screen.getByRole('tab', { name: 'Deliverability' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('figure-bounce-rate')).toHaveTextContent('3.0%'); // 11 of 363 bounced
    const providers = screen.getByRole('table', { name: 'Deliverability by recipient provider' });
    expect(within(providers).getByRole('rowheader', { name: 'Google (Gmail, Workspace)' })).toBeInTheDocument();
    expect(within(providers).getByText('5.1.1 ×6')).toBeInTheDocument();
    expect(within(providers).getByText('95%')).toBeInTheDocument();
    const mailboxes = screen.getByRole('table', { name: 'Deliverability by mailbox' });
    expect(within(mailboxes).getByText(/paused: Bounce rate 5% over 7 days/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Deliverability by sending domain' })).getByText('DNS fails')).toBeInTheDocument();
    const campaigns = screen.getByRole('table', { name: 'Deliverability by campaign and step' });
    expect(within(campaigns).getByText('Step 2')).toBeInTheDocument();
    expect(screen.getByText(/No open or click rates/)).toBeInTheDocument();
  });

  it("narrows deliverability to one campaign, kept in the URL", async () => {
    const server = use(fakeServer());
    const { router } = renderRoute(InsightsRoute, { path: '/cabinet/insights' });
    await screen.findByTestId('figure-sent');
    await userEvent.selectOptions(await screen.findByLabelText('Campaign'), 'Q4 founders');
    await waitFor(() => expect(server.calls('/insights/deliverability/overall-stats').at(-1)?.params).toMatchObject({ campaign_id: 3 }));
    expect(router.state.location.search).toContain('campaign=3');
    await userEvent.selectOptions(screen.getByLabelText('Campaign'), 'All campaigns');
    expect(router.state.location.search).not.toContain('campaign=');
  });

  it('switches period and tab from the keyboard; the URL keeps them', async () => {
    const server = use(fakeServer());
    const { router } = renderRoute(InsightsRoute, { path: '/cabinet/insights' });
    expect(await screen.findByTestId('figure-sent')).toHaveTextContent('363');
    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('figure-sent')).toHaveTextContent('40'));
    expect(server.calls('/insights/deliverability/overall-stats').at(-1)?.params).toMatchObject({ period: 'week' });
    screen.getByRole('tab', { name: 'Deliverability' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'The funnel of the prospects contacted' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('tab=performance');
    expect(router.state.location.search).toContain('period=week');
  });

  it('shows the funnel with its conversions and the headline meetings per 1,000', async () => {
    use(fakeServer());
    renderRoute(InsightsRoute, { path: '/cabinet/insights', url: '/cabinet/insights?tab=performance' });
    const table = await screen.findByRole('table', { name: 'The funnel of the prospects contacted' });
    expect(within(table).getByRole('rowheader', { name: 'Meeting booked' }).closest('tr')).toHaveTextContent('240%');
    // The previous period's cohort beside it (what the dashboard compares with); not kept for the later stages.
    expect(within(table).getByRole('rowheader', { name: 'Contacted' }).closest('tr')).toHaveTextContent(/^Contacted200–150$/);
    expect(within(table).getByRole('rowheader', { name: 'Won' }).closest('tr')).toHaveTextContent(/–$/);
    expect(screen.getByText('10')).toBeInTheDocument();
    expect(screen.getByText('5.5 h')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-open-deal-value')).getByText('48,000')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-open-deal-value')).getByText('from 3 cards with a value')).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-won-deal-value')).getByText('12,500.5')).toBeInTheDocument();
  });

  it('ranks the target audience with intervals, and says "not enough data yet" below the minimum sample', async () => {
    const server = use(fakeServer());
    renderRoute(InsightsRoute, { path: '/cabinet/insights', url: '/cabinet/insights?tab=audience' });
    const table = await screen.findByRole('table', { name: 'Target audience by persona' });
    expect(within(table).getByRole('rowheader', { name: 'Founders' }).closest('tr')).toHaveTextContent('3.3% (1.3%–8.3%)');
    expect(within(table).getAllByText('· not enough data yet')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: 'CTO' }).closest('tr')).toHaveTextContent('1 · not enough data yet');
    await userEvent.selectOptions(screen.getByLabelText('Rank by'), 'job_title');
    expect(await screen.findByRole('table', { name: 'Target audience by job title' })).toBeInTheDocument();
    expect(server.calls('/insights/performance/target_audience').at(-1)?.params).toMatchObject({ statistic_name: 'job_title' });
  });

  it('says what is true when nothing was sent, and offers a retry when the figures fail to load', async () => {
    use(fakeServer({ empty: true }));
    renderRoute(InsightsRoute, { path: '/cabinet/insights' });
    expect(await screen.findByText('No sends in this period')).toBeInTheDocument();
    cleanup();
    use(fakeServer({ fail: true }));
    renderRoute(InsightsRoute, { path: '/cabinet/insights' });
    expect(await screen.findByText('Could not load deliverability.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
