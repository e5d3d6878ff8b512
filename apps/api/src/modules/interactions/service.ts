import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_CHANNELS, type DashboardChannel } from '@shared/schemas/dashboard';
import type { CampaignEmail, CampaignEmailDetail } from '@shared/schemas/campaigns';
import { REPLY_STATUS_LABELS, REPLY_STATUSES, type ReplyStatus } from '@shared/schemas/inbox';
import {
  ENROLMENT_OUTCOMES,
  INTERACTION_CHANNELS,
  INTERACTION_DIRECTIONS,
  INTERACTION_KIND_INFO,
  INTERACTION_KINDS,
  interactionFiltersSchema,
  type EnrolmentOutcome,
  type CallStatus,
  type Interaction,
  type InteractionFiltersParsed,
  type InteractionList,
  type InteractionsStats,
  type PersonOfferingInfo,
} from '@shared/schemas/interactions';
import { SUPPRESSION_REASON_LABELS, type SuppressionReason } from '@shared/schemas/blacklist';
import { CALL_OUTCOME_LABELS, type CallOutcome } from '@shared/schemas/outreach-tasks';
import type { Db } from '../../db/client';
import { campaignEmails, campaigns, personas, prospects, users, virtualEmployees } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { parseFilters } from '../../lib/params';
import type { AuthContext, Deps } from '../../lib/route';
import { OUTREACH_VERBS } from '@shared/events';
import { CAMPAIGN_MESSAGES } from '../campaigns/service';
import { onChannels } from '../activities/channels';
import { personaFigures, rate } from '../dashboard/service';
import { filterConditions, type FilterTarget } from '../inbox/filters';
import { snippetOf } from '../inbox/service';
import { offeringFor } from '../messaging/generate';
import { settingForPersona } from '../messaging/service';
import { INTERACTION_VERBS, KIND_VERBS, VERB_KIND, VERB_MESSAGE_SOURCE, verbsOfKinds } from './kinds';

/**
 * Interactions (issue 12): everything the agent did and received per prospect, on every channel, read from
 * the activity log (docs/decisions.md "Interactions"): the list (`GET campaign_emails?interaction_view=
 * interactions`), its counts (`interactions_stats`), and what the side panels read around one campaign
 * email (its detail, the prospect, persona and offering behind it). Every statement binds the account.
 */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}
const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const sqlList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
/** A timestamp as ISO 8601 in UTC with milliseconds, the same on both drivers. */
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ---------------------------------------------------------------- the relation

/** An id in the activity's payload, or null (a payload written by another version may lack it, or hold something else). */
const payloadId = (key: string) => sql.raw(`(case when (a.payload->>'${key}') ~ '^[0-9]{1,9}$' then (a.payload->>'${key}')::int end)`);

/**
 * Where an enrolment stands, from its row (`en`) and its conversation (`th`): the first that applies of
 * ENROLMENT_OUTCOMES' order (interested, unsubscribed, replied, bounced, stopped, no_reply, in_sequence).
 */
export const outcomeSql = (en: string, th: string) =>
  sql.raw(`(case
    when ${th}.replied_at is not null and ${th}.reply_status in ('interested', 'meeting_request') then 'interested'
    when ${th}.reply_status = 'unsubscribe' or ${en}.stop_reason = 'unsubscribed' then 'unsubscribed'
    when ${th}.replied_at is not null or ${en}.stop_reason = 'replied' then 'replied'
    when ${en}.stop_reason = 'hard_bounce' then 'bounced'
    when ${en}.status = 'stopped' then 'stopped'
    when ${en}.status = 'finished' then 'no_reply'
    else 'in_sequence' end)`);

/**
 * The interactions of the account as one relation `i`: each activity of an interaction verb with what it
 * concerns resolved through its payload (the campaign email, the thread, the enrolment named there) and the
 * thread of that enrolment; `ids` narrows it to a page. Brand channels switched off are left out, as on the
 * dashboard. Names (prospect, campaign, virtual employee, user) are looked up per page (namesOf).
 */
