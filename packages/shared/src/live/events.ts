import type { ActivityVerb } from '../events';

/**
 * The live connection (the cable): its wire constants, the events an account's stream carries, and the
 * messages of the AccountChannel. The API writes these events (modules/live), the web app's connector maps
 * them to query-cache updates (apps/web/src/app/live-connector.ts). Payloads are small on purpose: ids and
 * the fields that changed; a client refetches what it shows. docs/decisions.md "Live connection" has the
 * protocol.
 */

/** Where the server listens for WebSocket upgrades (same origin as the web app by default). */
export const CABLE_PATH = '/cable';
/** The one subprotocol spoken; the server must choose it, or @rails/actioncable closes for good. */
export const CABLE_SUBPROTOCOL = 'actioncable-v1-json';
/** The server pings every 3 s (ActionCable's beat); a client calls a connection stale after two missed beats. */
export const CABLE_PING_INTERVAL_MS = 3000;
/** The channel of the signed-in user's account: identifier `{"channel":"AccountChannel"}`. */
export const ACCOUNT_CHANNEL = 'AccountChannel';
/** The action a subscriber performs after each (re)subscription: `{ since: <last seq seen> | null }`. */
export const CATCH_UP_ACTION = 'catch_up';
/** The query parameters that carry the auth headers (a browser cannot set headers on a WebSocket). */
export const CABLE_AUTH_PARAMS = ['access-token', 'client', 'uid'] as const;

/**
 * The client's connection monitor (spec §9): reconnect poll between 3 and 30 s (5·ln(attempts+1),
 * clamped), stale after 6 s without a message, reopen 500 ms after closing a stale socket.
 */
export const CABLE_MONITOR = { pollMinS: 3, pollMaxS: 30, pollMultiplier: 5, staleThresholdS: 6, reopenDelayMs: 500 } as const;

/** Ids an activity points at, copied from its payload (numbers only): what a client needs to invalidate. */
export const ACTIVITY_REF_KEYS = [
  'campaign_id',
  'campaign_email_id',
  'thread_id',
  'reply_id',
  'user_email_id',
  'enrolment_id',
  'job_id',
  'virtual_employee_id',
  'offering_id',
] as const;
export type ActivityRefKey = (typeof ACTIVITY_REF_KEYS)[number];

/** What changed on an email thread outside an activity (read, star, stop, a message of ours filed). */
export const THREAD_FIELDS = ['unread', 'starred', 'reply_status', 'stop_sending', 'needs_review', 'messages'] as const;
export type ThreadField = (typeof THREAD_FIELDS)[number];

export type LiveEventData = {
  /** Every activity of the account's log (modules/activities), written in the same transaction. */
  activity: {
    id: number;
    /** One of the catalogue's verbs (packages/shared/src/events.ts). */
    verb: ActivityVerb;
    channel: string | null;
    prospect_id: number | null;
    persona_id: number | null;
    refs: Partial<Record<ActivityRefKey, number>>;
  };
  /** A thread's marks or messages changed (the new values of the marks that changed). */
  thread_changed: {
    thread_id: number;
    changed: ThreadField[];
    unread?: boolean;
    starred?: boolean;
    reply_status?: string | null;
    stop_sending?: boolean;
    needs_review?: boolean;
  };
  /** Campaign emails changed state (a statement's rows of one campaign: up to 50 ids, and how many in all). */
  campaign_emails_changed: { campaign_id: number; ids: number[]; statuses: string[]; count: number };
  /** A mailbox's status changed (paused, failing, active again, removed). */
  mailbox_changed: { user_email_id: number; status: string };
  /** A CSV import moved: each committed chunk, and its end. */
  import_progress: { job_id: number; status: 'running' | 'done' | 'failed'; processed: number };
  /** An in-app notification was created for the account. */
  notification_created: { notification_id: number; event: string };
};

export type LiveEventName = keyof LiveEventData;
export const LIVE_EVENT_NAMES = ['activity', 'thread_changed', 'campaign_emails_changed', 'mailbox_changed', 'import_progress', 'notification_created'] as const satisfies readonly LiveEventName[];

/** One event of an account's stream: `seq` counts 1, 2, 3, … per account, in commit order, without gaps. */
export type LiveEvent<N extends LiveEventName = LiveEventName> = { [K in N]: { type: 'event'; seq: number; name: K; data: LiveEventData[K]; at: string } }[N];

/** Why the server answers a catch-up with `resync` instead of the events. */
export type ResyncReason = 'pruned' | 'too_far_behind' | 'unknown_seq';

/** What the AccountChannel sends inside ActionCable's `message`. */
export type LiveMessage =
  | LiveEvent
  /** The catch-up is done: the subscriber has everything up to `seq` and gets each later event as it commits. */
  | { type: 'synced'; seq: number }
  /** The missed events are gone (or too many): refetch what is shown, and continue after `seq`. */
  | { type: 'resync'; seq: number; reason: ResyncReason };
