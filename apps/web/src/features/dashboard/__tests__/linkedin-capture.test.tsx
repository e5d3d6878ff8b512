import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '@shared/brands';
import type { LinkedInAccount } from '@shared/schemas/linkedin';
import type { Persona, Prospect } from '@shared/schemas/personas';
import { api } from '@web/lib/api';
import { resetBridgeLogs } from '@web/lib/extension-bridge';
import { useBrandStore } from '@web/stores/brand';
import { useExtensionStore } from '@web/stores/extension';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { installFakeChrome, LastError } from '@web/testing/fake-chrome';
import { okProfileReply, profileFixture } from '@web/testing/profile-fixture';
import { renderRoute } from '@web/testing/render';
import { DashboardRoute } from '../routes/dashboard';

const now = '2026-03-01T10:00:00.000Z';
const persona = (id: number, name: string): Persona => ({
  id,
  name,
  description: null,
  prospects_count: 0,
  created_at: now,
  updated_at: now,
});

/** A tiny in-memory API behind the fake adapter. */
function fakeServer() {
  const db = {
    personas: [] as Persona[],
    prospects: [] as Prospect[],
    accounts: [] as LinkedInAccount[],
    offerings: [] as Array<{ id: number; name: string }>,
    failPersonas: false,
  };
  const handler = (config: InternalAxiosRequestConfig): FakeReply => {
    const url = config.url ?? '';
    const method = config.method?.toUpperCase();
    const body = config.data ? (JSON.parse(String(config.data)) as Record<string, unknown>) : {};
    if (url === '/user_info') return { status: 200, data: { data: { id: 1, name: 'Ada', email: 'ada@example.com' } } };
    if (url === '/linkedin_accounts/account-status') {
      return { status: 200, data: { status: db.accounts.some((a) => a.profile_url === body.profile_url) ? 'connected' : 'not_connected' } };
    }
    if (url === '/persons' && method === 'GET') {
      if (db.failPersonas) return { status: 400, data: { errors: ['Bad request'] } };
      return { status: 200, data: { data: db.personas, meta: { page: 1, per_page: 100, total: db.personas.length } } };
    }
    if (url === '/persons' && method === 'POST') {
      const p = persona(db.personas.length + 10, String(body.name));
      db.personas.unshift(p);
      return { status: 200, data: { data: p } };
    }
    const add = /^\/persons\/(\d+)\/prospects$/.exec(url);
    if (add && method === 'POST') {
      const personaId = Number(add[1]);
      const profile = body.profile as { profile_url: string; full_name: string };
      let prospect = db.prospects.find((p) => p.linkedin_url === profile.profile_url);
      const created = !prospect;
      if (!prospect) {
        prospect = {
          id: db.prospects.length + 1,
          linkedin_url: profile.profile_url,
          email: null,
          full_name: profile.full_name,
          first_name: null,
          last_name: null,
          headline: null,
          title: null,
          company: null,
          location: null,
          photo_url: null,
          source: 'extension',
          persona_ids: [],
          created_at: now,
          updated_at: now,
        };
        db.prospects.push(prospect);
      }
      if (!prospect.persona_ids.includes(personaId)) prospect.persona_ids.push(personaId);
      return { status: 200, data: { data: prospect, created } };
    }
    if (url === '/prospects/search_by_linkedin_url') {
      const found = db.prospects.find((p) => p.linkedin_url === (config.params as { profile_url: string }).profile_url);
      return { status: 200, data: { data: found ?? null } };
    }
    if (url === '/linkedin_accounts' && method === 'GET') return { status: 200, data: { data: db.accounts } };
    if (url === '/offerings' && method === 'GET') return { status: 200, data: { data: db.offerings } };
    if (url === '/linkedin_accounts' && method === 'POST') {
      const account: LinkedInAccount = {
        id: db.accounts.length + 1,
        profile_url: String(body.profile_url),
        full_name: (body.full_name as string | undefined) ?? null,
        headline: null,
        photo_url: null,
        status: 'connected',
        created_at: now,
      };
      db.accounts.push(account);
      return { status: 200, data: { data: account } };
    }
    const del = /^\/linkedin_accounts\/(\d+)$/.exec(url);
    if (del && method === 'DELETE') {
      db.accounts = db.accounts.filter((a) => a.id !== Number(del[1]));
      return { status: 204 };
    }
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  };
  const adapter = fakeAdapter(handler);
  return { db, adapter, calls: (m: string, u: string | RegExp) => adapter.calls.filter((c) => c.method?.toUpperCase() === m && (typeof u === 'string' ? c.url === u : u.test(c.url ?? ''))) };
}

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeServer>;
let chrome: ReturnType<typeof installFakeChrome>;
let profileReply: () => unknown;
let presenceReply: () => unknown;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  resetBridgeLogs();
  useExtensionStore.getState().reset();
  useBrandStore.setState({ brand: getBrand(0) });
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  presenceReply = () => ({ status: 'ok', version: '1.0.0' });
  profileReply = () => okProfileReply();
  chrome = installFakeChrome((m) => (m.type === 'presence' ? presenceReply() : profileReply()));
});
afterEach(() => {
  cleanup();
  chrome.uninstall();
  api.http.defaults.adapter = original;
  useBrandStore.setState({ brand: getBrand(0) });
  vi.restoreAllMocks();
});

