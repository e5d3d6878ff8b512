import { and, desc, eq } from 'drizzle-orm';
import type { ActivityVerb } from '@shared/events';
import type { Db } from '../../db/client';
import { activities, type ActivityRow, type ACTIVITY_CHANNELS, type ACTOR_TYPES } from '../../db/schema';
import { withinTransaction } from '../../db/transaction';
import { activityEventKey, react } from '../../lib/events';
import { activityEventData, emitLiveEvent } from '../../lib/live-events';

/**
 * The account's activity log. Every feature writes here (who or what did what, when, on which channel, to which
 * prospect and persona); the dashboard and insights read it. The verbs are the catalogue of packages/shared/src/events.ts.
 */
export type ActivityInput = {
  accountId: number;
  actorType: (typeof ACTOR_TYPES)[number];
  actorId?: number | null;
  verb: ActivityVerb;
  channel?: (typeof ACTIVITY_CHANNELS)[number] | null;
  prospectId?: number | null;
  personaId?: number | null;
  payload?: Record<string, unknown>;
  occurredAt?: Date;
};

/**
 * Writes one activity; pass the transaction when the activity belongs to a write. Its live event
 * (modules/live) is written in the same transaction, so every cabinet that shows the account hears of it
 * exactly when it commits, and never of one that rolled back.
 */
export async function recordActivity(db: Db, input: ActivityInput): Promise<ActivityRow> {
  const activity = await withinTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values({
        accountId: input.accountId,
        actorType: input.actorType,
        actorId: input.actorId ?? null,
        verb: input.verb,
        channel: input.channel ?? null,
        prospectId: input.prospectId ?? null,
        personaId: input.personaId ?? null,
        payload: input.payload ?? {},
        ...(input.occurredAt ? { occurredAt: input.occurredAt } : {}),
      })
      .returning();
    const written = row!;
    await emitLiveEvent(tx, written.accountId, 'activity', activityEventData(written));
    await react(tx, { name: 'activity', accountId: written.accountId, key: activityEventKey(written), data: written });
    return written;
  });
  return activity;
}

/** The account's newest activities (optionally one verb), newest first. */
export function recentActivities(db: Db, accountId: number, options: { verb?: string; limit?: number } = {}): Promise<ActivityRow[]> {
  const where = options.verb ? and(eq(activities.accountId, accountId), eq(activities.verb, options.verb)) : eq(activities.accountId, accountId);
  return db
    .select()
    .from(activities)
    .where(where)
    .orderBy(desc(activities.occurredAt), desc(activities.id))
    .limit(options.limit ?? 50);
}
