import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_EMAIL_STATUSES, type Campaign, type CampaignEmail } from '@shared/schemas/campaigns';
import type { ComplianceSettings } from '@shared/schemas/compliance';
import type { SendingCapacity } from '@shared/schemas/user-emails';
import { api } from '@web/lib/api';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { CampaignRoute } from '../routes/campaign';
import { CampaignsRoute } from '../routes/campaigns';
import { ReviewRoute } from '../routes/review';

const now = '2026-11-25T10:00:00.000Z';
const counts = (over: Record<string, number> = {}): Record<string, number> => ({ ...Object.fromEntries(CAMPAIGN_EMAIL_STATUSES.map((s) => [s, 0])), ...over });

const campaignFixture = (over: Partial<Campaign> = {}): Campaign => ({
  id: 1,
  name: 'CFO outreach',
  person_id: 3,
  persona_name: 'CFOs',
  mode: 'review',
  status: 'draft',
  allow_overlap: false,
  stop_company_on_reply: false,
  virtual_employee_ids: [5],
  steps: [
    { id: 11, position: 1, channel: 'email', kind: 'email', delay_days: 0, variants: [], winner_index: null, winner_chosen_at: null },
    { id: 12, position: 2, channel: 'email', kind: 'email', delay_days: 3, variants: [], winner_index: null, winner_chosen_at: null },
  ],
  enrolments: { active: 0, stopped: 0, finished: 0 },
  emails: counts(),
  started_at: null,
  paused_at: null,
  archived_at: null,
  finished_at: null,
  bounce_rate_high_at: null,
  deliverability_reason: null,
  created_at: now,
  updated_at: now,
  ...over,
});

const emailFixture = (id: number, over: Partial<CampaignEmail> = {}): CampaignEmail => ({
  id,
  campaign_id: 1,
  campaign_name: 'CFO outreach',
  enrolment_id: 100 + id,
  step: 1,
  delay_days: 0,
  variant_index: null,
  prospect_id: 200 + id,
  prospect_name: `Pat ${id}`,
  prospect_company: 'Acme',
  virtual_employee_id: 5,
  user_email_id: 7,
  from_email: 'ada@sender.example',
  to_email: `pat${id}@acme.example`,
  subject: `Idea for Acme ${id}`,
  body_html: '<p>Hi Pat</p>',
  body_text: 'Hi Pat,\n\nA short idea.',
  message_id: `<m${id}@sender.example>`,
  in_reply_to: null,
  references: null,
  status: 'draft',
  status_reason: null,
  claim_flags: [],
  due_at: null,
  approved_at: null,
  sent_at: null,
  created_at: now,
  updated_at: now,
  ...over,
});

type Call = { method: string; url: string; body: Record<string, unknown>; params: Record<string, unknown> };
let original: typeof api.http.defaults.adapter;
let state: { campaigns: Campaign[]; emails: CampaignEmail[]; calls: Call[]; capacity: SendingCapacity; compliance: ComplianceSettings };

const capacityFixture = (): SendingCapacity => ({
  day: '2026-11-25',
  time_zone: 'Europe/Berlin',
  total: { limit: 60, sent: 14, scheduled: 6, left: 40 },
  account_limit: { limit: 100, source: 'settings', plan: 'Trial', message: "account's daily email limit reached" },
  mailboxes: [
    { user_email_id: 7, email: 'ada@sender.example', limit: 40, sent: 12, scheduled: 6, left: 22, held: null },
    { user_email_id: 8, email: 'bo@sender.example', limit: 20, sent: 2, scheduled: 0, left: 18, held: { rule: 'window', message: 'outside working hours until 09:00 Europe/Berlin', until: now } },
  ],
});

