import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Offering } from '@shared/schemas/messaging';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { MyProductsRoute } from '../routes/my-products';

const now = '2026-01-01T00:00:00.000Z';
const offering = (over: Partial<Offering> = {}): Offering => ({
  id: 1,
  name: 'Shiftly',
  description: 'Staff rotas in minutes.',
  price_min: 49,
  price_max: null,
  currency: 'USD',
  price_period: 'month',
  url: null,
  pricing_notes: '',
  persona_ids: [7],
  not_for: 'Teams under 10',
  proof: '',
  claims: [{ text: 'Cuts overtime by 20%', kind: 'number', source: 'https://shiftly.example/report' }],
  created_at: now,
  updated_at: now,
  ...over,
});

/** The offerings and personas API in memory; `failList` answers the list with a 500. */
function fakeServer(initial: Offering[], options: { failList?: boolean } = {}) {
  const db = { offerings: [...initial] };
  // Replies are copies, as from a real network: the query cache never holds the fake's own objects.
  const handler = (config: InternalAxiosRequestConfig): FakeReply => structuredClone(answer(config));
  const answer = (config: InternalAxiosRequestConfig): FakeReply => {
    const url = config.url ?? '';
    const method = config.method?.toUpperCase();
    const body = config.data ? (JSON.parse(String(config.data)) as Partial<Offering>) : {};
    if (url === '/persons') return { status: 200, data: { data: [{ id: 7, name: 'Store managers' }, { id: 8, name: 'HR leads' }], meta: { page: 1, per_page: 100, total: 2 } } };
    if (url === '/offerings' && method === 'GET') return options.failList ? { status: 500, data: { errors: ['boom'] } } : { status: 200, data: { data: db.offerings } };
    if (url === '/offerings' && method === 'POST') {
      const o = offering({ id: 100 + db.offerings.length, ...body });
      db.offerings.unshift(o);
      return { status: 200, data: { data: o } };
    }
    const one = /^\/offerings\/(\d+)$/.exec(url);
    if (one && method === 'PUT') {
      const i = db.offerings.findIndex((o) => o.id === Number(one[1]));
      db.offerings[i] = { ...db.offerings[i]!, ...body };
      return { status: 200, data: { data: db.offerings[i] } };
    }
    if (one && method === 'DELETE') {
      db.offerings = db.offerings.filter((o) => o.id !== Number(one[1]));
      return { status: 200, data: { data: { id: Number(one[1]) } } };
    }
    return { status: 404, data: { errors: [`no fake for ${method} ${url}`] } };
  };
  return { db, adapter: fakeAdapter(handler) };
}

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeServer>;
const use = (s: ReturnType<typeof fakeServer>) => {
  server = s;
  api.http.defaults.adapter = s.adapter as AxiosAdapter;
};
const sentTo = (method: string, url: string) =>
  server.adapter.calls.filter((c) => c.method?.toUpperCase() === method && c.url === url).map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
const render = () => renderRoute(MyProductsRoute, { path: '/page', url: '/page' });

beforeEach(() => {
  original = api.http.defaults.adapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

describe('My products page', () => {
  it('lists the account’s offerings with who they fit and their approved claims with sources', async () => {
    use(fakeServer([offering()]));
    render();
    const card = await screen.findByRole('group', { name: 'Shiftly' });
    expect(within(card).getByText('Cuts overtime by 20%')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'https://shiftly.example/report' })).toHaveAttribute('href', 'https://shiftly.example/report');
    expect(await within(card).findByText('Store managers')).toBeInTheDocument();
    expect(within(card).getByText('Teams under 10')).toBeInTheDocument();
    expect(screen.queryByText('No products yet')).not.toBeInTheDocument();
  });

  it('empty: offers to add one; the form validates claims with the shared schema, then creates the product with its claims', async () => {
    use(fakeServer([]));
    render();
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a product' }));
    const form = screen.getByRole('form', { name: 'New product' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Rota Pro');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a claim' }));
    const claim = within(form).getByRole('group', { name: 'Claim 1' });
    await userEvent.type(within(claim).getByLabelText('Claim'), 'Used by Greenleaf Markets');
    await userEvent.selectOptions(within(claim).getByLabelText('Kind'), 'customer');
    await userEvent.click(within(form).getByRole('button', { name: 'Add product' }));
    expect(await within(claim).findByText('Say where the claim comes from (a URL or a note)')).toBeInTheDocument();
    expect(sentTo('POST', '/offerings')).toEqual([]);

    await userEvent.type(within(claim).getByLabelText('Source (URL or note)'), 'Signed case study');
    await userEvent.click(await within(form).findByLabelText('HR leads'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(sentTo('POST', '/offerings')).toHaveLength(1));
    expect(sentTo('POST', '/offerings')[0]).toMatchObject({ name: 'Rota Pro', persona_ids: [8], claims: [{ text: 'Used by Greenleaf Markets', kind: 'customer', source: 'Signed case study' }] });
    expect(await screen.findByRole('group', { name: 'Rota Pro' })).toBeInTheDocument();
  });

  it('edits a claim and deletes a product after confirming', async () => {
    use(fakeServer([offering()]));
    render();
    const card = await screen.findByRole('group', { name: 'Shiftly' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit Shiftly' }));
    const form = screen.getByRole('form', { name: 'Edit Shiftly' });
    const text = within(within(form).getByRole('group', { name: 'Claim 1' })).getByLabelText('Claim');
    await userEvent.clear(text);
    await userEvent.type(text, 'Cuts overtime by 25%');
    await userEvent.click(within(form).getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(sentTo('PUT', '/offerings/1')).toHaveLength(1));
    expect(sentTo('PUT', '/offerings/1')[0]!.claims).toEqual([{ text: 'Cuts overtime by 25%', kind: 'number', source: 'https://shiftly.example/report' }]);
    expect(await screen.findByText('Cuts overtime by 25%')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Shiftly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    use(fakeServer([], { failList: true }));
    render();
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
    expect(screen.queryByText('No products yet')).not.toBeInTheDocument();
  });
});
