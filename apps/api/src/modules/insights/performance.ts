import { sql, type SQL } from 'drizzle-orm';
import { INSIGHTS_MIN_SAMPLE } from '@shared/constants';
import { OUTREACH_VERBS } from '@shared/events';
import { FUNNEL_STAGE_LABELS, FUNNEL_STAGES, STATISTIC_LABELS, type AudienceValue, type FunnelStage, type Opportunities, type StatisticName, type TargetAudience } from '@shared/schemas/insights';
import type { Db } from '../../db/client';
import { periodWindow, type PeriodWindow } from '../../lib/periods';
import { DASHBOARD_CHANNELS, type DashboardChannel, type DashboardPeriod } from '@shared/schemas/dashboard';
import { onChannels } from '../activities/channels';
import { iso, jsonInt, num, POSITIVE_STATUSES, rowsOf, ts } from './sql';
import { wilson } from './stats';

/**
 * Performance insights (issue 26), over a cohort: the prospects contacted in the period (any outreach touch: an
 * email sent, a LinkedIn invitation or message, a call) and how far each got since, to now:
 * replied (a person's reply on any channel), positive (a reply whose status is interested or meeting request now,
 * or a pipeline card that reached interested or later), meeting booked, proposal, won (the card reached that stage,
 * by any move not undone, or is there now). A card that jumps a stage reached the ones before it.
 */

const OUTREACH = sql.raw(`(${OUTREACH_VERBS.map((v) => `'${v}'`).join(', ')})`);

/** The pipeline stages in funnel order, as ranks (0: none of them). */
const RANK = sql.raw(`case s when 'interested' then 1 when 'meeting_booked' then 2 when 'proposal' then 3 when 'won' then 4 else 0 end`);

/** An activity's campaign: its campaign email's (joined as `ce`), else the one its payload names. */
const campaignOf = (alias: string) => sql`coalesce(ce.campaign_id, ${jsonInt(sql.raw(`${alias}.payload`), 'campaign_id')})`;

type CohortOptions = { accountId: number; from: Date; to: Date; campaignId?: number; channels?: readonly DashboardChannel[] };

/**
 * `touches`: the period's outreach with what it concerns; `cohort`: one row per prospect contacted, with the first
 * touch; `answers`: their replies since the period began; `reach`: how far their pipeline card got.
 */
function cohortCtes({ accountId, from, to, campaignId, channels = DASHBOARD_CHANNELS }: CohortOptions): SQL {
  const ceId = jsonInt(sql`a.payload`, 'campaign_email_id');
  const campaign = campaignOf('a');
  return sql`touches as (
      select a.prospect_id, a.persona_id, a.channel, a.occurred_at, ${campaign} as campaign_id, ce.step_position as step,
             coalesce(ce.virtual_employee_id, case when a.actor_type = 'virtual_employee' then a.actor_id end) as virtual_employee_id
      from activities a
      left join campaign_emails ce on ce.account_id = ${accountId} and ce.id = ${ceId}
      where a.account_id = ${accountId} and a.verb in ${OUTREACH} and a.prospect_id is not null and ${onChannels(channels, 'a')}
        and a.occurred_at >= ${ts(from)} and a.occurred_at <= ${ts(to)}
        ${campaignId === undefined ? sql`` : sql`and ${campaign} = ${campaignId}`}
    ), cohort as (
      select prospect_id, min(occurred_at) as first_at,
             (array_agg(persona_id order by occurred_at) filter (where persona_id is not null))[1] as persona_id,
             (array_agg(virtual_employee_id order by occurred_at) filter (where virtual_employee_id is not null))[1] as virtual_employee_id
      from touches group by prospect_id
    ), answers as materialized (
      select a.prospect_id, a.channel, ce.step_position as step, a.occurred_at, coalesce(t.reply_status in ${POSITIVE_STATUSES}, false) as positive
      from activities a
      left join campaign_emails ce on ce.account_id = ${accountId} and ce.id = ${ceId}
      left join email_threads t on t.account_id = ${accountId} and t.id = ${jsonInt(sql`a.payload`, 'thread_id')}
      where a.account_id = ${accountId} and a.verb = 'reply_received' and a.occurred_at >= ${ts(from)} and ${onChannels(channels, 'a')}
        and a.prospect_id in (select prospect_id from cohort)
    ), reach as (
      -- How far each card got, and a meeting booked since the period began (the activity a card's move to that stage,
      -- or a recorded meeting, writes; an undone move deletes it): the dashboard's meetings are these (issue 26).
      select prospect_id, max(rank) as rank, bool_or(lost) as lost, bool_or(not_now) as not_now
      from (
        select po.prospect_id, ${RANK} as rank, po.status = 'lost' as lost, po.status = 'not_now' as not_now
        from pipeline_opportunities po
        left join pipeline_moves pm on pm.account_id = ${accountId} and pm.opportunity_id = po.id and pm.undone_at is null
        cross join lateral (values (po.status), (pm.to_status)) v(s)
        where po.account_id = ${accountId} and po.prospect_id in (select prospect_id from cohort)
        union all
        select a.prospect_id, 2, false, false
        from activities a
        where a.account_id = ${accountId} and a.verb = 'meeting_booked' and a.occurred_at >= ${ts(from)}
          and a.prospect_id in (select prospect_id from cohort)
      ) r
      group by prospect_id
    ), answered as (
      -- Per cohort prospect, once: any reply, any positive one, and the first reply after the first touch (a join and
      -- a group, not a look-up per prospect: the cohort and its replies are each scanned once).
      select x.prospect_id, bool_or(x.positive) as positive, min(x.occurred_at) filter (where x.occurred_at >= c.first_at) as first_reply_at
      from answers x join cohort c on c.prospect_id = x.prospect_id
      group by x.prospect_id
    ), outcome as (
      select c.prospect_id, c.first_at, c.persona_id, c.virtual_employee_id,
             (ans.prospect_id is not null) as replied,
             (coalesce(ans.positive, false) or coalesce(r.rank, 0) >= 1) as positive,
             coalesce(r.rank, 0) as rank, coalesce(r.lost, false) as lost, coalesce(r.not_now, false) as not_now,
             ans.first_reply_at
      from cohort c left join reach r on r.prospect_id = c.prospect_id left join answered ans on ans.prospect_id = c.prospect_id
    )`;
}

