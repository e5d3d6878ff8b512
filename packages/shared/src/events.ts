/**
 * The account's events, in one catalogue: what the API records and what the clients listen for.
 *
 * - Activity verbs: every entry of the account's activity log (API `modules/activities`). Each activity is also a
 *   live event (`activity`, see live/events.ts) and a domain event the API's reaction registry (`apps/api/src/
 *   reactions.ts`) may react to. The web app's live connector types its verb sets with `ActivityVerb`, so a verb
 *   renamed here fails its typecheck.
 * - Domain events that are not activities (an address suppressed, a reply's status set): what one layer of the
 *   engine tells the layers above it without importing them. Their payloads are below.
 */
export const ACTIVITY_VERBS = [
  'prospect_added',
  'import_finished',
  'message_generated',
  'email_sent',
  'linkedin_invitation_sent',
  'linkedin_connection_accepted',
  'linkedin_message_sent',
  'linkedin_profile_viewed',
  'call_made',
  'call_placed',
  'call_ringing',
  'call_answered',
  'call_failed',
  'call_uncertain',
  'reply_received',
  'reply_status_changed',
  'reply_interested',
  'meeting_requested',
  'meeting_booked',
  'meeting_rescheduled',
  'meeting_canceled',
  'post_published',
  'social_post_failed',
  'social_post_approved',
  'social_post_skipped',
  'social_posts_planned',
  'social_profile_connected',
  'social_profile_unlinked',
  'social_profile_expired',
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
  /** An autonomous campaign's email held as a draft for review: the claims check found a claim nothing supports. */
  'campaign_email_held',
  'campaign_compose_failed',
  'sequence_stopped',
  'enrolment_stopped',
  'campaign_finished',
  'bounce_rate_high',
  'enrolment_paused',
  'email_delayed',
  'email_blocked',
  'email_complained',
  'auto_reply_received',
  'inbox_reply_sent',
  'mail_client_reply_sent',
  'agent_reply_sent',
  'agent_reply_failed',
  'task_prepared',
  'task_done',
  'task_skipped',
  'pipeline_moved',
  'deal_won',
  'plan_changed',
  'onboarding_finished',
  'compliance_settings_updated',
  'auto_communication_updated',
  'integration_connected',
  'integration_needs_reconnect',
  'integration_disconnected',
  /** A prospect (personal link) or their company, while their sequence runs, visited the account's website (issue 28). */
  'website_visited',
] as const;
export type ActivityVerb = (typeof ACTIVITY_VERBS)[number];

/**
 * Outreach touches (what the dashboard counts as "sent"): an email, a LinkedIn invitation or message, a call to a
 * prospect. reply_received and meeting_booked carry the channel the conversation was on.
 */
export const OUTREACH_VERBS = ['email_sent', 'linkedin_invitation_sent', 'linkedin_message_sent', 'call_made'] as const satisfies readonly ActivityVerb[];

import type { SuppressionReason } from './schemas/blacklist';

/** A reply's status as the classifier or the user sets it (packages/shared/src/schemas/email-threads.ts has the list). */
type ReplyStatusName = string;

/**
 * Domain events besides the activities, by name: their payloads. Published inside the transaction of the change
 * they describe (`publish` in apps/api/src/lib/events.ts), so a reaction that must hold with the change runs in it.
 */
export type DomainEventPayloads = {
  /** An address joined the do-not-contact list (by hand, a file, an unsubscribe, a hard bounce, a stop, a reply). */
  address_suppressed: { target: { kind: 'email'; email: string } | { kind: 'domain'; domain: string }; reason: SuppressionReason };
  /**
   * A prospect answered on a thread: an email reply (classified), a LinkedIn reply logged on a task, a connected call.
   * `interested` is the call's answer (true, false, or null when nobody could judge); absent for written replies.
   */
  prospect_answered: {
    prospect_id: number;
    thread_id: number | null;
    channel: 'email' | 'linkedin' | 'phone';
    reply_status: ReplyStatusName | null;
    interested?: boolean | null;
    user_id: number | null;
    at: string;
  };
  /** The user set a reply's status by hand in the inbox. */
  reply_status_corrected: { prospect_id: number | null; thread_id: number; reply_status: ReplyStatusName | null; user_id: number; at: string };
  /**
   * Prospects were created in bulk, where no activity names each one: an import (published in its finishing
   * transaction, once its chunks can no longer be undone) or a page of a saved LinkedIn search.
   */
  prospects_created: { source: 'import' | 'linkedin_search'; persona_id: number | null; prospect_ids: number[] };
  /**
   * A meeting was booked on a connected calendar (Calendly's invitee.created): a real meeting, unlike a reply asking
   * for one. `prospect_id` is the account's prospect with the invitee's email, null when the invitee is nobody the
   * account contacted. Its meeting_booked activity (written with it when a prospect matched) moves the pipeline card.
   */
  calendar_meeting_booked: CalendarMeetingEvent;
  /** A booked meeting moved to another time (Calendly: a cancel with rescheduled: true and a new invitee). */
  calendar_meeting_rescheduled: CalendarMeetingEvent & { previous_starts_at: string };
  /**
   * A booked meeting was canceled (not rescheduled): its meeting_booked activity is gone, and the card steps back
   * unless the prospect has another meeting booked (`other_booked`: how many).
   */
  calendar_meeting_canceled: CalendarMeetingEvent & { reason: string | null; other_booked: number };
};

/** The meeting as the calendar_meeting_* events carry it (`meeting_id`: calendar_meetings.id, stable over reschedules). */
export type CalendarMeetingEvent = {
  meeting_id: number;
  provider: 'calendly';
  prospect_id: number | null;
  email: string;
  name: string | null;
  event_name: string | null;
  starts_at: string;
  ends_at: string;
  at: string;
};
export type DomainEventName = keyof DomainEventPayloads;
export const DOMAIN_EVENT_NAMES = [
  'address_suppressed',
  'prospect_answered',
  'reply_status_corrected',
  'calendar_meeting_booked',
  'calendar_meeting_rescheduled',
  'calendar_meeting_canceled',
  'prospects_created',
] as const satisfies readonly DomainEventName[];