function relation(accountId: number, channels: readonly DashboardChannel[], ids?: readonly number[]): SQL {
  const only = ids ? sql` and a.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return sql`(
      select a.id, a.verb, a.actor_type, a.actor_id, a.payload, a.occurred_at,
             coalesce(case a.channel when 'phone' then 'call' else a.channel end, 'email') as channel,
             coalesce(a.prospect_id, en.prospect_id, ce.prospect_id, th0.prospect_id) as prospect_id,
             coalesce(${payloadId('campaign_id')}, ce.campaign_id, en.campaign_id, th0.campaign_id) as campaign_id,
             en.id as enrolment_id,
             coalesce(ce.id, ${payloadId('campaign_email_id')}) as campaign_email_id,
             coalesce(${payloadId('step')}, ce.step_position) as step,
             coalesce(ce.subject, a.payload->>'subject', th0.subject, th1.subject) as subject,
             coalesce(th0.id, th1.id) as thread_id,
             coalesce(th0.reply_status, th1.reply_status) as reply_status,
             coalesce(th0.unread, th1.unread) as unread,
             coalesce(th0.starred, th1.starred) as starred,
             coalesce(en.virtual_employee_id, ce.virtual_employee_id, th0.virtual_employee_id, case when a.actor_type = 'virtual_employee' then a.actor_id end) as virtual_employee_id
      from activities a
      left join campaign_emails ce on ce.account_id = ${accountId} and ce.id = ${payloadId('campaign_email_id')}
      left join email_threads th0 on th0.account_id = ${accountId} and th0.id = ${payloadId('thread_id')}
      left join campaign_enrolments en on en.account_id = ${accountId} and en.id = coalesce(${payloadId('enrolment_id')}, ce.enrolment_id, th0.enrolment_id)
      left join email_threads th1 on th1.account_id = ${accountId} and th1.enrolment_id = en.id
      where a.account_id = ${accountId} and ${onChannels(channels, 'a')} and a.verb in (${sqlList(INTERACTION_VERBS)})${only}
    ) i`;
}

const col = (name: string) => sql.raw(`i.${name}`);

/** The thread filters (inbox/filters.ts) read on interactions; what differs is said in docs/decisions.md. */
function interactionConditions(accountId: number, f: InteractionFiltersParsed): SQL[] {
  const target: FilterTarget = {
    prospectId: col('prospect_id'),
    campaignId: col('campaign_id'),
    replyStatus: col('reply_status'),
    unread: col('unread'),
    starred: col('starred'),
    virtualEmployeeId: col('virtual_employee_id'),
    time: col('occurred_at'),
    searchText: [col('subject')],
    channels: (channels) => sql`i.channel in (${sqlList(channels)})`,
    // Our messages from that source: a campaign step, an answer from the inbox, or one found in the Sent folder.
    messageSource: (sources) => {
      const verbs = Object.entries(VERB_MESSAGE_SOURCE)
        .filter(([, source]) => sources.includes(source))
        .map(([verb]) => verb);
      return verbs.length ? sql`i.verb in (${sqlList(verbs)})` : sql`false`;
    },
    // Interactions with prospects whose sequence sent them that address.
    landingPage: (like) =>
      sql`exists (select 1 from campaign_emails le where le.account_id = ${accountId} and le.enrolment_id = i.enrolment_id and le.status = 'sent' and (le.body_text ilike ${like} or le.body_html ilike ${like}))`,
  };
  const c = filterConditions(accountId, f, target);
  if (f.by_prospect?.length) c.push(sql`i.prospect_id in (${sql.join(f.by_prospect.map((id) => sql`${id}`), sql`, `)})`);
  if (f.by_kinds?.length) {
    const verbs = verbsOfKinds(f.by_kinds);
    c.push(verbs.length ? sql`i.verb in (${sqlList(verbs)})` : sql`false`);
  }
  return c;
}

const whereOf = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

// ---------------------------------------------------------------- the list

type InteractionRow = {
  id: unknown;
  verb: string;
  actor_type: Interaction['actor']['type'];
  actor_id: unknown;
  payload: Record<string, unknown> | null;
  occurred_at: string;
  channel: string;
  prospect_id: unknown;
  campaign_id: unknown;
  enrolment_id: unknown;
  campaign_email_id: unknown;
  step: unknown;
  subject: string | null;
  thread_id: unknown;
  reply_status: string | null;
  unread: boolean | null;
  starred: boolean | null;
  virtual_employee_id: unknown;
};

/** A stop reason in the user's words: the suppression codes the blacklist's hook passes, else as written. */
export function stopReasonText(reason: string | null): string | null {
  if (!reason) return null;
  // "replied" was a suppression reason before issue 25: enrolments stopped then still carry it.
  const labels: Record<SuppressionReason | 'replied', string> = {
    replied: 'The prospect replied',
    unsubscribed: 'The prospect unsubscribed',
    hard_bounce: 'The address bounced',
    complained: 'The prospect reported the email as spam',
    stopped: 'Stopped by you',
    crm: 'In your CRM (imported to your blacklist)',
    manual: `On your blacklist (${SUPPRESSION_REASON_LABELS.manual.toLowerCase()})`,
  };
  return reason in labels ? labels[reason as SuppressionReason | 'replied'] : reason;
}

/** Twilio's AnsweredBy in words (answering-machine detection). */
function answeredByText(answeredBy: string | null): string | null {
  if (!answeredBy) return null;
  if (answeredBy === 'human') return 'A person answered';
  if (answeredBy.startsWith('machine')) return 'Voicemail answered';
  if (answeredBy === 'fax') return 'A fax machine answered';
  return null;
}

/** A call's length, how it ended and who answered: "2 min 5 s · Left a voicemail · Voicemail answered". */
function callDetail(p: Record<string, unknown>): string | null {
  const parts: string[] = [];
  if (typeof p.duration_seconds === 'number') {
    const s = Math.max(0, Math.round(p.duration_seconds));
    parts.push(s >= 60 ? `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}` : `${s} s`);
  }
  const outcome = str(p.outcome);
  if (outcome) parts.push(outcome in CALL_OUTCOME_LABELS ? CALL_OUTCOME_LABELS[outcome as CallOutcome] : outcome);
  const answered = answeredByText(str(p.answered_by));
  if (answered) parts.push(answered);
  return parts.length ? parts.join(' · ') : null;
}

const CALL_VERB_STATUS: Readonly<Record<string, CallStatus>> = {
  call_placed: 'placed',
  call_ringing: 'ringing',
  call_answered: 'answered',
  call_made: 'ended',
  call_failed: 'failed',
  call_uncertain: 'uncertain',
};

function callOf(verb: string, p: Record<string, unknown>): NonNullable<Interaction['call']> {
  const outcome = str(p.outcome);
  return {
    outreach_task_id: typeof p.outreach_task_id === 'number' ? p.outreach_task_id : null,
    status: CALL_VERB_STATUS[verb]!,
    duration_seconds: typeof p.duration_seconds === 'number' && p.duration_seconds >= 0 ? Math.round(p.duration_seconds) : null,
    outcome: outcome && outcome in CALL_OUTCOME_LABELS ? (outcome as CallOutcome) : null,
    answered_by: str(p.answered_by),
  };
}

const ACTOR_NAMES = { agent: 'AI agent', virtual_employee: 'Virtual employee', system: 'System' } as const;

function toInteraction(r: InteractionRow, names: Names): Interaction {
  const kind = VERB_KIND[r.verb]!;
  const p = r.payload ?? {};
  const text = (k: string) => str(p[k]);
  const prospectId = numOrNull(r.prospect_id);
  const prospect = prospectId === null ? undefined : names.prospects.get(prospectId);
  const who = prospect?.name || prospect?.email || text('email') || 'the prospect';
  const step = numOrNull(r.step);
  const campaignId = numOrNull(r.campaign_id);
  const campaignName = campaignId === null ? undefined : names.campaigns.get(campaignId);
  const campaign = campaignId !== null && campaignName !== undefined ? { id: campaignId, name: campaignName } : null;
  const employeeId = numOrNull(r.virtual_employee_id);
  const employeeName = employeeId === null ? undefined : names.employees.get(employeeId);
  const employee = employeeId !== null && employeeName !== undefined ? { id: employeeId, name: employeeName } : null;
  const user = r.actor_type === 'user' && r.actor_id != null ? names.users.get(num(r.actor_id)) : undefined;
  const status = r.reply_status && (REPLY_STATUSES as readonly string[]).includes(r.reply_status) ? (r.reply_status as ReplyStatus) : null;
  let summary: string;
  let detail: string | null = null;
  let snippet: string | null = null;
  switch (r.verb) {
    case 'email_sent':
      summary = `${step ? `Step ${step}` : 'Email'} sent to ${who}`;
      break;
    case 'reply_received':
      summary = p.from_colleague === true ? `A colleague of ${who} replied` : `${who} replied`;
      snippet = text('snippet') ? snippetOf(text('snippet')!) : null;
      break;
    case 'auto_reply_received': {
      const replyStatus = text('reply_status');
      summary = replyStatus === 'out_of_office' ? `Out-of-office reply from ${who}` : `Automatic reply from ${who}`;
      detail = [replyStatus && replyStatus in REPLY_STATUS_LABELS ? REPLY_STATUS_LABELS[replyStatus as ReplyStatus] : null, text('return_date') ? `back ${text('return_date')}` : null].filter(Boolean).join(', ') || null;
      snippet = text('snippet') ? snippetOf(text('snippet')!) : null;
      break;
    }
    case 'email_bounced':
      summary = `Email to ${who} bounced`;
      detail = text('reason');
      break;
    case 'email_delayed':
      summary = `Delivery to ${who} delayed`;
      detail = text('reason');
      break;
    case 'email_unsubscribed':
      summary = `${who} unsubscribed`;
      detail = p.by_reply === true ? 'Asked in a reply' : p.one_click === true ? 'One-click unsubscribe from the mail client' : 'From the unsubscribe link';
      break;
    case 'inbox_reply_sent':
      summary = `Answered ${who} from the inbox`;
      break;
    case 'mail_client_reply_sent':
      summary = `Answered ${who} from a mail client`;
      break;
    case 'agent_reply_sent':
      summary = `The agent answered ${who} on its own`;
      break;
    case 'enrolment_stopped':
      summary = `Sequence stopped for ${who}`;
      detail = stopReasonText(text('reason'));
      break;
    case 'sequence_stopped':
      summary = `Sequence stopped by hand for ${who}`;
      break;
    case 'enrolment_paused':
      summary = `Sequence paused for ${who}`;
      detail = [text('until') ? `Until ${text('until')!.slice(0, 10)}` : null, text('reason')].filter(Boolean).join(' · ') || null;
      break;
    case 'linkedin_invitation_sent':
      summary = `LinkedIn invitation sent to ${who}`;
      break;
    case 'linkedin_connection_accepted':
      summary = `${who} accepted the LinkedIn invitation`;
      break;
    case 'linkedin_message_sent':
      summary = `LinkedIn message sent to ${who}`;
      break;
    case 'call_made':
      summary = `Called ${who}`;
      detail = callDetail(p);
      break;
    case 'call_placed':
      summary = `The agent is calling ${who}`;
      detail = text('to');
      break;
    case 'call_ringing':
      summary = `Ringing ${who}`;
      break;
    case 'call_answered':
      summary = `${who} answered`;
      detail = answeredByText(text('answered_by'));
      break;
    case 'call_failed':
      summary = `The call to ${who} could not be placed`;
      detail = text('reason');
      break;
    case 'call_uncertain':
      summary = `The call to ${who} may not have been placed`;
      detail = text('reason');
      break;
    case 'meeting_booked':
      summary = `Meeting booked with ${who}`;
      break;
    case 'website_visited': {
      const pages = Array.isArray(p.pages) ? (p.pages as Array<{ title?: unknown; path?: unknown }>) : [];
      summary = p.signal === 'personal_link' ? `${who} opened their personal link to your website` : `${text('company_name') ?? `${who}'s company`} visited your website`;
      detail = pages.map((x) => (typeof x.title === 'string' && x.title) || (typeof x.path === 'string' ? x.path : '')).filter(Boolean).slice(0, 5).join(' · ') || null;
      break;
    }
    default:
      summary = `${INTERACTION_KIND_INFO[kind].label}: ${who}`;
  }
  const actorName =
    r.actor_type === 'user' ? user?.name?.trim() || user?.email || 'A teammate' : r.actor_type === 'virtual_employee' ? (employeeName ?? ACTOR_NAMES.virtual_employee) : ACTOR_NAMES[r.actor_type];
  const threadId = numOrNull(r.thread_id);
  return {
    id: num(r.id),
    kind,
    channel: (INTERACTION_CHANNELS as readonly string[]).includes(r.channel) ? (r.channel as Interaction['channel']) : 'email',
    direction: INTERACTION_KIND_INFO[kind].direction,
    occurred_at: r.occurred_at,
    summary,
    detail,
    actor: { type: r.actor_type, name: actorName },
    prospect: prospectId === null ? null : { id: prospectId, name: prospect?.name ?? null, email: prospect?.email ?? null, company: prospect?.company ?? null, title: prospect?.title ?? null },
    campaign,
    virtual_employee: employee,
    enrolment_id: numOrNull(r.enrolment_id),
    campaign_email_id: numOrNull(r.campaign_email_id),
    step,
    subject: r.subject,
    snippet,
    thread: threadId === null ? null : { id: threadId, reply_status: status, unread: r.unread === true, starred: r.starred === true },
    message_source: VERB_MESSAGE_SOURCE[r.verb] ?? null,
    ...(r.verb in CALL_VERB_STATUS ? { call: callOf(r.verb, p) } : {}),
  };
}

export type InteractionListQuery = { page: number; per_page: number; sort_direction: 'asc' | 'desc'; filters?: Record<string, unknown> | undefined };

/**
 * GET campaign_emails?interaction_view=interactions: one page of interactions, newest first (or oldest with
 * sort_direction asc), with the filtered total. `campaignId` narrows to one campaign (the campaign's own list).
 */
export async function list(deps: Deps, auth: AuthContext, query: InteractionListQuery, channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS, campaignId?: number): Promise<InteractionList> {
  const accountId = auth.account.id;
  const f = parseFilters(interactionFiltersSchema, query.filters);
  const conditions = interactionConditions(accountId, f);
  // A campaign's own list: its interactions (and none when the filters ask for another campaign).
  if (campaignId !== undefined) conditions.push(f.by_campaign?.length && !f.by_campaign.includes(campaignId) ? sql`false` : sql`i.campaign_id = ${campaignId}`);
  const where = whereOf(conditions);
  const direction = query.sort_direction === 'asc' ? sql.raw('asc') : sql.raw('desc');
  // Two steps: the page's ids (the joins a filter does not need are left out by the planner), then those rows
  // with their names. Bounds the work by the page, whatever plan the database picks (PGlite keeps no statistics).
  const [ids, [counted]] = await Promise.all([
    rows<{ id: unknown }>(
      deps.db,
      sql`select i.id from ${relation(accountId, channels)} ${where}
          order by i.occurred_at ${direction}, i.id ${direction}
          limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
    ),
    rows<{ total: unknown }>(deps.db, sql`select count(*) as total from ${relation(accountId, channels)} ${where}`),
  ]);
  const pageIds = ids.map((r) => num(r.id));
  const page = pageIds.length
    ? await rows<InteractionRow>(
        deps.db,
        sql`select i.id, i.verb, i.actor_type, i.actor_id, i.payload, ${isoOf(sql`i.occurred_at`)} as occurred_at, i.channel, i.prospect_id, i.campaign_id,
                   i.enrolment_id, i.campaign_email_id, i.step, i.subject, i.thread_id, i.reply_status, i.unread, i.starred, i.virtual_employee_id
            from ${relation(accountId, channels, pageIds)}`,
      )
    : [];
  const names = await namesOf(deps.db, accountId, page);
  const byId = new Map(page.map((r) => [num(r.id), r]));
  const ordered = pageIds.map((id) => byId.get(id)).filter((r): r is InteractionRow => r !== undefined);
  return { data: ordered.map((r) => toInteraction(r, names)), meta: { page: query.page, per_page: query.per_page, total: num(counted?.total) } };
}