function server() {
  return fakeAdapter((c: InternalAxiosRequestConfig) => {
    const url = c.url ?? '';
    const method = c.method ?? 'get';
    const body = c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {};
    state.calls.push({ method, url, body, params: (c.params ?? {}) as Record<string, unknown> });
    if (url === '/campaigns' && method === 'get') return { status: 200, data: { data: structuredClone(state.campaigns) } };
    if (url === '/user_emails/capacity') {
      // Only this campaign's mailboxes: asked with its id; another id is another account's campaign.
      if (c.params?.campaign_id !== 1) return { status: 404, data: { errors: ['Campaign not found'] } };
      return { status: 200, data: { data: structuredClone(state.capacity) } };
    }
    if (url === '/compliance_settings') return { status: 200, data: { data: structuredClone(state.compliance) } };
    if (url === '/persons') return { status: 200, data: { data: [{ id: 3, name: 'CFOs' }], meta: { page: 1, per_page: 100, total: 1 } } };
    if (url === '/virtual_employees') return { status: 200, data: { data: [{ id: 5, name: 'Alex Rivers', title: 'SDR', mailboxes: [{ id: 7, email: 'ada@sender.example', status: 'active' }] }] } };
    if (url === '/campaigns' && method === 'post') {
      const created = campaignFixture({ id: 9, name: String(body.name) });
      state.campaigns.push(created);
      return { status: 200, data: { data: created } };
    }
    const one = /^\/campaigns\/(\d+)$/.exec(url);
    if (one && method === 'put') {
      const found = state.campaigns.find((x) => x.id === Number(one[1]))!;
      Object.assign(found, body);
      return { status: 200, data: { data: structuredClone(found) } };
    }
    if (one) {
      const found = state.campaigns.find((x) => x.id === Number(one[1]));
      return found ? { status: 200, data: { data: structuredClone(found) } } : { status: 404, data: { errors: ['Campaign not found'] } };
    }
    const action = /^\/campaigns\/(\d+)\/(start|pause|resume|archive|approve_all)$/.exec(url);
    if (action) {
      const campaign = state.campaigns.find((x) => x.id === Number(action[1]))!;
      if (action[2] === 'approve_all') {
        const drafts = state.emails.filter((e) => e.status === 'draft');
        drafts.forEach((e) => (e.status = 'scheduled'));
        campaign.emails = counts({ scheduled: drafts.length });
        return { status: 200, data: { data: { approved: drafts.length } } };
      }
      campaign.status = ({ start: 'running', pause: 'paused', resume: 'running', archive: 'archived' } as const)[action[2] as 'start'];
      return { status: 200, data: { data: campaign } };
    }
    if (url === '/campaign_emails' || /^\/campaigns\/\d+\/campaign_emails$/.test(url)) {
      const filters = c.params?.filters ? (JSON.parse(String(c.params.filters)) as { status?: string }) : {};
      const rows = state.emails.filter((e) => !filters.status || e.status === filters.status);
      return { status: 200, data: { data: structuredClone(rows), meta: { page: 1, per_page: 25, total: rows.length } } };
    }
    const put = /^\/campaign_emails\/(\d+)$/.exec(url);
    if (put) {
      const email = state.emails.find((e) => e.id === Number(put[1]))!;
      if (body.action === 'approve') email.status = 'scheduled';
      if (body.action === 'skip') email.status = 'skipped';
      if (typeof body.subject === 'string') email.subject = body.subject;
      return { status: 200, data: { data: email } };
    }
    const anyway = /^\/campaign_emails\/(\d+)\/send_anyway$/.exec(url);
    if (anyway) {
      const email = state.emails.find((e) => e.id === Number(anyway[1]))!;
      email.status = 'scheduled';
      return { status: 200, data: { data: email } };
    }
    const stop = /^\/campaign_emails\/(\d+)\/mark_stop_sending$/.exec(url);
    if (stop) {
      const email = state.emails.find((e) => e.id === Number(stop[1]))!;
      email.status = 'cancelled';
      return { status: 200, data: { data: email } };
    }
    return { status: 404, data: { errors: ['Not found'] } };
  });
}

