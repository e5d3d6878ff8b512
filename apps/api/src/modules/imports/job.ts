import { joinRunningCampaigns } from '../campaigns/enrolment';
import { dbId } from '@shared/schemas/primitives';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { z } from 'zod';
import { IMPORT_ERRORS_CAP, type ImportMapping } from '@shared/schemas/personas';
import type { Db } from '../../db/client';
import { scopeAccountId } from '../../db/tenancy';
import { importChanges, importJobs, personaProspects, prospects, type ImportConflict, type ImportJobRow, type ImportMerge } from '../../db/schema';
import { csvRecords, type CsvDelimiter } from '../../lib/csv';
import { withCappedHeapGrowth } from '../../lib/heap-growth';
import { HttpError } from '../../lib/http-error';
import { defineJob, INTERRUPTED_REASON } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { withinTransaction } from '../../db/transaction';
import { emitLiveEvent } from '../../lib/live-events';
import { recordActivity } from '../activities/service';
import { publish } from '../../lib/events';
import { givenFields, rowToProspect, type ProspectInsert } from './rows';

export const IMPORT_INTERRUPTED = 'The server stopped during the import; nothing was imported.';
export const IMPORT_FAILED = 'The import failed and nothing was imported; please try again';

/**
 * Rows written per transaction: other requests (other accounts') run between chunks. PGlite runs one
 * query at a time on the server's own thread, so there a chunk is smaller: another account's request
 * waits at most one short chunk (`npm run bench` measures it).
 */
export const IMPORT_CHUNK = 1000;
export const IMPORT_CHUNK_PGLITE = 200;
export const importChunkRows = (kind: 'pglite' | 'postgres') => (kind === 'pglite' ? IMPORT_CHUNK_PGLITE : IMPORT_CHUNK);
const ANALYZE_AFTER_ROWS = 5000;

/** Fault injection for tests: called before each chunk's transaction. */
export const importHooks: { beforeChunk: ((chunkIndex: number) => void | Promise<void>) | null } = { beforeChunk: null };

class Interrupted extends Error {}

/** How each prospect column travels in the one-parameter-per-column insert below. */
const INSERT_COLUMNS: Array<[column: string, key: keyof ProspectInsert, kind: 'text' | 'int' | 'bigint' | 'date' | 'jsonb' | 'textarr']> = [
  ['source', 'source', 'text'],
  ['email', 'email', 'text'],
  ['linkedin_url', 'linkedinUrl', 'text'],
  ['full_name', 'fullName', 'text'],
  ['first_name', 'firstName', 'text'],
  ['last_name', 'lastName', 'text'],
  ['title', 'title', 'text'],
  ['headline', 'headline', 'text'],
  ['company', 'company', 'text'],
  ['location', 'location', 'text'],
  ['about', 'about', 'text'],
  ['profile', 'profile', 'jsonb'],
  ['company_domain', 'companyDomain', 'text'],
  ['company_size', 'companySize', 'int'],
  ['industry', 'industry', 'text'],
  ['sic_codes', 'sicCodes', 'textarr'],
  ['naics_codes', 'naicsCodes', 'textarr'],
  ['technologies', 'technologies', 'textarr'],
  ['funding_stage', 'fundingStage', 'text'],
  ['revenue', 'revenue', 'bigint'],
  ['founded_year', 'foundedYear', 'int'],
  ['retail_location_count', 'retailLocationCount', 'int'],
  ['job_posted_at', 'jobPostedAt', 'date'],
  ['department', 'department', 'text'],
  ['management_level', 'managementLevel', 'text'],
  ['seniority', 'seniority', 'text'],
  ['country', 'country', 'text'],
  ['region', 'region', 'text'],
  ['subregion', 'subregion', 'text'],
  ['city', 'city', 'text'],
  ['company_location', 'companyLocation', 'text'],
  ['keywords', 'keywords', 'text'],
  ['intent_topics', 'intentTopics', 'textarr'],
  ['job_changed_at', 'jobChangedAt', 'date'],
];

const arrayLiteral = (items: unknown) =>
  `{${((items as string[] | null | undefined) ?? []).map((s) => `"${String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/**
 * Inserts many prospects in one statement with one array parameter per column (INSERT … SELECT FROM
 * unnest): PostgreSQL parses a handful of parameters instead of rows × columns. Returns the new ids
 * by `e:<email>` and `l:<linkedin url>`.
 */