const renderDashboard = () => renderRoute(DashboardRoute, { path: '/cabinet' });
const card = async () => screen.findByRole('region', { name: 'LinkedIn capture' });

describe('Dashboard LinkedIn capture card', () => {
  it('adds the captured profile to the chosen persona, then shows it saved; adding again updates', async () => {
    server.db.personas = [persona(1, 'Founders'), persona(2, 'Heads of Sales')];
    renderDashboard();
    const region = await card();
    expect(await within(region).findByRole('heading', { name: 'Ada Lovelace', level: 3 })).toBeInTheDocument();
    expect(await within(region).findByText('Not saved yet.')).toBeInTheDocument();

    await userEvent.selectOptions(await within(region).findByLabelText('Persona'), 'Heads of Sales');
    await waitFor(() => expect(server.calls('GET', '/dashboard_general_statistics').length).toBeGreaterThan(0));
    const statsBefore = server.calls('GET', '/dashboard_general_statistics').length;
    await userEvent.click(within(region).getByRole('button', { name: 'Add to persona' }));
    expect(await within(region).findByText('Saved to Heads of Sales')).toBeInTheDocument();
    // The dashboard's figures are asked again: the new prospect counts.
    await waitFor(() => expect(server.calls('GET', '/dashboard_general_statistics').length).toBeGreaterThan(statsBefore));
    const posts = server.calls('POST', '/persons/2/prospects');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.data)).profile.profile_url).toBe('https://www.linkedin.com/in/ada-lovelace/');
    expect(await within(region).findByText(/in Heads of Sales/)).toBeInTheDocument();
    expect(within(region).getByText('Already saved')).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Add to persona' }));
    expect(await within(region).findByText('Updated in Heads of Sales')).toBeInTheDocument();
    expect(server.db.prospects).toHaveLength(1);
  });

  it('offers to create a persona inline when the user has none', async () => {
    renderDashboard();
    const region = await card();
    expect(await within(region).findByText(/You have no personas yet/)).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Create persona' }));
    expect(await within(region).findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(region).getByLabelText('Persona name'), 'CTOs');
    await userEvent.click(within(region).getByRole('button', { name: 'Create persona' }));
    const select = await within(region).findByLabelText('Persona');
    expect(select).toHaveDisplayValue('CTOs');
    await userEvent.click(within(region).getByRole('button', { name: 'Add to persona' }));
    expect(await within(region).findByText('Saved to CTOs')).toBeInTheDocument();
  });

  it('shows an error with a retry when personas fail to load', async () => {
    server.db.failPersonas = true;
    renderDashboard();
    const region = await card();
    expect(await within(region).findByText('Could not load your personas.')).toBeInTheDocument();
    server.db.failPersonas = false;
    server.db.personas = [persona(1, 'Founders')];
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByLabelText('Persona')).toHaveDisplayValue('Founders');
  });

  it('connects the user\'s LinkedIn from the URL form and disconnects it', async () => {
    profileReply = () => ({ status: 'no_profile', reason: 'no_linkedin_tab' });
    renderDashboard();
    const region = await card();
    expect(await within(region).findByText('Waiting for a LinkedIn profile… open one in another tab')).toBeInTheDocument();
    const input = await within(region).findByLabelText('Your LinkedIn profile URL');
    await userEvent.type(input, 'https://example.com/jane');
    await userEvent.click(within(region).getByRole('button', { name: 'Connect' }));
    expect(await within(region).findByText(/Profile URL must be a LinkedIn profile address/)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'https://www.linkedin.com/in/Jane-Doe/?trk=abc');
    await userEvent.click(within(region).getByRole('button', { name: 'Connect' }));
    expect(await within(region).findByText('Your LinkedIn account is connected')).toBeInTheDocument();
    // Validated and canonicalised by the shared schema before it is sent: no tracking parameters.
    expect(JSON.parse(String(server.calls('POST', '/linkedin_accounts')[0]!.data))).toEqual({
      profile_url: 'https://www.linkedin.com/in/jane-doe/',
    });
    // Disconnecting asks first; "Keep it" changes nothing.
    await userEvent.click(within(region).getByRole('button', { name: /Disconnect/ }));
    await userEvent.click(within(region).getByRole('button', { name: 'Keep it' }));
    expect(server.calls('DELETE', '/linkedin_accounts/1')).toHaveLength(0);
    await userEvent.click(within(region).getByRole('button', { name: /Disconnect/ }));
    expect(within(region).getByText(/The agent stops using it/)).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Yes, disconnect' }));
    expect(await within(region).findByLabelText('Your LinkedIn profile URL')).toBeInTheDocument();
    expect(server.calls('DELETE', '/linkedin_accounts/1')).toHaveLength(1);
  });

  it('connects the captured profile when it is the user\'s own, and the account status follows', async () => {
    profileReply = () => okProfileReply(profileFixture({ is_own_profile: true }));
    server.db.personas = [persona(1, 'Founders')];
    renderDashboard();
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Connect Ada Lovelace (your profile)' }));
    expect(await within(region).findByRole('button', { name: 'Disconnect Ada Lovelace' })).toBeInTheDocument();
    expect(JSON.parse(String(server.calls('POST', '/linkedin_accounts')[0]!.data))).toMatchObject({
      profile_url: 'https://www.linkedin.com/in/ada-lovelace/',
      full_name: 'Ada Lovelace',
    });
    await waitFor(() => expect(useExtensionStore.getState().accountStatusLinkedin).toBe('connected'));
  });

  it('points to /extension when the extension is not installed', async () => {
    presenceReply = () => new LastError();
    renderDashboard();
    const region = await card();
    expect(await within(region).findByText('Extension not detected')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: /How to install/ })).toHaveAttribute('href', '/extension');
  });

  it('is hidden, and the extension is never asked, when the brand has LinkedIn off', async () => {
    useBrandStore.setState({ brand: getBrand(4) });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Next steps' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'LinkedIn capture' })).not.toBeInTheDocument();
    expect(chrome.calls).toHaveLength(0);
  });
});

