import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_CHANNELS,
  type ActivityGraph,
  type ActivityItem,
  type ActivityList,
  type AwareCompanies,
  type ChannelsActivity,
  type DashboardChannel,
  type DashboardPeriod,
  type GeneralStatistics,
} from '@shared/schemas/dashboard';
import { REPLY_STATUS_LABELS, type ReplyStatus } from '@shared/schemas/inbox';
import type { PersonaFigures } from '@shared/schemas/interactions';
import type { FunnelStage, Opportunities } from '@shared/schemas/insights';
import type { Db } from '../../db/client';
import { OUTREACH_VERBS } from '@shared/events';
import { myOpportunities } from '../insights/performance';
import { onChannels } from '../activities/channels';
import { periodWindow, type PeriodWindow } from '../../lib/periods';


/**
 * The dashboard's figures: SQL aggregates over the activity log (activities) and the domain tables
 * (prospects, personas, users), never stored totals. Every query is scoped by the account id.
 */

/** Where "now" comes from. Tests pin it (`dashboardClock.now = () => fixed`) to assert exact figures. */
export const dashboardClock = { now: (): Date => new Date() };

const OUTREACH = sql.raw(`(${OUTREACH_VERBS.map((v) => `'${v}'`).join(', ')})`);
/** The verbs any widget counts (outreach, replies, meetings): lets the (account, verb, occurred_at) index narrow the scan. */
const COUNTED = sql.raw(`(${[...OUTREACH_VERBS, 'reply_received', 'meeting_booked'].map((v) => `'${v}'`).join(', ')})`);

const iso = (d: Date) => d.toISOString();
const ts = (d: Date) => sql`${iso(d)}::timestamptz`;
/** A timestamp column as ISO 8601 in UTC with milliseconds, the same on both drivers. */
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}
const num = (v: unknown) => Number(v ?? 0);
const round1 = (v: number) => Math.round(v * 10) / 10;
export const rate = (part: number, whole: number) => (whole > 0 ? Math.min(100, round1((part / whole) * 100)) : 0);
const rangeOf = (from: Date, to: Date) => ({ from: iso(from), to: iso(to) });

/** What the dashboard's cohort cards read: the insights funnel's (my_opportunities), one set of queries for both pages. */
export type CohortFigures = Pick<Opportunities, 'funnel' | 'previous' | 'meetings_booked_in_period'>;

/**
 * Prospects total, personas, prospects added, touches sent and replies received in the period (events, as the chart
 * counts them) and prospects contacted and reply rate: the insights funnel's cohort (the prospects contacted in the
 * period, followed to now), and meetings booked in the period (events), all from the insights answer, each beside the
 * previous period. The route passes the insights answer
 * (through its snapshot, so both pages show the same figures at the same moment); without one it is computed here.
 */
