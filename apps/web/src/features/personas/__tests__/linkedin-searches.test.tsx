import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '@shared/brands';
import type { LinkedInSearch } from '@shared/schemas/linkedin-searches';
import { api } from '@web/lib/api';
import { useBrandStore } from '@web/stores/brand';
import { renderRoute } from '@web/testing/render';
import { PersonaRoute } from '../routes/persona';
import { now, persona, personasServer } from './fake-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof personasServer>;
let searches: LinkedInSearch[];

const saved = (id: number, name: string, extra: Partial<LinkedInSearch> = {}): LinkedInSearch => ({
  id,
  person_id: 1,
  person_name: 'Founders',
  name,
  url: `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(name)}`,
  kind: 'classic',
  added_count: 0,
  last_page: null,
  last_captured_at: null,
  created_at: now,
  ...extra,
});

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = personasServer();
  server.db.personas = [persona(1, 'Founders', { prospects_count: 12 })];
  searches = [saved(5, 'cto fintech', { kind: 'sales_navigator', added_count: 37, last_page: 3, last_captured_at: now })];
  // The saved-search calls of this persona, in memory (the server's own rules are tested in apps/api).
  server.setOverride((config, body) => {
    if (config.url === '/linkedin_searches' && config.method === 'get') {
      expect(config.params).toEqual({ person_id: 1 });
      return { status: 200, data: { data: searches } };
    }
    if (config.url === '/linkedin_searches' && config.method === 'post') {
      if (!String(body.url).includes('/search/results/people')) return { status: 422, data: { errors: ['Search URL must be a LinkedIn people search'] } };
      const created = saved(6, String(body.name ?? 'vp sales'));
      searches = [created, ...searches];
      return { status: 200, data: { data: created } };
    }
    if (config.url === '/linkedin_searches/5' && config.method === 'delete') {
      searches = searches.filter((s) => s.id !== 5);
      return { status: 204 };
    }
    return undefined;
  });
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  useBrandStore.setState({ brand: getBrand(0) });
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const renderPersona = () => renderRoute(PersonaRoute, { path: '/business-information/personas/:id', url: '/business-information/personas/1' });

describe('Persona: saved LinkedIn searches', () => {
  it('lists the saved searches, checks the URL with the shared schema, saves one and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    renderPersona();
    await user.click(await screen.findByRole('tab', { name: 'LinkedIn searches' }));
    const list = await screen.findByRole('list', { name: 'Saved LinkedIn searches' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('link', { name: /cto fintech/ })).toHaveAttribute('href', searches[0]!.url);
    expect(item).toHaveTextContent('Sales Navigator · 37 added · last read');
    expect(item).toHaveTextContent('page 3');

    await user.type(screen.getByLabelText('Search URL'), 'https://www.linkedin.com/in/jane-doe/');
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText(/Search URL must be a LinkedIn people search \(linkedin.com\/search\/results\/people/)).toBeInTheDocument();
    expect(server.calls('POST', '/linkedin_searches')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Search URL'));
    await user.type(screen.getByLabelText('Search URL'), 'https://www.linkedin.com/search/results/people/?keywords=vp%20sales&page=2');
    await user.type(screen.getByLabelText('Name (optional)'), 'VPs of Sales');
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Saved LinkedIn searches' })).getAllByRole('listitem')).toHaveLength(2));
    expect(JSON.parse(String(server.calls('POST', '/linkedin_searches')[0]!.data))).toEqual({
      person_id: 1,
      url: 'https://www.linkedin.com/search/results/people/?keywords=vp%20sales&page=2',
      name: 'VPs of Sales',
    });
    expect(screen.getByText(/not opened yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Search URL')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Delete cto fintech' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “cto fintech”?' });
    expect(dialog).toHaveTextContent('The 37 prospects it added stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete search' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /cto fintech/ })).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/linkedin_searches/5')).toHaveLength(1);
  });

  it('is not there on a brand whose LinkedIn features are off', async () => {
    useBrandStore.setState({ brand: getBrand(4) });
    renderPersona();
    expect(await screen.findByRole('tab', { name: /Prospects/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'LinkedIn searches' })).not.toBeInTheDocument();
    expect(server.calls('GET', '/linkedin_searches')).toHaveLength(0);
  });
});
