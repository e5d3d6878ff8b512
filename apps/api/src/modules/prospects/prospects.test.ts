import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Prospect } from '@shared/schemas/personas';
import { activities, messagingSettings, personaProspects, prospects } from '../../db/schema';
import { parseCsv } from '../../lib/csv';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { capturedProfile, createPersona } from '../../testing/profiles';
import { recordActivity } from '../activities/service';
import { accountIdOf, seedProspects } from './ownership.test-helpers';

type Page<T> = { data: T[]; meta: { page: number; per_page: number; total: number } };

describe.each(DB_KINDS)('the account-wide prospects routes on %s', (kind) => {
  let t: TestApp;
  let headers: AuthHeaders;
  let accountId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const user = await signedInUser(t, 'prospects');
    headers = user.headers;
    accountId = await accountIdOf(t, user);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url: v1(url), headers });
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url: v1(url), headers, payload: payload as object });
  const search = async (body: object) => {
    const res = await post('/prospects/search', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<Prospect>>();
  };
  const names = (page: Page<Prospect>) => page.data.map((p) => p.full_name);

  it('lists every prospect, also those in no persona (a deleted persona leaves its prospects reachable)', async () => {
    const persona = await createPersona(t, headers, 'Short-lived');
    const captured = await post(`/persons/${persona.id}/prospects`, { profile: capturedProfile() });
    expect(captured.statusCode).toBe(200);
    await seedProspects(t, accountId, [
      { fullName: 'Ada Lovelace', email: 'ada@engines.example', company: 'Analytical Engines', industry: 'Computer Software', companySize: 40 },
      { fullName: 'Grace Hopper', email: 'grace@navy.example', company: 'US Navy', industry: 'Defense', companySize: 5000, linkedinUrl: 'https://www.linkedin.com/in/grace-hopper/' },
    ]);
    expect((await search({})).meta.total).toBe(3);
    expect(names(await search({ persona: persona.id }))).toEqual(['Priya Raman']);
    expect(names(await search({ persona: 'none', sort: 'full_name', sort_direction: 'asc' }))).toEqual(['Ada Lovelace', 'Grace Hopper']);

    expect((await t.app.inject({ method: 'DELETE', url: v1(`/persons/${persona.id}`), headers })).statusCode).toBe(200);
    const all = await search({ sort: 'full_name', sort_direction: 'asc' });
    expect(names(all)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Priya Raman']);
    expect(all.data.find((p) => p.full_name === 'Priya Raman')!.persona_ids).toEqual([]);
    expect((await search({ persona: 'none' })).meta.total).toBe(3);
  });

  it('searches name, email, company and LinkedIn URL (wildcards literal), applies the persona filters, sorts and pages', async () => {
    expect(names(await search({ search: 'ada' }))).toEqual(['Ada Lovelace']);
    expect(names(await search({ search: 'NAVY.example' }))).toEqual(['Grace Hopper']);
    expect(names(await search({ search: 'analytical' }))).toEqual(['Ada Lovelace']);
    expect(names(await search({ search: 'linkedin.com/in/grace' }))).toEqual(['Grace Hopper']);
    expect((await search({ search: '%' })).meta.total).toBe(0);
    expect(names(await search({ filters: { industries: [{ id: 'd', name: 'defense', uid: 'd' }] } }))).toEqual(['Grace Hopper']);
    expect(names(await search({ filters: { employees_numbers: [{ name: '11–50', value: '11,50' }] } }))).toEqual(['Ada Lovelace']);

    const p1 = await search({ sort: 'full_name', sort_direction: 'desc', per_page: 2, page: 1 });
    expect(p1.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    expect(names(p1)).toEqual(['Priya Raman', 'Grace Hopper']);
    expect(names(await search({ sort: 'full_name', sort_direction: 'desc', per_page: 2, page: 2 }))).toEqual(['Ada Lovelace']);
  });

  it('refuses bad input with 422 and a message', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/prospects/search', { per_page: 500 }, 'per_page'],
      ['/prospects/search', { search: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
      ['/prospects/search', { persona: 'some' }, 'persona'],
      ['/prospects/search', { sort: 'salary' }, 'sort'],
      ['/prospects/search', { owner: 1 }, 'owner'],
      ['/prospects/delete', { selection: { ids: [] } }, 'Select at least one prospect'],
      ['/prospects/delete', { selection: { ids: Array.from({ length: 1001 }, (_, i) => i + 1) } }, 'at most 1000'],
      ['/prospects/add_to_persona', { selection: { ids: [1] } }, 'persona_id'],
      ['/prospects/export', {}, 'selection'],
      ['/prospects/export', { selection: {} }, 'Give either ids or all_matching'],
    ];
    for (const [url, body, text] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.join(' ')).toContain(text);
    }
    expect((await post('/prospects/add_to_persona', { persona_id: 999999, selection: { ids: [1] } })).json()).toEqual({ errors: ['Persona not found'] });
  });

  it('adds the picked prospects, or all matching, to a persona once', async () => {
    const persona = await createPersona(t, headers, 'Engineers');
    const ada = (await search({ search: 'ada' })).data[0]!;
    const one = await post('/prospects/add_to_persona', { persona_id: persona.id, selection: { ids: [ada.id] } });
    expect(one.json()).toEqual({ data: { added: 1, already: 0 } });
    const all = await post('/prospects/add_to_persona', { persona_id: persona.id, selection: { all_matching: { persona: 'none' } } });
    expect(all.json()).toEqual({ data: { added: 2, already: 0 } });
    const again = await post('/prospects/add_to_persona', { persona_id: persona.id, selection: { all_matching: {} } });
    expect(again.json()).toEqual({ data: { added: 0, already: 3 } });
    const loaded = (await get(`/persons/${persona.id}/loaded_prospects`)).json<Page<Prospect>>();
    expect(loaded.meta.total).toBe(3);
  });

  it('exports the selection and one persona as CSV with formula cells escaped', async () => {
    const persona = await createPersona(t, headers, 'Formula =HYPERLINK');
    const [evil] = await seedProspects(t, accountId, [{ fullName: '=HYPERLINK("http://evil.example","x")', email: 'evil@evil.example', company: '+cmd|calc', title: '@SUM(A1)' }]);
    await post('/prospects/add_to_persona', { persona_id: persona.id, selection: { ids: [evil!.id] } });

    const res = await get(`/campaign_emails/export_prospects_by_person/${persona.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="formula-hyperlink-prospects-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(res.body, ',');
    expect(rows[0]![0]).toBe('Prospect ID');
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(rows[0]!.map((h, i) => [h, rows[1]![i]]));
    expect(row).toMatchObject({ 'Full name': `'=HYPERLINK("http://evil.example","x")`, Company: "'+cmd|calc", Title: "'@SUM(A1)", Personas: 'Formula =HYPERLINK' });

    const picked = await post('/prospects/export', { selection: { ids: [evil!.id] } });
    expect(parseCsv(picked.body, ',')).toHaveLength(2);
    const everything = await post('/prospects/export', { selection: { all_matching: { search: '' } } });
    expect(parseCsv(everything.body, ',')).toHaveLength(5);
    const engineers = parseCsv(everything.body, ',').find((r) => r[1] === 'Ada Lovelace')!;
    expect(engineers[14]).toBe('Engineers');
    expect((await get('/campaign_emails/export_prospects_by_person/999999')).statusCode).toBe(404);
  });

  it('erases a prospect and everything about it: memberships, activity entries, its use as an example', async () => {
    const grace = (await search({ search: 'grace' })).data[0]!;
    const persona = await createPersona(t, headers, 'Admirals');
    await post('/prospects/add_to_persona', { persona_id: persona.id, selection: { ids: [grace.id] } });
    await recordActivity(t.db.db, { accountId, actorType: 'user', verb: 'prospect_added', prospectId: grace.id, personaId: persona.id, payload: { name: 'Grace Hopper' } });
    await t.db.db.insert(messagingSettings).values({ accountId, personaId: persona.id, exampleProspectId: grace.id });

    const res = await post('/prospects/delete', { selection: { ids: [grace.id] } });
    expect(res.json()).toEqual({ data: { deleted: 1 } });
    const db = t.db.db;
    expect(await db.select().from(prospects).where(eq(prospects.id, grace.id))).toEqual([]);
    expect(await db.select().from(personaProspects).where(eq(personaProspects.prospectId, grace.id))).toEqual([]);
    expect(await db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.prospectId, grace.id)))).toEqual([]);
    const [setting] = await db.select().from(messagingSettings).where(eq(messagingSettings.personaId, persona.id));
    expect(setting!.exampleProspectId).toBeNull();
    expect((await get(`/persons/${persona.id}/edit`)).json().data.prospects_count).toBe(0);

    const rest = await post('/prospects/delete', { selection: { all_matching: { search: 'ada' } } });
    expect(rest.json()).toEqual({ data: { deleted: 1 } });
    expect(names(await search({ sort: 'full_name', sort_direction: 'asc' }))).toEqual(['=HYPERLINK("http://evil.example","x")', 'Priya Raman']);
  });
});