/** A sum of deal values (numeric(14, 2)) to cents. */
const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

/**
 * The cohort's counts over a window. `full`: every funnel figure, the median time to a first reply and the cards'
 * deal values (one pass over the cohort's cards); otherwise only what the comparison with the window before reads.
 */
async function cohortCounts(db: Db, options: CohortOptions, full: boolean): Promise<Record<string, unknown> | undefined> {
  const { accountId } = options;
  const headline = sql`count(*) as contacted,
               count(*) filter (where replied or positive) as replied,
               count(*) filter (where positive) as positive,
               count(*) filter (where rank >= 2) as meeting_booked`;
  const [r] = await rowsOf<Record<string, unknown>>(
    db,
    full
      ? sql`with ${cohortCtes(options)}, cards as (
              select coalesce(sum(po.deal_value) filter (where po.status in ('new_reply', 'interested', 'meeting_booked', 'proposal')), 0)::float8 as open_value,
                     coalesce(sum(po.deal_value) filter (where po.status = 'won'), 0)::float8 as won_value,
                     count(*) filter (where po.deal_value is not null) as valued_cards
              from pipeline_opportunities po where po.account_id = ${accountId} and po.prospect_id in (select prospect_id from cohort)
            )
            select ${headline},
                   count(*) filter (where rank >= 3) as proposal,
                   count(*) filter (where rank >= 4) as won,
                   count(*) filter (where lost) as lost,
                   count(*) filter (where not_now) as not_now,
                   percentile_cont(0.5) within group (order by extract(epoch from (first_reply_at - first_at)) / 3600.0) filter (where first_reply_at is not null) as median_hours,
                   (select open_value from cards) as open_value, (select won_value from cards) as won_value, (select valued_cards from cards) as valued_cards
            from outcome`
      : sql`with ${cohortCtes(options)} select ${headline} from outcome`,
  );
  return r;
}

/**
 * Meetings booked in the window and the one before, as events (a calendar's booking, a card moved to the stage, a
 * recorded meeting): what the dashboard's meetings card counts. With a campaign: those of the prospects it touched.
 */
