import { and, asc, eq, inArray, isNotNull, ne, notExists, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import {
  blacklistedDomains,
  blacklistedEmails,
  campaignEmails,
  emailThreads,
  campaignEnrolments,
  campaigns,
  campaignSteps,
  campaignVirtualEmployees,
  outreachTasks,
  personaProspects,
  prospects,
  userEmails,
  virtualEmployeeMailboxes,
} from '../../db/schema';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import type { SuppressionReason } from '@shared/schemas/blacklist';
import { domainsOf, type SuppressionTarget } from '../blacklist/suppression';
import { composeJob } from './compose';
import { finishDoneCampaignsSoon } from './lifecycle';

/** Tasks not done yet (not reached, due, or waiting for a limit): a stop cancels them. */
export const OPEN_TASK_STATUSES = ['pending', 'due', 'waiting'] as const;

/** Emails not yet handed to SMTP: a stop cancels them. ("sending" is the sender's to resolve, never cancelled blindly.) */
export const UNSENT_STATUSES = ['draft', 'scheduled', 'queued'] as const;

const ENROL_BATCH = 1000;

/** The (virtual employee, mailbox) pairs a campaign sends from: its employees' active mailboxes. */
export async function senderPairs(db: Db, accountId: number, campaignId: number): Promise<Array<{ virtualEmployeeId: number; userEmailId: number }>> {
  return db
    .select({ virtualEmployeeId: campaignVirtualEmployees.virtualEmployeeId, userEmailId: virtualEmployeeMailboxes.userEmailId })
    .from(campaignVirtualEmployees)
    .innerJoin(
      virtualEmployeeMailboxes,
      and(eq(virtualEmployeeMailboxes.virtualEmployeeId, campaignVirtualEmployees.virtualEmployeeId), eq(virtualEmployeeMailboxes.accountId, accountId)),
    )
    .innerJoin(userEmails, and(eq(userEmails.id, virtualEmployeeMailboxes.userEmailId), eq(userEmails.accountId, accountId), eq(userEmails.status, 'active')))
    .where(and(eq(campaignVirtualEmployees.accountId, accountId), eq(campaignVirtualEmployees.campaignId, campaignId)))
    .orderBy(asc(campaignVirtualEmployees.virtualEmployeeId), asc(virtualEmployeeMailboxes.userEmailId));
}

/** Which of these (lowercased) addresses the account must not write to: their own entry or their domain's (as isSuppressed). */
async function suppressedAmong(db: Db, accountId: number, emails: string[]): Promise<Set<string>> {
  const blocked = new Set<string>();
  if (emails.length === 0) return blocked;
  const own = await db
    .select({ email: blacklistedEmails.email })
    .from(blacklistedEmails)
    .where(and(eq(blacklistedEmails.accountId, accountId), inArray(blacklistedEmails.email, emails)));
  for (const r of own) blocked.add(r.email);
  const domainsByEmail = new Map(emails.map((e) => [e, domainsOf(e)]));
  const allDomains = [...new Set([...domainsByEmail.values()].flat())];
  if (allDomains.length) {
    const listed = new Set(
      (
        await db
          .select({ domain: blacklistedDomains.domain })
          .from(blacklistedDomains)
          .where(and(eq(blacklistedDomains.accountId, accountId), inArray(blacklistedDomains.domain, allDomains)))
      ).map((r) => r.domain),
    );
    if (listed.size) for (const [email, domains] of domainsByEmail) if (domains.some((d) => listed.has(d))) blocked.add(email);
  }
  return blocked;
}

/**
 * When each of these prospects (in this account) has been in conversation: their own mark (they answered as a
 * person: prospects.in_conversation_since), else the first human reply of a thread with their address (a reply
 * that came before the mark existed, or to a prospect since re-created under the same address). Absent: not in one.
 */
export async function inConversationAmong(db: Db, accountId: number, rows: Array<{ prospectId: number; email: string; inConversationSince: Date | null }>): Promise<Map<number, Date>> {
  const since = new Map<number, Date>();
  const emails = [...new Set(rows.map((r) => r.email).filter((e) => e !== ''))];
  const byThread = emails.length
    ? await db
        .select({ email: emailThreads.prospectEmail, at: sql<string>`min(${emailThreads.repliedAt})` })
        .from(emailThreads)
        .where(and(eq(emailThreads.accountId, accountId), inArray(emailThreads.prospectEmail, emails), isNotNull(emailThreads.repliedAt)))
        .groupBy(emailThreads.prospectEmail)
    : [];
  const threadSince = new Map(byThread.map((r) => [r.email, new Date(r.at)]));
  for (const r of rows) {
    const dates = [r.inConversationSince, r.email ? threadSince.get(r.email) : undefined].filter((d): d is Date => d instanceof Date && !Number.isNaN(d.getTime()));
    if (dates.length) since.set(r.prospectId, new Date(Math.min(...dates.map((d) => d.getTime()))));
  }
  return since;
}

export type EnrolResult = { enrolled: number; suppressed: number; in_other_campaign: number; in_conversation: number };

/**
 * Enrols the persona's prospects with an email that are not in this campaign yet (and, when the sequence has
 * LinkedIn or call steps, those with a LinkedIn profile but no email: their email steps are skipped, see
 * compose.ts, and their enrolment's email is empty): the suppressed are
 * left out, and (unless the campaign allows overlap) so is anyone already in another active campaign;
 * the partial unique index makes that hold under concurrent enrolments too. Each enrolment gets its
 * sender (rotation: the pair with the fewest enrolments in this campaign) and a compose job in the same
 * transaction, ENROL_BATCH prospects at a time (a few statements per batch, not per prospect).
 * Idempotent: running it again enrols only those who joined the persona since.
 */
export async function enrolCampaign(deps: Deps, accountId: number, campaignId: number, options: { recompose?: boolean } = {}): Promise<EnrolResult> {
  const db = deps.db;
  const result: EnrolResult = { enrolled: 0, suppressed: 0, in_other_campaign: 0, in_conversation: 0 };
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.id, campaignId), eq(campaigns.accountId, accountId)));
  if (!campaign || campaign.status !== 'running') return result;
  const pairs = await senderPairs(db, accountId, campaignId);
  if (pairs.length === 0) return result;
  const load = new Map(pairs.map((p) => [`${p.virtualEmployeeId}:${p.userEmailId}`, 0]));
  const counts = await db
    .select({ ve: campaignEnrolments.virtualEmployeeId, box: campaignEnrolments.userEmailId, n: sql<number>`count(*)::int` })
    .from(campaignEnrolments)
    .where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.campaignId, campaignId)))
    .groupBy(campaignEnrolments.virtualEmployeeId, campaignEnrolments.userEmailId);
  for (const c of counts) {
    const key = `${c.ve}:${c.box}`;
    if (load.has(key)) load.set(key, c.n);
  }
  const nextSender = () => {
    let best = pairs[0]!;
    let bestLoad = Infinity;
    for (const p of pairs) {
      const n = load.get(`${p.virtualEmployeeId}:${p.userEmailId}`)!;
      if (n < bestLoad) [best, bestLoad] = [p, n];
    }
    load.set(`${best.virtualEmployeeId}:${best.userEmailId}`, bestLoad + 1);
    return best;
  };

  // A prospect without an email can still follow the sequence's LinkedIn and call steps, from their profile.
  const [tasked] = await db
    .select({ id: campaignSteps.id })
    .from(campaignSteps)
    .where(and(eq(campaignSteps.accountId, accountId), eq(campaignSteps.campaignId, campaignId), ne(campaignSteps.channel, 'email')))
    .limit(1);
  const reachable = tasked ? or(isNotNull(prospects.email), isNotNull(prospects.linkedinUrl))! : isNotNull(prospects.email);

  let afterId = 0;
  for (;;) {
    const batch = await db
      .select({ id: prospects.id, email: prospects.email, linkedinUrl: prospects.linkedinUrl, inConversationSince: prospects.inConversationSince })
      .from(personaProspects)
      .innerJoin(prospects, and(eq(prospects.id, personaProspects.prospectId), eq(prospects.accountId, accountId)))
      .where(
        and(
          eq(personaProspects.accountId, accountId),
          eq(personaProspects.personaId, campaign.personaId),
          reachable,
          sql`${personaProspects.prospectId} > ${afterId}`,
        ),
      )
      .orderBy(asc(personaProspects.prospectId))
      .limit(ENROL_BATCH);
    if (batch.length === 0) break;
    afterId = batch.at(-1)!.id;
    // Those already in this campaign, looked up by the batch's ids (the campaign/prospect unique index):
    // an anti-join in the batch query let the planner scan the growing enrolments on every batch.
    const enrolled = new Set(
      (
        await db
          .select({ prospectId: campaignEnrolments.prospectId })
          .from(campaignEnrolments)
          .where(
            and(
              eq(campaignEnrolments.accountId, accountId),
              eq(campaignEnrolments.campaignId, campaignId),
              inArray(
                campaignEnrolments.prospectId,
                batch.map((p) => p.id),
              ),
            ),
          )
      ).map((r) => r.prospectId),
    );
    const reachableCandidates = batch
      .filter((p) => !enrolled.has(p.id))
      .map((p) => ({ prospectId: p.id, email: (p.email ?? '').trim().toLowerCase(), linkedin: Boolean(tasked && p.linkedinUrl?.trim()), inConversationSince: p.inConversationSince }))
      .map((p) => (p.email.includes('@') ? p : { ...p, email: '' }))
      .filter((p) => p.email !== '' || p.linkedin);
    if (reachableCandidates.length === 0) continue;
    // Who is in conversation (answered as a person) is never enrolled automatically again: the campaign's skipped list says so.
    const conversing = await inConversationAmong(db, accountId, reachableCandidates);
    const candidates = reachableCandidates.filter((c) => !conversing.has(c.prospectId));
    result.in_conversation += reachableCandidates.length - candidates.length;
    if (candidates.length === 0) continue;
    // One transaction per batch: the suppression check, the enrolment rows (one statement) and their
    // compose jobs (one statement). Checked inside the transaction that enrols: a suppression committed
    // before this one is seen.
    await db.transaction(async (tx) => {
      const blocked = await suppressedAmong(tx, accountId, candidates.map((c) => c.email).filter((e) => e !== ''));
      const allowed = candidates.filter((c) => !blocked.has(c.email));
      result.suppressed += candidates.length - allowed.length;
      if (allowed.length === 0) return;
      const rows = allowed.map((c) => {
        const sender = nextSender();
        return { prospectId: c.prospectId, email: c.email, virtualEmployeeId: sender.virtualEmployeeId, userEmailId: sender.userEmailId };
      });
      // One statement with one array per column (unnest, as the import does): PostgreSQL parses a handful
      // of parameters instead of rows × columns.
      const column = <T>(pick: (r: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
      const inserted = (
        (await tx.execute(sql`
          insert into ${campaignEnrolments} (account_id, campaign_id, prospect_id, email, virtual_employee_id, user_email_id, exclusive)
          select ${accountId}::int, ${campaignId}::int, u.prospect_id, u.email, u.virtual_employee_id, u.user_email_id, ${!campaign.allowOverlap}::boolean
          from unnest(${column((r) => r.prospectId)}::int[], ${column((r) => r.email)}::text[], ${column((r) => r.virtualEmployeeId)}::int[], ${column((r) => r.userEmailId)}::int[])
            as u(prospect_id, email, virtual_employee_id, user_email_id)
          on conflict do nothing
          returning id, prospect_id`)) as unknown as { rows: Array<{ id: number; prospect_id: number }> }
      ).rows.map((r) => ({ id: Number(r.id), prospectId: Number(r.prospect_id) }));
      const taken = new Set(inserted.map((r) => r.prospectId));
      for (const r of rows) {
        if (taken.has(r.prospectId)) continue;
        // In another active campaign (the partial unique index): its sender's slot is given back.
        const key = `${r.virtualEmployeeId}:${r.userEmailId}`;
        load.set(key, load.get(key)! - 1);
        result.in_other_campaign++;
      }
      result.enrolled += inserted.length;
      await deps.jobs.sendMany(
        composeJob,
        inserted.map((r) => ({ payload: { account_id: accountId, enrolment_id: r.id }, key: `campaign-compose:${r.id}` })),
        { tx },
      );
    });
  }
  if (options.recompose) {
    // Resume: enrolments whose composition gave up earlier (their provider failed) are written now.
    const unwritten = await db
      .select({ id: campaignEnrolments.id })
      .from(campaignEnrolments)
      .where(
        and(
          eq(campaignEnrolments.accountId, accountId),
          eq(campaignEnrolments.campaignId, campaignId),
          eq(campaignEnrolments.status, 'active'),
          notExists(db.select({ one: sql`1` }).from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, campaignEnrolments.id)))),
        ),
      );
    for (const e of unwritten) await deps.jobs.send(composeJob, { account_id: accountId, enrolment_id: e.id });
  }
  if (result.enrolled + result.suppressed + result.in_other_campaign + result.in_conversation > 0) {
    await recordActivity(db, {
      accountId,
      actorType: 'agent',
      verb: 'campaign_prospects_enrolled',
      channel: 'email',
      personaId: campaign.personaId,
      payload: { campaign_id: campaignId, ...result },
    });
  }
  return result;
}