async function insertMany(tx: Db, accountId: number, rows: ProspectInsert[]): Promise<Map<string, number>> {
  const params = INSERT_COLUMNS.map(([, key, kind]) => {
    const values = rows.map((r) => {
      const v = r[key] as unknown;
      if (kind === 'textarr') return arrayLiteral(v);
      if (kind === 'jsonb') return v === null || v === undefined ? null : JSON.stringify(v);
      return v ?? null;
    });
    const type = kind === 'int' ? 'int[]' : kind === 'bigint' ? 'bigint[]' : 'text[]';
    return sql`${sql.param(values)}::${sql.raw(type)}`;
  });
  const selectList = INSERT_COLUMNS.map(([, , kind], i) => {
    const cast = kind === 'textarr' ? '::text[]' : kind === 'jsonb' ? '::jsonb' : kind === 'date' ? '::date' : '';
    return sql.raw(`u.c${i}${cast}`);
  });
  const result = (await tx.execute(sql`
    insert into ${prospects} (account_id, ${sql.raw(INSERT_COLUMNS.map(([c]) => c).join(', '))})
    select ${accountId}::int, ${sql.join(selectList, sql`, `)}
    from unnest(${sql.join(params, sql`, `)}) as u(${sql.raw(INSERT_COLUMNS.map((_, i) => `c${i}`).join(', '))})
    returning id, lower(email) as email, linkedin_url`)) as unknown as { rows: Array<{ id: number; email: string | null; linkedin_url: string | null }> };
  const ids = new Map<string, number>();
  for (const r of result.rows) {
    if (r.email) ids.set(`e:${r.email}`, Number(r.id));
    if (r.linkedin_url) ids.set(`l:${r.linkedin_url}`, Number(r.id));
  }
  return ids;
}


type Known = {
  id: number | null;
  email: string | null;
  linkedinUrl: string | null;
  /** The row of this file that created it (null: it existed before the import). */
  row: number | null;
  pending?: ProspectInsert;
};

type Row = { row: number; result: ReturnType<typeof rowToProspect> };

/** Every column a merge may change: an undo writes them all back from the snapshot. */
const RESTORED_COLUMNS = Object.values(getTableColumns(prospects))
  .map((c) => c.name)
  .filter((name) => !['id', 'account_id', 'created_at', 'search_document'].includes(name));

/**
 * Undoes what an import wrote (its chunks committed one by one): merged prospects get their previous
 * values back, persona memberships it added go, prospects it created are deleted (with everything hanging
 * off them). One transaction, so the undo itself is all-or-nothing.
 */