type Names = {
  prospects: Map<number, { name: string | null; email: string | null; company: string | null; title: string | null }>;
  campaigns: Map<number, string>;
  employees: Map<number, string>;
  users: Map<number, { name: string | null; email: string }>;
};

/** The names a page of interactions shows, one look-up per table for the whole page (by primary key). */
async function namesOf(db: Db, accountId: number, page: InteractionRow[]): Promise<Names> {
  const idsOf = (pick: (r: InteractionRow) => unknown) => [...new Set(page.map(pick).filter((v) => v !== null && v !== undefined).map(Number))];
  const prospectIds = idsOf((r) => r.prospect_id);
  const campaignIds = idsOf((r) => r.campaign_id);
  const employeeIds = idsOf((r) => r.virtual_employee_id);
  const userIds = idsOf((r) => (r.actor_type === 'user' ? r.actor_id : null));
  const [p, c, ve, u] = await Promise.all([
    prospectIds.length
      ? db
          .select({ id: prospects.id, fullName: prospects.fullName, firstName: prospects.firstName, lastName: prospects.lastName, email: prospects.email, company: prospects.company, title: prospects.title })
          .from(prospects)
          .where(and(eq(prospects.accountId, accountId), inArray(prospects.id, prospectIds)))
      : [],
    campaignIds.length ? db.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(and(eq(campaigns.accountId, accountId), inArray(campaigns.id, campaignIds))) : [],
    employeeIds.length
      ? db.select({ id: virtualEmployees.id, name: virtualEmployees.name }).from(virtualEmployees).where(and(eq(virtualEmployees.accountId, accountId), inArray(virtualEmployees.id, employeeIds)))
      : [],
    userIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.accountId, accountId), inArray(users.id, userIds))) : [],
  ]);
  const blank = (v: string | null) => (v && v.trim() ? v.trim() : null);
  return {
    prospects: new Map(p.map((r) => [r.id, { name: blank(r.fullName) ?? blank([r.firstName, r.lastName].filter(Boolean).join(' ')), email: r.email, company: blank(r.company), title: r.title }])),
    campaigns: new Map(c.map((r) => [r.id, r.name])),
    employees: new Map(ve.map((r) => [r.id, r.name])),
    users: new Map(u.map((r) => [r.id, { name: r.name, email: r.email }])),
  };
}

