import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_EMAIL_STATUSES, type Campaign, type CampaignEmail, type CampaignStep } from '@shared/schemas/campaigns';
import type { CampaignVariants, StepVariants } from '@shared/schemas/variants';
import { api } from '@web/lib/api';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { CampaignRoute } from '../routes/campaign';

const now = '2026-11-25T10:00:00.000Z';
const counts = () => Object.fromEntries(CAMPAIGN_EMAIL_STATUSES.map((s) => [s, 0]));
const step = (position: number, over: Partial<CampaignStep> = {}): CampaignStep => ({
  id: 10 + position,
  position,
  channel: 'email',
  kind: 'email',
  delay_days: position === 1 ? 0 : 3,
  variants: [],
  winner_index: null,
  winner_chosen_at: null,
  ...over,
});
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
  steps: [step(1), step(2)],
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
const tested = () =>
  campaignFixture({
    status: 'running',
    steps: [
      step(1, {
        variants: [
          { index: 0, letter: 'A', subject: 'Idea for {{company}}', body: 'Hi {{first_name}}' },
          { index: 1, letter: 'B', subject: '{{first_name}}, a question', body: 'Hello {{first_name}}' },
        ],
      }),
      step(2),
    ],
  });

const stepResult = (over: Partial<StepVariants> = {}): StepVariants => ({
  step: 1,
  variants: [
    { index: 0, letter: 'A', subject: 'Idea for {{company}}', sent: 40, positive: 1, positive_rate: { rate: null, low: null, high: null }, pending: 3 },
    { index: 1, letter: 'B', subject: '{{first_name}}, a question', sent: 39, positive: 4, positive_rate: { rate: null, low: null, high: null }, pending: 2 },
  ],
  verdict: 'not_enough_data',
  look: null,
  winner: null,
  p_value: null,
  summary: 'Not enough data yet: no call before 100 sends of each variant (the fewest so far: 39)',
  sending_only: null,
  sending_only_since: null,
  ...over,
});
const winning = (): StepVariants =>
  stepResult({
    variants: [
      { index: 0, letter: 'A', subject: 'Idea for {{company}}', sent: 152, positive: 1, positive_rate: { rate: 1 / 152, low: 0.0012, high: 0.0363 }, pending: 3 },
      { index: 1, letter: 'B', subject: '{{first_name}}, a question', sent: 152, positive: 16, positive_rate: { rate: 16 / 152, low: 0.0659, high: 0.1645 }, pending: 2 },
    ],
    verdict: 'winner',
    winner: 1,
    p_value: 0.00026,
    look: { sends_per_variant: 100, number: 1, of: 5, next_at: 200, leader: 1, comparisons: [{ against: 0, test: 'two_proportion_z', p_value: 0.00026, alpha: 0.01, significant: true }] },
    summary: 'Variant B wins (two-sided two-proportion z-test, p < 0.001, on the first 100 sends of each variant)',
  });

type Call = { method: string; url: string; body: Record<string, unknown> };
let original: typeof api.http.defaults.adapter;
let state: { campaign: Campaign; variants: CampaignVariants | 'error'; calls: Call[]; emails: CampaignEmail[] };

function server() {
  return fakeAdapter((c: InternalAxiosRequestConfig) => {
    const url = c.url ?? '';
    const method = c.method ?? 'get';
    const body = c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {};
    state.calls.push({ method, url, body });
    if (url === '/campaigns/1' && method === 'put') return { status: 200, data: { data: state.campaign } };
    if (url === '/campaigns/1') return { status: 200, data: { data: structuredClone(state.campaign) } };
    if (url === '/insights/variants') {
      if (state.variants === 'error') return { status: 500, data: { errors: ['Something went wrong'] } };
      return c.params?.campaign_id === 1 ? { status: 200, data: { data: structuredClone(state.variants) } } : { status: 404, data: { errors: ['Campaign not found'] } };
    }
    if (url === '/campaigns/1/steps/1/winner' && method === 'post') {
      if (state.variants === 'error') return { status: 500, data: {} };
      const s = state.variants.steps[0]!;
      if (s.winner !== body.variant_index) return { status: 422, data: { errors: ['No variant is significantly better yet'] } };
      s.sending_only = s.winner;
      s.sending_only_since = now;
      return { status: 200, data: { data: s, rewritten: 2, kept_edited: 1 } };
    }
    if (url === '/virtual_employees') return { status: 200, data: { data: [{ id: 5, name: 'Alex Rivers', title: 'SDR', mailboxes: [{ id: 7, email: 'ada@sender.example', status: 'active' }] }] } };
    if (/^\/campaigns\/1\/campaign_emails$/.test(url)) return { status: 200, data: { data: state.emails, meta: { page: 1, per_page: 25, total: state.emails.length } } };
    return { status: 404, data: { errors: ['Not found'] } };
  });
}