export async function generalStatistics(
  db: Db,
  accountId: number,
  period: DashboardPeriod,
  now = dashboardClock.now(),
  channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS,
  cohort?: CohortFigures,
): Promise<GeneralStatistics> {
  const w = periodWindow(period, now);
  const inCur = sql`occurred_at >= ${ts(w.start)} and occurred_at <= ${ts(w.end)}`;
  const inPrev = sql`occurred_at >= ${ts(w.previousStart)} and occurred_at <= ${ts(w.previousEnd)}`;
  const figures = (win: SQL, suffix: string) => sql.join(
    [
      sql`count(*) filter (where ${win} and verb in ${OUTREACH}) as ${sql.raw(`sent_${suffix}`)}`,
      sql`count(*) filter (where ${win} and verb = 'reply_received') as ${sql.raw(`replies_${suffix}`)}`,
    ],
    sql`, `,
  );
  const [a] = await rows<Record<string, unknown>>(
    db,
    sql`select ${figures(inCur, 'cur')}, ${figures(inPrev, 'prev')}
        from activities
        where account_id = ${accountId} and ${onChannels(channels)} and verb in ${COUNTED} and occurred_at >= ${ts(w.previousStart)} and occurred_at <= ${ts(w.end)}`,
  );
  const [d] = await rows<Record<string, unknown>>(
    db,
    sql`select
          (select count(*) from prospects where account_id = ${accountId}) as prospects_total,
          (select count(*) from personas where account_id = ${accountId}) as personas_count,
          (select count(*) from prospects where account_id = ${accountId} and created_at >= ${ts(w.start)} and created_at <= ${ts(w.end)}) as added_cur,
          (select count(*) from prospects where account_id = ${accountId} and created_at >= ${ts(w.previousStart)} and created_at <= ${ts(w.previousEnd)}) as added_prev`,
  );
  const { funnel, previous, meetings_booked_in_period: meetings } = cohort ?? (await myOpportunities(db, accountId, period, now, undefined, channels));
  const stage = (name: FunnelStage) => funnel.find((s) => s.stage === name)?.prospects ?? 0;
  const metric = (name: string) => ({ value: num(a?.[`${name}_cur`]), previous: num(a?.[`${name}_prev`]) });
  return {
    period,
    range: rangeOf(w.start, w.end),
    previous_range: rangeOf(w.previousStart, w.previousEnd),
    prospects_total: num(d?.prospects_total),
    personas_count: num(d?.personas_count),
    prospects_added: { value: num(d?.added_cur), previous: num(d?.added_prev) },
    messages_sent: metric('sent'),
    contacted: { value: stage('contacted'), previous: previous.contacted },
    replies: metric('replies'),
    reply_rate: { value: rate(stage('replied'), stage('contacted')), previous: rate(previous.replied, previous.contacted) },
    meetings_booked: { value: meetings, previous: previous.meetings_booked_in_period },
  };
}

/** Touches sent, replies and meetings per UTC day (week, month) or ISO week (quarter, year), zero-filled. */
export async function activityGraph(db: Db, accountId: number, period: DashboardPeriod, now = dashboardClock.now(), channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS): Promise<ActivityGraph> {
  const w = periodWindow(period, now);
  const unit = sql.raw(`'${w.bucket}'`);
  const step = sql.raw(w.bucket === 'day' ? "interval '1 day'" : "interval '7 days'");
  const points = await rows<{ date: string; sent: unknown; replies: unknown; meetings: unknown }>(
    db,
    sql`with buckets as (
          select gs as d from generate_series(${iso(w.start)}::timestamptz at time zone 'UTC', ${iso(w.lastBucket)}::timestamptz at time zone 'UTC', ${step}) as gs
        ), counts as (
          select date_trunc(${unit}, occurred_at at time zone 'UTC') as d,
                 count(*) filter (where verb in ${OUTREACH}) as sent,
                 count(*) filter (where verb = 'reply_received') as replies,
                 count(*) filter (where verb = 'meeting_booked') as meetings
          from activities
          where account_id = ${accountId} and ${onChannels(channels)} and verb in ${COUNTED} and occurred_at >= ${ts(w.start)} and occurred_at <= ${ts(w.end)}
          group by 1
        )
        select to_char(buckets.d, 'YYYY-MM-DD') as date, coalesce(counts.sent, 0) as sent,
               coalesce(counts.replies, 0) as replies, coalesce(counts.meetings, 0) as meetings
        from buckets left join counts on counts.d = buckets.d
        order by buckets.d`,
  );
  const data = points.map((p) => ({ date: p.date, sent: num(p.sent), replies: num(p.replies), meetings: num(p.meetings) }));
  return {
    period,
    bucket: w.bucket,
    range: rangeOf(w.start, w.end),
    points: data,
    totals: {
      sent: data.reduce((s, p) => s + p.sent, 0),
      replies: data.reduce((s, p) => s + p.replies, 0),
      meetings: data.reduce((s, p) => s + p.meetings, 0),
    },
  };
}

