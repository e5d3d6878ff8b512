import { recordActivity } from '../activities/service';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  IMPORT_ERRORS_CAP,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  FILE_CONTENT_REQUIRED,
  type FilePreview,
  type filePreviewBodySchema,
  type GeneratedFields,
  type ImportField,
  type ImportJob,
  type ImportMapping,
  type uploadBodySchema,
  type UploadValidation,
  type validateUploadBodySchema,
} from '@shared/schemas/personas';
import type { Db } from '../../db/client';
import { importJobs, importMappings, personaProspects, personas, prospects, type ImportJobRow } from '../../db/schema';
import { csvRecords, decodeCsvBytes, detectDelimiter, parseCsv, type CsvDelimiter, type CsvEncoding } from '../../lib/csv';
import { HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { UploadedFile } from '../../lib/multipart';
import type { AuthContext, Deps } from '../../lib/route';
import { autoMapping, headerKey } from './fields';
import { givenFields, rowToProspect, type ProspectInsert } from './rows';

export const IMPORT_MESSAGES = {
  notFound: 'Import not found',
  personaNotFound: 'Persona not found',
  badType: 'Only CSV files can be imported (.csv, .tsv or .txt)',
  tooLarge: 'The file is larger than 20 MB',
  empty: 'The file is empty',
  binary: 'The file is not a text file',
  noRows: 'The file has no rows under the header',
  badBase64: 'content_base64 is not valid base64',
  needIdentity: 'Map a column to email or LinkedIn URL',
  needName: 'Map a column to full name, or to first name and last name',
} as const;

type FileBody = { file_name: string; content?: string | undefined; content_base64?: string | undefined };
type Decoded = { text: string; encoding: CsvEncoding; size: number; delimiter: CsvDelimiter };

/** The file: a multipart file part (raw bytes), or the JSON body's content / content_base64. */
function decode(body: FileBody, upload: UploadedFile | null): Decoded {
  if (upload) {
    if (body.content !== undefined || body.content_base64 !== undefined) throw unprocessable(FILE_CONTENT_REQUIRED);
    // A file over the limit arrives cut one byte above it: its size says "too large" (problems()).
    const { text, encoding } = decodeCsvBytes(upload.bytes);
    return { text, encoding, size: upload.bytes.length, delimiter: detectDelimiter(text) };
  }
  if (body.content === undefined && body.content_base64 === undefined) throw unprocessable(FILE_CONTENT_REQUIRED);
  if (body.content_base64 !== undefined) {
    if (!/^[A-Za-z0-9+/\r\n]*={0,2}\s*$/.test(body.content_base64)) throw unprocessable(IMPORT_MESSAGES.badBase64);
    const bytes = Buffer.from(body.content_base64, 'base64');
    const { text, encoding } = decodeCsvBytes(bytes);
    return { text, encoding, size: bytes.length, delimiter: detectDelimiter(text) };
  }
  const text = (body.content ?? '').replace(/^\uFEFF/, '');
  return { text, encoding: 'utf-8', size: Buffer.byteLength(body.content ?? ''), delimiter: detectDelimiter(text) };
}

function problems(body: FileBody, file: Decoded): string[] {
  const errors: string[] = [];
  if (!/\.(csv|tsv|txt)$/i.test(body.file_name)) errors.push(IMPORT_MESSAGES.badType);
  if (file.size > IMPORT_MAX_BYTES) errors.push(IMPORT_MESSAGES.tooLarge);
  if (!/\S/.test(file.text)) errors.push(IMPORT_MESSAGES.empty);
  else if (file.text.includes('\u0000')) errors.push(IMPORT_MESSAGES.binary);
  return errors;
}

/** Header and data records (blank lines skipped); a parse failure is the user's file, so 422. */
function records(file: Decoded, toLine?: number): { headers: string[]; rows: string[][] } {
  let all: string[][];
  try {
    all = parseCsv(file.text, file.delimiter, toLine);
  } catch (err) {
    throw unprocessable(`The file is not valid CSV: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300));
  }
  const [headers = [], ...rows] = all;
  return { headers: headers.map((h) => h.trim()), rows: rows.filter((r) => r.some((c) => c.trim() !== '')) };
}

/** The header and the number of non-blank data records, without keeping the records. */
async function countRecords(file: Decoded): Promise<{ headers: string[]; total: number }> {
  let headers: string[] | null = null;
  let total = 0;
  try {
    for await (const record of csvRecords(file.text, file.delimiter)) {
      if (!headers) headers = record.map((h) => h.trim());
      else if (record.some((c) => c.trim() !== '')) total++;
    }
  } catch (err) {
    throw unprocessable(`The file is not valid CSV: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300));
  }
  return { headers: headers ?? [], total };
}

