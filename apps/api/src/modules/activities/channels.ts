import { eq, sql, type SQL } from 'drizzle-orm';
import { getBrand } from '@shared/brands';
import { brandChannels, DASHBOARD_CHANNELS, type DashboardChannel } from '@shared/schemas/dashboard';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

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
