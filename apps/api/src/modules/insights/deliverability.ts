import { sql, type SQL } from 'drizzle-orm';
import type { DashboardPeriod } from '@shared/schemas/dashboard';
import { RECIPIENT_PROVIDER_LABELS, RECIPIENT_PROVIDERS, type DeliverabilityFigures, type OverallStats, type RecipientProvider } from '@shared/schemas/insights';
import type { Db } from '../../db/client';
import { periodWindow } from '../../lib/periods';
import { iso, jsonInt, num, POSITIVE_STATUSES, rowsOf, ts } from './sql';

/**
 * `GET insights/deliverability/overall-stats` (issue 26): what happened to the account's emails in the period, from
 * the activity log (the record every send, bounce, complaint, opt-out and reply writes in the transaction of the
 * change: the dashboard and the campaigns' bounce rate read it too), each event attributed through the campaign email
 * it concerns to its mailbox, campaign, step and recipient. One scan, grouped by grouping sets.
 * - sent: email_sent, plus the refusals at send time (email_bounced / email_blocked without `after_send`: the
 *   receiving server said no there and then, so no email_sent exists for them);
 * - bounced: email_bounced (permanent, at send time or reported later), bounced_temporary: email_delayed, blocked:
 *   email_blocked (policy, reputation), complaints: email_complained (ARF), unsubscribed: email_unsubscribed;
 * - replied: distinct conversations (threads) with a person's reply (reply_received) in the period; positive: those
 *   whose status is interested or meeting request now (the user's correction wins, as everywhere).
 */

const VERBS = sql.raw(`('email_sent', 'email_bounced', 'email_blocked', 'email_delayed', 'email_complained', 'email_unsubscribed', 'reply_received')`);

const FIGURES = sql`
  count(*) filter (where is_send) as sent,
  count(*) filter (where verb = 'email_bounced') as bounced,
  count(*) filter (where verb = 'email_delayed') as bounced_temporary,
  count(*) filter (where verb = 'email_blocked') as blocked,
  count(*) filter (where verb = 'email_complained') as complaints,
  count(*) filter (where verb = 'email_unsubscribed') as unsubscribed,
  count(distinct thread_id) filter (where verb = 'reply_received') as replied,
  count(distinct thread_id) filter (where verb = 'reply_received' and positive) as positive`;

type Counts = Omit<DeliverabilityFigures, `${string}_rate` | 'delivered'>;
const COUNT_KEYS = ['sent', 'bounced', 'bounced_temporary', 'blocked', 'complaints', 'unsubscribed', 'replied', 'positive'] as const;

const fraction = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/** The counts with what follows from them: delivered and each rate over sent. */
export function figuresOf(c: Counts): DeliverabilityFigures {
  return {
    ...c,
    delivered: Math.max(0, c.sent - c.bounced - c.blocked),
    bounce_rate: fraction(c.bounced, c.sent),
    temporary_rate: fraction(c.bounced_temporary, c.sent),
    block_rate: fraction(c.blocked, c.sent),
    complaint_rate: fraction(c.complaints, c.sent),
    unsubscribe_rate: fraction(c.unsubscribed, c.sent),
    reply_rate: fraction(c.replied, c.sent),
    positive_rate: fraction(c.positive, c.sent),
  };
}

const countsOf = (r: Record<string, unknown>): Counts => Object.fromEntries(COUNT_KEYS.map((k) => [k, num(r[k])])) as Counts;
const zero: Counts = Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as Counts;
const add = (a: Counts, b: Counts): Counts => Object.fromEntries(COUNT_KEYS.map((k) => [k, a[k] + b[k]])) as Counts;

/**
 * The period's email events, each with what it concerns (the `facts` CTE every deliverability figure reads). The
 * campaign email comes from the payload's campaign_email_id; a reply's thread gives its current status.
 */