beforeEach(() => {
  original = api.http.defaults.adapter;
  state = {
    campaigns: [],
    emails: [],
    calls: [],
    capacity: capacityFixture(),
    compliance: { compliance_footer: true, postal_address: 'Hauptstraße 5, Berlin', gdpr_notice: false, address_missing: false },
  };
  api.http.defaults.adapter = server() as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const posts = () => state.calls.filter((c) => c.method !== 'get');

describe('Campaigns page', () => {
  it('shows loading, then the empty state; creates a campaign and lands on its page', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute(CampaignsRoute, { path: '/cabinet/campaigns', extra: [{ path: '/cabinet/campaigns/:id', Component: CampaignRoute }] });
    expect(screen.getByRole('status', { name: 'Loading campaigns' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No campaign yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /New campaign/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create campaign' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name is required');
    await user.type(within(dialog).getByLabelText('Campaign name'), 'CFO outreach');
    await user.selectOptions(within(dialog).getByLabelText('Persona'), '3');
    await user.click(within(dialog).getByRole('checkbox', { name: /Alex Rivers/ }));
    await user.click(within(dialog).getByRole('radio', { name: /Autonomous/ }));
    // The company rule: off by default, explained beside its box.
    const company = within(dialog).getByRole('checkbox', { name: 'Stop the whole company when one person replies' });
    expect(company).not.toBeChecked();
    expect(company).toHaveAccessibleDescription(/other prospects at the same email domain.*Free-mail addresses such as gmail\.com never count/);
    await user.click(company);
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/campaigns/9'));
    expect(posts()).toContainEqual(
      expect.objectContaining({ url: '/campaigns', body: { name: 'CFO outreach', person_id: 3, virtual_employee_ids: [5], mode: 'autonomous', allow_overlap: false, stop_company_on_reply: true } }),
    );
    // The new campaign's page, settled (no request outlives the test).
    expect(await screen.findByRole('heading', { name: 'No email yet' })).toBeInTheDocument();
    await waitFor(() => expect(state.calls.filter((c) => c.url === '/campaigns' && c.method === 'get').length).toBeGreaterThan(1));
  });

  it('lists campaigns with status and counts, and shows a server error with a retry', async () => {
    state.campaigns = [campaignFixture({ status: 'running', enrolments: { active: 12, stopped: 1, finished: 0 }, emails: counts({ draft: 4, sent: 8 }) })];
    renderRoute(CampaignsRoute, { path: '/cabinet/campaigns' });
    const row = (await screen.findByRole('link', { name: 'CFO outreach' })).closest('tr')!;
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Review queue \(4\)/ })).toHaveAttribute('href', '/cabinet/campaigns/review');
  });
});