/**
 * Companies that know about us: distinct prospect companies (same name in any case is one company)
 * that got at least one touch, with touches per channel, replies and meetings; most touches first.
 * All time (up to now) without a period.
 */
export async function awareCompanies(
  db: Db,
  accountId: number,
  options: { period?: DashboardPeriod | undefined; limit: number },
  now = dashboardClock.now(),
  channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS,
): Promise<AwareCompanies> {
  const w: PeriodWindow | null = options.period ? periodWindow(options.period, now) : null;
  const inWindow = w ? sql`and a.occurred_at >= ${ts(w.start)} and a.occurred_at <= ${ts(w.end)}` : sql`and a.occurred_at <= ${ts(now)}`;
  const list = await rows<Record<string, unknown>>(
    db,
    // The company's spelling on its latest activity names the group.
    sql`select (array_agg(btrim(p.company) order by a.occurred_at desc, a.id desc))[1] as company,
               count(distinct a.prospect_id) filter (where a.verb in ${OUTREACH}) as prospects,
               count(*) filter (where a.verb in ${OUTREACH}) as touches,
               count(*) filter (where a.verb in ${OUTREACH} and a.channel = 'email') as email,
               count(*) filter (where a.verb in ${OUTREACH} and a.channel = 'linkedin') as linkedin,
               count(*) filter (where a.verb in ${OUTREACH} and a.channel = 'phone') as phone,
               count(*) filter (where a.verb = 'reply_received') as replies,
               count(*) filter (where a.verb = 'meeting_booked') as meetings,
               ${isoOf(sql`max(a.occurred_at) filter (where a.verb in ${OUTREACH})`)} as last_touch_at,
               count(*) over () as total_companies
        from activities a
        join prospects p on p.id = a.prospect_id and p.account_id = a.account_id
        where a.account_id = ${accountId} and ${onChannels(channels, 'a')} and a.verb in ${COUNTED} ${inWindow}
          and p.company is not null and btrim(p.company) <> ''
        group by lower(btrim(p.company))
        having count(*) filter (where a.verb in ${OUTREACH}) > 0
        order by touches desc, company asc
        limit ${options.limit}`,
  );
  return {
    period: options.period ?? null,
    total_companies: num(list[0]?.total_companies),
    companies: list.map((r) => ({
      company: String(r.company),
      prospects: num(r.prospects),
      touches: num(r.touches),
      email: num(r.email),
      linkedin: num(r.linkedin),
      phone: num(r.phone),
      replies: num(r.replies),
      meetings: num(r.meetings),
      last_touch_at: String(r.last_touch_at),
    })),
  };
}

/** Touches sent, replies and meetings per channel in the period, every channel listed, with its share of the touches. */
export async function channelsActivity(db: Db, accountId: number, period: DashboardPeriod, now = dashboardClock.now(), channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS): Promise<ChannelsActivity> {
  const w = periodWindow(period, now);
  const list = await rows<{ channel: DashboardChannel; sent: unknown; replies: unknown; meetings: unknown }>(
    db,
    sql`select c.channel, coalesce(x.sent, 0) as sent, coalesce(x.replies, 0) as replies, coalesce(x.meetings, 0) as meetings
        from (values ${sql.join(channels.map((ch, i) => sql`(${ch}::text, ${i}::int)`), sql`, `)}) as c(channel, ord)
        left join (
          select channel,
                 count(*) filter (where verb in ${OUTREACH}) as sent,
                 count(*) filter (where verb = 'reply_received') as replies,
                 count(*) filter (where verb = 'meeting_booked') as meetings
          from activities
          where account_id = ${accountId} and ${onChannels(channels)} and verb in ${COUNTED} and channel is not null
            and occurred_at >= ${ts(w.start)} and occurred_at <= ${ts(w.end)}
          group by channel
        ) as x on x.channel = c.channel
        order by c.ord`,
  );
  const totalSent = list.reduce((s, r) => s + num(r.sent), 0);
  return {
    period,
    range: rangeOf(w.start, w.end),
    total_sent: totalSent,
    channels: list.map((r) => ({
      channel: r.channel,
      sent: num(r.sent),
      replies: num(r.replies),
      meetings: num(r.meetings),
      share: totalSent > 0 ? round1((num(r.sent) / totalSent) * 100) : 0,
    })),
  };
}