describe('Dashboard next steps', () => {
  const step = (title: string) => screen.getByText(title).closest('a')!;

  it('checks off the extension and the persona once they are there, and counts what is left', async () => {
    server.db.personas = [persona(1, 'Founders')];
    renderDashboard();
    await waitFor(() => expect(within(step('Add a persona')).getByLabelText('Done')).toBeInTheDocument());
    await waitFor(() => expect(within(step('Install the browser extension')).getByLabelText('Done')).toBeInTheDocument());
    expect(within(step('Describe what you sell')).getByLabelText('To do')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 left to set up.')).toBeInTheDocument();
  });

  it('checks off the offering once there is one: all set', async () => {
    server.db.personas = [persona(1, 'Founders')];
    server.db.offerings = [{ id: 1, name: 'Pipeline audit' }];
    renderDashboard();
    await waitFor(() => expect(within(step('Describe what you sell')).getByLabelText('Done')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('All set: your agents have what they need.')).toBeInTheDocument());
  });

  it('leaves both open for a new account without the extension', async () => {
    chrome.uninstall();
    renderDashboard();
    await screen.findByText('Add a persona');
    await waitFor(() => expect(screen.getByText('3 of 3 left to set up.')).toBeInTheDocument());
    expect(within(step('Add a persona')).getByLabelText('To do')).toBeInTheDocument();
    expect(within(step('Install the browser extension')).getByLabelText('To do')).toBeInTheDocument();
  });
});
