import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkedInSearch, LinkedInSearchResults } from '@shared/schemas/linkedin-searches';
import type { Prospect } from '@shared/schemas/personas';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { and, eq } from 'drizzle-orm';
import { activities, prospects } from '../../db/schema';
import { messageFor } from '../notifications/messages';
import { personaWithProspects } from '../campaigns/ownership.test-helpers';
import { defaultSearchName } from './service';

type Person = Awaited<ReturnType<typeof signedInUser>>;

const card = (slug: string, name = `Member ${slug}`, extra: Partial<{ headline: string | null; location: string | null }> = {}) => ({
  profile_url: `https://www.linkedin.com/in/${slug}/?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAA`,
  full_name: name,
  headline: extra.headline ?? `Head of Sales at ${slug}`,
  location: extra.location ?? 'Berlin, Germany',
});

describe.each(DB_KINDS)('LinkedIn saved searches on %s', (kind) => {
  let t: TestApp;
  let me: Person;
  beforeAll(async () => {
    t = await startTestApp(kind);
    me = await signedInUser(t, 'linksearch');
  });
  afterAll(async () => {
    await t.close();
  });

  const inject = async <T = unknown>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, p: Person = me) => {
    const res = await t.app.inject({ method, url: v1(url), headers: p.headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body ? (res.json() as { data: T; errors?: string[] }) : null, raw: res.body };
  };
  const members = async (personaId: number) =>
    (await inject<Prospect[]>('GET', `/persons/${personaId}/loaded_prospects?per_page=100`)).body!.data;

  it('saves a classic or a Sales Navigator search for a persona, normalised, once per persona', async () => {
    const { persona } = await personaWithProspects(t, me, 0, 'save');
    const saved = await inject<LinkedInSearch>('POST', '/linkedin_searches', {
      person_id: persona.id,
      url: ' https://linkedin.com/search/results/people/?origin=FACETED_SEARCH&keywords=vp%20sales&geoUrn=%5B%22103644278%22%5D&page=3&sid=x1 ',
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body!.data).toMatchObject({
      person_id: persona.id,
      person_name: persona.name,
      name: 'vp sales',
      kind: 'classic',
      url: 'https://www.linkedin.com/search/results/people/?geoUrn=%5B%22103644278%22%5D&keywords=vp+sales',
      added_count: 0,
      last_page: null,
      last_captured_at: null,
    });
    // The same search from another page or visit is the same saved search.
    const again = await inject<LinkedInSearch>('POST', '/linkedin_searches', {
      person_id: persona.id,
      url: 'https://www.linkedin.com/search/results/people/?keywords=vp+sales&geoUrn=%5B%22103644278%22%5D&page=1',
      name: 'Other name',
    });
    expect(again.body!.data.id).toBe(saved.body!.data.id);

    const nav = await inject<LinkedInSearch>('POST', '/linkedin_searches', {
      person_id: persona.id,
      url: 'https://www.linkedin.com/sales/search/people?query=(spellCorrectionEnabled%3Atrue%2Ckeywords%3Acto%2520fintech)&sessionId=abc&page=2',
      name: 'CTOs in fintech',
    });
    expect(nav.status, nav.raw).toBe(200);
    expect(nav.body!.data).toMatchObject({ kind: 'sales_navigator', name: 'CTOs in fintech' });
    expect(nav.body!.data.url).not.toMatch(/sessionId|page=/);

    const list = await inject<LinkedInSearch[]>('GET', `/linkedin_searches?person_id=${persona.id}`);
    expect(list.body!.data.map((s) => s.id)).toEqual([nav.body!.data.id, saved.body!.data.id]);
  });

  it('names a search after its keywords, else after its kind', () => {
    expect(defaultSearchName('https://www.linkedin.com/search/results/people/?keywords=cfo', 'classic')).toBe('cfo');
    expect(defaultSearchName('https://www.linkedin.com/search/results/people/?geoUrn=1', 'classic')).toBe('LinkedIn search');
    expect(defaultSearchName('https://www.linkedin.com/sales/search/people?query=(keywords%3Acto%2520fintech)', 'sales_navigator')).toBe('cto fintech');
    expect(defaultSearchName('https://www.linkedin.com/sales/search/people?savedSearchId=5', 'sales_navigator')).toBe('Sales Navigator search');
  });

  it('refuses what is not a LinkedIn people search, and personas that are not there', async () => {
    const { persona } = await personaWithProspects(t, me, 0, 'refuse');
    for (const url of [
      'https://www.linkedin.com/in/jane-doe/',
      'https://www.linkedin.com/search/results/companies/?keywords=acme',
      'https://evil.example/search/results/people/?keywords=x',
      'https://www.linkedin.com.evil.example/search/results/people/',
      'javascript:alert(1)',
      '',
    ]) {
      const res = await inject('POST', '/linkedin_searches', { person_id: persona.id, url });
      expect(res.status, url).toBe(422);
    }
    const bad = await inject('POST', '/linkedin_searches', { person_id: persona.id, url: 'https://www.linkedin.com/feed/' });
    expect(bad.body!.errors!.join()).toMatch(/LinkedIn people search/);
    const missing = await inject('POST', '/linkedin_searches', { person_id: 2147483000, url: 'https://www.linkedin.com/search/results/people/?keywords=x' });
    expect(missing.status).toBe(404);
    expect(missing.body!.errors).toEqual(['Persona not found']);
    expect((await inject('DELETE', '/linkedin_searches/2147483000')).status).toBe(404);
    expect((await inject('POST', '/linkedin_searches/2147483000/results', { results: [card('x')] })).status).toBe(404);
    expect((await inject('POST', '/linkedin_searches/1/results', { results: [] })).status).toBe(422);
  });

  it('adds result cards to the persona once: pages, re-sends and prospects already in the account never duplicate', async () => {
    const { persona, accountId } = await personaWithProspects(t, me, 0, 'cards');
    // Someone already in the account (imported earlier, in no persona), with more than a card shows.
    const [known] = await t.db.db
      .insert(prospects)
      .values({ accountId, linkedinUrl: 'https://www.linkedin.com/in/known-person/', fullName: 'Known Person', title: 'CFO', company: 'Acme', headline: 'Old headline', source: 'import' })
      .returning();
    const search = (await inject<LinkedInSearch>('POST', '/linkedin_searches', { person_id: persona.id, url: 'https://www.linkedin.com/search/results/people/?keywords=cards' })).body!.data;
    const send = (page: number, results: object[]) => inject<LinkedInSearchResults>('POST', `/linkedin_searches/${search.id}/results`, { page, results });

    const page1 = await send(1, [card('ana-lopez', 'Ana López'), card('Ben-Ode'), card('ana-lopez', 'Ana López')]);
    expect(page1.status, page1.raw).toBe(200);
    expect(page1.body!.data).toMatchObject({ added: 2, already_there: 0 });
    expect(page1.body!.data.outcomes).toEqual([
      { profile_url: 'https://www.linkedin.com/in/ana-lopez/', outcome: 'added' },
      { profile_url: 'https://www.linkedin.com/in/ben-ode/', outcome: 'added' },
    ]);
    expect(page1.body!.data.search).toMatchObject({ added_count: 2, last_page: 1 });
    // One entry (so one notification) for the page, as an import writes one, not one per person.
    const added = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'prospect_added'), eq(activities.personaId, persona.id)));
    expect(added.map((a) => [a.prospectId, a.payload])).toEqual([[null, { source: 'linkedin_search', search_id: search.id, search_name: search.name, count: 2 }]]);
    expect(messageFor('prospect_added', added[0]!.payload as Record<string, unknown>, null)).toMatchObject({ title: '2 prospects were added', body: `From your saved LinkedIn search “${search.name}”.` });

    const page2 = await send(2, [card('cara-diaz', 'Cara Díaz'), card('known-person', 'Known Person', { headline: 'CFO at Acme' })]);
    expect(page2.body!.data).toMatchObject({ added: 2, already_there: 0 });

    // Back to page 1, and the same page sent twice (the worker restarted before it heard the answer).
    const back = await send(1, [card('ana-lopez', 'Ana López'), card('ben-ode')]);
    expect(back.body!.data).toMatchObject({ added: 0, already_there: 2 });
    expect((await send(1, [card('ana-lopez', 'Ana López')])).body!.data).toMatchObject({ added: 0, already_there: 1 });

    const people = await members(persona.id);
    expect(people.map((p) => p.linkedin_url).sort()).toEqual([
      'https://www.linkedin.com/in/ana-lopez/',
      'https://www.linkedin.com/in/ben-ode/',
      'https://www.linkedin.com/in/cara-diaz/',
      'https://www.linkedin.com/in/known-person/',
    ]);
    const ana = people.find((p) => p.linkedin_url?.includes('ana-lopez'))!;
    expect(ana).toMatchObject({ full_name: 'Ana López', first_name: 'Ana', last_name: 'López', headline: 'Head of Sales at ana-lopez', location: 'Berlin, Germany', source: 'extension' });

    // The same person saved through another persona's search stays one prospect, now in both personas.
    const { persona: other } = await personaWithProspects(t, me, 0, 'cards-other');
    const otherSearch = (await inject<LinkedInSearch>('POST', '/linkedin_searches', { person_id: other.id, url: 'https://www.linkedin.com/search/results/people/?keywords=cards' })).body!.data;
    expect(otherSearch.id).not.toBe(search.id);
    const cross = await inject<LinkedInSearchResults>('POST', `/linkedin_searches/${otherSearch.id}/results`, { page: 1, results: [card('ana-lopez', 'Ana López')] });
    expect(cross.body!.data).toMatchObject({ added: 1, already_there: 0 });
    const found = await inject<Prospect>('GET', `/prospects/search_by_linkedin_url?profile_url=${encodeURIComponent('https://www.linkedin.com/in/ana-lopez/')}`);
    expect(found.body!.data.persona_ids.sort()).toEqual([persona.id, other.id].sort());
    expect(found.body!.data.id).toBe(ana.id);
    const knownNow = people.find((p) => p.linkedin_url?.includes('known-person'))!;
    expect(knownNow).toMatchObject({ id: known!.id, title: 'CFO', company: 'Acme', headline: 'CFO at Acme', source: 'import' });

    const after = (await inject<LinkedInSearch[]>('GET', `/linkedin_searches?person_id=${persona.id}`)).body!.data[0]!;
    expect(after).toMatchObject({ id: search.id, added_count: 4, last_page: 1 });
    expect(after.last_captured_at).not.toBeNull();

    // Forgetting the search keeps the prospects it added.
    expect((await inject('DELETE', `/linkedin_searches/${search.id}`)).status).toBe(204);
    expect((await inject<LinkedInSearch[]>('GET', `/linkedin_searches?person_id=${persona.id}`)).body!.data).toEqual([]);
    expect(await members(persona.id)).toHaveLength(4);
  });

  it('keeps a card that is not a LinkedIn profile out (422), and the whole call with it', async () => {
    const { persona } = await personaWithProspects(t, me, 0, 'badcard');
    const search = (await inject<LinkedInSearch>('POST', '/linkedin_searches', { person_id: persona.id, url: 'https://www.linkedin.com/search/results/people/?keywords=bad' })).body!.data;
    const res = await inject('POST', `/linkedin_searches/${search.id}/results`, { page: 1, results: [card('fine'), { ...card('x'), profile_url: 'https://www.linkedin.com/company/acme/' }] });
    expect(res.status).toBe(422);
    expect(await members(persona.id)).toEqual([]);
  });

  it('does not exist on a brand whose LinkedIn features are off', async () => {
    const nine = await signedInUser(t, 'linksearch-nine', undefined, 'brand9.localhost:3000');
    const { persona } = await personaWithProspects(t, nine, 0, 'nine');
    const create = await inject('POST', '/linkedin_searches', { person_id: persona.id, url: 'https://www.linkedin.com/search/results/people/?keywords=x' }, nine);
    expect(create.status).toBe(404);
    expect(create.body!.errors).toEqual(['This feature is not available']);
    expect((await inject('GET', '/linkedin_searches', undefined, nine)).status).toBe(404);
  });
});
