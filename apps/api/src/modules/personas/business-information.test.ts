import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona } from '@shared/schemas/personas';
import { serializePersonFilters } from '@shared/schemas/person-filters';
import { prospects } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { capturedProfile } from '../../testing/profiles';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';

type Page<T> = { data: T[]; meta: { page: number; per_page: number; total: number } };
const e = (name: string) => ({ id: name, name, uid: name });

describe.each(DB_KINDS)('personas: filters, edit, preview, facets, export on %s', (kind) => {
  let t: TestApp;
  let headers: AuthHeaders;
  let other: AuthHeaders;
  let accountId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const me = await signedInUser(t, 'bizinfo');
    headers = me.headers;
    accountId = me.user.account_id;
    other = (await signedInUser(t, 'bizinfo-other')).headers;
    const base = { accountId, source: 'import' as const };
    await t.db.db.insert(prospects).values([
      { ...base, fullName: 'Ana Lima', email: 'ana@ledgerly.com', title: 'VP of Sales', company: 'Ledgerly', industry: 'Financial Services', companySize: 120, country: 'United States', technologies: ['salesforce'], department: 'Sales', managementLevel: 'vp' },
      { ...base, fullName: 'Ben Ode', email: 'ben@acme.io', title: 'Head of Sales', company: 'Acme', industry: 'Computer Software', companySize: 3000, country: 'Germany', technologies: ['aws', 'salesforce'], department: 'Sales', managementLevel: 'head' },
      { ...base, fullName: '=HYPERLINK("http://evil")', email: 'cy@example.com', title: 'Engineer', company: 'Initech', industry: 'Computer Software', companySize: 40, country: 'Germany', department: 'Engineering' },
    ]);
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: AuthHeaders = headers) =>
    t.app.inject({ method, url: v1(url), headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('creates a persona with filters, stored normalised in wire form, and edits, updates and deletes it', async () => {
    const filters = serializePersonFilters({ company_sic_codes: ['73-72'], person_location_names: ['Berlin'], revenue_range: { min: -1, max: 10 } });
    const created = await req('POST', '/persons', { name: 'Sales leaders', filters });
    expect(created.statusCode, created.body).toBe(200);
    const persona = created.json<{ data: Persona }>().data;
    expect(persona.filters).toEqual({ company_sic_codes: ['7372'], locations: ['Berlin'], revenue_range: { max: 10 } });

    const edit = await req('GET', `/persons/${persona.id}/edit`);
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ id: persona.id, name: 'Sales leaders', filters: persona.filters, prospects_count: 0 });

    const updated = await req('PUT', `/persons/${persona.id}`, { description: 'VPs', filters: { job_titles: [e('VP')], company_naics_codes: ['NAICS 5112'] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Sales leaders', description: 'VPs', filters: { job_titles: [e('VP')], company_naics_codes: ['5112'] } });
    // Only what is given changes.
    const renamed = (await req('PUT', `/persons/${persona.id}`, { name: 'Sales VPs' })).json().data;
    expect(renamed).toMatchObject({ name: 'Sales VPs', description: 'VPs', filters: { job_titles: [e('VP')] } });

    await req('POST', '/persons', { name: 'Taken name' });
    const dup = await req('PUT', `/persons/${persona.id}`, { name: 'TAKEN NAME' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ errors: ['A persona with this name already exists'] });

    for (const bad of [{ filters: { locations: 'x' } }, { filters: { person_location_names: ['x'] } }, { name: '' }, { owner: 1 }, { filters: { revenue_range: { min: 'a' } } }]) {
      const res = await req('PUT', `/persons/${persona.id}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }

    // Another account sees nothing and changes nothing.
    expect((await req('GET', `/persons/${persona.id}/edit`, undefined, other)).statusCode).toBe(404);
    expect((await req('PUT', `/persons/${persona.id}`, { name: 'Mine now' }, other)).statusCode).toBe(404);
    expect((await req('DELETE', `/persons/${persona.id}`, undefined, other)).statusCode).toBe(404);
    expect((await req('GET', `/persons/${persona.id}/edit`)).json().data.name).toBe('Sales VPs');

    const deleted = await req('DELETE', `/persons/${persona.id}`);
    expect(deleted.json()).toEqual({ data: { id: persona.id } });
    expect((await req('GET', `/persons/${persona.id}/edit`)).statusCode).toBe(404);
    expect((await req('DELETE', `/persons/${persona.id}`)).statusCode).toBe(404);
  });

  it('lists with sort, direction, filter and the compact view', async () => {
    for (const name of ['Zeta list', 'alpha list', 'Mid list']) await req('POST', '/persons', { name, description: name === 'Mid list' ? 'contains needle' : null });
    const names = async (q: string) => (await req('GET', `/persons?${q}`)).json<Page<Persona>>().data.map((p) => p.name);
    expect(await names('sort=name&sort_direction=asc&filter=list')).toEqual(['alpha list', 'Mid list', 'Zeta list']);
    expect(await names('sort=name&sort_direction=desc&filter=LIST&per_page=2')).toEqual(['Zeta list', 'Mid list']);
    expect(await names('filter=needle')).toEqual(['Mid list']);
    expect(await names('filter=100%25')).toEqual([]);
    const compact = (await req('GET', '/persons?view=compact&with_messaging_settings=true')).json<Page<Persona>>();
    expect(compact.data.length).toBeGreaterThan(0);
    expect(compact.data[0]).not.toHaveProperty('filters');
    expect(compact.data.every((p) => p.messaging_setting_id === null)).toBe(true);
    const mid = compact.data.find((p) => p.name === 'Mid list')!;
    const setting = await req('POST', '/messaging_settings', { persona_id: mid.id });
    expect(setting.statusCode, setting.body).toBe(200);
    const withSettings = (await req('GET', '/persons?with_messaging_settings=1&filter=list')).json<Page<Persona>>().data;
    expect(withSettings.find((p) => p.id === mid.id)?.messaging_setting_id).toBe(setting.json().data.id);
    const full = (await req('GET', '/persons?view=full')).json<Page<Persona>>();
    expect(full.data[0]).toHaveProperty('filters');
    expect(full.data[0]).not.toHaveProperty('messaging_setting_id');
    expect((await req('GET', '/persons?filter=list', undefined, other)).json<Page<Persona>>().meta.total).toBe(0);
  });

  it('previews a search: count and the first 10, only from the own account', async () => {
    const preview = await req('POST', '/prospects_preview', { filters: { technologies: [e('Salesforce')], person_countries: ['germany'] } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.count).toBe(1);
    expect(preview.json().data.sample).toEqual([expect.objectContaining({ full_name: 'Ben Ode', company: 'Acme', company_size: 3000, technologies: ['aws', 'salesforce'] })]);
    const all = (await req('POST', '/prospects_preview', {})).json().data;
    expect(all.count).toBe(3);
    expect((await req('POST', '/prospects_preview', {}, other)).json().data).toEqual({ count: 0, sample: [] });
    expect((await req('POST', '/prospects_preview', { filters: { nope: 1 } })).statusCode).toBe(422);
    // No vendor configured: a clear 422, not a hang.
    const vendor = await req('POST', '/prospects_preview', { filters: {}, use_default_vendor: true });
    expect(vendor.statusCode).toBe(422);
    expect(vendor.json().errors[0]).toMatch(/APOLLO_API_KEY/);
  });

  it('counts facets and answers typeahead from the account', async () => {
    const meta = (await req('POST', '/search_metadata', { filters: { departments: ['sales'] } })).json().data;
    expect(meta.total).toBe(2);
    expect(meta.facets.industries).toEqual([
      { value: 'Computer Software', count: 1 },
      { value: 'Financial Services', count: 1 },
    ]);
    expect(meta.facets.technologies[0]).toEqual({ value: 'salesforce', count: 2 });
    expect(meta.facets.management_level.map((f: { value: string }) => f.value).sort()).toEqual(['head', 'vp']);

    const titles = await req('GET', '/filter_info?filter=job_titles&value=sales');
    expect(titles.statusCode).toBe(200);
    expect(titles.json().data.map((i: { name: string }) => i.name).sort()).toEqual(['Head of Sales', 'VP of Sales']);
    expect(titles.json().data[0]).toMatchObject({ id: expect.any(String), uid: expect.any(String), count: 1 });
    const tech = (await req('GET', '/filter_info?filter=technologies')).json().data;
    expect(tech[0]).toEqual({ id: 'salesforce', name: 'salesforce', uid: 'salesforce', count: 2 });
    expect((await req('GET', '/filter_info?filter=industries&value=%25')).json().data).toEqual([]);
    expect((await req('GET', '/filter_info?filter=job_titles', undefined, other)).json().data).toEqual([]);
    expect((await req('GET', '/filter_info?filter=passwords')).statusCode).toBe(422);
    expect((await req('GET', '/filter_info')).statusCode).toBe(422);
  });

  it('exports persona performance as CSV with formula cells escaped', async () => {
    const withOne = (await req('POST', '/persons', { name: '=cmd|calc', description: '+danger' })).json<{ data: Persona }>().data;
    const added = await req('POST', `/persons/${withOne.id}/prospects`, { profile: capturedProfile({ profile_url: 'https://www.linkedin.com/in/export-me/' }) });
    expect(added.statusCode, added.body).toBe(200);
    const res = await req('GET', '/export_performance_to_csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="persona-performance-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Persona ID,Persona,Description,Prospects,Prospects with email,Prospects with LinkedIn,Prospects added in the last 30 days,Emails sent,Replies,Positive replies,Meetings booked,Bounces,Unsubscribes,Created at,Updated at');
    const row = lines.find((l) => l.includes('cmd|calc'))!;
    expect(row).toMatch(/^\d+,'=cmd\|calc,'\+danger,1,0,1,1,/);
    expect((await req('GET', '/export_performance_to_csv', undefined, other)).body).not.toContain('cmd|calc');
  });
});
