import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Integration, IntegrationProviderInfo, IntegrationWrite } from '@shared/schemas/integrations';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { IntegrationsRoute } from '../routes/integrations';

const providers: IntegrationProviderInfo[] = [
  { provider: 'hubspot', label: 'HubSpot', configured: true, connect: ['oauth'] },
  { provider: 'salesforce', label: 'Salesforce', configured: false, connect: [] },
];
const hubspot = (over: Partial<Integration> = {}): Integration => ({
  id: 7,
  provider: 'hubspot',
  status: 'connected',
  status_message: null,
  vendor_account_id: '4242',
  vendor_account_name: 'acme.hubspot.com',
  instance_url: null,
  settings: {},
  last_sync_at: '2031-03-03T12:00:00.000Z',
  usage: { today: 45, cap: 100, allowance: null, paused_until: null },
  created_at: '2031-03-01T12:00:00.000Z',
  updated_at: '2031-03-01T12:00:00.000Z',
  ...over,
});
const write = (over: Partial<IntegrationWrite> = {}): IntegrationWrite => ({
  id: 31,
  integration_id: 7,
  provider: 'hubspot',
  operation: 'hubspot.upsert_contact',
  idempotency_key: 'k',
  prospect_id: 3,
  record_id: null,
  summary: 'Create or update contact ada@buyer.example: email, firstname',
  status: 'failed',
  response_status: 400,
  attempts: 1,
  error: 'HubSpot answered 400: Property values were not valid',
  replayable: true,
  next_attempt_at: null,
  created_at: '2031-03-03T12:00:00.000Z',
  updated_at: '2031-03-03T12:00:00.000Z',
  ...over,
});

let original: typeof api.http.defaults.adapter;
let state: { integrations: Integration[]; writes: IntegrationWrite[]; list: FakeReply | null };
let adapter: ReturnType<typeof fakeAdapter>;
const calls = (method: string, url: string) => adapter.calls.filter((c: InternalAxiosRequestConfig) => c.method?.toUpperCase() === method && c.url === url);