/**
 * One persona's figures, all time, from the tables the dashboard reads: its prospects (persona_prospects),
 * contacted and replied (the activity log's outreach touches and reply_received, on the brand's channels,
 * distinct prospects), the reply rate as the dashboard computes it, interested (conversations marked
 * interested or a meeting request: the user's corrections count) and those whose sequence in one of the
 * persona's campaigns is still going (an active enrolment; its campaign may be paused).
 */
export async function personaFigures(db: Db, accountId: number, personaId: number, channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS): Promise<PersonaFigures> {
  const members = sql`(select pp.prospect_id from persona_prospects pp where pp.account_id = ${accountId} and pp.persona_id = ${personaId})`;
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`select
          (select count(*) from persona_prospects pp where pp.account_id = ${accountId} and pp.persona_id = ${personaId}) as prospects,
          (select count(distinct a.prospect_id) from activities a
            where a.account_id = ${accountId} and ${onChannels(channels, 'a')} and a.verb in ${OUTREACH} and a.prospect_id in ${members}) as contacted,
          (select count(distinct a.prospect_id) from activities a
            where a.account_id = ${accountId} and ${onChannels(channels, 'a')} and a.verb = 'reply_received' and a.prospect_id in ${members}) as replied,
          (select count(distinct t.prospect_id) from email_threads t
            where t.account_id = ${accountId} and t.reply_status in ('interested', 'meeting_request') and t.prospect_id in ${members}) as interested,
          (select count(distinct e.prospect_id) from campaign_enrolments e
            join campaigns c on c.id = e.campaign_id and c.account_id = ${accountId}
            where e.account_id = ${accountId} and e.status = 'active' and c.persona_id = ${personaId}) as in_sequence`,
  );
  const contacted = num(r?.contacted);
  const replied = num(r?.replied);
  return { prospects: num(r?.prospects), contacted, replied, reply_rate: rate(replied, contacted), interested: num(r?.interested), in_sequence: num(r?.in_sequence) };
}

type ActivityRowJoined = {
  id: unknown;
  verb: string;
  actor_type: ActivityItem['actor']['type'];
  channel: DashboardChannel | null;
  payload: Record<string, unknown> | null;
  occurred_at: string;
  prospect_id: unknown;
  prospect_name: string | null;
  prospect_company: string | null;
  persona_id: unknown;
  persona_name: string | null;
  user_name: string | null;
  user_email: string | null;
};

const CHANNEL_WORDS: Record<DashboardChannel, string> = { email: 'by email', linkedin: 'on LinkedIn', phone: 'by phone' };

