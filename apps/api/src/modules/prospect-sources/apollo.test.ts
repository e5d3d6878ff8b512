import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePersonFilters } from '@shared/schemas/person-filters';
import { ApolloProspectSource, apolloConfigFrom, APOLLO_PEOPLE_SEARCH_PATH } from './apollo';
import { ProspectSourceError } from './types';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

/** A local server speaking Apollo's People Search wire format. */
function apolloServer() {
  const seen: Seen[] = [];
  let mode: 'ok' | 'unauthorized' | 'slow' | 'garbage' = 'ok';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : {} });
      if (req.url !== APOLLO_PEOPLE_SEARCH_PATH || req.method !== 'POST') return res.writeHead(404).end();
      if (mode === 'unauthorized' || req.headers['x-api-key'] !== 'test-key') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Invalid access credentials.' }));
        return;
      }
      if (mode === 'slow') return; // never answers
      if (mode === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
      const body = JSON.parse(raw) as { page: number; per_page: number };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          breadcrumbs: [],
          people: [
            {
              id: '5f2a1',
              first_name: 'Priya',
              last_name: 'Raman',
              name: 'Priya Raman',
              linkedin_url: 'http://www.linkedin.com/in/priya-raman-revops',
              title: 'VP Revenue Operations',
              email: 'email_not_unlocked@domain.com',
              photo_url: 'https://example.com/p.jpg',
              city: 'New York',
              state: 'New York',
              country: 'United States',
              seniority: 'vp',
              departments: ['master_sales'],
              organization: { name: 'Ledgerly', primary_domain: 'ledgerly.com', estimated_num_employees: 120, industry: 'financial services', founded_year: 2015 },
            },
          ],
          pagination: { page: body.page, per_page: body.per_page, total_entries: 1234, total_pages: 50 },
        }),
      );
    });
  });
  return {
    seen,
    setMode: (m: typeof mode) => void (mode = m),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe('Apollo people search client', () => {
  const server = apolloServer();
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await server.start();
  });
  afterAll(() => server.close());

  const filters = parsePersonFilters({
    job_titles: [{ id: 1, name: 'VP Sales', uid: 'vp_sales' }],
    person_not_titles: [{ id: 2, name: 'Intern', uid: 'intern' }],
    locations: ['New York, US'],
    person_countries: ['United States'],
    employees_numbers: [{ name: '51-200', value: '51,200' }],
    keywords: ['revops', 'fintech'],
    company_domains: ['ledgerly.com'],
    technologies: [{ id: 't', name: 'Salesforce', uid: 'salesforce' }],
    management_level: [{ display_name: 'VP', value: 'vp' }],
    revenue_range: { min: -1, max: 50_000_000 },
    industries: [{ id: 'i', name: 'Fintech', uid: 'fintech' }],
  });

  it('is enabled by APOLLO_API_KEY only', () => {
    expect(apolloConfigFrom({})).toBeNull();
    expect(apolloConfigFrom({ APOLLO_API_KEY: 'k' })).toEqual({ apiKey: 'k', baseUrl: 'https://api.apollo.io', timeoutMs: 15_000 });
    expect(apolloConfigFrom({ APOLLO_API_KEY: 'k', APOLLO_BASE_URL: 'http://x/' })?.baseUrl).toBe('http://x');
  });

  it('searches with the documented body and header, and maps people', async () => {
    const source = new ApolloProspectSource({ apiKey: 'test-key', baseUrl, timeoutMs: 2000 });
    const people = await source.search(7, filters, { page: 2, perPage: 10 });
    const req = server.seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/v1/mixed_people/search');
    expect(req.headers['x-api-key']).toBe('test-key');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      person_titles: ['VP Sales'],
      person_not_titles: ['Intern'],
      person_locations: ['New York, US', 'United States'],
      person_seniorities: ['vp'],
      q_organization_domains_list: ['ledgerly.com'],
      organization_num_employees_ranges: ['51,200'],
      q_keywords: 'revops fintech',
      currently_using_any_of_technology_uids: ['salesforce'],
      revenue_range: { max: 50_000_000 },
      page: 2,
      per_page: 10,
    });
    expect(people).toEqual([
      expect.objectContaining({
        id: null,
        external_id: '5f2a1',
        full_name: 'Priya Raman',
        email: null,
        title: 'VP Revenue Operations',
        company: 'Ledgerly',
        company_domain: 'ledgerly.com',
        company_size: 120,
        location: 'New York, New York, United States',
        management_level: 'vp',
        department: 'master_sales',
      }),
    ]);
  });

  it('counts from the pagination total', async () => {
    const source = new ApolloProspectSource({ apiKey: 'test-key', baseUrl, timeoutMs: 2000 });
    expect(await source.count(7, filters)).toBe(1234);
    expect(server.seen.at(-1)!.body).toMatchObject({ page: 1, per_page: 1 });
  });

  it('fails clearly on a refused key, an unreadable answer and a timeout', async () => {
    const bad = new ApolloProspectSource({ apiKey: 'wrong', baseUrl, timeoutMs: 2000 });
    await expect(bad.count(7, filters)).rejects.toThrow(new ProspectSourceError('Apollo refused the API key'));
    const source = new ApolloProspectSource({ apiKey: 'test-key', baseUrl, timeoutMs: 300 });
    server.setMode('garbage');
    await expect(source.count(7, filters)).rejects.toThrow('Apollo sent an unreadable answer');
    server.setMode('slow');
    const started = Date.now();
    await expect(source.count(7, filters)).rejects.toThrow('Apollo did not answer in time');
    expect(Date.now() - started).toBeLessThan(2000);
    server.setMode('ok');
    const nowhere = new ApolloProspectSource({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000 });
    await expect(nowhere.count(7, filters)).rejects.toThrow('Apollo could not be reached');
  });
});
