import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { PersonaRoute } from '../routes/persona';
import { PersonasRoute } from '../routes/personas';
import { persona, personasServer, prospect } from './fake-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof personasServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = personasServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const renderList = () =>
  renderRoute(PersonasRoute, {
    path: '/business-information/personas',
    extra: [{ path: '/business-information/personas/:id', Component: PersonaRoute }],
  });

describe('Personas list', () => {
  it('shows the empty state, validates the name with the shared schema, creates a persona and opens it', async () => {
    const user = userEvent.setup();
    const { router } = renderList();
    expect(await screen.findByRole('heading', { name: 'No personas yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first persona' }));
    const dialog = await screen.findByRole('dialog', { name: 'New persona' });
    await user.click(within(dialog).getByRole('button', { name: 'Create persona' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(server.calls('POST', '/persons')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Heads of RevOps');
    await user.type(within(dialog).getByLabelText('Description'), 'Fintech, 50-500 people');
    await user.click(within(dialog).getByRole('button', { name: 'Create persona' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/business-information/personas/100'));
    expect(JSON.parse(String(server.calls('POST', '/persons')[0]!.data))).toMatchObject({ name: 'Heads of RevOps', description: 'Fintech, 50-500 people' });
    expect(await screen.findByRole('heading', { name: 'Heads of RevOps', level: 1 })).toBeInTheDocument();
  });

  it('lists personas with their prospect counts and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    server.db.personas = [persona(1, 'Founders', { prospects_count: 12 }), persona(2, 'CFOs', { prospects_count: 3 })];
    renderList();
    const table = await screen.findByRole('table', { name: 'Personas' });
    const row = within(table).getByRole('row', { name: /Founders/ });
    expect(within(row).getByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Founders' })).toHaveAttribute('href', '/business-information/personas/1');

    await user.click(within(row).getByRole('button', { name: 'Delete Founders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Founders”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE', /\/persons\/1$/)).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Delete Founders' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete persona' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Founders' })).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/persons/1')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'CFOs' })).toBeInTheDocument();
  });

  it('searches (debounced) and sorts on the server', async () => {
    const user = userEvent.setup();
    server.db.personas = [persona(1, 'Founders'), persona(2, 'CFOs')];
    renderList();
    await screen.findByRole('table', { name: 'Personas' });
    expect(server.calls('GET', '/persons').at(-1)!.params).toEqual({ page: 1, per_page: 25, sort: 'created_at', sort_direction: 'desc', view: 'compact' });
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(server.calls('GET', '/persons').at(-1)!.params).toMatchObject({ sort: 'name', sort_direction: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.type(screen.getByRole('searchbox', { name: 'Search personas' }), 'fou');
    await waitFor(() => expect(server.calls('GET', '/persons').at(-1)!.params).toMatchObject({ filter: 'fou', sort: 'name' }));
    expect(server.calls('GET', '/persons').filter((c) => (c.params as { filter?: string }).filter !== undefined)).toHaveLength(1);
  });

  it('shows an error with a retry when the list fails', async () => {
    server.db.failList = true;
    renderList();
    expect(await screen.findByText('Could not load your personas.', {}, { timeout: 15000 })).toBeInTheDocument();
    server.db.failList = false;
    server.db.personas = [persona(1, 'Founders')];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Founders' })).toBeInTheDocument();
  });
});

describe('Persona prospects', () => {
  it('pages and orders the prospects on the server', async () => {
    const user = userEvent.setup();
    server.db.personas = [persona(1, 'Founders', { prospects_count: 30 })];
    server.db.prospects = Array.from({ length: 30 }, (_, i) => prospect(i + 1, `Person ${String(i + 1).padStart(2, '0')}`, `Company ${30 - i}`));
    renderRoute(PersonaRoute, { path: '/business-information/personas/:id', url: '/business-information/personas/1' });
    await user.click(await screen.findByRole('tab', { name: 'Prospects (30)' }));
    const table = await screen.findByRole('table', { name: 'Prospects of this persona' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);

    await user.click(within(table).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Person 01'));
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(server.calls('GET', '/persons/1/loaded_prospects').at(-1)!.params).toMatchObject({ order_by: 'full_name', order_direction: 'asc', page: 1 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(server.calls('GET', '/persons/1/loaded_prospects').at(-1)!.params).toMatchObject({ page: 2, per_page: 25 });
  });
});

describe('Persona page', () => {
  it('edits the name and description', async () => {
    const user = userEvent.setup();
    server.db.personas = [persona(1, 'Founders', { description: 'Seed stage' })];
    renderRoute(PersonaRoute, { path: '/business-information/personas/:id', url: '/business-information/personas/1' });
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit persona' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Seed founders');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Seed founders', level: 1 })).toBeInTheDocument();
    expect(JSON.parse(String(server.calls('PUT', '/persons/1')[0]!.data))).toEqual({ name: 'Seed founders', description: 'Seed stage' });
  });

  it('says so when the persona does not exist', async () => {
    renderRoute(PersonaRoute, { path: '/business-information/personas/:id', url: '/business-information/personas/9' });
    expect(await screen.findByText('Persona not found', {}, { timeout: 15000 })).toBeInTheDocument();
  });

  it('exports the performance CSV as a download', async () => {
    const user = userEvent.setup();
    server.db.personas = [persona(1, 'Founders')];
    server.setOverride((config) => (config.url === '/export_performance_to_csv' ? { status: 200, data: 'persona,sent\nFounders,3\n' } : undefined));
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls('GET', '/export_performance_to_csv')).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalled();
  });
});
