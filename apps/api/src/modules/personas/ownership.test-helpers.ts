import { expect } from 'vitest';
import type { signedInUser, TestApp } from '../../testing/harness';
import { v1 } from '../../testing/harness';
import { createPersona } from '../../testing/profiles';

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;
const unique = () => `${++seq}-${Date.now().toString(36)}`;

/** A's persona holding one imported prospect with distinctive values; waits for the import. */
async function importedFor(t: TestApp, a: Person) {
  const n = unique();
  const persona = await createPersona(t, a.headers, `A's import ${n}`);
  const csv = `Name,Email,Title,Industry,Column ${n}\nSecret Person ${n},secret-${n}@a.example,Chief Secret Officer ${n},Secret Industry ${n},x\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: v1('/upload'),
    headers: a.headers,
    payload: { file_name: 'a.csv', content: csv, persona_id: persona.id, mapping: { Name: 'full_name', Email: 'email', Title: 'title', Industry: 'industry', [`Column ${n}`]: 'keywords' } },
  });
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.drain();
  return { persona, n, jobId: res.json<{ data: { job_id: number } }>().data.job_id };
}

const inject = (t: TestApp, p: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: v1(url), headers: p.headers, ...(payload ? { payload } : {}) });

/** Ownership probes for the persons routes of the business-information section (routes.test.ts walks them). */
export const personaOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/persons/:id/edit': async (t, a, b) => {
    const persona = await createPersona(t, a.headers, `A edit ${unique()}`);
    const res = await inject(t, b, 'GET', `/persons/${persona.id}/edit`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(persona.name);
  },
  'PUT /api/v1/persons/:id': async (t, a, b) => {
    const persona = await createPersona(t, a.headers, `A put ${unique()}`);
    expect((await inject(t, b, 'PUT', `/persons/${persona.id}`, { name: 'Taken by B', filters: { keywords: ['b'] } })).statusCode).toBe(404);
    const mine = (await inject(t, a, 'GET', `/persons/${persona.id}/edit`)).json().data;
    expect(mine).toMatchObject({ name: persona.name, filters: {} });
  },
  'DELETE /api/v1/persons/:id': async (t, a, b) => {
    const persona = await createPersona(t, a.headers, `A delete ${unique()}`);
    expect((await inject(t, b, 'DELETE', `/persons/${persona.id}`)).statusCode).toBe(404);
    expect((await inject(t, a, 'GET', `/persons/${persona.id}/edit`)).statusCode).toBe(200);
  },
  'GET /api/v1/filter_info': async (t, a, b) => {
    const { n } = await importedFor(t, a);
    expect((await inject(t, a, 'GET', `/filter_info?filter=job_titles&value=${n}`)).json().data).toHaveLength(1);
    const res = await inject(t, b, 'GET', `/filter_info?filter=job_titles&value=${n}`);
    expect(res.json()).toEqual({ data: [] });
  },
  'POST /api/v1/search_metadata': async (t, a, b) => {
    const { n } = await importedFor(t, a);
    const res = await inject(t, b, 'POST', '/search_metadata', { filters: { industries: [{ id: 'x', name: `Secret Industry ${n}`, uid: 'x' }] } });
    expect(res.json().data.total).toBe(0);
    expect(res.body).not.toContain(`Secret Industry ${n}`);
  },
  'POST /api/v1/prospects_preview': async (t, a, b) => {
    const { n } = await importedFor(t, a);
    const filters = { keywords: [`Secret`] };
    expect((await inject(t, a, 'POST', '/prospects_preview', { filters })).json().data.count).toBeGreaterThan(0);
    const res = await inject(t, b, 'POST', '/prospects_preview', { filters });
    expect(res.json().data).toEqual({ count: 0, sample: [] });
    expect(res.body).not.toContain(n);
  },
  'GET /api/v1/export_performance_to_csv': async (t, a, b) => {
    const persona = await createPersona(t, a.headers, `A export ${unique()}`);
    const res = await inject(t, b, 'GET', '/export_performance_to_csv');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(persona.name);
  },
  'POST /api/v1/validate_upload': async (t, _a, b) => {
    // Reads nothing stored: answers about the file B sent only.
    const res = await inject(t, b, 'POST', '/validate_upload', { file_name: 'b.csv', content: 'Name\nB\n' });
    expect(res.json().data).toMatchObject({ valid: true, size: 7 });
  },
  'POST /api/v1/file_preview': async (t, _a, b) => {
    const res = await inject(t, b, 'POST', '/file_preview', { file_name: 'b.csv', content: 'Name\nB\n' });
    expect(res.json().data).toMatchObject({ headers: ['Name'], rows: [['B']] });
  },
  'POST /api/v1/generate_fields': async (t, a, b) => {
    const { n } = await importedFor(t, a);
    // A mapped "Column n" to keywords; B's mapping of that header is not A's.
    expect((await inject(t, a, 'POST', '/generate_fields', { headers: [`Column ${n}`] })).json().data.mapping).toEqual({ [`Column ${n}`]: 'keywords' });
    expect((await inject(t, b, 'POST', '/generate_fields', { headers: [`Column ${n}`] })).json().data.mapping).toEqual({ [`Column ${n}`]: null });
  },
  'POST /api/v1/upload': async (t, a, b) => {
    const persona = await createPersona(t, a.headers, `A upload ${unique()}`);
    const res = await inject(t, b, 'POST', '/upload', {
      file_name: 'b.csv',
      content: 'Name,Email\nIntruder,intruder@b.example\n',
      mapping: { Name: 'full_name', Email: 'email' },
      persona_id: persona.id,
    });
    expect(res.statusCode).toBe(404);
    await t.app.jobs.drain();
    expect((await inject(t, a, 'GET', `/persons/${persona.id}/loaded_prospects`)).json().meta.total).toBe(0);
  },
  'GET /api/v1/import_jobs/:id': async (t, a, b) => {
    const { jobId } = await importedFor(t, a);
    expect((await inject(t, a, 'GET', `/import_jobs/${jobId}`)).json().data.status).toBe('done');
    const res = await inject(t, b, 'GET', `/import_jobs/${jobId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Import not found'] });
  },
};