export function validateUpload(body: z.output<typeof validateUploadBodySchema>, upload: UploadedFile | null = null): UploadValidation {
  const file = decode(body, upload);
  const errors = problems(body, file);
  if (!errors.length && records(file, 2).rows.length === 0) errors.push(IMPORT_MESSAGES.noRows);
  return { valid: errors.length === 0, errors, encoding: file.encoding, delimiter: file.delimiter, size: file.size };
}

export function filePreview(body: z.output<typeof filePreviewBodySchema>, upload: UploadedFile | null = null): FilePreview {
  const file = decode(body, upload);
  const errors = problems(body, file);
  if (errors.length) throw unprocessable(...errors);
  const { headers, rows } = records(file);
  return { headers, rows: rows.slice(0, body.rows), total_rows: rows.length, encoding: file.encoding, delimiter: file.delimiter };
}

async function rememberedMapping(db: Db, accountId: number): Promise<Map<string, ImportField | null>> {
  const rows = await db.select().from(importMappings).where(eq(importMappings.accountId, accountId));
  const known = new Set<string>(IMPORT_FIELDS);
  return new Map(rows.filter((r) => r.field === null || known.has(r.field)).map((r) => [r.header, r.field as ImportField | null]));
}

export async function generateFields(deps: Deps, auth: AuthContext, headers: string[]): Promise<GeneratedFields> {
  const { mapping, remembered } = autoMapping(headers, await rememberedMapping(deps.db, auth.account.id));
  return { mapping, fields: [...IMPORT_FIELDS], remembered };
}

async function rememberMapping(db: Db, accountId: number, mapping: ImportMapping): Promise<void> {
  const rows = Object.entries(mapping)
    .map(([header, field]) => ({ accountId, header: headerKey(header), field }))
    .filter((r) => r.header !== '');
  const unique = [...new Map(rows.map((r) => [r.header, r])).values()];
  if (!unique.length) return;
  await db
    .insert(importMappings)
    .values(unique)
    .onConflictDoUpdate({ target: [importMappings.accountId, importMappings.header], set: { field: sql`excluded.field`, updatedAt: sql`now()` } });
}

// ---------------------------------------------------------------------------------------------
// The import job: runs in this API process, in one transaction; progress in memory while it runs
// (the transaction's writes are invisible until it commits) and in import_jobs before and after.
// ---------------------------------------------------------------------------------------------

type Progress = {
  accountId: number;
  /** Who started the import (the activity log's actor). */
  userId: number;
  status: ImportJob['status'];
  total: number;
  processed: number;
  created: number;
  merged: number;
  errors: Array<{ row: number; reason: string }>;
  errorCount: number;
};
const running = new Map<number, Progress>();
const finished = new Set<Promise<void>>();

/** Resolves when every import started by this process has finished (tests, graceful stop). */
export async function settleImports(): Promise<void> {
  while (finished.size) await Promise.allSettled([...finished]);
}

export const IMPORT_CHUNK = 1000;
const ANALYZE_AFTER_ROWS = 5000;

/** Fault injection for tests: called inside the transaction before each chunk is written. */
export const importHooks: { beforeChunk: ((chunkIndex: number) => void | Promise<void>) | null } = { beforeChunk: null };

export async function startUpload(
  deps: Deps,
  auth: AuthContext,
  body: z.output<typeof uploadBodySchema>,
  upload: UploadedFile | null = null,
): Promise<{ job_id: number }> {
  const accountId = auth.account.id;
  const file = decode(body, upload);
  const errors = problems(body, file);
  if (errors.length) throw unprocessable(...errors);
  const { headers, total } = await countRecords(file);
  if (!total) throw unprocessable(IMPORT_MESSAGES.noRows);
  const mapping: ImportMapping = {};
  for (const h of headers) mapping[h] = body.mapping[h] ?? null;
  const mapped = new Set(Object.values(mapping));
  if (!mapped.has('email') && !mapped.has('linkedin_url')) throw unprocessable(IMPORT_MESSAGES.needIdentity);
  if (!mapped.has('full_name') && !mapped.has('first_name') && !mapped.has('last_name')) throw unprocessable(IMPORT_MESSAGES.needName);
  const personaId = body.persona_id ?? null;
  if (personaId !== null) {
    const [persona] = await deps.db
      .select({ id: personas.id })
      .from(personas)
      .where(and(eq(personas.accountId, accountId), eq(personas.id, personaId)));
    if (!persona) throw notFound(IMPORT_MESSAGES.personaNotFound);
  }
  const [job] = await deps.db
    .insert(importJobs)
    .values({ accountId, personaId, fileName: body.file_name, total, mapping, status: 'queued' })
    .returning({ id: importJobs.id });
  await rememberMapping(deps.db, accountId, body.mapping);
  const progress: Progress = { accountId, userId: auth.user.id, status: 'queued', total, processed: 0, created: 0, merged: 0, errors: [], errorCount: 0 };
  running.set(job!.id, progress);
  const work = runImport(deps.db, job!.id, personaId, file, mapping, progress)
    .catch((err) => console.error('import job bookkeeping failed', err))
    .finally(() => {
      running.delete(job!.id);
      finished.delete(work);
    });
  finished.add(work);
  return { job_id: job!.id };
}

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