/** Enrolment as a durable job: started by start/resume and whenever prospects join the persona. */
export const enrolJob = defineJob<{ account_id: number; campaign_id: number; recompose?: boolean }, Deps>({
  name: 'campaign-enrol',
  payload: z.object({ account_id: dbId(), campaign_id: dbId(), recompose: z.boolean().optional() }),
  scope: (_deps, payload) => payload.account_id,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 30 * 60,
  // One enrolment run per process at a time; the unique indexes hold if two processes overlap.
  concurrency: 1,
  handler: async (deps, payload) => enrolCampaign(deps, payload.account_id, payload.campaign_id, { recompose: payload.recompose }),
});

/**
 * Prospects just joined these personas: their running campaigns enrol them, oldest campaign first, in
 * one job. With one job per campaign, whichever ran first took a prospect that two campaigns (neither
 * allowing overlap) both wanted; now the campaign started earlier does, every time.
 */
export const joinJob = defineJob<{ account_id: number; persona_ids: number[] }, Deps>({
  name: 'campaign-join',
  payload: z.object({ account_id: dbId(), persona_ids: z.array(dbId()).min(1).max(1000) }),
  scope: (_deps, payload) => payload.account_id,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 30 * 60,
  concurrency: 1,
  handler: async (deps, payload) => {
    const running = await runningCampaignsOf(deps.db, payload.account_id, payload.persona_ids);
    const results: Array<{ campaign_id: number } & EnrolResult> = [];
    for (const c of running) results.push({ campaign_id: c.id, ...(await enrolCampaign(deps, payload.account_id, c.id)) });
    return { campaigns: results };
  },
});

