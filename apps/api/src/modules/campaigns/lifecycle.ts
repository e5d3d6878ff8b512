import { and, eq, inArray, sql } from 'drizzle-orm';
import { BOUNCE_MIN_SENDS, BOUNCE_RATE_MAX, COMPLAINT_RATE_MAX, DELIVERABILITY_WINDOW_DAYS } from '@shared/constants';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';
import { recordActivity } from '../activities/service';
import { deliverabilityTrip, deliverabilityWindow, type DeliverabilityTrip } from '../mailboxes/deliverability-guard';

/**
 * A running campaign's two automatic transitions (docs/decisions.md):
 * - finished: every enrolment is done (its sequence sent, or stopped) and no prospect of its persona is
 *   left to enrol → status finished, finished_at, activity (and notification event) `campaign_finished`.
 *   Checked at the end of every send tick and whenever enrolments stop. A finished campaign stays
 *   finished: prospects who join the persona later wait for a new campaign.
 * - deliverability rule tripped: the mailboxes' rule, read over the campaign's own emails (one rule at every level,
 *   @shared/constants): hard bounces over BOUNCE_RATE_MAX of at least BOUNCE_MIN_SENDS emails that reached a server,
 *   or spam complaints over COMPLAINT_RATE_MAX on any volume, in the last DELIVERABILITY_WINDOW_DAYS → the campaign
 *   pauses with the reason in plain words (campaigns.deliverability_reason) and `bounce_rate_high` fires (its name is
 *   older than the complaint rule; `rule` in its payload says which), once per crossing (campaigns.bounce_rate_high_at).
 */

/** Emails whose sequence is not over yet: to write, to approve, to send, being sent, or waiting for the user's decision. */
export const PENDING_EMAIL_STATUSES = ['draft', 'scheduled', 'queued', 'sending', 'uncertain'] as const;
const PENDING = sql.raw(`(${PENDING_EMAIL_STATUSES.map((s) => `'${s}'`).join(', ')})`);
/** LinkedIn and call tasks not done yet (modules/campaigns/enrolment.ts OPEN_TASK_STATUSES; written out here, where enrolment.ts imports from). */
const OPEN_TASKS = sql.raw(`('pending', 'due', 'waiting')`);

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const deferredFinish = new WeakMap<Db, { accountId: number; now: Date; campaignIds: Set<number> }>();

/** finishDoneCampaigns of these campaigns: at once, or at the end of withCampaignFinishDeferred when `tx` runs in one. */
export async function finishDoneCampaignsSoon(tx: Db, accountId: number, now: Date, campaignIds: number[]): Promise<void> {
  const deferred = deferredFinish.get(tx);
  if (deferred && deferred.accountId === accountId) {
    for (const id of campaignIds) deferred.campaignIds.add(id);
    if (now > deferred.now) deferred.now = now;
    return;
  }
  await finishDoneCampaigns(tx, accountId, now, campaignIds);
}

/**
 * Runs `fn` in the transaction `tx` with the finishing checks that stopped enrolments ask for (stopEnrolmentsWhere)
 * made once at its end, for every campaign they named: the mailbox sync's batch stops hundreds of enrolments, and
 * each check reads every active enrolment of the campaign (a cost that grows with the campaign). Same transaction,
 * same outcome at commit.
 */
export async function withCampaignFinishDeferred<T>(tx: Db, accountId: number, fn: () => Promise<T>): Promise<T> {
  if (deferredFinish.has(tx)) return fn();
  const deferred = { accountId, now: new Date(0), campaignIds: new Set<number>() };
  deferredFinish.set(tx, deferred);
  try {
    const out = await fn();
    deferredFinish.delete(tx);
    if (deferred.campaignIds.size) await finishDoneCampaigns(tx, accountId, deferred.now, [...deferred.campaignIds]);
    return out;
  } finally {
    deferredFinish.delete(tx);
  }
}

/**
 * Marks the active enrolments whose emails are all done as finished, then finishes the running campaigns
 * (of `campaignIds`, or all the account's) that have nothing left to do. A campaign that never enrolled
 * anyone is left running (it waits for its persona's prospects). Pass the transaction to do it with the
 * write that made it so. Answers the finished campaigns' ids.
 */