beforeEach(() => {
  original = api.http.defaults.adapter;
  state = { campaign: campaignFixture(), variants: { campaign_id: 1, steps: [] }, calls: [], emails: [] };
  api.http.defaults.adapter = server() as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const open = () => renderRoute(CampaignRoute, { path: '/cabinet/campaigns/:id', url: '/cabinet/campaigns/1' });

describe('step variants', () => {
  it('the sequence editor adds variants A to D to an email step, asks a subject on the first email only, and saves them', async () => {
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { name: 'CFO outreach' })).toBeInTheDocument();
    // No variants yet: the page does not ask for a comparison.
    expect(screen.queryByRole('heading', { name: 'Variants' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Edit$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    await user.click(await within(dialog).findByRole('button', { name: 'Test variants (A/B) for step 1' }));
    expect(within(dialog).getByRole('group', { name: 'Step 1 variants' })).toHaveTextContent('{{first_name}}');
    await user.type(within(dialog).getByLabelText('Variant A subject'), 'Idea for {{{{company}}');
    await user.type(within(dialog).getByLabelText('Variant A body'), 'Hi there');
    // Two at least: B cannot be removed while there are two.
    expect(within(dialog).getByRole('button', { name: 'Remove variant B of step 1' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add variant C' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add variant D' }));
    expect(within(dialog).queryByRole('button', { name: /Add variant/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove variant D of step 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove variant C of step 1' }));
    // B has no subject yet: the editor says so before anything is sent.
    await user.type(within(dialog).getByLabelText('Variant B body'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Step 1: Variant B needs a subject: it is the first email of the sequence');
    expect(state.calls.filter((c) => c.method === 'put')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Variant B subject'), 'A question');
    // The follow-up's variants answer in the thread: no subject asked.
    await user.click(within(dialog).getByRole('button', { name: 'Test variants (A/B) for step 2' }));
    const second = within(dialog).getByRole('group', { name: 'Step 2 variants' });
    expect(within(second).queryByLabelText(/subject/)).not.toBeInTheDocument();
    await user.type(within(second).getByLabelText('Variant A body'), 'Following up');
    await user.type(within(second).getByLabelText('Variant B body'), 'One more thought');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(state.calls).toContainEqual(
        expect.objectContaining({
          method: 'put',
          url: '/campaigns/1',
          body: expect.objectContaining({
            steps: [
              {
                kind: 'email',
                delay_days: 0,
                variants: [
                  { subject: 'Idea for {{company}}', body: 'Hi there' },
                  { subject: 'A question', body: 'Hello' },
                ],
              },
              { kind: 'email', delay_days: 3, variants: [{ body: 'Following up' }, { body: 'One more thought' }] },
            ],
          }),
        }),
      ),
    );
  });

  it('the editor keeps a step’s saved variants and can stop testing them', async () => {
    const user = userEvent.setup();
    state.campaign = { ...tested(), status: 'draft' };
    state.variants = { campaign_id: 1, steps: [stepResult()] };
    open();
    await user.click(await screen.findByRole('button', { name: /^Edit$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    expect(await within(dialog).findByLabelText('Variant B subject')).toHaveValue('{{first_name}}, a question');
    await user.click(within(dialog).getByRole('button', { name: 'Stop testing variants on step 1' }));
    expect(within(dialog).queryByLabelText('Variant A body')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.calls).toContainEqual(expect.objectContaining({ method: 'put', body: expect.objectContaining({ steps: [{ kind: 'email', delay_days: 0 }, { kind: 'email', delay_days: 3 }] }) })));
  });

  it('below the minimum sample: each variant’s figures, "not enough data yet", and no winner to send', async () => {
    state.campaign = tested();
    state.variants = { campaign_id: 1, steps: [stepResult()] };
    open();
    const section = await screen.findByRole('region', { name: 'Variants' });
    const table = await within(section).findByRole('table', { name: 'Step 1' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['AIdea for {{company}}', '40', '1', 'not enough data yet', '3'],
      ['B{{first_name}}, a question', '39', '4', 'not enough data yet', '2'],
    ]);
    expect(within(section).getByText('Not enough data yet: no call before 100 sends of each variant (the fewest so far: 39)')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Send the winner from now on' })).not.toBeInTheDocument();
  });

  it('the campaign’s emails say which variant each was written from', async () => {
    state.campaign = tested();
    state.variants = { campaign_id: 1, steps: [stepResult()] };
    const email = (id: number, variant_index: number | null, step: number): CampaignEmail => ({
      id,
      campaign_id: 1,
      campaign_name: 'CFO outreach',
      enrolment_id: 100,
      step,
      delay_days: 0,
      variant_index,
      prospect_id: 200,
      prospect_name: `Pat ${id}`,
      prospect_company: 'Acme',
      virtual_employee_id: 5,
      user_email_id: 7,
      from_email: 'ada@sender.example',
      to_email: `pat${id}@acme.example`,
      subject: 'Pat, a question',
      body_html: '<p>Hello Pat</p>',
      body_text: 'Hello Pat',
      message_id: `<m${id}@sender.example>`,
      in_reply_to: null,
      references: null,
      status: 'sent',
      status_reason: null,
      claim_flags: [],
      due_at: null,
      approved_at: null,
      sent_at: now,
      created_at: now,
      updated_at: now,
    });
    state.emails = [email(1, 1, 1), email(2, null, 2)];
    open();
    const table = await screen.findByRole('table', { name: 'Emails of this campaign' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveTextContent(/^1 · variant B$/);
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent(/^2$/);
  });

  it('no significant difference: the test and its p, no button', async () => {
    state.campaign = tested();
    state.variants = {
      campaign_id: 1,
      steps: [stepResult({ verdict: 'no_difference', p_value: 0.39, summary: 'No significant difference yet (two-sided two-proportion z-test, p = 0.390, on the first 100 sends of each variant; next look at 200)' })],
    };
    open();
    expect(await screen.findByText(/^No significant difference yet \(two-sided two-proportion z-test, p = 0\.390/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the winner from now on' })).not.toBeInTheDocument();
  });

  it('a significant winner: rates with their interval, "Variant B wins (p …)", and "Send the winner from now on" calls the API and says what it did', async () => {
    const user = userEvent.setup();
    state.campaign = tested();
    state.variants = { campaign_id: 1, steps: [winning()] };
    open();
    const section = await screen.findByRole('region', { name: 'Variants' });
    const table = await within(section).findByRole('table', { name: 'Step 1' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('11% (6.6%–16%)');
    expect(within(section).getByText(/^Variant B wins \(two-sided two-proportion z-test, p < 0\.001/)).toBeInTheDocument();
    const button = within(section).getByRole('button', { name: 'Send the winner from now on' });
    expect(button).toHaveAccessibleDescription(/uses variant B/);
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(state.calls).toContainEqual(expect.objectContaining({ method: 'post', url: '/campaigns/1/steps/1/winner', body: { variant_index: 1 } })));
    expect(await within(section).findByRole('status')).toHaveTextContent('Variant B only from now on: 2 unsent emails rewritten from it; 1 you edited kept as written');
    // Refetched: the step now sends B only, and the button is gone.
    expect(await within(section).findByText(/^Sending variant B only since/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Send the winner from now on' })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('sending only this');
  });

  it('says so when the comparison cannot be loaded, with a retry', async () => {
    state.campaign = tested();
    state.variants = 'error';
    open();
    const section = await screen.findByRole('region', { name: 'Variants' });
    expect(await within(section).findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
