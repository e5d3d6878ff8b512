import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ImportJob, Persona } from '@shared/schemas/personas';
import { openPglite, openPostgres, type DbHandle } from '../../db/client';
import { importJobs, prospects } from '../../db/schema';
import { JOBS_SCHEMA } from '../../lib/jobs/queue';
import { executorFor } from '../../lib/jobs/sql';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { recentActivities } from '../activities/service';
import { IMPORT_INTERRUPTED } from './job';
import { importChunkRows, importHooks } from './service';

const HEADER = 'First Name,Last Name,Email,Job Title,Company,LinkedIn URL,City,Employees,Technologies,SIC';
const row = (i: number, tag: string) =>
  [`First${i}`, `Last${i}`, `p${i}.${tag}@example.test`, 'VP Sales', `"Company ${i % 7}, Inc."`, `https://www.linkedin.com/in/p-${tag}-${i}`, 'Austin', '51-200', 'Salesforce; HubSpot', '73-72'].join(',');

/** The example: 30 rows repeating existing prospects, 20 bad rows, 950 new ones. */
function thousandRows(tag: string) {
  const rows: string[] = [];
  for (let i = 0; i < 30; i++) rows.push(row(i, tag));
  for (let i = 0; i < 20; i++) rows.push(i % 2 === 0 ? `Bad,Email${i},not-an-email-${i},CEO,Acme,,Austin,,,` : ',,,CEO,Acme,,Austin,,,');
  for (let i = 1000; i < 1950; i++) rows.push(row(i, tag));
  return [HEADER, ...rows].join('\n') + '\n';
}

