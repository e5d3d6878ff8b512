import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { createdAt } from './common';

/** AI generations that outlived the synchronous wait: any instance answers the poll from here. */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey(),
    accountId: accountIdColumn(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    errorStatus: integer('error_status'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('generation_jobs_account_idx').on(t.accountId, t.createdAt)],
);

export type GenerationJobRow = typeof generationJobs.$inferSelect;
