import { sql } from 'drizzle-orm';
import { ACTIVITY_REF_KEYS, type ActivityRefKey, type LiveEventData, type LiveEventName } from '@shared/live/events';
import type { ActivityVerb } from '@shared/events';
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
  await db.insert(liveEvents).values({ accountId, name, data: data as Record<string, unknown> });
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