// ---------------------------------------------------------------- stats

/**
 * GET campaign_emails/interactions_stats: the filtered interactions counted by channel, direction and
 * kind; the distinct prospects and enrolments they concern, each enrolment counted once by its outcome.
 */
export async function stats(deps: Deps, auth: AuthContext, rawFilters: Record<string, unknown> | undefined, channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS): Promise<InteractionsStats> {
  const accountId = auth.account.id;
  const f = parseFilters(interactionFiltersSchema, rawFilters);
  const where = whereOf(interactionConditions(accountId, f));
  const byKind = KIND_VERBS.map(([kind, verbs]) => sql`count(*) filter (where ${verbs.length ? sql`f.verb in (${sqlList(verbs)})` : sql`false`}) as ${sql.raw(`"kind_${kind}"`)}`);
  const byChannel = INTERACTION_CHANNELS.map((ch) => sql`count(*) filter (where f.channel = ${ch}) as ${sql.raw(`"channel_${ch}"`)}`);
  // One statement, the filtered interactions read once: the counts, then their enrolments by outcome.
  const [totals] = await rows<Record<string, unknown> & { outcomes: Array<{ outcome: EnrolmentOutcome; n: unknown; replied: unknown }> | string | null }>(
    deps.db,
    sql`with f as materialized (select i.verb, i.channel, i.prospect_id, i.enrolment_id from ${relation(accountId, channels)} ${where}),
        o as (
          select ${outcomeSql('en', 'th')} as outcome, (th.replied_at is not null or en.stop_reason = 'replied') as replied
          from (select distinct f.enrolment_id from f where f.enrolment_id is not null) d
          join campaign_enrolments en on en.account_id = ${accountId} and en.id = d.enrolment_id
          left join email_threads th on th.account_id = ${accountId} and th.enrolment_id = en.id
        )
        select t.*,
               (select coalesce(json_agg(json_build_object('outcome', g.outcome, 'n', g.n, 'replied', g.replied)), '[]'::json)
                from (select o.outcome, count(*) as n, count(*) filter (where o.replied) as replied from o group by o.outcome) g) as outcomes
        from (select count(*) as total, count(distinct f.prospect_id) as prospects, ${sql.join([...byKind, ...byChannel], sql`, `)} from f) t`,
  );
  const outcomes = typeof totals?.outcomes === 'string' ? (JSON.parse(totals.outcomes) as Array<{ outcome: EnrolmentOutcome; n: unknown; replied: unknown }>) : (totals?.outcomes ?? []);
  const by_kind = Object.fromEntries(INTERACTION_KINDS.map((k) => [k, num(totals?.[`kind_${k}`])])) as InteractionsStats['by_kind'];
  const by_direction = Object.fromEntries(INTERACTION_DIRECTIONS.map((d) => [d, 0])) as InteractionsStats['by_direction'];
  for (const k of INTERACTION_KINDS) by_direction[INTERACTION_KIND_INFO[k].direction] += by_kind[k];
  const by_outcome = Object.fromEntries(ENROLMENT_OUTCOMES.map((o) => [o, 0])) as InteractionsStats['by_outcome'];
  let replied = 0;
  for (const o of outcomes) {
    by_outcome[o.outcome] = num(o.n);
    replied += num(o.replied);
  }
  const enrolments = Object.values(by_outcome).reduce((s, n) => s + n, 0);
  return {
    total: num(totals?.total),
    prospects: num(totals?.prospects),
    by_channel: Object.fromEntries(INTERACTION_CHANNELS.map((ch) => [ch, num(totals?.[`channel_${ch}`])])) as InteractionsStats['by_channel'],
    by_direction,
    by_kind,
    enrolments,
    by_outcome,
    reply_rate: rate(replied, enrolments),
  };
}

