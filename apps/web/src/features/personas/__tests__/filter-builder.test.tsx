import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { LIVE_COUNT_DEBOUNCE_MS } from '../api/prospects-preview';
import { PersonaRoute } from '../routes/persona';
import { persona, personasServer } from './fake-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof personasServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = personasServer();
  server.db.personas = [persona(1, 'Founders')];
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const renderPersona = () => renderRoute(PersonaRoute, { path: '/business-information/personas/:id', url: '/business-information/personas/1' });
const previewBodies = () => server.calls('POST', '/prospects_preview').map((c) => JSON.parse(String(c.data)) as { filters: Record<string, unknown> });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('Filter builder', () => {
  it('adds chips from filter_info suggestions and typed text, removes them, and saves the serialised filters', async () => {
    const user = userEvent.setup();
    server.setOverride((config) => {
      if (config.url === '/filter_info' && (config.params as { filter: string }).filter === 'job_titles') {
        return { status: 200, data: { data: [{ id: 'vp-sales', name: 'VP Sales', uid: 'vp-sales', count: 3 }] } };
      }
      return undefined;
    });
    renderPersona();
    const titles = await screen.findByRole('combobox', { name: 'Job titles' });
    await user.type(titles, 'vp');
    const option = await screen.findByRole('option', { name: /VP Sales/ });
    await waitFor(() => expect(server.calls('GET', '/filter_info').at(-1)!.params).toMatchObject({ filter: 'job_titles', value: 'vp' }));
    await user.click(option);
    expect(screen.getByRole('button', { name: 'Remove VP Sales from Job titles' })).toBeInTheDocument();

    // Keyboard: with suggestions on show Enter waits for a choice; ArrowDown to 'Add “Intern”', Enter adds it.
    await user.type(screen.getByRole('combobox', { name: 'Excluded titles' }), 'Intern{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Intern from Excluded titles' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Keywords' }), 'saas{Enter}fintech{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove saas from Keywords' }));
    expect(screen.queryByRole('button', { name: 'Remove saas from Keywords' })).not.toBeInTheDocument();

    // SIC codes keep their digits only.
    await user.type(screen.getByRole('combobox', { name: 'SIC codes' }), '73-72 software{Enter}');
    expect(screen.getByRole('button', { name: 'Remove 7372 from SIC codes' })).toBeInTheDocument();

    // Ranges: a negative bound is never sent.
    await user.type(screen.getByLabelText('Annual revenue minimum'), '-5');
    await user.type(screen.getByLabelText('Annual revenue maximum'), '1000000');
    expect(screen.getByText('Values below 0 are ignored.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '51–200' }));
    await user.click(screen.getByRole('checkbox', { name: 'VP' }));
    await user.selectOptions(screen.getByLabelText('Latest funding stage'), 'series_a');
    expect(screen.getByLabelText('Latest funding stage')).toHaveDisplayValue('Series A');
    // The company-size choices are the shared buckets: none overlaps another.
    const sizes = [...screen.getByText('Number of employees').closest('fieldset')!.querySelectorAll('label')].map((l) => l.textContent);
    expect(sizes).toEqual(['1–10', '11–50', '51–200', '201–500', '501–1,000', '1,001–5,000', '5,001–10,000', '10,001+']);
    await user.type(screen.getByRole('combobox', { name: 'Locations' }), 'Berlin{Enter}');

    await user.click(screen.getByRole('button', { name: 'Save filters' }));
    await waitFor(() => expect(server.calls('PUT', '/persons/1')).toHaveLength(1));
    expect(JSON.parse(String(server.calls('PUT', '/persons/1')[0]!.data))).toEqual({
      filters: {
        job_titles: [{ id: 'vp-sales', name: 'VP Sales', uid: 'vp-sales' }],
        person_not_titles: [{ id: 'Intern', name: 'Intern', uid: 'Intern' }],
        keywords: ['fintech'],
        company_sic_codes: ['7372'],
        revenue_range: { max: 1000000 },
        employees_numbers: [{ name: '51–200', value: '51,200' }],
        management_level: [{ display_name: 'VP', value: 'vp', count: null }],
        organization_latest_funding_stage: { value: 'series_a' },
        locations: ['Berlin'],
      },
    });
  }, 40_000);

  it('is keyboard operable: arrows move through suggestions, Enter picks, Escape closes, Backspace removes the last chip', async () => {
    const user = userEvent.setup();
    server.setOverride((config) =>
      config.url === '/filter_info'
        ? {
            status: 200,
            data: {
              data: [
                { id: 'fin', name: 'Financial Services', uid: 'fin', count: 4 },
                { id: 'fint', name: 'Fintech', uid: 'fint', count: 2 },
              ],
            },
          }
        : undefined,
    );
    renderPersona();
    const industries = await screen.findByRole('combobox', { name: 'Industries' });
    await user.type(industries, 'fin');
    const listbox = await screen.findByRole('listbox', { name: 'Industries suggestions' });
    await within(listbox).findByRole('option', { name: /Fintech/ });
    expect(industries).toHaveAttribute('aria-expanded', 'true');
    // Nothing is pre-selected: Enter now neither picks a suggestion nor adds the half-typed "fin".
    expect(industries).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: /^Remove .* from Industries$/ })).not.toBeInTheDocument();
    expect(industries).toHaveValue('fin');
    // The first option is the typed text ("Add “fin”"); three steps down is Fintech.
    await user.keyboard('{ArrowDown}');
    expect(document.getElementById(industries.getAttribute('aria-activedescendant')!)).toHaveTextContent('Add “fin”');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = industries.getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)).toHaveTextContent('Fintech');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Fintech from Industries' })).toBeInTheDocument();
    await user.type(industries, 'x');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(industries).toHaveAttribute('aria-expanded', 'false');
    await user.clear(industries);
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('button', { name: 'Remove Fintech from Industries' })).not.toBeInTheDocument();
  });

  it('loads saved filters as chips (locations from the wire form)', async () => {
    server.db.personas = [
      persona(1, 'Founders', {
        filters: {
          locations: ['Paris'],
          not_keywords: ['agency'],
          employees_numbers: [{ name: '11-50', value: '11,50' }],
          management_level: [{ display_name: 'VP', value: 'vp', count: 0 }],
        },
      }),
    ];
    renderPersona();
    expect(await screen.findByRole('button', { name: 'Remove Paris from Locations' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '11–50' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'VP' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove agency from Excluded keywords' })).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save filters' })).toBeDisabled();
  });
});

