import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { personas } from './personas';

export const IMPORT_STATUS_VALUES = ['queued', 'running', 'done', 'failed'] as const;

/** A CSV import: runs in the API process in one transaction; progress is written here as it goes. */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    status: text('status', { enum: IMPORT_STATUS_VALUES }).notNull().default('queued'),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    mergedCount: integer('merged_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** [{row, reason}], capped (IMPORT_ERRORS_CAP); error_count has the full number. */
    errors: jsonb('errors').$type<Array<{ row: number; reason: string }>>().notNull().default([]),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull().default({}),
    /** Why the whole import failed (nothing was written). */
    failure: text('failure'),
    /** Who started it (the activity log's actor). */
    userId: integer('user_id'),
    /** Rows valid with a LinkedIn URL and no email. */
    linkedinOnlyCount: integer('linkedin_only_count').notNull().default(0),
    /** Rows not merged because their email names a prospect with another LinkedIn URL (capped like errors). */
    conflicts: jsonb('conflicts').$type<ImportConflict[]>().notNull().default([]),
    conflictCount: integer('conflict_count').notNull().default(0),
    /** Which rows were merged into which prospect (capped like errors). */
    merges: jsonb('merges').$type<ImportMerge[]>().notNull().default([]),
    /** The file, kept while the import's job is pending or running (the job runs from it), then cleared. */
    source: text('source'),
    delimiter: text('delimiter'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('import_jobs_account_idx').on(t.accountId, t.createdAt),
    check('import_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type ImportConflict = { row: number; other_row: number | null; prospect_id: number | null; email: string; reason: string };
export type ImportMerge = { rows: number[]; prospect_id: number | null; first_row: number | null };

/**
 * What an import did, so a failed or interrupted one is undone although it committed in chunks:
 * 'created' prospects are deleted, 'merged' ones get their previous row back, 'joined' persona
 * memberships are removed. Deleted when the import finishes.
 */
export const importChanges = pgTable(
  'import_changes',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id').notNull(),
    kind: text('kind', { enum: ['created', 'merged', 'joined'] }).notNull(),
    previous: jsonb('previous'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.prospectId, t.kind] })],
);

/** The column mapping an account used last, per CSV header (lower-cased, trimmed): remembered for the next import. */
export const importMappings = pgTable(
  'import_mappings',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    header: text('header').notNull(),
    /** null: the user chose not to import this column. */
    field: text('field'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.header] })],
);

export type ImportJobRow = typeof importJobs.$inferSelect;
