import { sql } from 'drizzle-orm';
import { ACTIVITY_REF_KEYS, type ActivityRefKey, type LiveEventData, type LiveEventName } from '@shared/live/events';
import type { ActivityVerb } from '@shared/events';
import { bulkInsert } from '../db/bulk-insert';
import type { Db } from '../db/client';
import { liveEvents, type ActivityRow } from '../db/schema';

/** The NOTIFY channel of session changes (modules/live/feed.ts listens). */
export const SESSIONS_CHANNEL = 'live_sessions';

/**
 * Writes one event to the account's live stream. Pass the transaction of the change it describes: the
 * event exists only if that change commits, and takes its number (seq) at that commit (migration 0020),
 * so a subscriber that has seen seq n has seen every change committed before n+1. Outside a transaction
 * the event is its own one-statement transaction. Payloads stay small: ids and the changed fields.
 */
export async function emitLiveEvent<N extends LiveEventName>(db: Db, accountId: number, name: N, data: LiveEventData[N]): Promise<void> {
  const row = { accountId, name, data: data as Record<string, unknown> };
  const buffered = buffers.get(db);
  if (buffered) buffered.push(row);
  else await db.insert(liveEvents).values(row);
}

const buffers = new WeakMap<Db, Array<typeof liveEvents.$inferInsert>>();

/**
 * Runs `fn` in the transaction `tx` with the live events it emits on `tx` itself written at its end, in their
 * order, as one multi-row insert (the mailbox sync's batch: hundreds of events, one statement). Same meaning as
 * writing each at once: the events exist only if the transaction commits and take their numbers at commit.
 * Events emitted in a nested transaction (a savepoint) are written there, at once, as before.
 */
export async function withLiveEventsBuffered<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  if (buffers.has(tx)) return fn();
  const rows: Array<typeof liveEvents.$inferInsert> = [];
  buffers.set(tx, rows);
  try {
    const out = await fn();
    buffers.delete(tx);
    // One parameter for the rows (db/bulk-insert.ts): hundreds of them cost drizzle more than the database.
    for (let i = 0; i < rows.length; i += 1000) await bulkInsert(tx, liveEvents, rows.slice(i, i + 1000));
    return out;
  } finally {
    buffers.delete(tx);
  }
}

/** An activity's event: its verb, channel, prospect and persona, and the numeric ids its payload points at. */
export function activityEventData(activity: ActivityRow): LiveEventData['activity'] {
  const refs: Partial<Record<ActivityRefKey, number>> = {};
  const payload = activity.payload ?? {};
  for (const key of ACTIVITY_REF_KEYS) {
    const value = payload[key];
    if (typeof value === 'number' && Number.isInteger(value)) refs[key] = value;
  }
  return { id: activity.id, verb: activity.verb as ActivityVerb, channel: activity.channel, prospect_id: activity.prospectId, persona_id: activity.personaId, refs };
}

/**
 * Tells every API instance that a user's sessions changed (a token revoked: sign-out, password or email
 * change): their cable connections check their tokens again and close when refused. Sent at commit when
 * `db` is a transaction.
 */
export async function announceSessionChange(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${String(userId)})`);
}