beforeEach(() => {
  original = api.http.defaults.adapter;
  state = { integrations: [], writes: [], list: null };
  adapter = fakeAdapter((c) => {
    const m = c.method?.toUpperCase();
    if (m === 'GET' && c.url === '/integrations') return state.list ?? { status: 200, data: { data: state.integrations, meta: { providers } } };
    if (m === 'POST' && c.url === '/integrations') return { status: 200, data: { data: { authorize_url: 'https://app.hubspot.example/oauth/authorize?client_id=x' } } };
    if (m === 'GET' && c.url === '/integrations/7/writes') return { status: 200, data: { data: state.writes } };
    if (m === 'GET' && c.url === '/integrations/hubspot/push_preview')
      return { status: 200, data: { data: { window_days: 30, replies: 5, create: 3, update: 1, skipped: 1, sample: [] } } };
    if (m === 'PUT' && c.url === '/integrations/7') {
      state.integrations = [hubspot({ settings: JSON.parse(String(c.data)).settings })];
      return { status: 200, data: { data: state.integrations[0] } };
    }
    if (m === 'GET' && c.url === '/integrations/hubspot_lists') return { status: 200, data: { data: [{ id: '11', name: 'Customers', size: 3, processing_type: 'MANUAL' }], meta: { offset: 1, has_more: false, total: 1 } } };
    if (m === 'POST' && c.url === '/integrations/7/writes/31/replay') {
      state.writes = [write({ status: 'pending', replayable: false, error: null })];
      return { status: 200, data: { data: state.writes[0] } };
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

const render = (url = '/cabinet/integrations') => renderRoute(IntegrationsRoute, { path: '/cabinet/integrations', url });

describe('Integrations page', () => {
  it('shows a card per provider of the brand: connect for a configured one, “not configured” for the rest; mailboxes linked', async () => {
    render();
    expect(screen.getByRole('status')).toHaveAccessibleName('Loading integrations');
    const card = await screen.findByRole('heading', { name: 'HubSpot' });
    expect(card.parentElement).toHaveTextContent('Not connected');
    expect(screen.getByRole('heading', { name: 'Salesforce' }).parentElement).toHaveTextContent('Not configured');
    expect(screen.getByText(/Salesforce is not configured on this server/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Salesforce' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage mailboxes' })).toHaveAttribute('href', '/cabinet/mailboxes');
    const assign = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, assign }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Connect HubSpot' }));
    expect(JSON.parse(String(calls('POST', '/integrations')[0]!.data))).toEqual({ provider: 'hubspot' });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://app.hubspot.example/oauth/authorize?client_id=x'));
  });

  it('shows a connected HubSpot: account, last sync, quota meter, the ledger with its error and Replay', async () => {
    state.integrations = [hubspot()];
    state.writes = [write(), write({ id: 30, status: 'succeeded', record_id: '501', response_status: 201, error: null, replayable: false, summary: 'Create or update contact bob@buyer.example: email' })];
    render('/cabinet/integrations?integration=hubspot&integration_status=connected');
    expect(await screen.findByText('HubSpot is connected.')).toBeInTheDocument();
    expect(await screen.findByText('Account: acme.hubspot.com')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Requests today' })).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('45 of 100 (your cap)')).toBeInTheDocument();
    const ledger = await screen.findByRole('table', { name: 'Write ledger' });
    const failed = within(ledger).getByRole('row', { name: /ada@buyer\.example/ });
    expect(failed).toHaveTextContent('Failed (400)');
    expect(failed).toHaveTextContent('Property values were not valid');
    expect(within(ledger).getByRole('row', { name: /bob@buyer\.example/ })).toHaveTextContent('501');
    await userEvent.click(within(failed).getByRole('button', { name: 'Replay' }));
    expect(calls('POST', '/integrations/7/writes/31/replay')).toHaveLength(1);
    expect(await within(ledger).findByText('Waiting')).toBeInTheDocument();
  });

  it('says why when HubSpot needs reconnecting, with the vendor’s words, and offers Reconnect', async () => {
    state.integrations = [hubspot({ status: 'needs_reconnect', status_message: 'HubSpot refused to renew access (BAD_REFRESH_TOKEN): reconnect HubSpot' })];
    render('/cabinet/integrations?integration=hubspot&integration_error=access_denied');
    expect(await screen.findByText(/HubSpot was not connected. The connection was cancelled at the vendor./)).toBeInTheDocument();
    expect(await screen.findByText(/HubSpot says: HubSpot refused to renew access/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect HubSpot' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'HubSpot' }).parentElement).toHaveTextContent('Needs reconnect');
  });

  it('previews the automatic push before it is saved, then saves the settings', async () => {
    state.integrations = [hubspot()];
    render();
    await userEvent.click(await screen.findByText('Settings'));
    await userEvent.selectOptions(screen.getByLabelText('Push replying prospects to HubSpot'), 'all');
    expect(await screen.findByLabelText('Automatic push preview')).toHaveTextContent('the replies of the last 30 days (5) would have made 3 new or matched HubSpot contacts, 1 updates of known ones, and 1 skipped');
    expect(calls('GET', '/integrations/hubspot/push_preview')[0]!.params).toEqual({ auto_push: 'all' });
    await userEvent.type(screen.getByLabelText('Daily request cap'), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(calls('PUT', '/integrations/7')).toHaveLength(1));
    expect(JSON.parse(String(calls('PUT', '/integrations/7')[0]!.data))).toEqual({ settings: { daily_cap: 250, log_conversation: false, auto_push: 'all' } });
  });

  it('shows an error with Try again when the list cannot load', async () => {
    state.list = { status: 500, data: { errors: ['boom'] } };
    render();
    expect(await screen.findByText(/Could not load your integrations/)).toBeInTheDocument();
  });
});
