import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { SUPPRESSION_REASON_LABELS, type SuppressionReason } from '@shared/schemas/blacklist';
import type { SkippedProspect, SkippedProspectsResponse, SkipReason } from '@shared/schemas/campaigns';
import type { Db } from '../../db/client';
import { campaignEnrolments, campaigns, campaignSteps, personaProspects, prospects, type CampaignRow } from '../../db/schema';
import { HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { suppressionOf } from '../blacklist/suppression';
import { composeJob } from './compose';
import { senderPairs } from './enrolment';

/**
 * The campaign's skipped list and enrolling on purpose (issue 25). Who of the persona is not in the campaign, and
 * why, is worked out when asked from the tables enrolment itself reads (never a copy that could go stale): the
 * blacklist, prospects.in_conversation_since and the threads' first human reply, other active enrolments, the
 * address. Someone in conversation is never enrolled automatically; the user may enrol them here on purpose.
 */

const dateText = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

async function campaignOf(db: Db, accountId: number, id: number): Promise<CampaignRow> {
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, id)));
  if (!campaign) throw notFound('Campaign not found');
  return campaign;
}

/** The sequence has LinkedIn or call steps: a prospect without an email can follow those. */
async function hasTaskSteps(db: Db, accountId: number, campaignId: number): Promise<boolean> {
  const [step] = await db
    .select({ id: campaignSteps.id })
    .from(campaignSteps)
    .where(and(eq(campaignSteps.accountId, accountId), eq(campaignSteps.campaignId, campaignId), ne(campaignSteps.channel, 'email')))
    .limit(1);
  return step !== undefined;
}

type SkippedRow = {
  id: number;
  full_name: string | null;
  email: string | null;
  company: string | null;
  email_block: SuppressionReason | null;
  domain_block: string | null;
  conv_since: string | Date | null;
  other_campaign: string | null;
  no_address: boolean;
  total: number | string;
};

function judged(row: SkippedRow): SkippedProspect {
  const base = { prospect_id: Number(row.id), full_name: row.full_name, email: row.email, company: row.company };
  const since = row.conv_since === null ? null : new Date(row.conv_since);
  const as = (reason: SkipReason, detail: string, extra: Partial<SkippedProspect> = {}): SkippedProspect => ({ ...base, reason, detail, since: null, can_enrol: false, ...extra });
  if (row.email_block) return as('do_not_contact', `On the blacklist: ${SUPPRESSION_REASON_LABELS[row.email_block] ?? row.email_block}`);
  if (row.domain_block) return as('do_not_contact', `The domain ${row.domain_block} is on the blacklist`);
  if (since) return as('in_conversation', `In conversation since ${dateText.format(since)}`, { since: since.toISOString(), can_enrol: true });
  if (row.other_campaign) return as('in_other_campaign', `In the active campaign “${row.other_campaign}”`);
  return as('no_address', 'No email address, and the sequence has no LinkedIn or call step');
}

/** GET campaigns/{id}/skipped_prospects: the persona's prospects the campaign did not enrol, with the reason (a draft has enrolled nobody yet: none). */
export async function skippedProspects(deps: Pick<Deps, 'db'>, auth: AuthContext, campaignId: number, page: { page: number; per_page: number }): Promise<SkippedProspectsResponse> {
  const db = deps.db;
  const accountId = auth.account.id;
  const campaign = await campaignOf(db, accountId, campaignId);
  const meta = { page: page.page, per_page: page.per_page, total: 0 };
  if (campaign.status === 'draft') return { data: [], meta };
  const tasked = await hasTaskSteps(db, accountId, campaignId);
  const query = (window: { limit: number; offset: number }) => sql`
    with cand as (
      select p.id, p.full_name, p.email, p.company, p.linkedin_url, p.in_conversation_since, lower(trim(coalesce(p.email, ''))) as addr
      from ${personaProspects} pp
      join ${prospects} p on p.id = pp.prospect_id and p.account_id = ${accountId}
      where pp.account_id = ${accountId} and pp.persona_id = ${campaign.personaId}
        and not exists (select 1 from campaign_enrolments e where e.account_id = ${accountId} and e.campaign_id = ${campaignId} and e.prospect_id = p.id)
    ), judged as (
      select cand.id, cand.full_name, cand.email, cand.company,
        (select be.reason from blacklisted_emails be where be.account_id = ${accountId} and be.email = cand.addr limit 1) as email_block,
        (select bd.domain from blacklisted_domains bd
          where bd.account_id = ${accountId} and position('@' in cand.addr) > 0
            and (split_part(cand.addr, '@', 2) = bd.domain or split_part(cand.addr, '@', 2) like '%.' || bd.domain)
          order by length(bd.domain) limit 1) as domain_block,
        least(cand.in_conversation_since,
          (select min(th.replied_at) from email_threads th where th.account_id = ${accountId} and cand.addr <> '' and th.prospect_email = cand.addr and th.replied_at is not null)) as conv_since,
        ${
          campaign.allowOverlap
            ? sql`null::text`
            : sql`(select c2.name from campaign_enrolments e2 join campaigns c2 on c2.id = e2.campaign_id and c2.account_id = ${accountId}
                   where e2.account_id = ${accountId} and e2.prospect_id = cand.id and e2.status = 'active' and e2.exclusive limit 1)`
        } as other_campaign,
        (position('@' in cand.addr) = 0 and not (${tasked}::boolean and coalesce(trim(cand.linkedin_url), '') <> '')) as no_address
      from cand
    )
    select *, count(*) over () as total from judged
    where email_block is not null or domain_block is not null or conv_since is not null or other_campaign is not null or no_address
    order by id
    limit ${window.limit} offset ${window.offset}`;
  const run = async (window: { limit: number; offset: number }) => (await db.execute(query(window))) as unknown as { rows: SkippedRow[] };
  const { rows } = await run({ limit: page.per_page, offset: (page.page - 1) * page.per_page });
  // A page past the end has no row to carry the total: the first row of the list does.
  const total = rows[0] ? Number(rows[0].total) : page.page > 1 ? Number((await run({ limit: 1, offset: 0 })).rows[0]?.total ?? 0) : 0;
  return { data: rows.map(judged), meta: { ...meta, total } };
}

