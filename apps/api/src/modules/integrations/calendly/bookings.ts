import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '@shared/schemas/primitives';
import type { CalendarMeetingEvent } from '@shared/events';
import type { Db } from '../../../db/client';
import { activities, calendarMeetings, emailThreads, prospects, type CalendarMeetingRow } from '../../../db/schema';
import { publish } from '../../../lib/events';
import { withinTransaction } from '../../../db/transaction';
import { recordActivity } from '../../activities/service';

/**
 * What a Calendly webhook delivery does to the account (issue 27): a booking by a prospect is a real meeting.
 * - invitee.created: a new booking row; when the invitee's email is a prospect of the account, a meeting_booked
 *   activity (the dashboard's meetings figure; its reaction moves the pipeline card to "meeting booked"). With
 *   `old_invitee` set it is the second half of a reschedule: the same meeting moves to the new time
 *   (meeting_rescheduled), nothing is counted twice.
 * - invitee.canceled with `rescheduled: true`: the first half of a reschedule; the meeting waits for its new time.
 * - invitee.canceled otherwise: the meeting is off; its meeting_booked activity is deleted (the dashboard counts
 *   meetings that happen) and meeting_canceled logged; the pipeline steps the card back (reaction).
 * Calendly retries and may deliver out of order: every case is idempotent by invitee URI, and either half of a
 * reschedule may come first. Each delivery is one transaction with its activities and domain events.
 */

const inviteeSchema = z.object({
  uri: text().min(1),
  email: text().min(1),
  name: text().nullish(),
  status: text().nullish(),
  event: text().min(1),
  rescheduled: z.boolean().nullish(),
  old_invitee: text().nullish(),
  new_invitee: text().nullish(),
  cancellation: z.object({ reason: text().nullish(), canceler_type: text().nullish() }).passthrough().nullish(),
  scheduled_event: z
    .object({
      uri: text().nullish(),
      name: text().nullish(),
      start_time: text(),
      end_time: text(),
      location: z.object({ type: text().nullish(), location: text().nullish(), join_url: text().nullish() }).passthrough().nullish(),
    })
    .passthrough(),
});

export const calendlyWebhookSchema = z.object({
  event: text(),
  created_at: text().nullish(),
  created_by: text().nullish(),
  payload: z.unknown(),
});

export type BookingOutcome =
  | { kind: 'booked' | 'rescheduled' | 'canceled' | 'rescheduling'; meetingId: number; prospectId: number | null }
  | { kind: 'ignored'; reason: string };

const when = (s: string) => {
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
};

function eventOf(m: CalendarMeetingRow, now: Date): CalendarMeetingEvent {
  return {
    meeting_id: m.id,
    provider: 'calendly',
    prospect_id: m.prospectId,
    email: m.email,
    name: m.name,
    event_name: m.eventName,
    starts_at: m.startsAt.toISOString(),
    ends_at: m.endsAt.toISOString(),
    at: now.toISOString(),
  };
}

async function prospectByEmail(tx: Db, accountId: number, email: string): Promise<number | null> {
  const [p] = await tx
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.accountId, accountId), sql`lower(${prospects.email}) = ${email.trim().toLowerCase()}`))
    .limit(1);
  return p?.id ?? null;
}

/** The prospect's newest conversation: the card the booking moves opens it. */
async function latestThread(tx: Db, accountId: number, prospectId: number): Promise<number | null> {
  const [th] = await tx
    .select({ id: emailThreads.id })
    .from(emailThreads)
    .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.prospectId, prospectId)))
    .orderBy(desc(emailThreads.lastMessageAt))
    .limit(1);
  return th?.id ?? null;
}

