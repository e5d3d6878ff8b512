import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignEmails, campaignEnrolments, campaigns, type CampaignEmailRow } from '../../db/schema';
import type { Deps } from '../../lib/route';

/**
 * Where the sending engine plugs in. The outbox row (campaign_emails) is complete before anything is
 * sent: recipient, the mailbox that sends it (a follow-up: step 1's), subject, HTML and text, our
 * Message-ID, In-Reply-To and References. This module answers which rows are due; sending them
 * (claim scheduled → queued → sending, suppression checked again in the send's transaction, every
 * limit, SMTP, outcome → sent / failed / uncertain) belongs to modules/sending.
 */

/**
 * Scheduled emails that may go now as far as the campaign is concerned: the campaign is running, the
 * enrolment active, and the email due (step 1: from composition or approval; a follow-up: `delay_days`
 * after the step before it was sent). Mailbox limits, windows and throttles are the scheduler's to apply.
 */
export async function dueCampaignEmails(db: Db, accountId: number, now: Date, limit = 100): Promise<CampaignEmailRow[]> {
  const previous = sql`(select p.sent_at from campaign_emails p where p.account_id = ${accountId} and p.enrolment_id = ${campaignEmails.enrolmentId} and p.step_position = ${campaignEmails.stepPosition} - 1)`;
  const rows = await db
    .select({ email: campaignEmails })
    .from(campaignEmails)
    .innerJoin(campaigns, and(eq(campaigns.id, campaignEmails.campaignId), eq(campaigns.accountId, accountId), eq(campaigns.status, 'running')))
    .innerJoin(
      campaignEnrolments,
      and(eq(campaignEnrolments.id, campaignEmails.enrolmentId), eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.status, 'active')),
    )
    .where(
      and(
        eq(campaignEmails.accountId, accountId),
        eq(campaignEmails.status, 'scheduled'),
        sql`(case when ${campaignEmails.stepPosition} = 1 then ${campaignEmails.dueAt} <= ${now.toISOString()}::timestamptz
             else ${previous} is not null and ${previous} + make_interval(days => ${campaignEmails.delayDays}::int) <= ${now.toISOString()}::timestamptz end)`,
      ),
    )
    .orderBy(asc(campaignEmails.dueAt), asc(campaignEmails.id))
    .limit(limit);
  return rows.map((r) => r.email);
}

export type SendDueOutcome = { state: CampaignEmailRow['status']; reason: string };

/**
 * THE call that sends one due campaign email: `sendDueCampaignEmail(deps, accountId, campaignEmailId)`.
 * The sending engine (modules/sending: limits, rotation, SMTP and outcome classification, built
 * separately) implements it; until it lands nothing is sent, the row stays `scheduled`, and this says so.
 */
export async function sendDueCampaignEmail(deps: Deps, accountId: number, campaignEmailId: number): Promise<SendDueOutcome> {
  const [row] = await deps.db
    .select({ status: campaignEmails.status })
    .from(campaignEmails)
    .where(and(eq(campaignEmails.id, campaignEmailId), eq(campaignEmails.accountId, accountId)));
  return { state: row?.status ?? 'skipped', reason: 'The sending engine is not connected yet: nothing was sent' };
}

/** Sets a follow-up's due time once the step before it is sent (for the sender to call in its "sent" transaction). */
export async function scheduleNextStep(tx: Db, accountId: number, sent: Pick<CampaignEmailRow, 'enrolmentId' | 'stepPosition'>, sentAt: Date): Promise<void> {
  await tx
    .update(campaignEmails)
    .set({ dueAt: sql`${sentAt.toISOString()}::timestamptz + make_interval(days => ${campaignEmails.delayDays}::int)`, updatedAt: new Date() })
    .where(
      and(
        eq(campaignEmails.accountId, accountId),
        eq(campaignEmails.enrolmentId, sent.enrolmentId),
        eq(campaignEmails.stepPosition, sent.stepPosition + 1),
      ),
    );
}