const runningCampaignsOf = (db: Db, accountId: number, personaIds: number[]) =>
  db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), eq(campaigns.status, 'running'), inArray(campaigns.personaId, [...new Set(personaIds)])))
    .orderBy(asc(campaigns.id));

/** Enqueues enrolment for the running campaigns of these personas (prospects just joined them). Pass `tx` to enqueue with the write. */
export async function joinRunningCampaigns(deps: Pick<Deps, 'db' | 'jobs'>, accountId: number, personaIds: number[], tx?: Db): Promise<void> {
  if (personaIds.length === 0) return;
  const running = await runningCampaignsOf(tx ?? deps.db, accountId, personaIds);
  if (running.length > 0) await deps.jobs.send(joinJob, { account_id: accountId, persona_ids: [...new Set(personaIds)] }, { tx });
}

/**
 * Stops enrolments and cancels their unsent emails, in the caller's transaction; answers the stopped
 * enrolments. `where` picks them (always within the account).
 */
export async function stopEnrolmentsWhere(tx: Db, accountId: number, where: ReturnType<typeof and>, reason: string): Promise<Array<{ id: number; prospectId: number; campaignId: number; email: string }>> {
  const stopped = await tx
    .update(campaignEnrolments)
    .set({ status: 'stopped', stopReason: reason, stoppedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.status, 'active'), where))
    .returning({ id: campaignEnrolments.id, prospectId: campaignEnrolments.prospectId, campaignId: campaignEnrolments.campaignId, email: campaignEnrolments.email });
  if (stopped.length) {
    await tx
      .update(campaignEmails)
      .set({ status: 'cancelled', statusReason: reason, updatedAt: new Date() })
      .where(
        and(
          eq(campaignEmails.accountId, accountId),
          inArray(
            campaignEmails.enrolmentId,
            stopped.map((s) => s.id),
          ),
          inArray(campaignEmails.status, [...UNSENT_STATUSES]),
        ),
      );
    // Their LinkedIn and call tasks not done yet are cancelled too: a reply on any channel stops every channel.
    await tx
      .update(outreachTasks)
      .set({ status: 'cancelled', waitReason: reason, updatedAt: new Date() })
      .where(
        and(
          eq(outreachTasks.accountId, accountId),
          inArray(
            outreachTasks.enrolmentId,
            stopped.map((s) => s.id),
          ),
          inArray(outreachTasks.status, [...OPEN_TASK_STATUSES]),
        ),
      );
    // The last enrolment of a campaign stopped: it may be done now.
    await finishDoneCampaignsSoon(
      tx,
      accountId,
      new Date(),
      stopped.map((s) => s.campaignId),
    );
  }
  return stopped;
}

/**
 * The campaigns' reaction to `address_suppressed` (src/reactions.ts): a suppressed address or domain stops
 * its active enrolments in every campaign and cancels their unsent emails, in the suppression's transaction.
 */
export async function stopEnrolmentsOnSuppression(tx: Db, accountId: number, target: SuppressionTarget, reason: SuppressionReason): Promise<void> {
  const match =
    target.kind === 'email'
      ? eq(campaignEnrolments.email, target.email.toLowerCase())
      : sql`(split_part(${campaignEnrolments.email}, '@', 2) = ${target.domain} or split_part(${campaignEnrolments.email}, '@', 2) like ${`%.${target.domain}`})`;
  const stopped = await stopEnrolmentsWhere(tx, accountId, and(match), reason);
  for (const s of stopped) {
    await recordActivity(tx, {
      accountId,
      actorType: 'system',
      verb: 'enrolment_stopped',
      channel: 'email',
      prospectId: s.prospectId,
      payload: { campaign_id: s.campaignId, enrolment_id: s.id, reason },
    });
  }
}