async function meetingsBooked(db: Db, { accountId, campaignId, channels = DASHBOARD_CHANNELS }: Omit<CohortOptions, 'from' | 'to'>, w: PeriodWindow) {
  const touchedBy =
    campaignId === undefined
      ? sql``
      : sql`and a.prospect_id in (select t.prospect_id from activities t left join campaign_emails ce on ce.account_id = ${accountId} and ce.id = ${jsonInt(sql`t.payload`, 'campaign_email_id')}
              where t.account_id = ${accountId} and t.verb in ${OUTREACH} and ${campaignOf('t')} = ${campaignId})`;
  const [m] = await rowsOf<{ cur: unknown; prev: unknown }>(
    db,
    sql`select count(*) filter (where a.occurred_at >= ${ts(w.start)}) as cur, count(*) filter (where a.occurred_at <= ${ts(w.previousEnd)}) as prev
        from activities a
        where a.account_id = ${accountId} and a.verb = 'meeting_booked' and ${onChannels(channels, 'a')}
          and a.occurred_at >= ${ts(w.previousStart)} and a.occurred_at <= ${ts(w.end)} ${touchedBy}`,
  );
  return { current: num(m?.cur), previous: num(m?.prev) };
}

export async function myOpportunities(
  db: Db,
  accountId: number,
  period: DashboardPeriod,
  now: Date,
  campaignId?: number,
  channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS,
): Promise<Omit<Opportunities, 'freshness'>> {
  const w = periodWindow(period, now);
  const [r, p, meetings] = await Promise.all([
    cohortCounts(db, { accountId, from: w.start, to: w.end, campaignId, channels }, true),
    // The same cohort one window earlier (followed to now as well), for the comparisons the dashboard shows.
    cohortCounts(db, { accountId, from: w.previousStart, to: w.previousEnd, campaignId, channels }, false),
    meetingsBooked(db, { accountId, campaignId, channels }, w),
  ]);
  const counts = Object.fromEntries(FUNNEL_STAGES.map((s) => [s, num(r?.[s])])) as Record<FunnelStage, number>;
  const funnel = FUNNEL_STAGES.map((stage, i) => {
    const before = i === 0 ? null : counts[FUNNEL_STAGES[i - 1]!];
    return { stage, label: FUNNEL_STAGE_LABELS[stage], prospects: counts[stage], conversion_from_previous: before === null ? null : before > 0 ? Math.min(1, counts[stage] / before) : 0 };
  });
  const median = r?.median_hours === null || r?.median_hours === undefined ? null : Math.round(Number(r.median_hours) * 10) / 10;
  return {
    period,
    range: { from: iso(w.start), to: iso(w.end) },
    funnel,
    lost: num(r?.lost),
    not_now: num(r?.not_now),
    meetings_per_1000: counts.contacted > 0 ? Math.round((counts.meeting_booked / counts.contacted) * 10_000) / 10 : null,
    median_hours_to_first_reply: median,
    deal_value: { open: money(r?.open_value), won: money(r?.won_value), cards_with_value: num(r?.valued_cards) },
    meetings_booked_in_period: meetings.current,
    previous: {
      range: { from: iso(w.previousStart), to: iso(w.previousEnd) },
      contacted: num(p?.contacted),
      replied: num(p?.replied),
      positive: num(p?.positive),
      meeting_booked: num(p?.meeting_booked),
      meetings_booked_in_period: meetings.previous,
    },
  };
}

/** Company size buckets (employees), as sales teams segment them. */
const SIZE_BUCKETS = sql.raw(`case
  when p.company_size is null then null
  when p.company_size <= 10 then '1–10'
  when p.company_size <= 50 then '11–50'
  when p.company_size <= 200 then '51–200'
  when p.company_size <= 500 then '201–500'
  when p.company_size <= 1000 then '501–1,000'
  when p.company_size <= 5000 then '1,001–5,000'
  else '5,001+' end`);

/** A prospect's text attribute, trimmed, with one spelling per value (case folded for grouping). */
const attribute = (column: string) => sql.raw(`nullif(trim(p.${column}), '')`);

/**
 * Per statistic: the value of each cohort prospect (prospect-level dimensions), or of each touch (campaign step and
 * channel, whose replies are those that answered that step or came on that channel).
 */