function factsCte(accountId: number, from: Date, to: Date, campaignId: number | undefined): SQL {
  const ceId = jsonInt(sql`a.payload`, 'campaign_email_id');
  const campaign = sql`coalesce(ce.campaign_id, ${jsonInt(sql`a.payload`, 'campaign_id')})`;
  return sql`facts as (
    select a.verb,
           (a.verb = 'email_sent' or (a.verb in ('email_bounced', 'email_blocked') and coalesce(a.payload->>'after_send', 'false') <> 'true')) as is_send,
           ${campaign} as campaign_id,
           ce.step_position as step,
           coalesce(ce.user_email_id, ${jsonInt(sql`a.payload`, 'user_email_id')}) as user_email_id,
           lower(coalesce(ce.to_email, a.payload->>'email', '')) as recipient,
           ce.enrolment_id,
           ${jsonInt(sql`a.payload`, 'thread_id')} as thread_id,
           coalesce(t.reply_status in ${POSITIVE_STATUSES}, false) as positive,
           nullif(coalesce(a.payload->>'status', a.payload->>'code'), '') as code
    from activities a
    left join campaign_emails ce on ce.account_id = ${accountId} and ce.id = ${ceId}
    left join email_threads t on a.verb = 'reply_received' and t.account_id = ${accountId} and t.id = ${jsonInt(sql`a.payload`, 'thread_id')}
    where a.account_id = ${accountId} and a.verb in ${VERBS} and (a.channel = 'email' or a.channel is null)
      and a.occurred_at >= ${ts(from)} and a.occurred_at <= ${ts(to)}
      ${campaignId === undefined ? sql`` : sql`and ${campaign} = ${campaignId}`}
  ), f as (
    select facts.*, coalesce(rd.provider, 'pending') as provider, split_part(facts.recipient, '@', 2) as recipient_domain
    from facts
    left join recipient_domains rd on rd.domain = split_part(facts.recipient, '@', 2)
  )`;
}

type Grouped = Record<string, unknown> & { g_mailbox: unknown; g_campaign: unknown; g_step: unknown; g_provider: unknown };

export type OverallStatsResult = Omit<OverallStats, 'freshness'> & { pendingDomains: string[] };

