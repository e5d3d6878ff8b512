import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The API processes that run durable jobs on PostgreSQL (lib/jobs/liveness.ts). Each holds a session-level
 * advisory lock on `lock_key` (a fresh number per process, never reused) for as long as it lives: a lock
 * that can be taken proves the process is gone.
 */
export const jobWorkers = pgTable('job_workers', {
  id: uuid('id').primaryKey(),
  lockKey: serial('lock_key').notNull().unique(),
  pid: integer('pid').notNull(),
  host: text('host').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Which process runs each started pg-boss job, written by the statement that starts the run. */
export const jobRuns = pgTable(
  'job_runs',
  {
    jobId: uuid('job_id').primaryKey(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => jobWorkers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('job_runs_worker_idx').on(t.workerId)],
);