// ---------------------------------------------------------------- one campaign email, for the side panels

async function emailRowOf(db: Db, accountId: number, id: number) {
  const [row] = await db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.id, id)));
  if (!row) throw notFound(CAMPAIGN_MESSAGES.emailNotFound);
  return row;
}

/** The outreach verbs plus the answers written to the prospect: what "the last touch" means. */
const TOUCH_VERBS = [...OUTREACH_VERBS, 'inbox_reply_sent', 'mail_client_reply_sent', 'agent_reply_sent'];

/**
 * What GET campaign_emails/{id} adds to the email for the side panels: the campaign's state and persona, the
 * virtual employee, the enrolment (status, stop reason, outcome, step reached, last touch), the sequence
 * step by step with this enrolment's email for each, and the conversation.
 */
export async function emailContext(db: Db, accountId: number, id: number): Promise<Omit<CampaignEmailDetail, keyof CampaignEmail>> {
  const email = await emailRowOf(db, accountId, id);
  const [head] = await rows<Record<string, unknown>>(
    db,
    sql`select c.status as campaign_status, pe.id as persona_id, pe.name as persona_name,
               ve.id as ve_id, ve.name as ve_name, ve.title as ve_title,
               en.id as en_id, en.status as en_status, en.email as en_email, en.stop_reason, ${isoOf(sql`en.stopped_at`)} as stopped_at, ${isoOf(sql`en.created_at`)} as en_created_at,
               case when en.id is null then null else ${outcomeSql('en', 'th')} end as outcome,
               (select max(s.step_position) from campaign_emails s where s.account_id = ${accountId} and s.enrolment_id = en.id and s.status = 'sent') as step_reached,
               (select ${isoOf(sql`max(a.occurred_at)`)} from activities a where a.account_id = ${accountId} and a.prospect_id = ce.prospect_id and a.verb in (${sqlList(TOUCH_VERBS)})
                  and (${payloadId('enrolment_id')} = en.id or ${payloadId('thread_id')} = th.id)) as last_touch_at,
               th.id as th_id, th.reply_status, ${isoOf(sql`th.replied_at`)} as replied_at, th.unread, th.stop_sending
        from campaign_emails ce
        left join campaigns c on c.account_id = ${accountId} and c.id = ce.campaign_id
        left join personas pe on pe.account_id = ${accountId} and pe.id = c.persona_id
        left join campaign_enrolments en on en.account_id = ${accountId} and en.id = ce.enrolment_id
        left join virtual_employees ve on ve.account_id = ${accountId} and ve.id = coalesce(ce.virtual_employee_id, en.virtual_employee_id)
        left join email_threads th on th.account_id = ${accountId} and th.enrolment_id = ce.enrolment_id
        where ce.account_id = ${accountId} and ce.id = ${email.id}`,
  );
  const sequence = await rows<Record<string, unknown>>(
    db,
    sql`select s.position as step, s.channel, s.delay_days, e.id, e.status, e.status_reason, e.subject,
               ${isoOf(sql`e.due_at`)} as due_at, ${isoOf(sql`e.send_after`)} as send_after, ${isoOf(sql`e.sent_at`)} as sent_at
        from campaign_steps s
        left join campaign_emails e on e.account_id = ${accountId} and e.enrolment_id = ${email.enrolmentId} and e.step_position = s.position
        where s.account_id = ${accountId} and s.campaign_id = ${email.campaignId}
        order by s.position`,
  );
  const h = head ?? {};
  const status = str(h.reply_status);
  return {
    campaign_status: (str(h.campaign_status) as CampaignEmailDetail['campaign_status']) ?? null,
    persona: h.persona_id == null ? null : { id: num(h.persona_id), name: String(h.persona_name) },
    virtual_employee: h.ve_id == null ? null : { id: num(h.ve_id), name: String(h.ve_name), title: str(h.ve_title) },
    enrolment:
      h.en_id == null
        ? null
        : {
            id: num(h.en_id),
            status: h.en_status as 'active' | 'stopped' | 'finished',
            email: String(h.en_email),
            stop_reason: stopReasonText(str(h.stop_reason)),
            stopped_at: str(h.stopped_at),
            created_at: String(h.en_created_at),
            outcome: h.outcome as EnrolmentOutcome,
            step_reached: num(h.step_reached),
            last_touch_at: str(h.last_touch_at),
          },
    sequence: sequence.map((s) => ({
      step: num(s.step),
      channel: s.channel as CampaignEmailDetail['sequence'][number]['channel'],
      delay_days: num(s.delay_days),
      campaign_email_id: numOrNull(s.id),
      status: (str(s.status) as CampaignEmailDetail['sequence'][number]['status']) ?? null,
      status_reason: stopReasonText(str(s.status_reason)),
      subject: str(s.subject),
      due_at: str(s.due_at),
      send_after: str(s.send_after),
      sent_at: str(s.sent_at),
    })),
    thread:
      h.th_id == null
        ? null
        : {
            id: num(h.th_id),
            reply_status: status && (REPLY_STATUSES as readonly string[]).includes(status) ? (status as ReplyStatus) : null,
            replied_at: str(h.replied_at),
            unread: h.unread === true,
            stop_sending: h.stop_sending === true,
          },
  };
}

