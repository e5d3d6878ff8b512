import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Integration, IntegrationProviderInfo, IntegrationSync } from '@shared/schemas/integrations';
import type { CalendlyEventItem } from '@shared/schemas/integrations-calendly';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { IntegrationsRoute } from '../routes/integrations';

const providers: IntegrationProviderInfo[] = [
  { provider: 'salesforce', label: 'Salesforce', configured: true, connect: ['oauth'] },
  { provider: 'calendly', label: 'Calendly', configured: false, connect: ['oauth', 'token'] },
];
const integration = (over: Partial<Integration>): Integration => ({
  id: 9,
  provider: 'salesforce',
  status: 'connected',
  status_message: null,
  vendor_account_id: '00D000000000001EAA',
  vendor_account_name: 'acme.my.salesforce.com',
  instance_url: 'https://acme.my.salesforce.com',
  settings: {},
  last_sync_at: null,
  usage: { today: 12, cap: null, allowance: 15000, paused_until: null },
  created_at: '2031-03-01T12:00:00.000Z',
  updated_at: '2031-03-01T12:00:00.000Z',
  ...over,
});
const sync = (over: Partial<IntegrationSync>): IntegrationSync => ({
  id: 5,
  integration_id: 9,
  kind: 'salesforce.blacklist_import',
  status: 'previewed',
  params: { sobject: 'Contact', list_id: '00B000000000001AAA' },
  preview: { read: 4, create: 2, existing: 1, skipped: 1, sample: ['one@customer.example', 'two@customer.example'], truncated: false },
  result: null,
  error: null,
  created_at: '2031-03-01T12:00:00.000Z',
  updated_at: '2031-03-01T12:00:00.000Z',
  ...over,
});
const event = (id: string, over: Partial<CalendlyEventItem> = {}): CalendlyEventItem => ({
  id,
  name: 'Intro call',
  status: 'active',
  start_time: '2031-03-05T15:00:00.000Z',
  end_time: '2031-03-05T15:30:00.000Z',
  location: null,
  invitees: [{ email: `${id}@buyer.example`, name: `Guest ${id}`, status: 'active', rescheduled: false, prospect_id: id === 'E1' ? 3 : null }],
  ...over,
});

let original: typeof api.http.defaults.adapter;
let state: { integrations: Integration[]; sync: IntegrationSync; connect: FakeReply | null };
let adapter: ReturnType<typeof fakeAdapter>;
const calls = (method: string, url: string) => adapter.calls.filter((c: InternalAxiosRequestConfig) => c.method?.toUpperCase() === method && c.url === url);
const body = (c: InternalAxiosRequestConfig) => JSON.parse(String(c.data)) as unknown;