/** The feed line for an activity, from its verb, names and payload. */
export function describeActivity(r: {
  verb: string;
  channel: DashboardChannel | null;
  payload: Record<string, unknown> | null;
  prospect: ActivityItem['prospect'];
  persona: ActivityItem['persona'];
}): string {
  const who = r.prospect ? `${r.prospect.name}${r.prospect.company ? ` (${r.prospect.company})` : ''}` : 'a prospect';
  const payload = r.payload ?? {};
  const text = (k: string) => (typeof payload[k] === 'string' && payload[k] ? (payload[k] as string) : null);
  const on = r.channel ? ` ${CHANNEL_WORDS[r.channel]}` : '';
  switch (r.verb) {
    case 'email_sent':
      return `Email sent to ${who}${text('subject') ? `: “${text('subject')}”` : ''}`;
    case 'linkedin_invitation_sent':
      return `LinkedIn invitation sent to ${who}`;
    case 'linkedin_connection_accepted':
      return `${who} accepted the LinkedIn invitation`;
    case 'linkedin_message_sent':
      return `LinkedIn message sent to ${who}`;
    case 'linkedin_profile_viewed':
      return `LinkedIn profile of ${who} viewed`;
    case 'task_prepared':
      return `${payload.kind === 'call' ? 'Call script' : payload.kind === 'view_profile' ? 'LinkedIn profile visit' : 'LinkedIn text'} prepared for ${who}${typeof payload.step === 'number' ? ` (step ${payload.step})` : ''}`;
    case 'task_skipped':
      return `${payload.kind === 'call' ? 'Call' : 'LinkedIn step'} skipped for ${who}`;
    case 'call_made':
      return `Called ${who}${typeof payload.duration_seconds === 'number' ? ` (${Math.max(1, Math.round(payload.duration_seconds / 60))} min)` : ''}${typeof payload.outcome === 'string' && payload.outcome ? `: ${payload.outcome.replace(/_/g, ' ')}` : ''}`;
    case 'call_placed':
      return `The agent is calling ${who}`;
    case 'call_ringing':
      return `Ringing ${who}`;
    case 'call_answered':
      return `${who} answered the agent's call`;
    case 'call_failed':
      return `The call to ${who} could not be placed`;
    case 'call_uncertain':
      return `The call to ${who} may not have been placed`;
    case 'reply_received':
      return `${who} replied${on}`;
    case 'meeting_booked':
      return `Meeting booked with ${who}${text('event_name') ? `: ${text('event_name')}` : ''}`;
    case 'meeting_rescheduled':
      return `Meeting with ${who} moved${text('starts_at') ? ` to ${text('starts_at')!.slice(0, 16).replace('T', ' ')} UTC` : ''}`;
    case 'meeting_canceled':
      return `Meeting with ${who} canceled${text('reason') ? `: ${text('reason')}` : ''}`;
    case 'prospect_added':
      if ((num(payload.count) ?? 1) > 1) return `${num(payload.count)} prospects added${r.persona ? ` to ${r.persona.name}` : ''}${payload.source === 'linkedin_search' ? ' from a saved LinkedIn search' : ''}`;
      return `${who} added${r.persona ? ` to ${r.persona.name}` : ''}`;
    case 'import_finished':
      return `CSV import finished: ${num(payload.created)} new, ${num(payload.merged)} merged${r.persona ? ` into ${r.persona.name}` : ''}`;
    case 'message_generated':
      if (payload.kind === 'campaign') return `Email written for ${who}${typeof payload.step === 'number' ? ` (step ${payload.step})` : ''}`;
      return `Example message written${r.prospect ? ` for ${who}` : ''}`;
    case 'campaign_created':
      return `Campaign created${text('name') ? `: ${text('name')}` : ''}`;
    case 'campaign_prospects_enrolled':
      return `${num(payload.enrolled)} prospect${payload.enrolled === 1 ? '' : 's'} enrolled${r.persona ? ` from ${r.persona.name}` : ''}`;
    case 'campaign_email_approved':
      return `Email to ${who} approved`;
    case 'campaign_emails_approved':
      return `${num(payload.count)} email${payload.count === 1 ? '' : 's'} approved`;
    case 'campaign_email_skipped':
      return `Email to ${who} skipped`;
    case 'campaign_email_held':
      return `Email to ${who} held for review: a claim the approved claims do not support`;
    case 'sequence_stopped':
      return `Sequence stopped for ${who}`;
    case 'enrolment_stopped':
      return `${who} left a campaign${text('reason') ? ` (${text('reason')})` : ''}`;
    case 'offering_created':
      return `Offering created${text('name') ? `: ${text('name')}` : ''}`;
    case 'post_published':
      return `Post published${on}`;
    case 'social_post_failed':
      return `A post could not be published${on}${text('reason') ? `: ${text('reason')}` : ''}`;
    case 'social_posts_planned':
      return `${typeof payload.count === 'number' ? payload.count : 'New'} post${payload.count === 1 ? '' : 's'} written for the coming week${on}`;
    case 'social_post_approved':
      return `Post approved${on}`;
    case 'social_post_skipped':
      return `Post skipped${on}`;
    case 'social_profile_connected':
      return `LinkedIn connected for a virtual employee${text('name') ? `: ${text('name')}` : ''}`;
    case 'social_profile_expired':
      return `LinkedIn access expired for a virtual employee: posts are paused`;
    case 'social_profile_unlinked':
      return 'LinkedIn unlinked from a virtual employee';
    case 'website_visited': {
      const pages = Array.isArray(payload.pages) ? (payload.pages as Array<{ title?: unknown; path?: unknown }>) : [];
      const read = pages.map((p) => (typeof p.title === 'string' && p.title) || (typeof p.path === 'string' ? p.path : '')).filter(Boolean).slice(0, 3);
      const by = payload.signal === 'personal_link' ? `${who} opened their personal link to your website` : `${text('company_name') ?? `${who}'s company`} visited your website`;
      return `${by}${read.length ? `: ${read.join(', ')}` : ''}`;
    }
    case 'test_call':
      return 'Test call placed';
    case 'mailbox_connected':
      return `Mailbox connected: ${text('email') ?? 'a mailbox'}`;
    case 'mailbox_paused':
      return `Mailbox paused: ${text('email') ?? 'a mailbox'}${text('reason') ? ` (${text('reason')})` : ''}`;
    case 'mailbox_resumed':
      return `Mailbox resumed: ${text('email') ?? 'a mailbox'}`;
    case 'mailbox_failing':
      return `Mailbox stopped sending: ${text('email') ?? 'a mailbox'}${text('reason') ? `: ${text('reason')}` : ''}`;
    case 'mailbox_send_failed':
      return `Mailbox could not connect to send: ${text('email') ?? 'a mailbox'}${text('reason') ? ` (${text('reason')})` : ''}`;
    case 'email_bounced':
      return `Email to ${r.prospect ? who : (text('email') ?? 'a prospect')} bounced${text('reason') ? `: ${text('reason')}` : ''}`;
    case 'campaign_finished':
      return `Campaign finished${text('campaign_name') ? `: ${text('campaign_name')}` : ''}${typeof payload.sent === 'number' ? ` (${payload.sent} email${payload.sent === 1 ? '' : 's'} sent)` : ''}`;
    case 'bounce_rate_high': {
      if (payload.rule === 'complaints') return `Spam complaints too high${text('campaign_name') ? ` in ${text('campaign_name')}` : ''}${payload.paused === true ? ': campaign paused' : ''}`;
      const share = typeof payload.rate === 'number' ? ` (${Math.round(payload.rate * 1000) / 10}% bounced)` : '';
      return `Bounce rate too high${text('campaign_name') ? ` in ${text('campaign_name')}` : ''}${share}${payload.paused === true ? ': campaign paused' : ''}`;
    }
    case 'email_unsubscribed':
      return `${r.prospect ? who : (text('email') ?? 'a prospect')} unsubscribed`;
    case 'email_delayed':
      return `Delivery to ${r.prospect ? who : (text('email') ?? 'a prospect')} delayed${text('reason') ? `: ${text('reason')}` : ''}`;
    case 'auto_reply_received': {
      const status = text('reply_status');
      const back = text('return_date');
      if (status === 'out_of_office') return `Out-of-office reply from ${who}${back ? ` (back ${back})` : ''}`;
      return `Automatic reply from ${who}${status && status in REPLY_STATUS_LABELS ? ` (${REPLY_STATUS_LABELS[status as ReplyStatus].toLowerCase()})` : ''}`;
    }
    case 'reply_interested':
      return `${who} is interested`;
    case 'meeting_requested':
      return `${who} asked for a meeting`;
    case 'reply_status_changed': {
      const to = text('to');
      return `Reply status of ${who} set to ${to && to in REPLY_STATUS_LABELS ? REPLY_STATUS_LABELS[to as ReplyStatus].toLowerCase() : 'another status'}${text('source') === 'user' ? ' by hand' : ''}`;
    }
    case 'inbox_reply_sent':
      return `Answered ${who} from the inbox`;
    case 'mail_client_reply_sent':
      return `Answered ${who} from a mail client`;
    case 'agent_reply_sent':
      return `The agent answered ${who} on its own`;
    case 'agent_reply_failed':
      return `The agent's answer to ${who} ${payload.uncertain === true ? 'may not have gone out' : 'was not sent'}${text('reason') ? `: ${text('reason')}` : ''}`;
    case 'enrolment_paused': {
      const until = text('until');
      return `Sequence paused for ${who}${until ? ` until ${until.slice(0, 10)}` : ''}${text('reason') ? ` (${text('reason')})` : ''}`;
    }
    case 'campaign_email_edited':
      return `Email to ${who} edited`;
    default: {
      const words = r.verb.replace(/_/g, ' ');
      return `${words.charAt(0).toUpperCase()}${words.slice(1)}${r.prospect ? `: ${who}` : ''}`;
    }
  }
}

