import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingCheck, TrackingCode, WebsiteVisitor } from '@shared/schemas/tracking';
import { api } from '@web/lib/api';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { TrackingRoute } from '../routes/tracking';

const code: TrackingCode = {
  code: 'AbCdEfGhIjKlMnOp',
  snippet: '<script async src="http://localhost:3000/api/v1/tracking/script.js" data-code="AbCdEfGhIjKlMnOp"></script>',
  gtm_tag: "<script>(function () { /* … */ })();</script>",
  script_url: 'http://localhost:3000/api/v1/tracking/script.js',
  collect_url: 'http://localhost:3000/api/v1/tracking/events',
  website_url: null,
  default_website_url: 'https://acme.example',
  gtm_container_id: null,
  link_target_url: null,
  last_check: null,
  privacy_paragraph: 'We use a first-party analytics script … legitimate interest …',
  attributions: [{ name: 'IP Geolocation by DB-IP', url: 'https://db-ip.com', licence: 'CC BY 4.0' }],
};

const siemens: WebsiteVisitor = {
  id: 7,
  company_name: 'Siemens AG',
  domain: 'siemens.com',
  network_kind: 'business',
  visits: 3,
  pages: 5,
  first_seen_at: '2026-03-01T10:00:00.000Z',
  last_seen_at: '2026-03-02T10:00:00.000Z',
  source: 'google.com',
  evidence: { signal: 'reverse_dns', confidence: 'high', summary: 'Reverse DNS, high confidence. The address’s reverse DNS name proxy.siemens.com belongs to siemens.com.', asn: 15465, as_org: 'SIEMENS AG', reverse_dns: 'proxy.siemens.com', network: '194.138.39.0/24', country: 'DE' },
  prospects: [{ id: 3, full_name: 'Ada Lovelace', title: 'CTO', outreach_state: 'in_sequence', campaign_name: 'Q2 outreach' }],
  wrong_company: false,
};

let original: typeof api.http.defaults.adapter;
let visitors: WebsiteVisitor[];
let saved: unknown[];
let calls: InternalAxiosRequestConfig[];

beforeEach(() => {
  original = api.http.defaults.adapter;
  visitors = [];
  saved = [];
  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const method = (c.method ?? 'get').toUpperCase();
    if (url === '/tracking_codes' && method === 'GET') return { status: 200, data: { data: code } };
    if (url === '/tracking_codes' && method === 'PUT') {
      const body = JSON.parse(String(c.data)) as Record<string, unknown>;
      saved.push(body);
      return { status: 200, data: { data: { ...code, ...body } } };
    }
    if (url === '/tracking_codes/check') {
      const check: TrackingCheck = { checked_at: '2026-03-02T12:00:00.000Z', url: 'https://acme.example', final_url: 'https://acme.example/', status: 200, snippet_found: false, gtm_found: false, gtm_containers: [], installed: false, message: 'Neither the tracking code was found on https://acme.example/.', error: null };
      return { status: 200, data: { data: check } };
    }
    if (url === '/tracking_codes/personal_links') return { status: 200, data: { data: [{ campaign_id: 1, name: 'Q2 outreach', status: 'running', enabled: false }] } };
    if (url === '/website_visitors') {
      const p = c.params as { page: number; per_page: number };
      return { status: 200, data: { data: visitors, meta: { page: p.page, per_page: p.per_page, total: visitors.length, unidentified_visits: 2 } } };
    }
    if (url === '/website_visitors/7/pages') return { status: 200, data: { data: [{ visit_id: 1, url: 'https://acme.example/pricing', path: '/pricing', title: 'Pricing', referrer: null, utm_source: 'newsletter', utm_medium: null, utm_campaign: null, prospect_id: null, occurred_at: '2026-03-02T10:00:00.000Z' }] } };
    if (url === '/website_visitors/7/wrong_company') return { status: 200, data: { data: { ...siemens, wrong_company: true } } };
    return { status: 404, data: { errors: ['not faked'] } };
  });
  calls = adapter.calls;
  api.http.defaults.adapter = adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const render = () => renderRoute(TrackingRoute, { path: '/tracking' });

describe('Tracking page', () => {
  it('offers the snippet with a copy button, the privacy paragraph and the attribution; the empty list says what will appear', async () => {
    render();
    const empty = await screen.findByRole('heading', { name: 'No visitors tracked yet' });
    expect(empty.parentElement).toHaveTextContent(/2 visits so far came from home, mobile or cloud networks, which name no company/);
    expect(screen.getByLabelText('Snippet')).toHaveTextContent('data-code="AbCdEfGhIjKlMnOp"');
    expect(screen.getByRole('button', { name: 'Copy snippet' })).toBeInTheDocument();
    expect(screen.getByLabelText('Privacy paragraph')).toHaveTextContent(/legitimate interest/);
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');
    expect(screen.getByLabelText('Your website')).toHaveValue('https://acme.example');
  });

  it('validates the GTM container id before saving, then saves it', async () => {
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'Google Tag Manager' }));
    expect(screen.getByLabelText('GTM tag')).toBeInTheDocument();
    const input = screen.getByLabelText('GTM container id');
    await userEvent.type(input, 'gtm-12 x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/GTM- followed by uppercase letters or digits \(e\.g\./)).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, 'gtm-ab12cd3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toEqual([{ website_url: 'https://acme.example', gtm_container_id: 'GTM-AB12CD3' }]));
  });

  it('checks the installation and says where it looked and when', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Check installation' }));
    expect(await screen.findByText(/Neither the tracking code was found/)).toBeInTheDocument();
    expect(screen.getByText(/Looked at https:\/\/acme\.example\/ \(HTTP 200\)/)).toBeInTheDocument();
  });

  it('lists companies with their evidence and prospects; the trail and “wrong company” open from the row', async () => {
    visitors = [siemens];
    render();
    const table = await screen.findByRole('table', { name: 'Website visitors' });
    const row = within(table).getByRole('row', { name: /Siemens AG/ });
    expect(row).toHaveTextContent('siemens.com');
    expect(row).toHaveTextContent('Reverse DNS · high');
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('in sequence');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'visits');
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/website_visitors' && (c.params as { sort?: string }).sort === 'visits')).toBe(true));
    await userEvent.click(within(row).getByRole('button', { name: 'Siemens AG' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/proxy\.siemens\.com belongs to siemens\.com/)).toBeInTheDocument();
    expect(await within(dialog).findByText('Pricing')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wrong company' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/website_visitors/7/wrong_company' && JSON.parse(String(c.data)).wrong === true)).toBe(true));
  });
});
