import { expect } from 'vitest';
import type { LinkedInSearch } from '@shared/schemas/linkedin-searches';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { personaWithProspects, postJson } from '../campaigns/ownership.test-helpers';

/** The ownership probes of the saved-search routes (spread into routes.test.ts): B never reaches A's searches. */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

/** A's persona with one prospect and a saved search for it. */
export async function savedSearchOf(t: TestApp, p: Person) {
  const { persona, prospects } = await personaWithProspects(t, p, 1, `ls${++seq}`);
  const search = await postJson<LinkedInSearch>(t, p, '/linkedin_searches', {
    person_id: persona.id,
    url: `https://www.linkedin.com/search/results/people/?keywords=secret%20search%20${seq}&page=2`,
  });
  return { persona, prospects, search };
}

const get = (t: TestApp, p: Person, url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });

const stillThere = async (t: TestApp, a: Person, search: LinkedInSearch) => {
  const res = await get(t, a, '/linkedin_searches');
  const mine = res.json<{ data: LinkedInSearch[] }>().data.find((s) => s.id === search.id);
  expect(mine).toMatchObject({ id: search.id, added_count: search.added_count });
};

export const linkedInSearchOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/linkedin_searches': async (t, a, b) => {
    const { search, persona } = await savedSearchOf(t, a);
    const res = await get(t, b, '/linkedin_searches');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: LinkedInSearch[] }>().data.map((s) => s.id)).not.toContain(search.id);
    expect(res.body).not.toContain(search.name);
    const ofPersona = await get(t, b, `/linkedin_searches?person_id=${persona.id}`);
    expect(ofPersona.json<{ data: LinkedInSearch[] }>().data).toEqual([]);
  },
  'POST /api/v1/linkedin_searches': async (t, a, b) => {
    const { persona } = await savedSearchOf(t, a);
    const res = await t.app.inject({
      method: 'POST',
      url: v1('/linkedin_searches'),
      headers: b.headers,
      payload: { person_id: persona.id, url: 'https://www.linkedin.com/search/results/people/?keywords=b' },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().errors).toEqual(['Persona not found']);
    const aList = await get(t, a, `/linkedin_searches?person_id=${persona.id}`);
    expect(aList.json<{ data: LinkedInSearch[] }>().data).toHaveLength(1);
  },
  'POST /api/v1/linkedin_searches/:id/results': async (t, a, b) => {
    const { search, persona } = await savedSearchOf(t, a);
    const res = await t.app.inject({
      method: 'POST',
      url: v1(`/linkedin_searches/${search.id}/results`),
      headers: b.headers,
      payload: { page: 1, results: [{ profile_url: 'https://www.linkedin.com/in/planted-by-b/', full_name: 'Planted', headline: null, location: null }] },
    });
    expect(res.statusCode, res.body).toBe(404);
    await stillThere(t, a, search);
    const members = await get(t, a, `/persons/${persona.id}/loaded_prospects?per_page=100`);
    expect(members.body).not.toContain('planted-by-b');
    const bProspect = await get(t, b, `/prospects/search_by_linkedin_url?profile_url=${encodeURIComponent('https://www.linkedin.com/in/planted-by-b/')}`);
    expect(bProspect.json().data).toBeNull();
  },
  'DELETE /api/v1/linkedin_searches/:id': async (t, a, b) => {
    const { search } = await savedSearchOf(t, a);
    const res = await t.app.inject({ method: 'DELETE', url: v1(`/linkedin_searches/${search.id}`), headers: b.headers });
    expect(res.statusCode).toBe(404);
    await stillThere(t, a, search);
  },
};