/**
 * GET campaign_emails/{id}/person_offering_info: the prospect the message went to, the persona it was
 * written for (the campaign's, with its figures) and the offering composition takes for that persona
 * (its messaging setting's, else the newest: what writes the next message; the outbox keeps no copy of
 * which offering an email was written from).
 */
export async function personOfferingInfo(deps: Deps, auth: AuthContext, id: number, channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS): Promise<PersonOfferingInfo> {
  const accountId = auth.account.id;
  const db = deps.db;
  const email = await emailRowOf(db, accountId, id);
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, email.campaignId)));
  const [prospect] = email.prospectId ? await db.select().from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, email.prospectId))) : [];
  const [persona] = campaign ? await db.select().from(personas).where(and(eq(personas.accountId, accountId), eq(personas.id, campaign.personaId))) : [];
  const setting = await settingForPersona(db, accountId, campaign?.personaId ?? null);
  const offering = await offeringFor(db, accountId, setting);
  const [employee] = email.virtualEmployeeId
    ? await db.select().from(virtualEmployees).where(and(eq(virtualEmployees.accountId, accountId), eq(virtualEmployees.id, email.virtualEmployeeId)))
    : [];
  return {
    campaign_email_id: email.id,
    campaign: { id: email.campaignId, name: campaign?.name ?? '', status: campaign?.status ?? 'archived' },
    prospect: prospect
      ? {
          id: prospect.id,
          full_name: prospect.fullName,
          email: prospect.email,
          title: prospect.title,
          headline: prospect.headline,
          company: prospect.company,
          company_domain: prospect.companyDomain,
          industry: prospect.industry,
          location: prospect.location,
          country: prospect.country,
          linkedin_url: prospect.linkedinUrl,
          photo_url: prospect.photoUrl,
          source: prospect.source,
          created_at: prospect.createdAt.toISOString(),
        }
      : null,
    persona: persona ? { id: persona.id, name: persona.name, description: persona.description, figures: await personaFigures(db, accountId, persona.id, channels) } : null,
    offering: offering
      ? {
          id: offering.id,
          name: offering.name,
          description: offering.description,
          price_min: offering.priceMin === null ? null : Number(offering.priceMin),
          price_max: offering.priceMax === null ? null : Number(offering.priceMax),
          currency: offering.currency,
          price_period: offering.pricePeriod,
          url: offering.url,
        }
      : null,
    messaging_setting: setting ? { id: setting.id, own: setting.personaId !== null && setting.personaId === campaign?.personaId, language: setting.language, tone_voice: setting.toneVoice } : null,
    virtual_employee: employee ? { id: employee.id, name: employee.name, title: employee.title } : null,
  };
}

