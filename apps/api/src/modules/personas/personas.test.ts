import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Persona, Prospect } from '@shared/schemas/personas';
import { prospects } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { capturedProfile, createPersona } from '../../testing/profiles';

type Page<T> = { data: T[]; meta: { page: number; per_page: number; total: number } };

describe.each(DB_KINDS)('personas and captured prospects on %s', (kind) => {
  let t: TestApp;
  let headers: AuthHeaders;
  beforeAll(async () => {
    t = await startTestApp(kind);
    headers = (await signedInUser(t, 'personas')).headers;
  });
  afterAll(() => t.close());

  const get = (url: string, h: AuthHeaders = headers) => t.app.inject({ method: 'GET', url: v1(url), headers: h });
  const post = (url: string, payload: unknown, h: AuthHeaders = headers) =>
    t.app.inject({ method: 'POST', url: v1(url), headers: h, payload: payload as object });
  const add = (personaId: number, profile = capturedProfile()) => post(`/persons/${personaId}/prospects`, { profile });

  it('creates personas, refuses a duplicate name (any case) and lists them with counts and page meta', async () => {
    const created = await post('/persons', { name: '  VP Sales, B2B SaaS (US)  ', description: 'Heads of sales at 50-500 people SaaS' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ name: 'VP Sales, B2B SaaS (US)', description: 'Heads of sales at 50-500 people SaaS', prospects_count: 0 });

    const dup = await post('/persons', { name: 'vp sales, b2b saas (us)' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ errors: ['A persona with this name already exists'] });

    await createPersona(t, headers, 'Heads of RevOps, fintech');
    await createPersona(t, headers, 'CFOs, logistics');
    const page1 = await get('/persons?page=1&per_page=2');
    expect(page1.statusCode).toBe(200);
    const body = page1.json<Page<Persona>>();
    expect(body.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    expect(body.data.map((p) => p.name)).toEqual(['CFOs, logistics', 'Heads of RevOps, fintech']);
    const page2 = (await get('/persons?page=2&per_page=2')).json<Page<Persona>>();
    expect(page2.data.map((p) => p.name)).toEqual(['VP Sales, B2B SaaS (US)']);
    expect((await get('/persons')).json<Page<Persona>>().meta).toEqual({ page: 1, per_page: 25, total: 3 });
    // Past the last page: no rows, the total still right.
    expect((await get('/persons?page=5&per_page=2')).json<Page<Persona>>()).toEqual({ data: [], meta: { page: 5, per_page: 2, total: 3 } });
  });

  it('filters by name or description (wildcards taken literally), sorts by prospects and pages the filtered set', async () => {
    const own = (await signedInUser(t, 'filtered-list')).headers;
    await createPersona(t, own, '100% inbound');
    await createPersona(t, own, '100 outbound');
    await createPersona(t, own, 'Field_ops');
    const names = async (q: string) => (await get(`/persons?${q}`, own)).json<Page<Persona>>();
    expect((await names('filter=100%25&sort=name&sort_direction=asc')).data.map((p) => p.name)).toEqual(['100% inbound']);
    expect((await names('filter=d_o')).data.map((p) => p.name)).toEqual(['Field_ops']);
    const both = await names('filter=100&sort=prospects_count&sort_direction=asc&per_page=1&page=2');
    expect(both.meta).toEqual({ page: 2, per_page: 1, total: 2 });
    expect(both.data).toHaveLength(1);
    expect(await names('filter=100&per_page=1&page=3')).toEqual({ data: [], meta: { page: 3, per_page: 1, total: 2 } });
    expect(await names('filter=nothing-like-this')).toEqual({ data: [], meta: { page: 1, per_page: 25, total: 0 } });
  });

  it('the list is never stale: creating, renaming, adding a prospect and any other write show at once', async () => {
    // A user of its own: the other tests count this account's rows.
    const own = (await signedInUser(t, 'fresh-list')).headers;
    const list = async () => (await get('/persons?per_page=100&sort=name&sort_direction=asc', own)).json<Page<Persona>>();
    const before = await list();
    const persona = await createPersona(t, own, 'Fresh list check');
    const afterCreate = await list();
    expect(afterCreate.meta.total).toBe(before.meta.total + 1);
    expect(afterCreate.data.find((p) => p.id === persona.id)).toMatchObject({ name: 'Fresh list check', prospects_count: 0 });

    expect((await post(`/persons/${persona.id}/prospects`, { profile: capturedProfile() }, own)).statusCode).toBe(200);
    expect((await list()).data.find((p) => p.id === persona.id)?.prospects_count).toBe(1);

    const renamed = await t.app.inject({ method: 'PUT', url: v1(`/persons/${persona.id}`), headers: own, payload: { name: 'Fresh list, renamed' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list()).data.find((p) => p.id === persona.id)?.name).toBe('Fresh list, renamed');

    // A write from outside the personas module (here raw SQL) is seen too.
    await t.db.db.execute(sql`delete from persona_prospects where persona_id = ${persona.id}`);
    expect((await list()).data.find((p) => p.id === persona.id)?.prospects_count).toBe(0);

    expect((await t.app.inject({ method: 'DELETE', url: v1(`/persons/${persona.id}`), headers: own })).statusCode).toBe(200);
    expect((await list()).data.find((p) => p.id === persona.id)).toBeUndefined();
  });

  it('answers bad persona input with 422 and a message', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'name'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(121) }, 'Name must be at most 120 characters'],
      [{ name: 'Fine', owner_id: 3 }, 'Unknown field in body: owner_id'],
    ];
    for (const [payload, text] of cases) {
      const res = await post('/persons', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.join(' ')).toContain(text);
    }
    for (const q of ['page=0', 'per_page=101', 'page=abc', 'sort=email', 'sort_direction=up', 'view=huge', 'junk=1']) {
      const res = await get(`/persons?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json<{ errors: string[] }>().errors.length).toBeGreaterThan(0);
    }
  });

  it('adds a captured profile: canonical URL, fields mapped, created then updated, never duplicated', async () => {
    const persona = await createPersona(t, headers, 'Add twice');
    const first = await add(persona.id);
    expect(first.statusCode, first.body).toBe(200);
    const { data, created } = first.json<{ data: Prospect; created: boolean }>();
    expect(created).toBe(true);
    expect(data).toMatchObject({
      linkedin_url: 'https://www.linkedin.com/in/priya-raman-revops/',
      full_name: 'Priya Raman',
      first_name: 'Priya',
      last_name: 'Raman',
      title: 'VP Revenue Operations',
      company: 'Ledgerly',
      location: 'New York, New York, United States',
      source: 'extension',
      persona_ids: [persona.id],
    });

    // The same person again, by another spelling of the URL and with a new job: the row is updated.
    const again = await add(
      persona.id,
      capturedProfile({ profile_url: 'https://linkedin.com/in/Priya-Raman-RevOps/details/experience/', current_title: 'CRO', about: null }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<{ data: Prospect; created: boolean }>();
    expect(second.created).toBe(false);
    expect(second.data.id).toBe(data.id);
    expect(second.data.title).toBe('CRO');
    expect(second.data.persona_ids).toEqual([persona.id]);

    const loaded = (await get(`/persons/${persona.id}/loaded_prospects`)).json<Page<Prospect>>();
    expect(loaded.meta.total).toBe(1);
    expect(loaded.data).toHaveLength(1);
    const list = (await get('/persons?per_page=100')).json<Page<Persona>>();
    expect(list.data.find((p) => p.id === persona.id)?.prospects_count).toBe(1);

    // The captured profile is kept whole, and a field the new capture lacked kept its value.
    const [row] = await t.db.db.select({ about: prospects.about, profile: prospects.profile }).from(prospects).where(eq(prospects.id, data.id));
    expect(row?.about).toBe('Building revenue engines for fintech.');
    expect(row?.profile).toMatchObject({ current_title: 'CRO', profile_url: 'https://www.linkedin.com/in/priya-raman-revops/', skills: ['Salesforce', 'Forecasting'] });
  });

  it('keeps one prospect when the same profile is added concurrently', async () => {
    const persona = await createPersona(t, headers, 'Concurrent');
    const profile = capturedProfile({ profile_url: 'https://www.linkedin.com/in/marcus-oyelaran/', full_name: 'Marcus Oyelaran' });
    const results = await Promise.all([add(persona.id, profile), add(persona.id, profile), add(persona.id, profile)]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(results.map((r) => r.json<{ data: Prospect }>().data.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.json<{ created: boolean }>().created)).toHaveLength(1);
    expect((await get(`/persons/${persona.id}/loaded_prospects`)).json<Page<Prospect>>().meta.total).toBe(1);
  });

  it('puts one prospect into two personas, and finds it by LinkedIn URL with both persona ids', async () => {
    const a = await createPersona(t, headers, 'Two personas A');
    const b = await createPersona(t, headers, 'Two personas B');
    const profile = capturedProfile({ profile_url: 'https://www.linkedin.com/in/dana-whitfield-42/', full_name: 'Dana Whitfield' });
    const inA = (await add(a.id, profile)).json<{ data: Prospect }>().data;
    const inB = (await add(b.id, profile)).json<{ data: Prospect; created: boolean }>();
    expect(inB.created).toBe(false);
    expect(inB.data.id).toBe(inA.id);
    expect(inB.data.persona_ids).toEqual([a.id, b.id]);

    const found = await get(`/prospects/search_by_linkedin_url?profile_url=${encodeURIComponent('https://www.linkedin.com/in/Dana-Whitfield-42?trk=x')}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ id: inA.id, persona_ids: [a.id, b.id] });

    const none = await get(`/prospects/search_by_linkedin_url?profile_url=${encodeURIComponent('https://www.linkedin.com/in/nobody-here/')}`);
    expect(none.json()).toEqual({ data: null });
    const bad = await get('/prospects/search_by_linkedin_url?profile_url=https%3A%2F%2Fexample.com%2Fin%2Fx');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatch(/Profile URL must be a LinkedIn profile address/);
    expect((await get('/prospects/search_by_linkedin_url')).statusCode).toBe(422);
  });

  it('stores a visible email once per account and does not fail when another prospect has it', async () => {
    const persona = await createPersona(t, headers, 'Emails');
    const withEmail = (url: string) =>
      capturedProfile({ profile_url: url, contact_info: { emails: ['Sam@Example.com'], phones: [], websites: [], twitter: null } });
    const first = (await add(persona.id, withEmail('https://www.linkedin.com/in/sam-one/'))).json<{ data: Prospect }>().data;
    expect(first.email).toBe('sam@example.com');
    const second = await add(persona.id, withEmail('https://www.linkedin.com/in/sam-two/'));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ data: Prospect }>().data.email).toBeNull();
  });

  it('pages and orders loaded prospects', async () => {
    const persona = await createPersona(t, headers, 'Ordering');
    for (const [slug, name, company] of [
      ['olu-a', 'Olu Adebayo', 'Zenith'],
      ['bea-c', 'Bea Chen', 'Acme'],
      ['no-name', null, null],
      ['carl-d', 'Carl Dietrich', 'Mistral'],
    ] as const) {
      expect((await add(persona.id, capturedProfile({ profile_url: `https://www.linkedin.com/in/${slug}/`, full_name: name, current_company: company }))).statusCode).toBe(200);
    }
    const names = async (q: string) =>
      (await get(`/persons/${persona.id}/loaded_prospects?${q}`)).json<Page<Prospect>>().data.map((p) => p.full_name);
    expect(await names('order_by=full_name&order_direction=asc')).toEqual(['Bea Chen', 'Carl Dietrich', 'Olu Adebayo', null]);
    expect(await names('order_by=full_name&order_direction=desc')).toEqual(['Olu Adebayo', 'Carl Dietrich', 'Bea Chen', null]);
    expect(await names('order_by=company&order_direction=asc&per_page=2&page=2')).toEqual(['Olu Adebayo', null]);
    expect(await names('order_by=created_at&order_direction=asc&per_page=1')).toEqual(['Olu Adebayo']);
    const meta = (await get(`/persons/${persona.id}/loaded_prospects?per_page=3&page=2`)).json<Page<Prospect>>().meta;
    expect(meta).toEqual({ page: 2, per_page: 3, total: 4 });
    for (const q of ['order_by=email', 'order_direction=up', 'per_page=0', 'junk=1']) {
      const res = await get(`/persons/${persona.id}/loaded_prospects?${q}`);
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('answers a missing persona with 404 and bad add input with 422', async () => {
    expect((await get('/persons/999999/loaded_prospects')).json()).toEqual({ errors: ['Persona not found'] });
    expect((await add(999999)).statusCode).toBe(404);
    expect((await get('/persons/abc/loaded_prospects')).statusCode).toBe(422);
    const persona = await createPersona(t, headers, 'Bad input');
    const notProfile = await add(persona.id, capturedProfile({ profile_url: 'https://www.linkedin.com/feed/' }));
    expect(notProfile.statusCode).toBe(422);
    expect(notProfile.json().errors[0]).toMatch(/Profile URL must be a LinkedIn profile address/);
    const noProfile = await post(`/persons/${persona.id}/prospects`, { name: 'x' });
    expect(noProfile.statusCode).toBe(422);
    const badField = await post(`/persons/${persona.id}/prospects`, { profile: { ...capturedProfile(), full_name: 42 } });
    expect(badField.statusCode).toBe(422);
    expect(badField.json().errors.join(' ')).toContain('full_name');
    expect((await get(`/persons/${persona.id}/loaded_prospects`)).json<Page<Prospect>>().meta.total).toBe(0);
  });
});
