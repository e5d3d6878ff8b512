import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { INT32_MAX } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { integrationQuota, type IntegrationRow } from '../../db/schema';
import { withinTransaction } from '../../db/transaction';
import type { RateLimit } from './providers';

/**
 * Pacing and the quota meter, in the database so every process shares them (jobs of one integration may run in
 * several): each request takes a slot in every window that applies (fixed windows: HubSpot's 100 per 10 s, its
 * search's 4 per second, the user's daily cap). A full window refuses and says when to try again; the caller (a job)
 * is scheduled for then, never sleeps. All windows are taken in one transaction: a refusal takes nothing.
 */

const DAY_MS = 86_400_000;
export const DAY_WINDOW = 'day';

export const utcDayStart = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);

export type SlotAnswer = { ok: true } | { ok: false; retryAt: Date; reason: 'pacing' | 'daily_cap' };

class Refused extends Error {
  constructor(readonly answer: Extract<SlotAnswer, { ok: false }>) {
    super('refused');
  }
}

/** The user's cap from the integration's settings (null: none). */
export function dailyCapOf(integration: Pick<IntegrationRow, 'settings'>): number | null {
  const cap = (integration.settings as { daily_cap?: unknown }).daily_cap;
  return typeof cap === 'number' && Number.isInteger(cap) && cap > 0 ? cap : null;
}

export async function takeSlot(db: Db, integration: Pick<IntegrationRow, 'id' | 'accountId' | 'settings'>, limits: readonly RateLimit[], bucket: string, now: Date, dailyAllowance: number | null = null): Promise<SlotAnswer> {
  const cap = dailyCapOf(integration);
  const dayMax = Math.min(cap ?? INT32_MAX, dailyAllowance ?? INT32_MAX);
  const windows = [
    ...limits.filter((l) => l.bucket === 'all' || l.bucket === bucket).map((l) => ({ window: l.window, start: new Date(Math.floor(now.getTime() / l.windowMs) * l.windowMs), ms: l.windowMs, max: l.max })),
    { window: DAY_WINDOW, start: utcDayStart(now), ms: DAY_MS, max: dayMax },
  ];
  try {
    let fresh = false;
    await withinTransaction(db, async (tx) => {
      for (const w of windows) {
        const [row] = await tx
          .insert(integrationQuota)
          .values({ accountId: integration.accountId, integrationId: integration.id, window: w.window, windowStart: w.start, requests: 1 })
          .onConflictDoUpdate({
            target: [integrationQuota.integrationId, integrationQuota.window, integrationQuota.windowStart],
            set: { requests: sql`${integrationQuota.requests} + 1` },
            setWhere: sql`${integrationQuota.requests} < ${w.max}`,
          })
          .returning({ requests: integrationQuota.requests });
        if (!row || row.requests > w.max) {
          throw new Refused({ ok: false, retryAt: new Date(w.start.getTime() + w.ms), reason: w.window === DAY_WINDOW ? 'daily_cap' : 'pacing' });
        }
        if (w.window !== DAY_WINDOW && row.requests === 1) fresh = true;
      }
    });
    // A new short window began: the past ones are of no use any more (day rows stay 40 days, for the meter's history).
    if (fresh) {
      await db
        .delete(integrationQuota)
        .where(and(eq(integrationQuota.accountId, integration.accountId), eq(integrationQuota.integrationId, integration.id), ne(integrationQuota.window, DAY_WINDOW), lt(integrationQuota.windowStart, new Date(now.getTime() - 3_600_000))));
      await db
        .delete(integrationQuota)
        .where(and(eq(integrationQuota.accountId, integration.accountId), eq(integrationQuota.integrationId, integration.id), eq(integrationQuota.window, DAY_WINDOW), lt(integrationQuota.windowStart, new Date(now.getTime() - 40 * DAY_MS))));
    }
    return { ok: true };
  } catch (err) {
    if (err instanceof Refused) return err.answer;
    throw err;
  }
}

/** Vendor requests made today (UTC) by each integration of the account. */
export async function usageToday(db: Db, accountId: number, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ integrationId: integrationQuota.integrationId, requests: integrationQuota.requests })
    .from(integrationQuota)
    .where(and(eq(integrationQuota.accountId, accountId), eq(integrationQuota.window, DAY_WINDOW), eq(integrationQuota.windowStart, utcDayStart(now))));
  return new Map(rows.map((r) => [r.integrationId, Number(r.requests)]));
}