// ---------------------------------------------------------------- outreach state (the persona export)

export type OutreachState = {
  campaign: string;
  status: string;
  stepReached: number;
  steps: number;
  lastTouchAt: string | null;
  lastTouchChannel: string | null;
  replied: boolean;
  replyStatus: string | null;
  outcome: EnrolmentOutcome;
  stopReason: string | null;
};

/**
 * Each prospect of a persona's outreach state: its most recent enrolment in any campaign (status, the step
 * it reached of how many, what came back, why it stopped) and its last touch on any channel (activity log).
 * Two set queries for the whole persona.
 */
export async function outreachStatesOfPersona(db: Db, accountId: number, personaId: number): Promise<Map<number, OutreachState>> {
  const members = sql`(select pp.prospect_id from persona_prospects pp where pp.account_id = ${accountId} and pp.persona_id = ${personaId})`;
  const [enrolled, touches] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`select distinct on (en.prospect_id) en.prospect_id, c.name as campaign, en.status, en.stop_reason, th.replied_at is not null as replied, th.reply_status,
                 ${outcomeSql('en', 'th')} as outcome,
                 (select max(s.step_position) from campaign_emails s where s.account_id = ${accountId} and s.enrolment_id = en.id and s.status = 'sent') as step_reached,
                 (select count(*) from campaign_steps cs where cs.account_id = ${accountId} and cs.campaign_id = en.campaign_id) as steps
          from campaign_enrolments en
          join campaigns c on c.account_id = ${accountId} and c.id = en.campaign_id
          left join email_threads th on th.account_id = ${accountId} and th.enrolment_id = en.id
          where en.account_id = ${accountId} and en.prospect_id in ${members}
          order by en.prospect_id, en.created_at desc, en.id desc`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`select distinct on (a.prospect_id) a.prospect_id, ${isoOf(sql`a.occurred_at`)} as at, coalesce(case a.channel when 'phone' then 'call' else a.channel end, 'email') as channel
          from activities a
          where a.account_id = ${accountId} and a.verb in (${sqlList(TOUCH_VERBS)}) and a.prospect_id in ${members}
          order by a.prospect_id, a.occurred_at desc, a.id desc`,
    ),
  ]);
  const touchOf = new Map(touches.map((t) => [num(t.prospect_id), { at: str(t.at), channel: str(t.channel) }]));
  const out = new Map<number, OutreachState>();
  for (const e of enrolled) {
    const id = num(e.prospect_id);
    const touch = touchOf.get(id);
    out.set(id, {
      campaign: String(e.campaign),
      status: String(e.status),
      stepReached: num(e.step_reached),
      steps: num(e.steps),
      lastTouchAt: touch?.at ?? null,
      lastTouchChannel: touch?.channel ?? null,
      replied: e.replied === true,
      replyStatus: str(e.reply_status),
      outcome: e.outcome as EnrolmentOutcome,
      stopReason: stopReasonText(str(e.stop_reason)),
    });
  }
  return out;
}