export async function overallStats(db: Db, accountId: number, period: DashboardPeriod, now: Date, campaignId?: number): Promise<OverallStatsResult> {
  const w = periodWindow(period, now);
  const facts = factsCte(accountId, w.start, w.end, campaignId);
  const [grouped, providerExtra, codes, pending] = await Promise.all([
    rowsOf<Grouped>(
      db,
      sql`with ${facts}
          select grouping(user_email_id) as g_mailbox, grouping(campaign_id) as g_campaign, grouping(step) as g_step, grouping(provider) as g_provider,
                 user_email_id, campaign_id, step, provider, ${FIGURES}
          from f
          group by grouping sets ((), (user_email_id), (campaign_id), (campaign_id, step), (provider))`,
    ),
    // Per provider: distinct recipients emailed, and those whose conversation never had a person's reply.
    rowsOf<{ provider: string; recipients: unknown; never: unknown }>(
      db,
      sql`with ${facts}, sends as (select distinct provider, recipient, enrolment_id from f where is_send and recipient <> '')
          select s.provider, count(distinct s.recipient) as recipients,
                 count(distinct s.recipient) filter (where not exists (
                   select 1 from email_threads t where t.account_id = ${accountId} and t.enrolment_id = s.enrolment_id and t.replied_at is not null)) as never
          from sends s group by s.provider`,
    ),
    rowsOf<{ provider: string; code: string; n: unknown }>(
      db,
      sql`with ${facts}
          select provider, code, count(*) as n from f where verb in ('email_bounced', 'email_blocked', 'email_delayed') and code is not null
          group by provider, code order by n desc, code`,
    ),
    // Recipient domains of the period with no provider yet: looked up in the background (providers.ts).
    rowsOf<{ domain: string }>(
      db,
      sql`with ${facts}
          select distinct recipient_domain as domain from f where provider = 'pending' and recipient_domain <> '' order by 1 limit 200`,
    ),
  ]);
  const at = (r: Grouped, key: 'g_mailbox' | 'g_campaign' | 'g_step' | 'g_provider') => num(r[key]) === 0;
  const total = grouped.find((r) => !at(r, 'g_mailbox') && !at(r, 'g_campaign') && !at(r, 'g_provider'));
  const byMailbox = grouped.filter((r) => at(r, 'g_mailbox'));
  const byCampaign = grouped.filter((r) => at(r, 'g_campaign') && !at(r, 'g_step'));
  const bySteps = grouped.filter((r) => at(r, 'g_campaign') && at(r, 'g_step'));
  const byProvider = grouped.filter((r) => at(r, 'g_provider'));

  const mailboxIds = byMailbox.map((r) => r.user_email_id).filter((id) => id !== null).map(Number);
  const campaignIds = byCampaign.map((r) => r.campaign_id).filter((id) => id !== null).map(Number);
  const [mailboxes, domains, campaignRows] = await Promise.all([
    mailboxIds.length
      ? rowsOf<{ id: number; email: string; status: string; status_reason: string | null }>(
          db,
          sql`select id, email, status, status_reason from user_emails where account_id = ${accountId} and id in (${sql.join(mailboxIds.map((id) => sql`${id}`), sql`, `)})`,
        )
      : Promise.resolve([]),
    rowsOf<{ domain: string; status: 'pass' | 'fail'; checks: Array<{ check: string; status: 'pass' | 'fail'; advice: string }>; checked_at: string }>(
      db,
      sql`select domain, status, checks, to_char(checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as checked_at from sending_domains where account_id = ${accountId}`,
    ),
    campaignIds.length
      ? rowsOf<{ id: number; name: string }>(db, sql`select id, name from campaigns where account_id = ${accountId} and id in (${sql.join(campaignIds.map((id) => sql`${id}`), sql`, `)})`)
      : Promise.resolve([]),
  ]);
  const mailboxById = new Map(mailboxes.map((m) => [Number(m.id), m]));
  const dnsByDomain = new Map(domains.map((d) => [d.domain.toLowerCase(), d]));
  const campaignName = new Map(campaignRows.map((c) => [Number(c.id), c.name]));

  const by_mailbox = byMailbox
    .map((r) => {
      const id = r.user_email_id === null ? null : Number(r.user_email_id);
      const m = id === null ? undefined : mailboxById.get(id);
      return { user_email_id: id, email: m?.email ?? null, status: m?.status ?? null, status_reason: m?.status_reason ?? null, ...figuresOf(countsOf(r)) };
    })
    .sort((a, b) => b.sent - a.sent || (a.email ?? '').localeCompare(b.email ?? ''));

  // A sending domain is its mailboxes' domain: their counts summed (a conversation belongs to one mailbox).
  const domainCounts = new Map<string, Counts>();
  for (const m of by_mailbox) {
    if (!m.email) continue;
    const domain = m.email.split('@')[1]!.toLowerCase();
    domainCounts.set(domain, add(domainCounts.get(domain) ?? zero, m));
  }
  const by_domain = [...domainCounts]
    .map(([domain, c]) => {
      const dns = dnsByDomain.get(domain);
      return {
        domain,
        ...figuresOf(c),
        dns_status: dns ? dns.status : ('unchecked' as const),
        dns_checks: (dns?.checks ?? []).map((ch) => ({ check: ch.check, status: ch.status, advice: ch.advice })),
        dns_checked_at: dns?.checked_at ?? null,
      };
    })
    .sort((a, b) => b.sent - a.sent || a.domain.localeCompare(b.domain));

  const by_campaign = byCampaign
    .filter((r) => r.campaign_id !== null)
    .map((r) => {
      const id = Number(r.campaign_id);
      const steps = bySteps
        .filter((s) => Number(s.campaign_id) === id && s.step !== null)
        .map((s) => ({ step: Number(s.step), ...figuresOf(countsOf(s)) }))
        .sort((a, b) => a.step - b.step);
      return { campaign_id: id, name: campaignName.get(id) ?? `Campaign ${id}`, ...figuresOf(countsOf(r)), steps };
    })
    .sort((a, b) => b.sent - a.sent || a.name.localeCompare(b.name));

  const extra = new Map(providerExtra.map((p) => [p.provider, p]));
  const by_provider = byProvider
    .map((r) => {
      const provider = (RECIPIENT_PROVIDERS as readonly string[]).includes(String(r.provider)) ? (String(r.provider) as RecipientProvider) : 'other';
      const x = extra.get(String(r.provider));
      const recipients = num(x?.recipients);
      return {
        provider,
        label: RECIPIENT_PROVIDER_LABELS[provider],
        recipients,
        never_answered_share: fraction(num(x?.never), recipients),
        bounce_codes: codes
          .filter((c) => c.provider === r.provider)
          .slice(0, 8)
          .map((c) => ({ code: c.code, count: num(c.n) })),
        ...figuresOf(countsOf(r)),
      };
    })
    .sort((a, b) => b.sent - a.sent || a.provider.localeCompare(b.provider));

  return {
    period,
    range: { from: iso(w.start), to: iso(w.end) },
    campaign_id: campaignId ?? null,
    ...figuresOf(total ? countsOf(total) : zero),
    by_mailbox,
    by_domain,
    by_campaign,
    by_provider,
    pendingDomains: pending.map((p) => p.domain),
  };
}
