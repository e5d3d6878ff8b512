import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
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
import { importJobs, importMappings, personas, type ImportJobRow } from '../../db/schema';
import { csvRecords, decodeCsvBytes, detectDelimiter, parseCsv, type CsvDelimiter, type CsvEncoding } from '../../lib/csv';
import { notFound, unprocessable } from '../../lib/http-error';
import type { UploadedFile } from '../../lib/multipart';
import type { AuthContext, Deps } from '../../lib/route';
import { autoMapping, headerKey } from './fields';
import { importJob } from './job';

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
// The import: validated here, then run by the durable job (job.ts), which commits in chunks.
// ---------------------------------------------------------------------------------------------

export { IMPORT_CHUNK, importChunkRows, importHooks } from './job';

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
  // The row and its job commit together: an import is never queued without the job that runs it.
  const id = await deps.db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({ accountId, userId: auth.user.id, personaId, fileName: body.file_name, total, mapping, status: 'queued', source: file.text, delimiter: file.delimiter })
      .returning({ id: importJobs.id });
    await deps.jobs.send(importJob, { import_id: job!.id }, { tx, key: `import:${job!.id}` });
    return job!.id;
  });
  deps.jobs.pollNow();
  await rememberMapping(deps.db, accountId, body.mapping);
  return { job_id: id };
}

function jobJson(row: Omit<ImportJobRow, 'source'>): ImportJob {
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
    linkedin_only: row.linkedinOnlyCount,
    conflicts: row.conflicts,
    conflict_count: row.conflictCount,
    merges: row.merges,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** An import job's columns without its file: the progress poll must not read megabytes of CSV every time. */
const { source: _source, ...STATUS_COLUMNS } = getTableColumns(importJobs);

export async function importStatus(deps: Deps, auth: AuthContext, id: number): Promise<ImportJob> {
  const [row] = await deps.db
    .select(STATUS_COLUMNS)
    .from(importJobs)
    .where(and(eq(importJobs.accountId, auth.account.id), eq(importJobs.id, id)));
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return jobJson(row);
}
