import { INTERACTION_KINDS, type InteractionKind } from '@shared/schemas/interactions';

/**
 * Which activity-log verbs are interactions, and of which kind. Every channel writes its verbs to the log
 * (modules/activities); a LinkedIn or call feature that writes the verbs below (with `channel` set and the
 * enrolment, campaign or campaign email in the payload, as email does) shows up here without a change.
 * Left out on purpose: reply_interested and meeting_requested (each repeats a reply_received), the agent's
 * own work that reached nobody (message_generated, approvals, edits) — the "agent activity" panel shows
 * those from the whole log.
 */
export const VERB_KIND: Readonly<Record<string, InteractionKind>> = {
  email_sent: 'email_sent',
  reply_received: 'reply',
  auto_reply_received: 'auto_reply',
  email_bounced: 'bounce',
  email_delayed: 'delayed',
  email_unsubscribed: 'unsubscribed',
  inbox_reply_sent: 'answer',
  mail_client_reply_sent: 'answer',
  agent_reply_sent: 'answer',
  enrolment_stopped: 'stopped',
  sequence_stopped: 'stopped',
  enrolment_paused: 'paused',
  linkedin_invitation_sent: 'linkedin_invitation',
  linkedin_connection_accepted: 'linkedin_accepted',
  linkedin_message_sent: 'linkedin_message',
  call_made: 'call',
  call_placed: 'call_progress',
  call_ringing: 'call_progress',
  call_answered: 'call_progress',
  call_failed: 'call_progress',
  call_uncertain: 'call_progress',
  meeting_booked: 'meeting_booked',
  website_visited: 'website_visit',
};

export const INTERACTION_VERBS: readonly string[] = Object.keys(VERB_KIND);

export const verbsOfKinds = (kinds: readonly InteractionKind[]): string[] => INTERACTION_VERBS.filter((v) => kinds.includes(VERB_KIND[v]!));

/** Each kind with its verbs, in INTERACTION_KINDS order (the stats count them). */
export const KIND_VERBS: ReadonlyArray<readonly [InteractionKind, string[]]> = INTERACTION_KINDS.map((k) => [k, verbsOfKinds([k])] as const);

/** Our messages by where they were written (the by_message_source filter on interactions). */
export const VERB_MESSAGE_SOURCE: Readonly<Record<string, 'campaign' | 'inbox' | 'agent' | 'mail_client'>> = {
  email_sent: 'campaign',
  inbox_reply_sent: 'inbox',
  agent_reply_sent: 'agent',
  mail_client_reply_sent: 'mail_client',
};
