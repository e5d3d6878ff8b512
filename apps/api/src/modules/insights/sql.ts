import { eq, sql, type SQL } from 'drizzle-orm';
import { getBrand } from '@shared/brands';
import { brandChannels, DASHBOARD_CHANNELS, type DashboardChannel } from '@shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

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

/**
 * Activities on the brand's channels only: a channel its feature flags switch off (LinkedIn, phone) shows no
 * figures, on the dashboard and in insights alike. Activities without a channel always count.
 */
export function onChannels(channels: readonly DashboardChannel[], alias?: string): SQL {
  const col = alias ? sql.raw(`${alias}.channel`) : sql.raw('channel');
  if (channels.length === DASHBOARD_CHANNELS.length) return sql`true`;
  if (channels.length === 0) return sql`${col} is null`;
  return sql`(${col} is null or ${col} in (${sql.join(channels.map((c) => sql`${c}`), sql`, `)}))`;
}

/** The channels of the account's brand (the one it signed up under: its users sign in there), as the dashboard's routes read them from the request's. */
export async function accountChannels(db: Db, accountId: number): Promise<readonly DashboardChannel[]> {
  const [account] = await db.select({ holderId: accounts.holderId }).from(accounts).where(eq(accounts.id, accountId));
  return brandChannels(getBrand(account?.holderId ?? 0).feature_flags);
}