describe('Live count', () => {
  it('counts the filters once they settle and shows Counting… meanwhile', async () => {
    const user = userEvent.setup();
    server.db.preview = (filters) => ({ count: JSON.stringify(filters).length, sample: [] });
    renderPersona();
    const count = () => within(screen.getByRole('region', { name: 'Matching prospects' })).getByRole('status');
    await waitFor(() => expect(count()).toHaveTextContent('2 matching prospects'));
    expect(previewBodies()).toHaveLength(1);

    await user.type(screen.getByRole('combobox', { name: 'Keywords' }), 'a{Enter}b{Enter}c{Enter}');
    expect(count()).toHaveTextContent('Counting…');
    await waitFor(() => expect(count()).not.toHaveTextContent('Counting…'));
    // The exact 300 ms debounce is pinned with fake timers in live-count.test.tsx; here, typing speed varies.
    expect(previewBodies().at(-1)!.filters).toEqual({ keywords: ['a', 'b', 'c'] });
    expect(count()).toHaveTextContent(`${JSON.stringify({ keywords: ['a', 'b', 'c'] }).length} matching prospects`);
  });

  it('never piles up requests: edits made while a count is out wait for it, and only the newest is sent', async () => {
    // Fake time (still moving on its own for the page): each edit is settled past the debounce at once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const settle = () => act(() => vi.advanceTimersByTimeAsync(LIVE_COUNT_DEBOUNCE_MS + 100));
    renderPersona();
    await screen.findByText(/matching prospects/);
    const slow = deferred<void>();
    server.setOverride(async (config) => {
      if (config.url !== '/prospects_preview') return undefined;
      await slow.promise;
      return undefined;
    });
    const keywords = screen.getByRole('combobox', { name: 'Keywords' });
    await user.type(keywords, 'a{Enter}');
    await waitFor(() => expect(previewBodies()).toHaveLength(2));
    // Two more settled edits while the first count is still out.
    await user.type(keywords, 'b{Enter}');
    await settle();
    await user.type(keywords, 'c{Enter}');
    await settle();
    expect(previewBodies()).toHaveLength(2);
    expect(screen.getByText('Counting…')).toBeInTheDocument();

    slow.resolve();
    await waitFor(() => expect(screen.queryByText('Counting…')).not.toBeInTheDocument());
    expect(previewBodies()).toHaveLength(3);
    expect(previewBodies()[2]!.filters).toEqual({ keywords: ['a', 'b', 'c'] });
  });

  it('shows the first matches', async () => {
    server.db.preview = () => ({
      count: 1,
      sample: [{ id: 5, linkedin_url: null, email: null, full_name: 'Grace Hopper', first_name: null, last_name: null, headline: null, title: 'CTO', company: 'Navy', location: null, photo_url: null }],
    });
    renderPersona();
    const list = await screen.findByRole('list', { name: 'First matches' });
    expect(within(list).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(list).getByText('CTO · Navy')).toBeInTheDocument();
    expect(screen.getByText(/matching prospect$/)).toBeInTheDocument();
  });
});