describe.each(DB_KINDS)('CSV import on %s', (kind) => {
  let t: TestApp;
  let headers: AuthHeaders;
  let other: AuthHeaders;
  let accountId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const me = await signedInUser(t, 'importer');
    headers = me.headers;
    accountId = me.user.account_id;
    other = (await signedInUser(t, 'importer-other')).headers;
  });
  afterAll(async () => {
    await t.app.jobs.drain();
    await t.close();
  });

  const post = (url: string, payload: unknown, h: AuthHeaders = headers) => t.app.inject({ method: 'POST', url: v1(url), headers: h, payload: payload as object });
  const get = (url: string, h: AuthHeaders = headers) => t.app.inject({ method: 'GET', url: v1(url), headers: h });
  async function finished(jobId: number, h: AuthHeaders = headers): Promise<ImportJob> {
    await t.app.jobs.drain();
    const res = await get(`/import_jobs/${jobId}`, h);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ImportJob }>().data;
  }
  /** A multipart/form-data request as a browser sends it (the Fetch API's own encoding). */
  async function postForm(url: string, file: { name: string; bytes: Buffer | string } | null, fields: Record<string, string> = {}, h: AuthHeaders = headers) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return t.app.inject({
      method: 'POST',
      url: v1(url),
      headers: { ...h, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }
  const mappingFor = async (csv: string) => {
    const preview = (await post('/file_preview', { file_name: 'x.csv', content: csv })).json().data;
    return (await post('/generate_fields', { headers: preview.headers })).json().data.mapping;
  };

  it('validates type, size, encoding and delimiter', async () => {
    const ok = await post('/validate_upload', { file_name: 'people.csv', content: 'Name;Email\nAna;ana@x.io\n' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ valid: true, errors: [], encoding: 'utf-8', delimiter: ';', size: 24 });
    const latin1 = Buffer.from('Name\tEmail\nJos\xe9\tjose@x.io\n', 'latin1').toString('base64');
    expect((await post('/validate_upload', { file_name: 'p.tsv', content_base64: latin1 })).json().data).toMatchObject({ valid: true, encoding: 'latin1', delimiter: '\t' });
    const utf8 = Buffer.from('Name,Email\nJosé,jose@x.io\n').toString('base64');
    expect((await post('/validate_upload', { file_name: 'p.csv', content_base64: utf8 })).json().data).toMatchObject({ valid: true, encoding: 'utf-8', delimiter: ',' });

    const bad = (await post('/validate_upload', { file_name: 'people.xlsx', content: 'Name\n' })).json().data;
    expect(bad.valid).toBe(false);
    expect(bad.errors).toEqual(['Only CSV files can be imported (.csv, .tsv or .txt)', 'The file has no rows under the header'].slice(0, 1));
    expect((await post('/validate_upload', { file_name: 'a.csv', content: '   ' })).json().data.errors).toEqual(['The file is empty']);
    expect((await post('/validate_upload', { file_name: 'a.csv', content: 'Name\n' })).json().data.errors).toEqual(['The file has no rows under the header']);
    const big = 'x'.repeat(20 * 1024 * 1024 + 1);
    expect((await post('/validate_upload', { file_name: 'a.csv', content: big })).json().data.errors).toEqual(['The file is larger than 20 MB']);
    expect((await post('/validate_upload', { file_name: 'a.csv' })).statusCode).toBe(422);
    expect((await post('/validate_upload', { file_name: 'a.csv', content: 'a', content_base64: 'YQ==' })).statusCode).toBe(422);
  });

  it('takes the file as multipart/form-data (raw bytes): validate, preview and import', async () => {
    // Its own user: the mapping an upload remembers must not reach the other tests.
    const { headers: mine } = await signedInUser(t, 'importer-multipart');
    const latin1 = Buffer.from('Full Name;Email\nJos\xe9 Ruiz;jose.mp@x.io\nAna;ana.mp@x.io\n', 'latin1');
    const checked = await postForm('/validate_upload', { name: 'people.csv', bytes: latin1 }, {}, mine);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toEqual({ valid: true, errors: [], encoding: 'latin1', delimiter: ';', size: latin1.length });
    const preview = await postForm('/file_preview', { name: 'people.csv', bytes: latin1 }, { rows: '1' }, mine);
    expect(preview.json().data).toMatchObject({ headers: ['Full Name', 'Email'], rows: [['José Ruiz', 'jose.mp@x.io']], total_rows: 2, encoding: 'latin1' });
    const persona = (await post('/persons', { name: `Multipart ${kind}` }, mine)).json<{ data: Persona }>().data;
    const started = await postForm(
      '/upload',
      { name: 'people.csv', bytes: latin1 },
      { mapping: JSON.stringify({ 'Full Name': 'full_name', Email: 'email' }), persona_id: String(persona.id) },
      mine,
    );
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(started.json().data.job_id, mine);
    expect(job).toMatchObject({ status: 'done', file_name: 'people.csv', persona_id: persona.id, created: 2, error_count: 0 });
    const [jose] = await t.db.db.select().from(prospects).where(eq(prospects.email, 'jose.mp@x.io'));
    expect(jose!.fullName).toBe('José Ruiz');
  });

  it('answers a bad multipart upload clearly: too large, no file, two contents, bad fields, signed out', async () => {
    const big = await postForm('/validate_upload', { name: 'big.csv', bytes: 'Name,Email\n' + 'x'.repeat(20 * 1024 * 1024 + 10) });
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().data).toMatchObject({ valid: false, errors: ['The file is larger than 20 MB'] });
    const bigUpload = await postForm('/upload', { name: 'big.csv', bytes: 'x'.repeat(20 * 1024 * 1024 + 10) }, { mapping: '{}' });
    expect(bigUpload.statusCode).toBe(422);
    expect(bigUpload.json()).toEqual({ errors: ['The file is larger than 20 MB'] });
    const none = await postForm('/validate_upload', null, { file_name: '"a.csv"' });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ errors: ['Send the file as a multipart "file" part, or as content or content_base64 (one of them)'] });
    const both = await postForm('/validate_upload', { name: 'a.csv', bytes: 'Name\nA\n' }, { content: '"Name\\nB"' });
    expect(both.statusCode).toBe(422);
    const badMapping = await postForm('/upload', { name: 'a.csv', bytes: 'Name,Email\nA,a@x.io\n' }, { mapping: '{"Email":"password"}' });
    expect(badMapping.statusCode).toBe(422);
    expect(badMapping.json().errors.join(' ')).toMatch(/^Invalid option: expected one of "email"/);
    const unknown = await postForm('/file_preview', { name: 'a.csv', bytes: 'Name\nA\n' }, { colour: 'red' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.join(' ')).toMatch(/colour/);
    const signedOut = await postForm('/validate_upload', { name: 'a.csv', bytes: 'Name\nA\n' }, {}, {} as AuthHeaders);
    expect(signedOut.statusCode).toBe(401);
    // Multipart only where a file is expected.
    const elsewhere = await postForm('/generate_fields', { name: 'a.csv', bytes: 'x' }, { headers: '["Email"]' });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('previews the first rows and maps headers, remembering the last mapping', async () => {
    const csv = 'E-mail Address,Full Name,"Title, current",Weird Column\n"a@x.io","Ana ""The"" Lima","VP, Sales",1\nb@x.io,Ben,CTO,2\n';
    const preview = (await post('/file_preview', { file_name: 'x.csv', content: csv, rows: 1 })).json().data;
    expect(preview).toEqual({
      headers: ['E-mail Address', 'Full Name', 'Title, current', 'Weird Column'],
      rows: [['a@x.io', 'Ana "The" Lima', 'VP, Sales', '1']],
      total_rows: 2,
      encoding: 'utf-8',
      delimiter: ',',
    });
    const fields = (await post('/generate_fields', { headers: preview.headers })).json().data;
    expect(fields.mapping).toEqual({ 'E-mail Address': 'email', 'Full Name': 'full_name', 'Title, current': null, 'Weird Column': null });
    expect(fields.fields).toContain('company_size');
    expect(fields.remembered).toEqual([]);

    // The user maps the two unknown columns; the upload remembers it for the next file.
    const mapping = { ...fields.mapping, 'Title, current': 'title', 'Weird Column': 'keywords' };
    const started = await post('/upload', { file_name: 'x.csv', content: csv, mapping });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(started.json().data.job_id);
    expect(job).toMatchObject({ status: 'done', total: 2, processed: 2, created: 2, merged: 0, error_count: 0, errors: [] });
    const again = (await post('/generate_fields', { headers: ['Email', 'title current', 'Weird column', 'Company'] })).json().data;
    expect(again.mapping).toEqual({ Email: 'email', 'title current': 'title', 'Weird column': 'keywords', Company: 'company' });
    expect(again.remembered).toEqual(['title current', 'Weird column']);
    // Mappings are per account.
    expect((await post('/generate_fields', { headers: ['Weird Column'] }, other)).json().data.mapping).toEqual({ 'Weird Column': null });
    const [ana] = await t.db.db.select().from(prospects).where(eq(prospects.email, 'a@x.io'));
    expect(ana).toMatchObject({ fullName: 'Ana "The" Lima', firstName: 'Ana', title: 'VP, Sales', keywords: '1', source: 'import' });
  });

  it('imports 1,000 rows with 20 bad and 30 repeating: 950 created, 30 merged, 20 errors', async () => {
    const tag = `k${kind}`;
    const existing = [HEADER, ...Array.from({ length: 30 }, (_, i) => row(i, tag).replace('VP Sales', 'Old Title'))].join('\n');
    const persona = (await post('/persons', { name: `Imported ${kind}` })).json<{ data: Persona }>().data;
    const mapping = await mappingFor(existing);
    expect(mapping).toMatchObject({ 'First Name': 'first_name', 'Last Name': 'last_name', Email: 'email', 'Job Title': 'title', 'LinkedIn URL': 'linkedin_url', City: 'city', Employees: 'company_size', Technologies: 'technologies', SIC: 'sic_codes' });
    const first = await finished((await post('/upload', { file_name: 'existing.csv', content: existing, mapping })).json().data.job_id);
    expect(first).toMatchObject({ status: 'done', created: 30, merged: 0, error_count: 0 });

    const started = await post('/upload', { file_name: 'thousand.csv', content: thousandRows(tag), mapping, persona_id: persona.id });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(started.json().data.job_id);
    expect(job).toMatchObject({ status: 'done', file_name: 'thousand.csv', persona_id: persona.id, total: 1000, processed: 1000, created: 950, merged: 30, error_count: 20 });
    expect(job.errors).toHaveLength(20);
    expect(job.errors[0]).toEqual({ row: 32, reason: 'Invalid email address: not-an-email-0' });
    expect(job.errors[1]).toEqual({ row: 33, reason: 'Missing email and LinkedIn URL (one is required); Missing name (full name, or first and last name)' });
    expect(job.finished_at).not.toBeNull();
    // The activity log tells the dashboard and insights about it.
    const [logged] = await recentActivities(t.db.db, accountId, { verb: 'import_finished', limit: 1 });
    expect(logged).toMatchObject({ personaId: persona.id, payload: { job_id: job.id, created: 950, merged: 30, errors: 20 } });

    // Merged rows updated the existing prospects; every good row is in the persona; filter fields are filled.
    const [merged] = await t.db.db.select().from(prospects).where(eq(prospects.email, `p0.${tag}@example.test`));
    expect(merged).toMatchObject({ title: 'VP Sales', companySize: 200, technologies: ['salesforce', 'hubspot'], sicCodes: ['7372'], city: 'Austin', company: 'Company 0, Inc.' });
    const loaded = (await get(`/persons/${persona.id}/loaded_prospects?per_page=1`)).json();
    expect(loaded.meta.total).toBe(980);
    const preview = (await post('/prospects_preview', { filters: { company_sic_codes: ['7372'], technologies: [{ id: 'h', name: 'HubSpot', uid: 'h' }] } })).json().data;
    expect(preview.count).toBe(980);

    // Importing the same file again creates nothing.
    const repeat = await finished((await post('/upload', { file_name: 'thousand.csv', content: thousandRows(tag), mapping })).json().data.job_id);
    expect(repeat).toMatchObject({ created: 0, merged: 980, error_count: 20 });
  });

  it('merges repeats within one file and by either email or LinkedIn URL', async () => {
    const csv = [
      'Name,Email,LinkedIn,Industry',
      'Dup One,dup1@x.io,,',
      'Dup One,DUP1@x.io,https://linkedin.com/in/dup-one/,Fintech',
      'Other,,https://www.linkedin.com/in/dup-one,',
    ].join('\n');
    const mapping = { Name: 'full_name', Email: 'email', LinkedIn: 'linkedin_url', Industry: 'industry' };
    const job = await finished((await post('/upload', { file_name: 'd.csv', content: csv, mapping })).json().data.job_id);
    expect(job).toMatchObject({ status: 'done', created: 1, merged: 2, error_count: 0 });
    const rows = await t.db.db.select().from(prospects).where(eq(prospects.email, 'dup1@x.io'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ linkedinUrl: 'https://www.linkedin.com/in/dup-one/', industry: 'Fintech', fullName: 'Other' });
  });

  it('leaves nothing written when the import fails', async () => {
    const count = async () => (await t.db.db.select({ id: prospects.id }).from(prospects).where(eq(prospects.accountId, accountId))).length;
    const before = await count();
    const persona = (await post('/persons', { name: `Doomed ${kind}` })).json<{ data: Persona }>().data;
    const csv = ['Name,Email', ...Array.from({ length: 1200 }, (_, i) => `Name ${i},fail${i}@x.io`)].join('\n');
    // The first chunk is written (committed), then the database fails on the second.
    importHooks.beforeChunk = (i) => {
      if (i === 1) throw new Error('connection lost');
    };
    try {
      const started = await post('/upload', { file_name: 'f.csv', content: csv, mapping: { Name: 'full_name', Email: 'email' }, persona_id: persona.id });
      expect(started.statusCode).toBe(202);
      const job = await finished(started.json().data.job_id);
      expect(job).toMatchObject({ status: 'failed', total: 1200, processed: 0, created: 0, merged: 0 });
      expect(job.failure).toBe('The import failed and nothing was imported; please try again');
    } finally {
      importHooks.beforeChunk = null;
    }
    expect(await count()).toBe(before);
    expect((await get(`/persons/${persona.id}/loaded_prospects`)).json().meta.total).toBe(0);
  });

  it('a run another process settled meanwhile (took it for dead) stops at its next chunk and is never marked done on top', async () => {
    const count = async () => (await t.db.db.select({ id: prospects.id }).from(prospects).where(eq(prospects.accountId, accountId))).length;
    const before = await count();
    const csv = ['Name,Email', ...Array.from({ length: 1200 }, (_, i) => `Name ${i},settled${i}@x.io`)].join('\n');
    importHooks.beforeChunk = async (i) => {
      if (i === 1) await t.db.db.update(importJobs).set({ status: 'failed', failure: IMPORT_INTERRUPTED }).where(and(eq(importJobs.accountId, accountId), eq(importJobs.status, 'running')));
    };
    try {
      const started = await post('/upload', { file_name: 'settled.csv', content: csv, mapping: { Name: 'full_name', Email: 'email' } });
      expect(started.statusCode).toBe(202);
      const job = await finished(started.json().data.job_id);
      expect(job.status).toBe('failed');
      expect(job.failure).toBe(IMPORT_INTERRUPTED);
    } finally {
      importHooks.beforeChunk = null;
    }
    expect(await count()).toBe(before);
  });

  it('never merges two people who share an email; lists the merges and the LinkedIn-only rows', async () => {
    const { headers: mine } = await signedInUser(t, 'importer-conflicts');
    const mapping = { Name: 'full_name', Email: 'email', LinkedIn: 'linkedin_url' };
    const before = await finished((await post('/upload', { file_name: 'a.csv', content: 'Name,Email,LinkedIn\nAnn,shared@c.io,https://www.linkedin.com/in/ann-one\n', mapping }, mine)).json().data.job_id, mine);
    expect(before).toMatchObject({ status: 'done', created: 1 });
    const [ann] = await t.db.db.select().from(prospects).where(eq(prospects.email, 'shared@c.io'));
    const csv = [
      'Name,Email,LinkedIn',
      'Ann Again,shared@c.io,https://www.linkedin.com/in/ann-one', // row 2: merged into Ann
      'Bob,shared@c.io,https://www.linkedin.com/in/bob-two', // row 3: Ann's email, Bob's profile
      'Cat,cat@c.io,https://www.linkedin.com/in/cat', // row 4: new
      'Cat Other,cat@c.io,https://www.linkedin.com/in/cat-other', // row 5: row 4's email, another profile
      'Cat,cat@c.io,', // row 6: merged into row 4's prospect
      'Dan,,https://www.linkedin.com/in/dan', // row 7: LinkedIn only, valid
      'Nobody,,', // row 8: neither
    ].join('\n');
    const job = await finished((await post('/upload', { file_name: 'c.csv', content: csv, mapping }, mine)).json().data.job_id, mine);
    const [cat] = await t.db.db.select().from(prospects).where(eq(prospects.email, 'cat@c.io'));
    expect(job).toMatchObject({ status: 'done', total: 7, created: 2, merged: 2, conflict_count: 2, linkedin_only: 1, error_count: 1 });
    expect(job.errors).toEqual([{ row: 8, reason: 'Missing email and LinkedIn URL (one is required)' }]);
    expect(job.conflicts).toEqual([
      { row: 3, other_row: null, prospect_id: ann!.id, email: 'shared@c.io', reason: expect.stringMatching(/^Same email as an existing prospect but another LinkedIn URL \(https:\/\/www\.linkedin\.com\/in\/bob-two\/?\): not merged$/) },
      { row: 5, other_row: 4, prospect_id: cat!.id, email: 'cat@c.io', reason: expect.stringMatching(/^Same email as row 4 but another LinkedIn URL/) },
    ]);
    expect(job.merges).toEqual([
      { rows: [2], prospect_id: ann!.id, first_row: null },
      { rows: [6], prospect_id: cat!.id, first_row: 4 },
    ]);
    // Ann kept her profile and got the later name; Bob and "Cat Other" were not written.
    const [annNow] = await t.db.db.select().from(prospects).where(eq(prospects.id, ann!.id));
    expect(annNow).toMatchObject({ fullName: 'Ann Again', linkedinUrl: expect.stringContaining('/in/ann-one') });
    expect(cat).toMatchObject({ fullName: 'Cat', linkedinUrl: expect.stringContaining('/in/cat') });
    const [dan] = await t.db.db.select().from(prospects).where(eq(prospects.fullName, 'Dan'));
    expect(dan).toMatchObject({ email: null, linkedinUrl: expect.stringContaining('/in/dan') });
  });

  it('an import whose server dies mid-way ends failed after a restart, and leaves nothing behind', async () => {
    const { headers: mine, user } = await signedInUser(t, 'importer-crash');
    const mapping = { Name: 'full_name', Email: 'email', Title: 'title' };
    await finished((await post('/upload', { file_name: 'old.csv', content: 'Name,Email,Title\nKeep Me,keep@crash.io,Old title\n', mapping }, mine)).json().data.job_id, mine);
    const persona = (await post('/persons', { name: `Crash ${kind}` }, mine)).json<{ data: Persona }>().data;
    const csv = ['Name,Email,Title', 'Keep Me,keep@crash.io,New title', ...Array.from({ length: 1500 }, (_, i) => `Crash ${i},crash${i}@x.io,CTO`)].join('\n');
    let release!: (err: Error) => void;
    const died = new Promise<DbHandle>((resolve) => {
      importHooks.beforeChunk = async (i) => {
        if (i !== 1) return;
        // The first chunk (with the merge) is committed; the server dies here. A restart finds what is committed now.
        if (t.db.kind === 'pglite') {
          const dump = await (t.db as DbHandle & { client: { dumpDataDir(c: 'none'): Promise<Blob> } }).client.dumpDataDir('none');
          resolve(await openPglite({ loadDataDir: dump }));
        } else {
          const url = (t.db as DbHandle & { pool: { options: { connectionString: string } } }).pool.options.connectionString;
          resolve(await openPostgres(url, 5));
        }
        await new Promise((_resolve, reject) => (release = reject));
      };
    });
    const started = await post('/upload', { file_name: 'crash.csv', content: csv, mapping, persona_id: persona.id }, mine);
    expect(started.statusCode, started.body).toBe(202);
    const jobId: number = started.json().data.job_id;
    const restarted = await died;
    importHooks.beforeChunk = null;
    const [mid] = await restarted.db.select().from(importJobs).where(eq(importJobs.id, jobId));
    expect(mid).toMatchObject({ status: 'running', processed: importChunkRows(kind) });
    if (kind === 'postgres') {
      // The first server lives on in this test process (its liveness lock held, as for a process cut off from the
      // database), so only the expiry (30 minutes) recovers its run: time passes. A killed process: lib/jobs/liveness.test.ts.
      await executorFor(restarted.db).executeSql(`update ${JOBS_SCHEMA}.job set started_on = now() - interval '31 minutes' where name = 'csv-import' and state = 'active'`);
    }
    const again = await startTestApp(kind, { db: restarted });
    try {
      await again.app.jobs.drain();
      const res = await again.app.inject({ method: 'GET', url: v1(`/import_jobs/${jobId}`), headers: mine });
      expect(res.json().data).toMatchObject({ status: 'failed', failure: IMPORT_INTERRUPTED, processed: 0, created: 0, merged: 0 });
      expect(IMPORT_INTERRUPTED).toBe('The server stopped during the import; nothing was imported.');
      const left = await restarted.db.select().from(prospects).where(eq(prospects.accountId, user.account_id));
      expect(left.map((p) => [p.email, p.title])).toEqual([['keep@crash.io', 'Old title']]);
      expect((await again.app.inject({ method: 'GET', url: v1(`/persons/${persona.id}/loaded_prospects`), headers: mine })).json().meta.total).toBe(0);
    } finally {
      await again.close();
      // The first server's run ends now; it must not change what the restart settled.
      release(new Error('the process was gone'));
      await t.app.jobs.drain();
      if (kind === 'postgres') expect((await get(`/import_jobs/${jobId}`, mine)).json().data.failure).toBe(IMPORT_INTERRUPTED);
      await restarted.close();
    }
  });

  it('refuses bad uploads and keeps jobs per account', async () => {
    const csv = 'Name,Email\nAna,ana@x.io\n';
    expect((await post('/upload', { file_name: 'a.csv', content: csv, mapping: { Name: 'full_name' } })).json()).toEqual({ errors: ['Map a column to email or LinkedIn URL'] });
    expect((await post('/upload', { file_name: 'a.csv', content: csv, mapping: { Email: 'email' } })).json()).toEqual({ errors: ['Map a column to full name, or to first name and last name'] });
    expect((await post('/upload', { file_name: 'a.csv', content: csv, mapping: { Email: 'password' } })).statusCode).toBe(422);
    expect((await post('/upload', { file_name: 'a.exe', content: csv, mapping: { Email: 'email', Name: 'full_name' } })).statusCode).toBe(422);
    const otherPersona = (await post('/persons', { name: 'Not yours' }, other)).json<{ data: Persona }>().data;
    const foreign = await post('/upload', { file_name: 'a.csv', content: csv, mapping: { Email: 'email', Name: 'full_name' }, persona_id: otherPersona.id });
    expect(foreign.statusCode).toBe(404);
    const started = await post('/upload', { file_name: 'a.csv', content: csv, mapping: { Email: 'email', Name: 'full_name' } });
    const id = started.json().data.job_id;
    await t.app.jobs.drain();
    expect((await get(`/import_jobs/${id}`, other)).statusCode).toBe(404);
    expect((await get('/import_jobs/999999')).json()).toEqual({ errors: ['Import not found'] });
  });
});