describe('Campaign page', () => {
  it('changes a draft campaign’s steps: a LinkedIn invitation and a call between the emails', async () => {
    const user = userEvent.setup();
    state.campaigns = [campaignFixture()];
    renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/1' });
    expect(await screen.findByRole('heading', { name: 'CFO outreach' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Edit$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    expect(await within(dialog).findByLabelText('Step 1')).toHaveValue('email');
    await user.selectOptions(within(dialog).getByLabelText('Step 2'), 'connection_request');
    await user.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await user.selectOptions(within(dialog).getByLabelText('Step 3'), 'call');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posts()).toContainEqual(
        expect.objectContaining({
          method: 'put',
          url: '/campaigns/1',
          body: expect.objectContaining({
            steps: [
              { kind: 'email', delay_days: 0 },
              { kind: 'connection_request', delay_days: 3 },
              { kind: 'call', delay_days: 3 },
            ],
          }),
        }),
      ),
    );
  });

  it('starts a draft campaign, shows the sequence, approves all drafts and acts on one email', async () => {
    const user = userEvent.setup();
    state.campaigns = [campaignFixture()];
    renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/1' });
    expect(await screen.findByRole('heading', { name: 'CFO outreach' })).toBeInTheDocument();
    expect(screen.getByText(/Step 2 · Email · 3 days after step 1/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No email yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Start/ }));
    expect(await screen.findByRole('button', { name: /Pause/ })).toBeInTheDocument();
    expect(posts().map((c) => c.url)).toContain('/campaigns/1/start');

    state.emails = [emailFixture(1), emailFixture(2)];
    state.campaigns[0]!.emails = counts({ draft: 2 });
    await user.click(screen.getByRole('button', { name: /Pause/ }));
    const approveAll = await screen.findByRole('button', { name: /Approve all \(2\)/ });
    await user.click(approveAll);
    await waitFor(() => expect(posts().map((c) => c.url)).toContain('/campaigns/1/approve_all'));
    expect(await screen.findAllByText('Scheduled')).not.toHaveLength(0);

    // Edit: name and mode.
    await user.click(screen.getByRole('button', { name: /^Edit$/ }));
    const editDialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    const nameField = await within(editDialog).findByLabelText('Campaign name');
    await user.clear(nameField);
    await user.type(nameField, 'CFO outreach 2');
    await user.click(within(editDialog).getByRole('radio', { name: /Autonomous/ }));
    expect(screen.getByText('A reply stops only the person who replied')).toBeInTheDocument();
    await user.click(within(editDialog).getByRole('checkbox', { name: 'Stop the whole company when one person replies' }));
    await user.click(within(editDialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'CFO outreach 2' })).toBeInTheDocument();
    expect(posts()).toContainEqual(
      expect.objectContaining({ method: 'put', url: '/campaigns/1', body: { name: 'CFO outreach 2', mode: 'autonomous', virtual_employee_ids: [5], allow_overlap: false, stop_company_on_reply: true } }),
    );
    expect(await screen.findByText('A reply stops everyone at that company in this campaign')).toBeInTheDocument();

    // Archive asks first.
    await user.click(screen.getByRole('button', { name: /Archive/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive this campaign?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(posts().map((c) => c.url)).not.toContain('/campaigns/1/archive');
  });

  it('says why a campaign paused for its bounce rate, in the rule’s own words', async () => {
    const reason = '3 of 50 emails bounced in 7 days (6.0 %, over 3.0 %): the list holds dead addresses. The bounced ones are on the blacklist; verify the rest of the list before resuming.';
    state.campaigns = [campaignFixture({ status: 'paused', bounce_rate_high_at: '2026-03-02T10:00:00.000Z', deliverability_reason: reason })];
    renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/1' });
    const summary = await screen.findByRole('region', { name: 'Campaign summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent(`Paused: ${reason}`);
  });

  it('a crossing recorded before reasons were kept says the rule’s numbers', async () => {
    state.campaigns = [campaignFixture({ status: 'running', bounce_rate_high_at: '2026-03-02T10:00:00.000Z' })];
    renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/1' });
    const summary = await screen.findByRole('region', { name: 'Campaign summary' });
    expect(within(summary).getByRole('status')).toHaveTextContent('Bounce rate above 3% of at least 50 emails in the last 7 days: check the persona’s addresses before it sends more.');
  });

  it('an uncertain email offers "send anyway" and "skip"', async () => {
    const user = userEvent.setup();
    state.campaigns = [campaignFixture({ status: 'running', emails: counts({ uncertain: 2 }) })];
    state.emails = [
      emailFixture(1, { status: 'uncertain', status_reason: 'The send was interrupted and the message is not in Sent: send it anyway or skip it' }),
      emailFixture(2, { status: 'uncertain' }),
    ];
    renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/1' });
    await user.click(await screen.findByRole('button', { name: 'Send the email to Pat 1, step 1, anyway' }));
    await waitFor(() => expect(posts().map((c) => c.url)).toContain('/campaign_emails/1/send_anyway'));
    await user.click(screen.getByRole('button', { name: 'Skip the email to Pat 2, step 1' }));
    await waitFor(() => expect(posts()).toContainEqual(expect.objectContaining({ method: 'put', url: '/campaign_emails/2', body: { action: 'skip' } })));
  });

  it("shows today's capacity of the campaign's mailboxes, per mailbox and in total, with what holds one back", async () => {
    state.campaigns = [campaignFixture({ status: 'running' })];
    renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/1' });
    const total = await screen.findByLabelText("Today's capacity of this campaign's mailboxes");
    expect(total).toHaveTextContent('Today (Europe/Berlin): 40 emails left of 60 · 14 sent · 6 scheduled');
    expect(screen.getByLabelText('Today at ada@sender.example')).toHaveTextContent('12 of 40 sent · 6 scheduled · 22 left');
    const idle = screen.getByLabelText('Today at bo@sender.example');
    expect(idle).toHaveTextContent('2 of 20 sent · 0 scheduled · 18 left');
    expect(idle).toHaveTextContent('Waiting: outside working hours until 09:00 Europe/Berlin');
    expect(state.calls.find((c) => c.url === '/user_emails/capacity')!.params).toEqual({ campaign_id: 1 });
    // The footer has its address: no warning.
    expect(screen.queryByText(/No postal address is set/)).not.toBeInTheDocument();
  });

  it('says when the campaign has no mailbox, and warns when the footer has no postal address', async () => {
    state.campaigns = [campaignFixture()];
    state.capacity = { ...capacityFixture(), total: { limit: 0, sent: 0, scheduled: 0, left: 0 }, mailboxes: [] };
    state.compliance = { compliance_footer: true, postal_address: null, gdpr_notice: false, address_missing: true };
    renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/1' });
    expect(await screen.findByText(/virtual employees have no mailbox to send from/)).toBeInTheDocument();
    const warning = await screen.findByText(/No postal address is set/);
    expect(within(warning).getByRole('link', { name: 'Add the address' })).toHaveAttribute('href', '/cabinet/mailboxes#compliance-footer');
  });

  it('says so when the campaign is not found', async () => {
    renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/77' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this campaign.');
    expect(alert).toHaveTextContent('Campaign not found');
  });
});

describe('Review queue', () => {
  it('lists the drafts; approve, skip and stop act on one; edit saves the subject', async () => {
    const user = userEvent.setup();
    state.campaigns = [campaignFixture({ status: 'running', emails: counts({ draft: 3 }) })];
    state.emails = [emailFixture(1), emailFixture(2), emailFixture(3)];
    renderRoute(ReviewRoute, { path: '/cabinet/campaigns/review' });
    const first = await screen.findByRole('article', { name: 'Idea for Acme 1' });
    expect(within(first).getByText(/A short idea/)).toBeInTheDocument();
    // The footer is not in the draft: a note says it is added when sent.
    expect(await screen.findByLabelText('Compliance footer')).toHaveTextContent(
      'When sent, each email gets the compliance footer under it: a one-click unsubscribe link and your postal address.',
    );
    expect(within(first).queryByText(/unsubscribe/i)).not.toBeInTheDocument();
    expect(state.calls.find((c) => c.url === '/campaign_emails')!.params).toMatchObject({ filters: JSON.stringify({ status: 'draft' }), sort_direction: 'asc' });

    await user.click(within(first).getByRole('button', { name: 'Approve the email to Pat 1, step 1' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Idea for Acme 1' })).not.toBeInTheDocument());
    expect(posts()).toContainEqual(expect.objectContaining({ method: 'put', url: '/campaign_emails/1', body: { action: 'approve' } }));

    await user.click(within(screen.getByRole('article', { name: 'Idea for Acme 2' })).getByRole('button', { name: /Skip the email/ }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Idea for Acme 2' })).not.toBeInTheDocument());

    const third = screen.getByRole('article', { name: 'Idea for Acme 3' });
    await user.click(within(third).getByRole('button', { name: /Edit the email/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit email' });
    const subject = within(dialog).getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'A better subject');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('article', { name: 'A better subject' })).toBeInTheDocument();
    expect(posts().at(-1)).toMatchObject({ method: 'put', url: '/campaign_emails/3', body: { subject: 'A better subject', body_html: '<p>Hi Pat</p>' } });

    await user.click(within(screen.getByRole('article', { name: 'A better subject' })).getByRole('button', { name: 'Stop sending to Pat 3' }));
    await waitFor(() => expect(posts().map((c) => c.url)).toContain('/campaign_emails/3/mark_stop_sending'));
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
  });
});
