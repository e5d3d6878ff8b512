import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities, type ActivityRow, type ACTIVITY_CHANNELS, type ACTOR_TYPES } from '../../db/schema';
import { activityEventData, emitLiveEvent, withinTransaction } from '../live/emit';

/**
 * The account's activity log. Every feature writes here (who or what did what, when, on which
 * channel, to which prospect and persona); the dashboard and insights read it.
 */
export const ACTIVITY_VERBS = [
  'prospect_added',
  'import_finished',
  'message_generated',
  'email_sent',
  'linkedin_invitation_sent',
  'linkedin_connection_accepted',
  'linkedin_message_sent',
  'call_made',
  'call_placed',
  'call_ringing',
  'call_answered',
  'call_failed',
  'call_uncertain',
  'reply_received',
  'meeting_booked',
  'post_published',
  'offering_created',
  'test_call',
  'mailbox_connected',
  'mailbox_paused',
  'mailbox_resumed',
  'mailbox_failing',
  'mailbox_send_failed',
  'email_unsubscribed',
  'email_bounced',
  'virtual_employee_created',
  'campaign_created',
  'campaign_updated',
  'campaign_started',
  'campaign_paused',
  'campaign_resumed',
  'campaign_archived',
  'campaign_prospects_enrolled',
  'campaign_email_edited',
  'campaign_email_approved',
  'campaign_emails_approved',
  'campaign_email_skipped',
  'sequence_stopped',
  'enrolment_stopped',
  'campaign_finished',
  'bounce_rate_high',
  'enrolment_paused',
  'email_delayed',
  'auto_reply_received',
  'inbox_reply_sent',
  'mail_client_reply_sent',
  'agent_reply_sent',
  'agent_reply_failed',
  'pipeline_moved',
  'deal_won',
] as const;
/**
 * Outreach touches (what the dashboard counts as "sent"): an email, a LinkedIn invitation or message,
 * a call to a prospect. reply_received and meeting_booked carry the channel the conversation was on.
 */
export const OUTREACH_VERBS = ['email_sent', 'linkedin_invitation_sent', 'linkedin_message_sent', 'call_made'] as const;
/** Known verbs, plus any later feature's own (kept a string in the table). */
export type ActivityVerb = (typeof ACTIVITY_VERBS)[number] | (string & {});

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
 * Called after every recorded activity with the row, the handle it was written with (the root
 * database, or a transaction that may still roll back) and the writing transaction's id (so a
 * listener can wait for its commit with pg_xact_status). Listeners must not throw and must not
 * block: they schedule their own work (the notifications dispatcher waits for the commit).
 */
export type ActivityListener = (activity: ActivityRow, written: { writer: Db; xid: string }) => void;
const listeners = new Set<ActivityListener>();

/** Registers a listener (the notifications module does, at app build); returns its removal. */
export function onActivity(listener: ActivityListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Work that must commit or roll back with an activity of one verb, run inside the writer's transaction
 * (awaited by recordActivity, before the listeners): the pipeline moves a card when a meeting_booked
 * activity is written by anything but itself. One per verb, set at app build (like the suppression's
 * stop-enrolments hook); returns the one it replaced.
 */
export type ActivityReaction = (writer: Db, activity: ActivityRow) => Promise<void>;
const reactions = new Map<string, ActivityReaction>();
export function setActivityReaction(verb: ActivityVerb, reaction: ActivityReaction | null): ActivityReaction | null {
  const previous = reactions.get(verb) ?? null;
  if (reaction) reactions.set(verb, reaction);
  else reactions.delete(verb);
  return previous;
}

/**
 * Writes one activity; pass the transaction when the activity belongs to a write. Its live event
 * (modules/live) is written in the same transaction, so every cabinet that shows the account hears of it
 * exactly when it commits, and never of one that rolled back.
 */
export async function recordActivity(db: Db, input: ActivityInput): Promise<ActivityRow> {
  const { activity, xid } = await withinTransaction(db, async (tx) => {
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
      .returning({ ...getTableColumns(activities), xid: sql<string>`pg_current_xact_id()::text` });
    const { xid, ...written } = row!;
    await emitLiveEvent(tx, written.accountId, 'activity', activityEventData(written));
    const reaction = reactions.get(written.verb);
    if (reaction) await reaction(tx, written);
    return { activity: written, xid };
  });
  for (const listener of listeners) {
    try {
      listener(activity, { writer: db, xid });
    } catch (err) {
      console.error('activity listener failed', err);
    }
  }
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
