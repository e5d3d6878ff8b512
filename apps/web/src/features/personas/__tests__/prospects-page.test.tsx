import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { PersonaRoute } from '../routes/persona';
import { ProspectsRoute } from '../routes/prospects';
import { persona, personasServer, prospect } from './fake-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof personasServer>;
let downloads: string[];

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = personasServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  downloads = [];
  // The download itself (a Blob URL on a temporary link) is the browser's: record which file was saved.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const seed = () => {
  server.db.personas = [persona(1, 'Founders', { prospects_count: 1 }), persona(2, 'CFOs')];
  server.db.prospects = [
    { ...prospect(11, 'Ada Lovelace', 'Analytical Engines'), persona_ids: [1] },
    { ...prospect(12, 'Grace Hopper', 'US Navy'), persona_ids: [] },
    { ...prospect(13, 'Alan Turing', 'Bletchley'), persona_ids: [] },
  ];
};

const renderPage = () => renderRoute(ProspectsRoute, { path: '/business-information/prospects' });

describe('Prospects page', () => {
  it('lists every prospect with its personas (also those in none), searches and filters by membership', async () => {
    seed();
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Prospects' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Founders' })).toHaveAttribute('href', '/business-information/personas/1');
    expect(screen.getByText('3 prospects')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search prospects' }), 'navy');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Prospects' })).getAllByRole('row')).toHaveLength(2));
    expect(JSON.parse(String(server.calls('POST', '/prospects/search').at(-1)!.data))).toMatchObject({ search: 'navy', page: 1, per_page: 50 });

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Persona' }), 'none');
    await waitFor(() => expect(screen.getByText('2 prospects')).toBeInTheDocument());
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
  });

  it('adds the selected prospects to a persona, exports them, and deletes them after confirming; focus returns to the opener', async () => {
    seed();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Prospects' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(bar).toHaveTextContent('2 selected');

    const add = within(bar).getByRole('button', { name: 'Add to persona' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add to a persona' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Persona' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 prospects' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(add).toHaveFocus();
    expect(JSON.parse(String(server.calls('POST', '/prospects/add_to_persona')[0]!.data))).toEqual({ persona_id: 2, selection: { ids: [12, 13] } });
    expect(await within(screen.getByRole('table', { name: 'Prospects' })).findAllByRole('link', { name: 'CFOs' })).toHaveLength(2);

    await user.click(within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual([expect.stringMatching(/^prospects-\d{4}-\d{2}-\d{2}\.csv$/)]));
    expect(JSON.parse(String(server.calls('POST', '/prospects/export')[0]!.data))).toEqual({ selection: { ids: [12, 13] } });

    const del = within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Delete' });
    await user.click(del);
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 prospects?' });
    expect(confirm).toHaveTextContent('removed from every persona, with their activity history');
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 prospects' }));
    await waitFor(() => expect(screen.getByText('1 prospect')).toBeInTheDocument());
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
  });

  it('selects every prospect matching the search across pages', async () => {
    server.db.personas = [persona(1, 'Founders')];
    server.db.prospects = Array.from({ length: 60 }, (_, i) => ({ ...prospect(i + 1, `Person ${i + 1}`, 'Acme'), persona_ids: [] }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select every prospect on this page' }));
    expect(screen.getByRole('region', { name: 'Selection' })).toHaveTextContent('50 selected');
    await user.click(screen.getByRole('button', { name: 'Select all 60 matching' }));
    expect(screen.getByRole('region', { name: 'Selection' })).toHaveTextContent('60 selected');
    await user.click(within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(server.calls('POST', '/prospects/export')).toHaveLength(1));
    expect(JSON.parse(String(server.calls('POST', '/prospects/export')[0]!.data))).toEqual({ selection: { all_matching: { search: '', filters: {}, persona: 'all' } } });
  });

  it('says how prospects arrive when there are none', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No prospects yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to personas' })).toHaveAttribute('href', '/business-information/personas');
  });
});

describe("A persona's export", () => {
  it("downloads that persona's prospects from export_prospects_by_person, not the all-personas summary", async () => {
    seed();
    const user = userEvent.setup();
    renderRoute(PersonaRoute, { path: '/business-information/personas/:id', url: '/business-information/personas/1' });
    await user.click(await screen.findByRole('button', { name: 'Export prospects' }));
    await waitFor(() => expect(downloads).toEqual([expect.stringMatching(/^founders-prospects-\d{4}-\d{2}-\d{2}\.csv$/)]));
    expect(server.calls('GET', '/campaign_emails/export_prospects_by_person/1')).toHaveLength(1);
    expect(server.calls('GET', '/export_performance_to_csv')).toHaveLength(0);
  });
});