async function byInvitee(tx: Db, accountId: number, uri: string, lock = true): Promise<CalendarMeetingRow | null> {
  const q = tx
    .select()
    .from(calendarMeetings)
    .where(and(eq(calendarMeetings.accountId, accountId), eq(calendarMeetings.provider, 'calendly'), sql`(${calendarMeetings.inviteeUri} = ${uri} or ${uri} = any(${calendarMeetings.previousInviteeUris}))`))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

async function bookedActivity(tx: Db, meeting: CalendarMeetingRow, now: Date): Promise<number | null> {
  if (meeting.prospectId === null) return null;
  const threadId = await latestThread(tx, meeting.accountId, meeting.prospectId);
  const row = await recordActivity(tx, {
    accountId: meeting.accountId,
    actorType: 'system',
    verb: 'meeting_booked',
    channel: 'email',
    prospectId: meeting.prospectId,
    payload: { meeting_id: meeting.id, provider: 'calendly', event_name: meeting.eventName, starts_at: meeting.startsAt.toISOString(), ends_at: meeting.endsAt.toISOString(), ...(threadId ? { thread_id: threadId } : {}) },
    occurredAt: now,
  });
  return row.id;
}

/** Applies one verified Calendly delivery to the account. Unknown event types and malformed payloads are ignored (answered 200: Calendly must not retry them). */
export async function applyCalendlyDelivery(db: Db, input: { accountId: number; integrationId: number | null; body: unknown; now: Date }): Promise<BookingOutcome> {
  const envelope = calendlyWebhookSchema.safeParse(input.body);
  if (!envelope.success) return { kind: 'ignored', reason: 'not a Calendly webhook body' };
  if (envelope.data.event !== 'invitee.created' && envelope.data.event !== 'invitee.canceled') return { kind: 'ignored', reason: `event ${envelope.data.event} is not handled` };
  const parsed = inviteeSchema.safeParse(envelope.data.payload);
  if (!parsed.success) return { kind: 'ignored', reason: 'the invitee payload is incomplete' };
  const invitee = parsed.data;
  const startsAt = when(invitee.scheduled_event.start_time);
  const endsAt = when(invitee.scheduled_event.end_time);
  if (!startsAt || !endsAt) return { kind: 'ignored', reason: 'the event has no valid time' };
  const { accountId, now } = input;
  const location = invitee.scheduled_event.location?.join_url ?? invitee.scheduled_event.location?.location ?? null;

  return withinTransaction(db, async (tx): Promise<BookingOutcome> => {
    if (envelope.data.event === 'invitee.created') {
      const existing = await byInvitee(tx, accountId, invitee.uri);
      if (existing) return { kind: 'ignored', reason: 'this booking is known already' };
      const moved = invitee.old_invitee ? await byInvitee(tx, accountId, invitee.old_invitee) : null;
      if (moved && moved.status !== 'canceled') {
        const previousStartsAt = moved.startsAt;
        const [row] = await tx
          .update(calendarMeetings)
          .set({
            inviteeUri: invitee.uri,
            previousInviteeUris: sql`array_append(${calendarMeetings.previousInviteeUris}, ${moved.inviteeUri})`,
            eventUri: invitee.event,
            eventName: invitee.scheduled_event.name ?? moved.eventName,
            status: 'booked',
            startsAt,
            endsAt,
            location,
            rescheduledCount: sql`${calendarMeetings.rescheduledCount} + 1`,
            updatedAt: now,
          })
          .where(and(eq(calendarMeetings.accountId, accountId), eq(calendarMeetings.id, moved.id)))
          .returning();
        const meeting = row!;
        if (meeting.bookedActivityId !== null) {
          // The booking stays the one meeting the dashboard counts, at its new time.
          await tx
            .update(activities)
            .set({ payload: sql`${activities.payload} || ${JSON.stringify({ starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() })}::jsonb` })
            .where(and(eq(activities.accountId, accountId), eq(activities.id, meeting.bookedActivityId)));
        }
        if (meeting.prospectId !== null) {
          await recordActivity(tx, {
            accountId,
            actorType: 'system',
            verb: 'meeting_rescheduled',
            channel: 'email',
            prospectId: meeting.prospectId,
            payload: { meeting_id: meeting.id, provider: 'calendly', event_name: meeting.eventName, starts_at: startsAt.toISOString(), previous_starts_at: previousStartsAt.toISOString() },
            occurredAt: now,
          });
        }
        await publish(tx, accountId, 'calendar_meeting_rescheduled', { ...eventOf(meeting, now), previous_starts_at: previousStartsAt.toISOString() });
        return { kind: 'rescheduled', meetingId: meeting.id, prospectId: meeting.prospectId };
      }
      const prospectId = await prospectByEmail(tx, accountId, invitee.email);
      const [row] = await tx
        .insert(calendarMeetings)
        .values({
          accountId,
          integrationId: input.integrationId,
          provider: 'calendly',
          inviteeUri: invitee.uri,
          eventUri: invitee.event,
          eventName: invitee.scheduled_event.name ?? null,
          email: invitee.email.trim().toLowerCase(),
          name: invitee.name ?? null,
          prospectId,
          status: 'booked',
          startsAt,
          endsAt,
          location,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return { kind: 'ignored', reason: 'this booking is known already' };
      const activityId = await bookedActivity(tx, row, now);
      if (activityId !== null) {
        await tx
          .update(calendarMeetings)
          .set({ bookedActivityId: activityId })
          .where(and(eq(calendarMeetings.accountId, accountId), eq(calendarMeetings.id, row.id)));
      }
      await publish(tx, accountId, 'calendar_meeting_booked', eventOf(row, now));
      return { kind: 'booked', meetingId: row.id, prospectId };
    }

    // invitee.canceled
    const meeting = await byInvitee(tx, accountId, invitee.uri);
    if (!meeting) return { kind: 'ignored', reason: 'no booking is known for this invitee' };
    // About an invitee the meeting has moved on from (its reschedule's new half came first), or said already.
    if (meeting.inviteeUri !== invitee.uri || meeting.status === 'canceled') return { kind: 'ignored', reason: 'the booking has moved on already' };
    if (invitee.rescheduled) {
      await tx
        .update(calendarMeetings)
        .set({ status: 'rescheduling', updatedAt: now })
        .where(and(eq(calendarMeetings.accountId, accountId), eq(calendarMeetings.id, meeting.id)));
      return { kind: 'rescheduling', meetingId: meeting.id, prospectId: meeting.prospectId };
    }
    const reason = invitee.cancellation?.reason?.trim() || null;
    await tx
      .update(calendarMeetings)
      .set({ status: 'canceled', canceledAt: now, cancelReason: reason, bookedActivityId: null, updatedAt: now })
      .where(and(eq(calendarMeetings.accountId, accountId), eq(calendarMeetings.id, meeting.id)));
    if (meeting.bookedActivityId !== null) {
      await tx.delete(activities).where(and(eq(activities.accountId, accountId), eq(activities.id, meeting.bookedActivityId)));
    }
    if (meeting.prospectId !== null) {
      await recordActivity(tx, {
        accountId,
        actorType: 'system',
        verb: 'meeting_canceled',
        channel: 'email',
        prospectId: meeting.prospectId,
        payload: { meeting_id: meeting.id, provider: 'calendly', event_name: meeting.eventName, starts_at: meeting.startsAt.toISOString(), reason, canceled_by: invitee.cancellation?.canceler_type ?? null },
        occurredAt: now,
      });
    }
    const [others] =
      meeting.prospectId === null
        ? [{ n: 0 }]
        : await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(calendarMeetings)
            .where(and(eq(calendarMeetings.accountId, accountId), eq(calendarMeetings.prospectId, meeting.prospectId), sql`${calendarMeetings.status} <> 'canceled'`, sql`${calendarMeetings.id} <> ${meeting.id}`));
    await publish(tx, accountId, 'calendar_meeting_canceled', { ...eventOf(meeting, now), reason, other_booked: Number(others?.n ?? 0) });
    return { kind: 'canceled', meetingId: meeting.id, prospectId: meeting.prospectId };
  });
}
