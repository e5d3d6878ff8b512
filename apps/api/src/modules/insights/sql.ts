import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** SQL helpers the insights queries share. */

export const iso = (d: Date) => d.toISOString();
export const ts = (d: Date) => sql`${iso(d)}::timestamptz`;
export const num = (v: unknown) => Number(v ?? 0);

/** The reply statuses that count as positive (interested, meeting request). */
export const POSITIVE_STATUSES = sql.raw(`('interested', 'meeting_request')`);

/** A whole number from a jsonb payload's key, or null when the key is absent or not a number. */
export const jsonInt = (payload: SQL, key: string): SQL =>
  sql`(case when jsonb_typeof(${payload}->${sql.raw(`'${key}'`)}) = 'number' then (${payload}->>${sql.raw(`'${key}'`)})::int end)`;

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