beforeEach(() => {
  original = api.http.defaults.adapter;
  state = { integrations: [], sync: sync({}), connect: null };
  adapter = fakeAdapter((c) => {
    const m = c.method?.toUpperCase();
    if (m === 'GET' && c.url === '/integrations') return { status: 200, data: { data: state.integrations, meta: { providers } } };
    if (m === 'GET' && /^\/integrations\/\d+\/writes$/.test(c.url ?? '')) return { status: 200, data: { data: [] } };
    if (m === 'GET' && c.url === '/integrations/salesforce_lists')
      return {
        status: 200,
        data: {
          data: [
            { id: '00B000000000000AAA', label: 'My open leads', sobject_type: 'Lead', suppression: false },
            { id: '00B000000000001AAA', label: 'Customers', sobject_type: 'Contact', suppression: false },
          ],
        },
      };
    if (m === 'PUT' && c.url === '/integrations/9') return { status: 200, data: { data: integration({ settings: (body(c) as { settings: Integration['settings'] }).settings }) } };
    if (m === 'POST' && c.url === '/integrations/salesforce_lists/00B000000000001AAA/import_to_blacklist') {
      const b = body(c) as { confirm?: boolean };
      if (b.confirm) state.sync = sync({ status: 'applied', result: { added: 2, already: 0 } });
      return { status: 200, data: { data: b.confirm ? state.sync : sync({ status: 'previewing', preview: null }) } };
    }
    if (m === 'GET' && c.url === '/integrations/9/syncs/5') return { status: 200, data: { data: state.sync } };
    if (m === 'POST' && c.url === '/integrations') {
      if (state.connect) return state.connect;
      state.integrations = [integration({ id: 11, provider: 'calendly', vendor_account_name: 'hana@example.com', instance_url: null, usage: { today: 1, cap: null, allowance: null, paused_until: null } })];
      return { status: 200, data: { data: state.integrations[0] } };
    }
    if (m === 'GET' && c.url === '/integrations/calendly_events') {
      const token = (c.params as { page_token?: string }).page_token;
      return token
        ? { status: 200, data: { data: [event('E3', { status: 'canceled' })], meta: { next_page_token: null, count: 1 } } }
        : { status: 200, data: { data: [event('E1'), event('E2')], meta: { next_page_token: 'next-1', count: 2 } } };
    }
    return { status: 404, data: { errors: ['Not found'] } };
  });
  api.http.defaults.adapter = adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const render = () => renderRoute(IntegrationsRoute, { path: '/cabinet/integrations', url: '/cabinet/integrations' });

describe('Salesforce and Calendly on the integrations page', () => {
  it('Salesforce: Lead or Contact, the suppression list view, and its import to the blacklist previewed before it applies', async () => {
    state.integrations = [integration({})];
    render();
    expect(await screen.findByText('Account: acme.my.salesforce.com')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Push replying prospects as'), 'Contact');
    await userEvent.click(within(screen.getByRole('region', { name: 'Salesforce record type' })).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls('PUT', '/integrations/9').map(body)).toEqual([{ settings: { salesforce_object: 'Contact' } }]));
    const section = screen.getByRole('region', { name: 'Salesforce list views to the blacklist' });
    const select = await within(section).findByLabelText('Suppression list');
    expect(within(section).getByRole('button', { name: 'Preview import' })).toBeDisabled();
    await userEvent.selectOptions(select, '00B000000000001AAA');
    await userEvent.click(within(section).getByRole('button', { name: 'Preview import' }));
    await vi.waitFor(() => expect(calls('POST', '/integrations/salesforce_lists/00B000000000001AAA/import_to_blacklist').map(body)).toEqual([{ sobject: 'Contact', list_name: 'Customers' }]));
    // Choosing it to import makes it the suppression list.
    await vi.waitFor(() => expect(calls('PUT', '/integrations/9').map(body)).toContainEqual({ settings: { suppression_list_id: '00B000000000001AAA' } }));
    const preview = await screen.findByLabelText('Import preview');
    expect(preview).toHaveTextContent('4 records read: 2 would be added to your blacklist, 1 are on it already, 1 skipped (no valid address).');
    expect(preview).toHaveTextContent('For example: one@customer.example, two@customer.example');
    await userEvent.click(within(preview).getByRole('button', { name: 'Add 2 to blacklist' }));
    expect(await within(preview).findByText(/Added 2 addresses/)).toBeInTheDocument();
    expect(calls('POST', '/integrations/salesforce_lists/00B000000000001AAA/import_to_blacklist').map(body)[1]).toEqual({ sync_id: 5, confirm: true });
  });

  it('Calendly without an OAuth app: a personal access token connects it; its events list with invitees, prospects marked, more on demand', async () => {
    render();
    expect(await screen.findByText(/Calendly sign-in \(OAuth\) is not configured on this server/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Connect Calendly with a personal access token' });
    expect(within(form).getByRole('button', { name: 'Connect with token' })).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Or paste a personal access token'), 'eyJraWQi.token-value-0123456789');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect with token' }));
    await vi.waitFor(() => expect(calls('POST', '/integrations').map(body)).toEqual([{ provider: 'calendly', access_token: 'eyJraWQi.token-value-0123456789' }]));
    const events = await screen.findByRole('region', { name: 'Calendly events' });
    const items = await within(events).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Guest E1 <E1@buyer.example>prospect'), expect.stringContaining('Guest E2 <E2@buyer.example>')]));
    expect(screen.queryByRole('form', { name: 'Connect Calendly with a personal access token' })).toBeNull();
    await userEvent.click(within(events).getByRole('button', { name: 'More events' }));
    expect(await within(events).findByText('Canceled')).toBeInTheDocument();
    expect(within(events).queryByRole('button', { name: 'More events' })).toBeNull();
  });

  it('Calendly: a refused token says why, and nothing is connected', async () => {
    state.connect = { status: 422, data: { errors: ['Calendly did not accept this personal access token: create one at Calendly → Integrations → API & Webhooks and paste it whole'] } };
    render();
    const form = await screen.findByRole('form', { name: 'Connect Calendly with a personal access token' });
    await userEvent.type(within(form).getByLabelText('Or paste a personal access token'), 'wrong-token-0123456789abc');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect with token' }));
    expect(await within(form).findByText(/Calendly did not accept this personal access token/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Calendly events' })).toBeNull();
  });
});
