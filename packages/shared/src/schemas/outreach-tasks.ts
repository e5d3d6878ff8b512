import { z } from 'zod';
import { int32, queryInt, text } from './primitives';
import { missingOr } from './missing';
import { STEP_KINDS } from './campaigns';
import { CALL_OUTCOMES } from './call-outcomes';

/**
 * LinkedIn and call tasks (issue 14): the sequence's LinkedIn steps and calls, prepared by the agent and
 * performed by the user (the cabinet's Tasks page, the extension popup's "Today on LinkedIn: 12").
 * Paths in docs/decisions.md ("LinkedIn and call tasks").
 */

export const OUTREACH_TASK_CHANNELS = ['linkedin', 'call'] as const;
export type OutreachTaskChannel = (typeof OUTREACH_TASK_CHANNELS)[number];
export const OUTREACH_TASK_STATUSES = ['pending', 'due', 'waiting', 'done', 'skipped', 'cancelled'] as const;
export type OutreachTaskStatus = (typeof OUTREACH_TASK_STATUSES)[number];

export { CALL_OUTCOMES, CALL_OUTCOME_LABELS, type CallOutcome } from './call-outcomes';

/** today: due now (what to do today); waiting: moved to a later day by a limit or the working hours; done: done or skipped. */
export const OUTREACH_TASK_VIEWS = ['today', 'waiting', 'done'] as const;
export type OutreachTaskView = (typeof OUTREACH_TASK_VIEWS)[number];

export const outreachTaskListQuerySchema = z.object({
  view: z.enum(OUTREACH_TASK_VIEWS, { error: 'View must be today, waiting or done' }).default('today'),
  channel: z.enum(OUTREACH_TASK_CHANNELS, { error: 'Channel must be linkedin or call' }).optional(),
  page: queryInt().min(1).default(1),
  per_page: queryInt().min(1).max(100).default(50),
});

export const outreachTaskSchema = z.object({
  id: int32(),
  campaign_id: int32(),
  campaign_name: text().nullable(),
  enrolment_id: int32(),
  step: int32(),
  channel: z.enum(OUTREACH_TASK_CHANNELS),
  kind: z.enum(STEP_KINDS),
  status: z.enum(OUTREACH_TASK_STATUSES),
  due_at: text().nullable(),
  wait_reason: text().nullable(),
  /** The connection note (≤ 300 characters), the message, or the call script; empty for a profile view. */
  prepared_text: text(),
  outcome: text().nullable(),
  note: text().nullable(),
  done_at: text().nullable(),
  prospect: z.object({
    id: int32().nullable(),
    full_name: text().nullable(),
    title: text().nullable(),
    company: text().nullable(),
    linkedin_url: text().nullable(),
    phone: text().nullable(),
    email: text().nullable(),
  }),
  /**
   * The call the agent placed for this task through the phone provider (null: none). While it is under way the
   * task is the agent's (listed today, no actions); failed or uncertain, it is the user's again, with the reason.
   */
  agent_call: z
    .object({
      status: text(),
      placed_at: text().nullable(),
      error: text().nullable(),
    })
    .nullable(),
  created_at: text(),
  updated_at: text(),
});
export type OutreachTask = z.infer<typeof outreachTaskSchema>;
export type AgentCall = NonNullable<OutreachTask['agent_call']>;

/** A call the agent placed that is the user's again: it rang nobody, or may have rung (a crash while placing). */
export const AGENT_CALL_BACK_TO_USER = ['failed', 'uncertain'] as const;

/** What the task card says of the agent's call, by the provider's status (Twilio's call statuses, and ours). */
export function agentCallLine(call: AgentCall): string {
  switch (call.status) {
    case 'placing':
    case 'queued':
    case 'initiated':
      return 'The agent is dialling';
    case 'ringing':
      return 'The agent is calling: ringing';
    case 'in-progress':
      return 'The agent is on the call';
    case 'completed':
      return 'The agent made the call';
    case 'busy':
      return 'The agent called: the line was busy';
    case 'no-answer':
      return 'The agent called: no answer';
    case 'canceled':
      return 'The agent’s call was cancelled';
    case 'failed':
      return `The agent could not place the call${call.error ? `: ${call.error}` : ''}. It is yours to make`;
    case 'uncertain':
      return `${call.error ?? 'The agent’s call may or may not have rung'}. Check before you call`;
    default:
      return `The agent’s call: ${call.status}`;
  }
}

const limitState = z.object({ limit: int32(), used: int32(), left: int32() });

/** Today's capacity per channel, the limits that make it, and the working hours (the same answer the planner keeps). */
export const taskCapacitySchema = z.object({
  day: text(),
  time_zone: text(),
  /** Inside the working hours now; else when they open next. */
  working_now: z.boolean(),
  next_working_at: text().nullable(),
  linkedin: limitState.extend({
    /** auto_communication_settings' daily LinkedIn limit. */
    settings_limit: int32(),
    /** The plan's linkedin_actions_per_day (null: the plan sets none). */
    plan_limit: int32().nullable(),
  }),
  /** Connection requests per LinkedIn account over the rolling 7 days, after the new-account ramp. */
  invitations: limitState.extend({ weekly_limit: int32(), ramp_limit: int32() }),
  calls: limitState,
});
export type TaskCapacity = z.infer<typeof taskCapacitySchema>;

const channelCounts = z.object({ linkedin: int32(), call: int32() });

export const outreachTaskSummarySchema = z.object({
  /** Due now, per channel: the popup's "Today on LinkedIn: 12". */
  today: channelCounts,
  waiting: channelCounts,
  capacity: taskCapacitySchema,
});
export type OutreachTaskSummary = z.infer<typeof outreachTaskSummarySchema>;

export const outreachTaskListSchema = z.object({
  data: z.array(outreachTaskSchema),
  meta: z.object({ page: int32(), per_page: int32(), total: int32(), today: channelCounts, waiting: channelCounts, capacity: taskCapacitySchema }),
});

export const linkedinReplyBodySchema = z.strictObject({
  text: text(missingOr('The reply is required', 'The reply must be text')).trim().min(1, { error: 'The reply is required' }).max(8000, { error: 'The reply must be at most 8000 characters' }),
});
export type LinkedinReplyBody = z.infer<typeof linkedinReplyBodySchema>;

export const callOutcomeBodySchema = z
  .strictObject({
    outcome: z.enum(CALL_OUTCOMES, { error: 'Outcome must be connected, voicemail, no_answer or wrong_number' }),
    /** For a connected call: did the prospect show interest? (true stops the sequence and moves the prospect to Interested.) */
    interested: z.boolean({ error: 'Interested must be true or false' }).optional(),
    note: text().trim().max(4000, { error: 'The note must be at most 4000 characters' }).optional(),
  })
  .refine((b) => b.interested === undefined || b.outcome === 'connected', { path: ['interested'], error: 'Interest is only for a connected call' });
export type CallOutcomeBody = z.input<typeof callOutcomeBodySchema>;
