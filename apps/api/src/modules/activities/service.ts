import { and, desc, eq } from 'drizzle-orm';
import type { ActivityVerb } from '@shared/events';
import { bulkInsert } from '../../db/bulk-insert';
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


/** The activities row an input writes (one statement or a batch's multi-row insert). */
function activityRow(input: ActivityInput): typeof activities.$inferInsert {
  return {
    accountId: input.accountId,
    actorType: input.actorType,
    actorId: input.actorId ?? null,
    verb: input.verb,
    channel: input.channel ?? null,
    prospectId: input.prospectId ?? null,
    personaId: input.personaId ?? null,
    payload: input.payload ?? {},
    ...(input.occurredAt ? { occurredAt: input.occurredAt } : {}),
  };
}

/**
 * Writes one activity; pass the transaction when the activity belongs to a write. Its live event
 * (modules/live) is written in the same transaction, so every cabinet that shows the account hears of it
 * exactly when it commits, and never of one that rolled back.
 */
export async function recordActivity(db: Db, input: ActivityInput): Promise<ActivityRow> {
  const buffered = buffers.get(db);
  if (buffered) {
    buffered.push(input);
    return pendingRow(input);
  }
  const activity = await withinTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values(activityRow(input))
      .returning();
    const written = row!;
    await emitLiveEvent(tx, written.accountId, 'activity', activityEventData(written));
    await react(tx, { name: 'activity', accountId: written.accountId, key: activityEventKey(written), data: written });
    return written;
  });
  return activity;
}

const buffers = new WeakMap<Db, ActivityInput[]>();

/** What recordActivity answers inside withActivitiesBuffered: the row as it will be written (id 0 until then). */
function pendingRow(input: ActivityInput): ActivityRow {
  const at = input.occurredAt ?? new Date();
  return {
    id: 0,
    accountId: input.accountId,
    actorType: input.actorType,
    actorId: input.actorId ?? null,
    verb: input.verb,
    channel: input.channel ?? null,
    prospectId: input.prospectId ?? null,
    personaId: input.personaId ?? null,
    payload: input.payload ?? {},
    occurredAt: at,
    createdAt: at,
  } as ActivityRow;
}

/**
 * Runs `fn` in the transaction `tx` with the activities it records on `tx` itself written at its end, in their
 * order, as one multi-row insert; then each one's live event and reactions, as recordActivity does (the mailbox
 * sync's batch: hundreds of activities, one statement). Same transaction, so the same meaning at commit; what
 * recordActivity answers meanwhile has id 0 (the batch's callers do not read it). A reaction that records an
 * activity of its own writes it at once.
 */
export async function withActivitiesBuffered<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  if (buffers.has(tx)) return fn();
  const pending: ActivityInput[] = [];
  buffers.set(tx, pending);
  try {
    const out = await fn();
    buffers.delete(tx);
    for (let i = 0; i < pending.length; i += 500) {
      // One parameter for the rows (db/bulk-insert.ts): hundreds of them cost drizzle more than the database.
      const rows = await bulkInsert(tx, activities, pending.slice(i, i + 500).map(activityRow), { returning: 'all' });
      // In the order written (a multi-row insert answers its rows in VALUES order).
      for (const written of rows) {
        await emitLiveEvent(tx, written.accountId, 'activity', activityEventData(written));
        await react(tx, { name: 'activity', accountId: written.accountId, key: activityEventKey(written), data: written });
      }
    }
    return out;
  } finally {
    buffers.delete(tx);
  }
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