/**
 * POST campaigns/{id}/enrolments: the user enrols one of the persona's prospects on purpose, typically someone in
 * conversation (whom enrolment skips). Never someone on the blacklist (take them off first), never twice, never
 * into a second active campaign unless this one allows overlap. The same rotation and compose job as enrolment.
 */
export async function enrolOnPurpose(deps: Deps, auth: AuthContext, campaignId: number, prospectId: number): Promise<{ enrolment_id: number; prospect_id: number }> {
  const db = deps.db;
  const accountId = auth.account.id;
  const campaign = await campaignOf(db, accountId, campaignId);
  if (campaign.status !== 'running' && campaign.status !== 'paused') throw unprocessable(`The campaign is ${campaign.status}: only a running or paused campaign enrols prospects`);
  const [prospect] = await db
    .select({ id: prospects.id, email: prospects.email, linkedinUrl: prospects.linkedinUrl, inPersona: sql<boolean>`exists (select 1 from ${personaProspects} pp where pp.account_id = ${accountId} and pp.prospect_id = ${prospects.id} and pp.persona_id = ${campaign.personaId})` })
    .from(prospects)
    .where(and(eq(prospects.accountId, accountId), eq(prospects.id, prospectId)));
  if (!prospect) throw notFound('Prospect not found');
  if (!prospect.inPersona) throw unprocessable("The prospect is not in the campaign's persona: add them to it first");
  const email = (prospect.email ?? '').trim().toLowerCase();
  const address = email.includes('@') ? email : '';
  if (!address && !((await hasTaskSteps(db, accountId, campaignId)) && prospect.linkedinUrl?.trim())) throw unprocessable('The prospect has no email address, and the sequence has no LinkedIn or call step');
  const pairs = await senderPairs(db, accountId, campaignId);
  if (pairs.length === 0) throw unprocessable("The campaign's virtual employees have no active mailbox to send from");
  return db.transaction(async (tx) => {
    const suppression = address ? await suppressionOf(tx, accountId, address) : null;
    if (suppression) throw unprocessable(`${suppression.value} is on the blacklist (${SUPPRESSION_REASON_LABELS[suppression.reason]}): take it off the list first`);
    const [already] = await tx
      .select({ id: campaignEnrolments.id })
      .from(campaignEnrolments)
      .where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.campaignId, campaignId), eq(campaignEnrolments.prospectId, prospectId)));
    if (already) throw new HttpError(409, ['The prospect is already in this campaign']);
    // The least loaded sender of the campaign, as the enrolment's rotation picks.
    const load = await tx
      .select({ ve: campaignEnrolments.virtualEmployeeId, box: campaignEnrolments.userEmailId, n: sql<number>`count(*)::int` })
      .from(campaignEnrolments)
      .where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.campaignId, campaignId)))
      .groupBy(campaignEnrolments.virtualEmployeeId, campaignEnrolments.userEmailId)
      .orderBy(asc(campaignEnrolments.virtualEmployeeId));
    const loadOf = (p: (typeof pairs)[number]) => load.find((l) => l.ve === p.virtualEmployeeId && l.box === p.userEmailId)?.n ?? 0;
    const sender = pairs.reduce((best, p) => (loadOf(p) < loadOf(best) ? p : best), pairs[0]!);
    const [row] = await tx
      .insert(campaignEnrolments)
      .values({ accountId, campaignId, prospectId, email: address, virtualEmployeeId: sender.virtualEmployeeId, userEmailId: sender.userEmailId, exclusive: !campaign.allowOverlap })
      .onConflictDoNothing()
      .returning({ id: campaignEnrolments.id });
    if (!row) throw new HttpError(409, ['The prospect is in another active campaign: stop it there first, or allow overlap on this campaign']);
    await deps.jobs.send(composeJob, { account_id: accountId, enrolment_id: row.id }, { tx, key: `campaign-compose:${row.id}` });
    await recordActivity(tx, {
      accountId,
      actorType: 'user',
      actorId: auth.user.id,
      verb: 'campaign_prospects_enrolled',
      channel: 'email',
      prospectId,
      personaId: campaign.personaId,
      payload: { campaign_id: campaignId, enrolled: 1, suppressed: 0, in_other_campaign: 0, in_conversation: 0, on_purpose: true, enrolment_id: row.id },
    });
    return { enrolment_id: row.id, prospect_id: prospectId };
  });
}