export async function finishDoneCampaigns(db: Db, accountId: number, now: Date, campaignIds?: number[]): Promise<number[]> {
  if (campaignIds && campaignIds.length === 0) return [];
  const only = campaignIds ? sql`and c.id in (${sql.join([...new Set(campaignIds)].map((id) => sql`${id}`), sql`, `)})` : sql``;
  const stamp = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    update campaign_enrolments e set status = 'finished', updated_at = ${stamp}
    from campaigns c
    where e.account_id = ${accountId} and c.account_id = ${accountId} and c.id = e.campaign_id and c.status = 'running' ${only}
      and e.status = 'active'
      and (exists (select 1 from campaign_emails m where m.account_id = ${accountId} and m.enrolment_id = e.id)
        or exists (select 1 from outreach_tasks t where t.account_id = ${accountId} and t.enrolment_id = e.id))
      and not exists (select 1 from campaign_emails m where m.account_id = ${accountId} and m.enrolment_id = e.id and m.status in ${PENDING})
      and not exists (select 1 from outreach_tasks t where t.account_id = ${accountId} and t.enrolment_id = e.id and t.status in ${OPEN_TASKS})`);
  // The cheap conditions first: a campaign still sending (nearly all of them, nearly always) stops here.
  const candidates = await rows<{ id: number; name: string; persona_id: number; allow_overlap: boolean }>(
    db,
    sql`select c.id, c.name, c.persona_id, c.allow_overlap from campaigns c
        where c.account_id = ${accountId} and c.status = 'running' ${only}
          and exists (select 1 from campaign_enrolments e where e.account_id = ${accountId} and e.campaign_id = c.id)
          and not exists (select 1 from campaign_enrolments e where e.account_id = ${accountId} and e.campaign_id = c.id and e.status = 'active')
          and not exists (select 1 from campaign_emails m where m.account_id = ${accountId} and m.campaign_id = c.id and m.status in ${PENDING})
          and not exists (select 1 from outreach_tasks t where t.account_id = ${accountId} and t.campaign_id = c.id and t.status in ${OPEN_TASKS})`,
  );
  const done: typeof candidates = [];
  for (const c of candidates) {
    // A prospect of the persona that enrolment would still take (enrolment.ts: an address, or a LinkedIn profile for a sequence with LinkedIn or call steps; not suppressed, not busy elsewhere).
    const [left] = await rows<{ one: number }>(
      db,
      sql`select 1 as one from persona_prospects pp
          join prospects p on p.id = pp.prospect_id and p.account_id = ${accountId}
          where pp.account_id = ${accountId} and pp.persona_id = ${Number(c.persona_id)}
            and ((p.email is not null and position('@' in p.email) > 0)
              or (p.linkedin_url is not null and exists (select 1 from campaign_steps st where st.account_id = ${accountId} and st.campaign_id = ${Number(c.id)} and st.channel <> 'email')))
            and not exists (select 1 from campaign_enrolments e where e.account_id = ${accountId} and e.campaign_id = ${Number(c.id)} and e.prospect_id = p.id)
            and not exists (select 1 from blacklisted_emails b where b.account_id = ${accountId} and b.email = lower(btrim(p.email)))
            and not exists (
              select 1 from blacklisted_domains d where d.account_id = ${accountId}
                and (split_part(lower(btrim(p.email)), '@', 2) = d.domain or split_part(lower(btrim(p.email)), '@', 2) like '%.' || d.domain))
            and (${Boolean(c.allow_overlap)} or not exists (
              select 1 from campaign_enrolments o where o.account_id = ${accountId} and o.prospect_id = p.id and o.status = 'active' and o.exclusive))
          limit 1`,
    );
    if (!left) done.push(c);
  }
  const finished: number[] = [];
  for (const c of done) {
    const id = Number(c.id);
    const [changed] = await db
      .update(campaigns)
      .set({ status: 'finished', finishedAt: now, updatedAt: now })
      .where(and(eq(campaigns.id, id), eq(campaigns.accountId, accountId), eq(campaigns.status, 'running')))
      .returning({ id: campaigns.id });
    if (!changed) continue;
    const [counts] = await rows<{ enrolments: unknown; sent: unknown }>(
      db,
      sql`select (select count(*) from campaign_enrolments where account_id = ${accountId} and campaign_id = ${id}) as enrolments,
                 (select count(*) from campaign_emails where account_id = ${accountId} and campaign_id = ${id} and status = 'sent') as sent`,
    );
    await recordActivity(db, {
      accountId,
      actorType: 'system',
      verb: 'campaign_finished',
      channel: 'email',
      personaId: Number(c.persona_id),
      payload: { campaign_id: id, campaign_name: c.name, enrolments: Number(counts?.enrolments ?? 0), sent: Number(counts?.sent ?? 0) },
      occurredAt: now,
    });
    finished.push(id);
  }
  return finished;
}

export type BounceRate = { sent: number; bounced: number; complaints: number; rate: number; high: boolean; trip: DeliverabilityTrip | null };

/** A campaign's window of the deliverability rule ending at `now`: what reached a server, hard bounces, complaints, and whether the rule trips. */
export async function bounceRateOf(db: Db, accountId: number, campaignId: number, now: Date): Promise<BounceRate> {
  const w = await deliverabilityWindow(db, accountId, { campaignId }, now);
  const trip = deliverabilityTrip(w, 'campaign');
  return { sent: w.sent, bounced: w.bounced, complaints: w.complaints, rate: w.sent > 0 ? w.bounced / w.sent : 0, high: trip !== null, trip };
}

/**
 * Looks at the campaigns' deliverability: one that tripped the rule pauses (if running) with its reason and
 * writes `bounce_rate_high` once; one back under it is armed again. Answers the campaigns paused now.
 */
export async function checkBounceRates(db: Db, accountId: number, campaignIds: number[], now: Date): Promise<number[]> {
  const ids = [...new Set(campaignIds)];
  if (ids.length === 0) return [];
  const list = await db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, personaId: campaigns.personaId, highAt: campaigns.bounceRateHighAt })
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), inArray(campaigns.id, ids)));
  const paused: number[] = [];
  for (const c of list) {
    const r = await bounceRateOf(db, accountId, c.id, now);
    if (!r.high) {
      if (c.highAt) await db.update(campaigns).set({ bounceRateHighAt: null, deliverabilityReason: null }).where(and(eq(campaigns.id, c.id), eq(campaigns.accountId, accountId)));
      continue;
    }
    if (c.highAt) continue;
    const pause = c.status === 'running';
    await db.transaction(async (tx) => {
      const [changed] = await tx
        .update(campaigns)
        .set({ bounceRateHighAt: now, deliverabilityReason: r.trip!.reason, ...(pause ? { status: 'paused' as const, pausedAt: now } : {}), updatedAt: now })
        .where(and(eq(campaigns.id, c.id), eq(campaigns.accountId, accountId), eq(campaigns.status, c.status), sql`${campaigns.bounceRateHighAt} is null`))
        .returning({ id: campaigns.id });
      if (!changed) return;
      await recordActivity(tx, {
        accountId,
        actorType: 'system',
        verb: 'bounce_rate_high',
        channel: 'email',
        personaId: c.personaId,
        payload: {
          campaign_id: c.id,
          campaign_name: c.name,
          rule: r.trip!.rule,
          reason: r.trip!.reason,
          bounced: r.bounced,
          complaints: r.complaints,
          sent: r.sent,
          rate: Math.round(r.rate * 1000) / 1000,
          threshold: r.trip!.rule === 'bounces' ? BOUNCE_RATE_MAX : COMPLAINT_RATE_MAX,
          min_sends: r.trip!.rule === 'bounces' ? BOUNCE_MIN_SENDS : 0,
          window_days: DELIVERABILITY_WINDOW_DAYS,
          paused: pause,
        },
        occurredAt: now,
      });
      if (pause) paused.push(c.id);
    });
  }
  return paused;
}