function valuesOf(name: StatisticName, accountId: number): { kind: 'prospect'; value: SQL } | { kind: 'touch'; value: SQL; answer: SQL } {
  // A touch value's `value` reads the touch (t), its `answer` the same value of a reply (x): a reply counts for the
  // touches whose value it shares.
  switch (name) {
    case 'persona':
      return { kind: 'prospect', value: sql`(select pe.name from personas pe where pe.account_id = ${accountId} and pe.id = o.persona_id)` };
    case 'job_title':
      return { kind: 'prospect', value: attribute('title') };
    case 'seniority':
      return { kind: 'prospect', value: attribute('seniority') };
    case 'industry':
      return { kind: 'prospect', value: attribute('industry') };
    case 'country':
      return { kind: 'prospect', value: attribute('country') };
    case 'company_size':
      return { kind: 'prospect', value: SIZE_BUCKETS };
    case 'offering':
      // The offering of the persona's messaging settings, else the account's default settings'.
      return {
        kind: 'prospect',
        value: sql`(select ofr.name from messaging_settings ms join offerings ofr on ofr.account_id = ${accountId} and ofr.id = ms.offering_id
                    where ms.account_id = ${accountId} and (ms.persona_id = o.persona_id or ms.persona_id is null)
                    order by ms.persona_id is null limit 1)`,
      };
    case 'virtual_employee':
      return { kind: 'prospect', value: sql`(select ve.name from virtual_employees ve where ve.account_id = ${accountId} and ve.id = o.virtual_employee_id)` };
    case 'campaign_step':
      return { kind: 'touch', value: sql`case when t.step is null then null else 'Step ' || t.step end`, answer: sql`case when x.step is null then null else 'Step ' || x.step end` };
    case 'channel':
      return { kind: 'touch', value: sql`coalesce(t.channel, 'email')`, answer: sql`coalesce(x.channel, 'email')` };
  }
}

export async function targetAudience(
  db: Db,
  accountId: number,
  name: StatisticName,
  period: DashboardPeriod,
  now: Date,
  campaignId?: number,
  channels: readonly DashboardChannel[] = DASHBOARD_CHANNELS,
): Promise<Omit<TargetAudience, 'freshness'>> {
  const w = periodWindow(period, now);
  const spec = valuesOf(name, accountId);
  const ctes = cohortCtes({ accountId, from: w.start, to: w.end, campaignId, channels });
  const rows =
    spec.kind === 'prospect'
      ? await rowsOf<Record<string, unknown>>(
          db,
          sql`with ${ctes}, valued as (
                select coalesce(${spec.value}, 'Unknown') as value, o.*
                from outcome o join prospects p on p.account_id = ${accountId} and p.id = o.prospect_id
              )
              select min(value) as value, count(*) as contacted, count(*) filter (where replied or positive) as replied,
                     count(*) filter (where positive) as positive, count(*) filter (where rank >= 2) as meetings
              from valued group by lower(value)`,
        )
      : await rowsOf<Record<string, unknown>>(
          db,
          sql`with ${ctes}, touched as (
                select distinct t.prospect_id, coalesce(${spec.value}, 'Unknown') as value, o.rank
                from touches t join outcome o on o.prospect_id = t.prospect_id
              ), replies_by as (
                select x.prospect_id, coalesce(${spec.answer}, 'Unknown') as value, bool_or(x.positive) as positive
                from answers x group by 1, 2
              ), valued as (
                select tv.prospect_id, tv.value, tv.rank, (rb.prospect_id is not null) as replied, coalesce(rb.positive, false) as positive
                from touched tv left join replies_by rb on rb.prospect_id = tv.prospect_id and rb.value = tv.value
              )
              select value, count(distinct prospect_id) as contacted,
                     count(distinct prospect_id) filter (where replied or positive) as replied,
                     count(distinct prospect_id) filter (where positive) as positive,
                     count(distinct prospect_id) filter (where positive and rank >= 2) as meetings
              from valued group by value`,
        );
  const values: AudienceValue[] = rows.map((r) => {
    const contacted = num(r.contacted);
    const enough = contacted >= INSIGHTS_MIN_SAMPLE;
    const interval = (k: number) => (enough ? wilson(k, contacted) : { rate: null, low: null, high: null });
    return {
      value: String(r.value),
      contacted,
      replied: num(r.replied),
      positive: num(r.positive),
      meetings: num(r.meetings),
      enough_data: enough,
      reply_rate: interval(num(r.replied)),
      positive_rate: interval(num(r.positive)),
      meeting_rate: interval(num(r.meetings)),
    };
  });
  values.sort((a, b) => Number(b.enough_data) - Number(a.enough_data) || (b.positive_rate.low ?? 0) - (a.positive_rate.low ?? 0) || (b.reply_rate.low ?? 0) - (a.reply_rate.low ?? 0) || b.contacted - a.contacted || a.value.localeCompare(b.value));
  return { period, range: { from: iso(w.start), to: iso(w.end) }, statistic_name: name, label: STATISTIC_LABELS[name], min_sample: INSIGHTS_MIN_SAMPLE, values };
}