const ACTOR_NAMES: Record<Exclude<ActivityItem['actor']['type'], 'user'>, string> = {
  agent: 'AI agent',
  virtual_employee: 'Virtual employee',
  system: 'System',
};

/** The account's activity log, newest first, with the prospect, persona and acting user's names. */
export async function activityList(
  db: Db,
  accountId: number,
  q: { page: number; per_page: number; prospect_id?: number | undefined },
  channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS,
): Promise<ActivityList> {
  const ofProspect = q.prospect_id === undefined ? sql`` : sql` and prospect_id = ${q.prospect_id}`;
  const ofProspectA = q.prospect_id === undefined ? sql`` : sql` and a.prospect_id = ${q.prospect_id}`;
  const [count] = await rows<{ n: unknown }>(db, sql`select count(*) as n from activities where account_id = ${accountId} and ${onChannels(channels)}${ofProspect}`);
  const list = await rows<ActivityRowJoined>(
    db,
    sql`select a.id, a.verb, a.actor_type, a.channel, a.payload, ${isoOf(sql`a.occurred_at`)} as occurred_at,
               p.id as prospect_id, coalesce(nullif(btrim(p.full_name), ''), nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email, p.linkedin_url) as prospect_name,
               nullif(btrim(p.company), '') as prospect_company,
               pe.id as persona_id, pe.name as persona_name, u.name as user_name, u.email as user_email
        from activities a
        left join prospects p on p.id = a.prospect_id and p.account_id = a.account_id
        left join personas pe on pe.id = a.persona_id and pe.account_id = a.account_id
        left join users u on a.actor_type = 'user' and u.id = a.actor_id and u.account_id = a.account_id
        where a.account_id = ${accountId} and ${onChannels(channels, 'a')}${ofProspectA}
        order by a.occurred_at desc, a.id desc
        limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
  );
  return {
    data: list.map((r) => {
      const prospect = r.prospect_id == null ? null : { id: num(r.prospect_id), name: r.prospect_name ?? 'Unnamed prospect', company: r.prospect_company };
      const persona = r.persona_id == null ? null : { id: num(r.persona_id), name: r.persona_name ?? '' };
      return {
        id: num(r.id),
        verb: r.verb,
        description: describeActivity({ verb: r.verb, channel: r.channel, payload: r.payload, prospect, persona }),
        actor: { type: r.actor_type, name: r.actor_type === 'user' ? r.user_name?.trim() || r.user_email || 'A teammate' : ACTOR_NAMES[r.actor_type] },
        channel: r.channel,
        prospect,
        persona,
        occurred_at: r.occurred_at,
      };
    }),
    meta: { page: q.page, per_page: q.per_page, total: num(count?.n) },
  };
}