export async function undoImport(db: Db, importId: number, personaId: number | null): Promise<void> {
  const cols = RESTORED_COLUMNS.map((c) => `"${c}"`).join(', ');
  const from = RESTORED_COLUMNS.map((c) => `r."${c}"`).join(', ');
  const accountId = scopeAccountId();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${prospects} p set (${sql.raw(cols)}) = (select ${sql.raw(from)} from jsonb_populate_record(null::prospects, c.previous) r)
      from ${importChanges} c where c.import_id = ${importId} and c.kind = 'merged' and p.id = c.prospect_id and p.account_id = ${accountId}`);
    if (personaId !== null) {
      await tx.execute(sql`
        delete from ${personaProspects} pp using ${importChanges} c
        where c.import_id = ${importId} and c.kind = 'joined' and pp.persona_id = ${personaId} and pp.prospect_id = c.prospect_id and pp.account_id = ${accountId}`);
    }
    await tx.execute(sql`delete from ${prospects} p using ${importChanges} c where c.import_id = ${importId} and c.kind = 'created' and p.id = c.prospect_id and p.account_id = ${accountId}`);
    await tx.delete(importChanges).where(ownChanges(importId, accountId));
  });
}

/**
 * A failed or interrupted import: undone, then failed with the reason the UI shows (unless already
 * settled). Undone again when already failed: the undo log holds only what is still to undo, and a run
 * that another process failed meanwhile may have committed one more chunk in between.
 */
export async function failImport(db: Db, importId: number, failure: string): Promise<void> {
  const [job] = await db.select({ personaId: importJobs.personaId, status: importJobs.status }).from(importJobs).where(ownImport(importId));
  if (!job || job.status === 'done') return;
  await undoImport(db, importId, job.personaId);
  await withinTransaction(db, async (tx) => {
    const failed = await tx
      .update(importJobs)
      .set({ status: 'failed', processed: 0, createdCount: 0, mergedCount: 0, linkedinOnlyCount: 0, merges: [], failure, source: null, finishedAt: sql`now()` })
      .where(and(ownImport(importId), sql`${importJobs.status} in ('queued', 'running')`))
      .returning({ accountId: importJobs.accountId });
    if (failed[0]) await emitLiveEvent(tx, failed[0].accountId, 'import_progress', { job_id: importId, status: 'failed', processed: 0 });
  });
}

/** This import, in the account of the scope the job runs in (db/tenancy.ts). */
const ownImport = (importId: number) => and(eq(importJobs.id, importId), eq(importJobs.accountId, scopeAccountId()));
/** The undo log of this import: bound to the account through its import. */
const ownChanges = (importId: number, accountId: number) =>
  and(eq(importChanges.importId, importId), sql`exists (select 1 from ${importJobs} j where j.id = ${importChanges.importId} and j.account_id = ${accountId})`);

const keyE = (e: string) => `e:${e}`;
const keyL = (l: string) => `l:${l}`;

/**
 * The account's prospects with one of these (lower-cased) emails or LinkedIn URLs: one probe of the account's
 * unique index per key. Written as a lateral lookup per key, not `email = any(…) or url = any(…)`: PGlite has
 * no autovacuum, so during a long import its statistics still say the table is nearly empty, and the planner
 * read every prospect of the account for each chunk (a 100k-row import slowed from 2,300 to 1,400 rows/s).
 */
async function knownProspects(tx: Db, accountId: number, emails: string[], urls: string[]) {
  const result = (await tx.execute(sql`
    select p.id, p.email, p.linkedin_url from unnest(${sql.param(emails)}::text[]) as k(v)
      cross join lateral (select id, email, linkedin_url from ${prospects}
        where account_id = ${accountId} and email is not null and lower(email) = k.v limit 1) p
    union
    select p.id, p.email, p.linkedin_url from unnest(${sql.param(urls)}::text[]) as k(v)
      cross join lateral (select id, email, linkedin_url from ${prospects}
        where account_id = ${accountId} and linkedin_url is not null and linkedin_url = k.v limit 1) p`)) as unknown as {
    rows: Array<{ id: number; email: string | null; linkedin_url: string | null }>;
  };
  return result.rows.map((r) => ({ id: Number(r.id), email: r.email, linkedinUrl: r.linkedin_url }));
}

async function runImport(deps: Deps, importId: number, signal: AbortSignal): Promise<void> {
  const { db } = deps;
  const chunkRows = importChunkRows(deps.jobs.kind);
  const job = await claimImport(db, importId);
  if (!job) return;
  const run = startRun(job, signal);
  try {
    for await (const chunk of csvChunks(job, chunkRows)) await importChunk(db, run, chunk);
  } catch (err) {
    await failRun(db, importId, err);
    return;
  }
  if (!(await finishImport(deps, run))) return;
  await refreshStatistics(deps, run);
}

type ClaimedJob = ImportJobRow & { source: string };

/** One run of an import: its job, and what its chunks have tallied so far (each chunk commits them with its rows). */
type ImportRun = {
  importId: number;
  accountId: number;
  personaId: number | null;
  userId: number | null;
  signal: AbortSignal;
  rowErrors: Array<{ row: number; reason: string }>;
  conflicts: ImportConflict[];
  /** prospect id → the rows merged into it, and the row that created it. */
  merges: Map<number, ImportMerge>;
  /** Prospects this file created, by id → their row (rows of earlier chunks are found in the database). */
  createdRow: Map<number, number>;
  processed: number;
  created: number;
  merged: number;
  errorCount: number;
  conflictCount: number;
  linkedinOnly: number;
  chunkIndex: number;
};

type GoodRow = { row: number; values: ProspectInsert };

/** What one chunk writes: new prospects, merges into known ones, the persona's members, and conflicts whose other row is new. */
type ChunkPlan = {
  inserts: Known[];
  updates: Array<{ target: Known; values: ProspectInsert }>;
  chunkMerges: Array<{ target: Known; row: number }>;
  members: Set<Known>;
  /** Conflicts with a row of this chunk not written yet: its id is known after the insert. */
  unresolved: Array<{ conflict: ImportConflict; target: Known }>;
};

/** The queued job, claimed once: a repeat delivery racing this one finds it no longer queued. Null when it is settled or claimed already. */
async function claimImport(db: Db, importId: number): Promise<ClaimedJob | null> {
  const [job] = await db.select().from(importJobs).where(ownImport(importId));
  if (!job || job.status !== 'queued' || job.source === null) return null; // settled already (a repeat delivery)
  const claimed = await db
    .update(importJobs)
    .set({ status: 'running' })
    .where(and(ownImport(importId), eq(importJobs.status, 'queued')))
    .returning({ id: importJobs.id });
  if (!claimed.length) return null;
  return { ...job, source: job.source };
}

function startRun(job: ClaimedJob, signal: AbortSignal): ImportRun {
  return {
    importId: job.id,
    accountId: job.accountId,
    personaId: job.personaId,
    userId: job.userId,
    signal,
    rowErrors: [],
    conflicts: [],
    merges: new Map(),
    createdRow: new Map(),
    processed: 0,
    created: 0,
    merged: 0,
    errorCount: 0,
    conflictCount: 0,
    linkedinOnly: 0,
    chunkIndex: 0,
  };
}

/**
 * The file's rows, read as prospects, in chunks of `size`. Streamed: only one chunk of rows is held at a time.
 * Rows are numbered as a spreadsheet shows them (the header is row 1); blank lines are skipped.
 */
async function* csvChunks(job: ClaimedJob, size: number): AsyncGenerator<Row[]> {
  const mapping = job.mapping as ImportMapping;
  let headers: string[] | null = null;
  let chunk: Row[] = [];
  let row = 1;
  for await (const record of csvRecords(job.source, (job.delimiter ?? ',') as CsvDelimiter)) {
    if (!headers) {
      headers = record.map((h) => h.trim());
      continue;
    }
    if (!record.some((c) => c.trim() !== '')) continue;
    chunk.push({ row: ++row, result: rowToProspect(headers, record, mapping) });
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/** One chunk in one transaction: its rows checked, matched, written, joined to the persona, and the progress committed with them. */
async function importChunk(db: Db, run: ImportRun, chunk: Row[]): Promise<void> {
  await betweenChunks(run);
  await db.transaction(async (tx) => {
    const good = tallyRowErrors(run, chunk);
    const known = await findKnown(tx, run, good);
    const plan = planChunk(run, known, good);
    await insertProspects(tx, run, plan.inserts);
    for (const u of plan.unresolved) u.conflict.prospect_id = u.target.id;
    await mergeProspects(tx, run, plan.updates);
    for (const m of plan.chunkMerges) noteMerge(run, m.target.id!, m.row);
    await joinPersona(tx, run, plan.members);
    await commitProgress(tx, run, chunk.length);
  });
}

/**
 * Between chunks the event loop serves other requests (on PGlite a query's promise settles without it, so
 * without this yield a whole import would run before any other request is even read). A stopped run stops here.
 */
async function betweenChunks(run: ImportRun): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (run.signal.aborted) throw new Interrupted();
  await importHooks.beforeChunk?.(run.chunkIndex++);
  if (run.signal.aborted) throw new Interrupted();
}

/** The rows that could not be read are counted (the first IMPORT_ERRORS_CAP kept, with their reason); the others come back. */
function tallyRowErrors(run: ImportRun, chunk: Row[]): GoodRow[] {
  for (const p of chunk) {
    if (p.result.ok) continue;
    run.errorCount++;
    if (run.rowErrors.length < IMPORT_ERRORS_CAP) run.rowErrors.push({ row: p.row, reason: p.result.reason });
  }
  return chunk.flatMap((p) => (p.result.ok ? [{ row: p.row, values: p.result.values }] : []));
}

/** A known prospect under its email and its LinkedIn URL. */
function remember(known: Map<string, Known>, entry: Known): void {
  if (entry.email) known.set(keyE(entry.email), entry);
  if (entry.linkedinUrl) known.set(keyL(entry.linkedinUrl), entry);
}

/** 1. The account's prospects these rows may repeat, by email or LinkedIn URL (earlier chunks included). */
async function findKnown(tx: Db, run: ImportRun, good: GoodRow[]): Promise<Map<string, Known>> {
  const known = new Map<string, Known>();
  const emails = [...new Set(good.map((g) => g.values.email).filter((e): e is string => !!e))];
  const urls = [...new Set(good.map((g) => g.values.linkedinUrl).filter((u): u is string => !!u))];
  if (emails.length || urls.length) {
    const existing = await knownProspects(tx, run.accountId, emails, urls);
    for (const e of existing) remember(known, { id: e.id, email: e.email?.toLowerCase() ?? null, linkedinUrl: e.linkedinUrl, row: run.createdRow.get(e.id) ?? null });
  }
  return known;
}

/** 2. New rows, merges into a known prospect (in the account, or earlier in this file), or conflicts. */
function planChunk(run: ImportRun, known: Map<string, Known>, good: GoodRow[]): ChunkPlan {
  const plan: ChunkPlan = { inserts: [], updates: [], chunkMerges: [], members: new Set(), unresolved: [] };
  for (const { row, values } of good) {
    const byUrl = values.linkedinUrl ? known.get(keyL(values.linkedinUrl)) : undefined;
    const byEmail = values.email ? known.get(keyE(values.email)) : undefined;
    // The same email, another person's LinkedIn URL: two people share an address. Never merged.
    if (!byUrl && byEmail && values.linkedinUrl && byEmail.linkedinUrl && byEmail.linkedinUrl !== values.linkedinUrl) {
      noteConflict(run, plan, row, values, byEmail);
      continue;
    }
    if (!values.email && values.linkedinUrl) run.linkedinOnly++;
    const target = byUrl ?? byEmail ?? null;
    if (target) planMerge(run, known, plan, target, row, values);
    else planInsert(run, known, plan, row, values);
  }
  return plan;
}

function noteConflict(run: ImportRun, plan: ChunkPlan, row: number, values: ProspectInsert, byEmail: Known): void {
  run.conflictCount++;
  if (run.conflicts.length >= IMPORT_ERRORS_CAP) return;
  const other = byEmail.row !== null ? `row ${byEmail.row}` : 'an existing prospect';
  const conflict: ImportConflict = {
    row,
    other_row: byEmail.row,
    prospect_id: byEmail.id,
    email: values.email!,
    reason: `Same email as ${other} but another LinkedIn URL (${values.linkedinUrl}): not merged`,
  };
  run.conflicts.push(conflict);
  // A row of this chunk not written yet: its id is known after the insert.
  if (byEmail.id === null) plan.unresolved.push({ conflict, target: byEmail });
}

function planInsert(run: ImportRun, known: Map<string, Known>, plan: ChunkPlan, row: number, values: ProspectInsert): void {
  const entry: Known = { id: null, email: values.email ?? null, linkedinUrl: values.linkedinUrl ?? null, row, pending: { ...values } };
  remember(known, entry);
  plan.inserts.push(entry);
  plan.members.add(entry);
  run.created++;
}

function planMerge(run: ImportRun, known: Map<string, Known>, plan: ChunkPlan, target: Known, row: number, values: ProspectInsert): void {
  run.merged++;
  plan.members.add(target);
  plan.chunkMerges.push({ target, row });
  // Only an email / LinkedIn URL nobody else in the account has is added to the target.
  const email = values.email && !target.email && !known.has(keyE(values.email)) ? values.email : null;
  const url = values.linkedinUrl && !target.linkedinUrl && !known.has(keyL(values.linkedinUrl)) ? values.linkedinUrl : null;
  if (email) {
    target.email = email;
    known.set(keyE(email), target);
  }
  if (url) {
    target.linkedinUrl = url;
    known.set(keyL(url), target);
  }
  if (target.pending) {
    // A repeat within this chunk of a row not yet written: the later row's values win, as in a merge.
    const pending = target.pending as Record<string, unknown>;
    Object.assign(pending, givenFields(values));
    if (email) pending.email = email;
    if (url) pending.linkedinUrl = url;
  } else {
    plan.updates.push({ target, values: { ...values, email, linkedinUrl: url } });
  }
}

/** 3. Write: one multi-row insert, recorded for an undo. */
async function insertProspects(tx: Db, run: ImportRun, inserts: Known[]): Promise<void> {
  if (!inserts.length) return;
  const written = await insertMany(tx, run.accountId, inserts.map((k) => k.pending!));
  for (const entry of inserts) {
    const id = (entry.linkedinUrl && written.get(keyL(entry.linkedinUrl))) || (entry.email && written.get(keyE(entry.email)));
    if (!id) throw new Error('an inserted prospect did not come back');
    entry.id = id;
    run.createdRow.set(id, entry.row!);
    delete entry.pending;
  }
  await tx.execute(sql`
    insert into ${importChanges} (import_id, prospect_id, kind)
    select ${run.importId}::int, unnest(${sql.param(inserts.map((e) => e.id))}::int[]), 'created'
    where exists (select 1 from ${importJobs} j where j.id = ${run.importId} and j.account_id = ${run.accountId})`);
}

/** 3. Then the merges, each prospect's previous values kept first (for an undo). */
async function mergeProspects(tx: Db, run: ImportRun, updates: ChunkPlan['updates']): Promise<void> {
  const mergedIds = [...new Set(updates.map((u) => u.target.id!))];
  if (mergedIds.length) {
    await tx.execute(sql`
      insert into ${importChanges} (import_id, prospect_id, kind, previous)
      select ${run.importId}::int, p.id, 'merged', to_jsonb(p) from ${prospects} p
      where p.account_id = ${run.accountId} and p.id = any(${sql.param(mergedIds)}::int[])
      on conflict do nothing`);
  }
  for (const { target, values } of updates) {
    const set: Record<string, unknown> = { ...givenFields(values), updatedAt: sql`now()` };
    if (values.email) set.email = values.email;
    if (values.linkedinUrl) set.linkedinUrl = values.linkedinUrl;
    await tx
      .update(prospects)
      .set(set)
      .where(and(eq(prospects.accountId, run.accountId), eq(prospects.id, target.id!)));
  }
}

/** A row merged into a prospect, for the job's merge list (with the row that created the prospect, if this file did). */
function noteMerge(run: ImportRun, prospectId: number, row: number): void {
  const entry = run.merges.get(prospectId) ?? { rows: [], prospect_id: prospectId, first_row: run.createdRow.get(prospectId) ?? null };
  entry.rows.push(row);
  run.merges.set(prospectId, entry);
}

/** 4. Everyone in this chunk joins the persona; memberships this import added are recorded. */
async function joinPersona(tx: Db, run: ImportRun, members: Set<Known>): Promise<void> {
  const { accountId, personaId, importId } = run;
  if (personaId === null) return;
  const ids = [...new Set([...members].map((k) => k.id!))];
  if (!ids.length) return;
  const joined = await tx
    .insert(personaProspects)
    .values(ids.map((prospectId) => ({ accountId, personaId, prospectId })))
    .onConflictDoNothing()
    .returning({ prospectId: personaProspects.prospectId });
  if (!joined.length) return;
  await tx.execute(sql`
    insert into ${importChanges} (import_id, prospect_id, kind)
    select ${importId}::int, unnest(${sql.param(joined.map((j) => j.prospectId))}::int[]), 'joined'
    where exists (select 1 from ${importJobs} j where j.id = ${importId} and j.account_id = ${accountId})
    on conflict do nothing`);
}

/** The run's tallies as the job's columns. */
const tallyColumns = (run: ImportRun) => ({
  processed: run.processed,
  createdCount: run.created,
  mergedCount: run.merged,
  errorCount: run.errorCount,
  errors: run.rowErrors,
  conflictCount: run.conflictCount,
  conflicts: run.conflicts,
  linkedinOnlyCount: run.linkedinOnly,
});

/** Progress is committed with the chunk: any instance answers the poll. */
async function commitProgress(tx: Db, run: ImportRun, rows: number): Promise<void> {
  run.processed += rows;
  const still = await tx
    .update(importJobs)
    .set(tallyColumns(run))
    .where(and(ownImport(run.importId), eq(importJobs.status, 'running')))
    .returning({ id: importJobs.id });
  // Another process settled it meanwhile (it took this run for dead and undid it): this chunk rolls back.
  if (!still.length) throw new Interrupted();
  await emitLiveEvent(tx, run.accountId, 'import_progress', { job_id: run.importId, status: 'running', processed: run.processed });
}

/** A run that stopped or threw: undone and failed with the reason the UI shows (an unexpected error is logged). */
async function failRun(db: Db, importId: number, err: unknown): Promise<void> {
  const failure = err instanceof Interrupted ? IMPORT_INTERRUPTED : err instanceof HttpError ? err.messages.join('; ') : IMPORT_FAILED;
  if (!(err instanceof Interrupted)) console.error(`import ${importId} failed`, err);
  await failImport(db, importId, failure);
}

/**
 * The end, in one transaction: the job is done with its tallies, its undo log goes, import_finished is logged and
 * the prospects are enrolled. False when it was settled elsewhere (failed and undone by a process that took this
 * run for dead): never 'done' on top.
 */
async function finishImport(deps: Deps, run: ImportRun): Promise<boolean> {
  const { accountId, importId } = run;
  const mergeList = [...run.merges.values()].slice(0, IMPORT_ERRORS_CAP);
  return deps.db.transaction(async (tx) => {
    const done = await tx
      .update(importJobs)
      .set({ status: 'done', ...tallyColumns(run), merges: mergeList, source: null, finishedAt: sql`now()` })
      .where(and(ownImport(importId), eq(importJobs.status, 'running')))
      .returning({ id: importJobs.id });
    if (!done.length) return false;
    await emitLiveEvent(tx, accountId, 'import_progress', { job_id: importId, status: 'done', processed: run.processed });
    // The prospects this import created, told to the layers above (webhooks) now that they stay (an undo is no longer possible).
    const created = await tx
      .select({ id: importChanges.prospectId })
      .from(importChanges)
      .where(and(ownChanges(importId, accountId), eq(importChanges.kind, 'created')));
    if (created.length) await publish(tx, accountId, 'prospects_created', { source: 'import', persona_id: run.personaId, prospect_ids: created.map((c) => c.id) });
    await tx.delete(importChanges).where(ownChanges(importId, accountId));
    await recordActivity(tx, {
      accountId,
      actorType: 'user',
      actorId: run.userId,
      verb: 'import_finished',
      personaId: run.personaId,
      payload: { job_id: importId, created: run.created, merged: run.merged, errors: run.errorCount, conflicts: run.conflictCount },
    });
    await enrolInRunningCampaigns(deps, run, tx);
    return true;
  });
}

/** The imported prospects join the persona's running campaigns. */
async function enrolInRunningCampaigns(deps: Deps, run: ImportRun, tx: Db): Promise<void> {
  if (run.personaId !== null) await joinRunningCampaigns(deps, run.accountId, [run.personaId], tx);
}

/**
 * A big import changes the table's statistics: refresh them so filtered counts plan well at once. Not on
 * PGlite, where ANALYZE holds the only connection for seconds (every other account's request waits).
 */
async function refreshStatistics(deps: Deps, run: ImportRun): Promise<void> {
  if (run.created >= ANALYZE_AFTER_ROWS && deps.jobs.kind === 'postgres') await deps.db.execute(sql`analyze ${prospects}`).catch(() => undefined);
}

/**
 * The CSV import as a durable job. Not retried: a run that stops (crash, kill, shutdown) is undone and
 * failed with IMPORT_INTERRUPTED, so nothing stays "running" and nothing half-imported stays behind.
 */
export const importJob = defineJob<{ import_id: number }, Deps>({
  name: 'csv-import',
  payload: z.object({ import_id: dbId() }),
  scope: async (deps, { import_id }) => (await deps.db.select({ accountId: importJobs.accountId }).from(importJobs).where(eq(importJobs.id, import_id)))[0]?.accountId ?? null,
  retryLimit: 0,
  expireInSeconds: 30 * 60,
  concurrency: 1,
  handler: (deps, { import_id }, job) => withCappedHeapGrowth(() => runImport(deps, import_id, job.signal)),
  onGaveUp: (deps, { import_id }, reason) => failImport(deps.db, import_id, reason === INTERRUPTED_REASON ? IMPORT_INTERRUPTED : IMPORT_FAILED),
});