type Known = { id: number | null; email: string | null; linkedinUrl: string | null; pending?: ProspectInsert };

async function runImport(
  db: Db,
  jobId: number,
  personaId: number | null,
  file: Decoded,
  mapping: ImportMapping,
  progress: Progress,
): Promise<void> {
  const accountId = progress.accountId;
  progress.status = 'running';
  await db.update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, jobId));
  const rowErrors: Array<{ row: number; reason: string }> = [];
  let processed = 0;
  try {
    const counts = await db.transaction(async (tx) => {
      let created = 0;
      let merged = 0;
      let chunkIndex = 0;
      const keyE = (e: string) => `e:${e}`;
      const keyL = (l: string) => `l:${l}`;
      const flush = async (chunk: Array<{ row: number; result: ReturnType<typeof rowToProspect> }>) => {
        await importHooks.beforeChunk?.(chunkIndex++);
        // Per chunk: rows written by earlier chunks are found by the look-up below (same transaction),
        // so memory stays flat however long the file is.
        const known = new Map<string, Known>();
        for (const p of chunk) if (!p.result.ok && rowErrors.length < IMPORT_ERRORS_CAP) rowErrors.push({ row: p.row, reason: p.result.reason });
        const good = chunk.flatMap((p) => (p.result.ok ? [p.result.values] : []));
        // 1. The account's prospects these rows may repeat, by email or LinkedIn URL.
        const emails = [...new Set(good.map((v) => v.email).filter((e): e is string => !!e && !known.has(keyE(e))))];
        const urls = [...new Set(good.map((v) => v.linkedinUrl).filter((u): u is string => !!u && !known.has(keyL(u))))];
        if (emails.length || urls.length) {
          const existing = await tx
            .select({ id: prospects.id, email: prospects.email, linkedinUrl: prospects.linkedinUrl })
            .from(prospects)
            .where(
              and(
                eq(prospects.accountId, accountId),
                or(
                  emails.length ? sql`lower(${prospects.email}) = any(${sql.param(emails)}::text[])` : undefined,
                  urls.length ? sql`${prospects.linkedinUrl} = any(${sql.param(urls)}::text[])` : undefined,
                ),
              ),
            );
          for (const e of existing) {
            const entry: Known = { id: e.id, email: e.email?.toLowerCase() ?? null, linkedinUrl: e.linkedinUrl };
            if (entry.email) known.set(keyE(entry.email), entry);
            if (entry.linkedinUrl) known.set(keyL(entry.linkedinUrl), entry);
          }
        }
        // 2. New rows, or merges into a known prospect (in the account, or earlier in this file).
        const inserts: Known[] = [];
        const updates: Array<{ target: Known; values: ProspectInsert }> = [];
        for (const values of good) {
          const target = (values.linkedinUrl && known.get(keyL(values.linkedinUrl))) || (values.email && known.get(keyE(values.email))) || null;
          if (!target) {
            const entry: Known = { id: null, email: values.email ?? null, linkedinUrl: values.linkedinUrl ?? null, pending: { ...values } };
            if (entry.email) known.set(keyE(entry.email), entry);
            if (entry.linkedinUrl) known.set(keyL(entry.linkedinUrl), entry);
            inserts.push(entry);
            created++;
            continue;
          }
          merged++;
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
            // A repeat within this file of a row not yet written: the later row's values win, as in a merge.
            const pending = target.pending as Record<string, unknown>;
            Object.assign(pending, givenFields(values));
            if (email) pending.email = email;
            if (url) pending.linkedinUrl = url;
          } else {
            updates.push({ target, values: { ...values, email, linkedinUrl: url } });
          }
        }
        // 3. Write: one multi-row insert, then the merges.
        if (inserts.length) {
          const written = await insertMany(tx, accountId, inserts.map((k) => k.pending!));
          for (const entry of inserts) {
            const id = (entry.linkedinUrl && written.get(keyL(entry.linkedinUrl))) || (entry.email && written.get(keyE(entry.email)));
            if (!id) throw new Error('an inserted prospect did not come back');
            entry.id = id;
            delete entry.pending;
          }
        }
        for (const { target, values } of updates) {
          const set: Record<string, unknown> = { ...givenFields(values), updatedAt: sql`now()` };
          if (values.email) set.email = values.email;
          if (values.linkedinUrl) set.linkedinUrl = values.linkedinUrl;
          await tx
            .update(prospects)
            .set(set)
            .where(and(eq(prospects.accountId, accountId), eq(prospects.id, target.id!)));
        }
        // 4. Everyone in this chunk joins the persona.
        if (personaId !== null) {
          const ids = new Set<number>();
          for (const values of good) {
            const k = (values.linkedinUrl && known.get(keyL(values.linkedinUrl))) || (values.email && known.get(keyE(values.email)));
            if (k && k.id !== null) ids.add(k.id);
          }
          if (ids.size) {
            await tx
              .insert(personaProspects)
              .values([...ids].map((prospectId) => ({ accountId, personaId, prospectId })))
              .onConflictDoNothing();
          }
        }
        processed += chunk.length;
        progress.processed = processed;
        progress.created = created;
        progress.merged = merged;
        progress.errorCount += chunk.filter((p) => !p.result.ok).length;
        progress.errors = rowErrors.slice();
        // Let the event loop answer progress polls between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      };
      // Streamed: only one chunk of rows is held at a time. Rows are numbered as a spreadsheet
      // shows them (the header is row 1).
      let headers: string[] | null = null;
      let chunk: Array<{ row: number; result: ReturnType<typeof rowToProspect> }> = [];
      let row = 1;
      for await (const record of csvRecords(file.text, file.delimiter)) {
        if (!headers) {
          headers = record.map((h) => h.trim());
          continue;
        }
        if (!record.some((c) => c.trim() !== '')) continue;
        chunk.push({ row: ++row, result: rowToProspect(headers, record, mapping) });
        if (chunk.length === IMPORT_CHUNK) {
          await flush(chunk);
          chunk = [];
        }
      }
      if (chunk.length) await flush(chunk);
      return { created, merged };
    });
    // A big import changes the table's statistics: refresh them so filtered counts plan well at once.
    if (counts.created >= ANALYZE_AFTER_ROWS) await db.execute(sql`analyze ${prospects}`).catch(() => undefined);
    progress.status = 'done';
    await db
      .update(importJobs)
      .set({
        status: 'done',
        processed,
        createdCount: counts.created,
        mergedCount: counts.merged,
        errorCount: progress.errorCount,
        errors: rowErrors,
        finishedAt: sql`now()`,
      })
      .where(eq(importJobs.id, jobId));
    await recordActivity(db, {
      accountId: progress.accountId,
      actorType: 'user',
      actorId: progress.userId,
      verb: 'import_finished',
      personaId,
      payload: { job_id: jobId, created: counts.created, merged: counts.merged, errors: progress.errorCount },
    });
  } catch (err) {
    // The transaction rolled back: nothing of this import was written.
    progress.status = 'failed';
    const message = err instanceof HttpError ? err.messages.join('; ') : 'The import failed and nothing was imported; please try again';
    console.error(`import job ${jobId} failed`, err);
    await db
      .update(importJobs)
      .set({ status: 'failed', processed: 0, createdCount: 0, mergedCount: 0, errorCount: progress.errorCount, errors: rowErrors, failure: message, finishedAt: sql`now()` })
      .where(eq(importJobs.id, jobId));
  }
}

function jobJson(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    status: row.status,
    file_name: row.fileName,
    persona_id: row.personaId,
    total: row.total,
    processed: row.processed,
    created: row.createdCount,
    merged: row.mergedCount,
    error_count: row.errorCount,
    errors: row.errors,
    failure: row.failure,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function importStatus(deps: Deps, auth: AuthContext, id: number): Promise<ImportJob> {
  const live = running.get(id);
  const [row] = await deps.db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.accountId, auth.account.id), eq(importJobs.id, id)));
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  const json = jobJson(row);
  // While it runs here, the numbers come from memory (the transaction is not visible yet).
  if (live && live.accountId === auth.account.id && (live.status === 'queued' || live.status === 'running')) {
    return { ...json, status: live.status, processed: live.processed, created: live.created, merged: live.merged, error_count: live.errorCount, errors: live.errors };
  }
  return json;
}
