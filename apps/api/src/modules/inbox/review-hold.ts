import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignEmails, campaignEnrolments, outreachTasks } from '../../db/schema';
import { UNSENT_STATUSES } from '../campaigns/enrolment';

/**
 * "Needs your review" (docs/decisions.md): while the classifier is unsure of a reply, nothing more goes to the
 * prospect. The hold is the out-of-office pause's mechanism (campaign_emails.send_after, which the outbox
 * honours in dueCampaignEmails and in the claim) set to a date no send reaches, and the LinkedIn and call tasks'
 * due_at likewise (the planner takes only tasks due by now); the user's decision releases it
 * (an out-of-office: until its return; an auto-reply: at once) or stops the enrolments (a person's answer).
 * A later out-of-office pause (greatest(send_after, until)) cannot shorten a hold.
 */
export const REVIEW_HOLD_UNTIL = new Date('9999-12-31T00:00:00.000Z');
export const REVIEW_HOLD_REASON = 'Waiting for your review of the reply';

type Whom = { email: string; prospectId: number | null };

/** The active enrolments of the address, and of the prospect under another address of theirs. */
async function activeEnrolments(tx: Db, accountId: number, { email, prospectId }: Whom): Promise<number[]> {
  const rows = await tx
    .select({ id: campaignEnrolments.id })
    .from(campaignEnrolments)
    .where(
      and(
        eq(campaignEnrolments.accountId, accountId),
        eq(campaignEnrolments.status, 'active'),
        prospectId === null ? eq(campaignEnrolments.email, email) : or(eq(campaignEnrolments.email, email), eq(campaignEnrolments.prospectId, prospectId)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Holds the unsent emails of the prospect's active enrolments; answers the enrolments held. */
export async function holdForReview(tx: Db, accountId: number, whom: Whom): Promise<number[]> {
  const ids = await activeEnrolments(tx, accountId, whom);
  if (!ids.length) return [];
  await tx
    .update(campaignEmails)
    .set({ sendAfter: REVIEW_HOLD_UNTIL, updatedAt: new Date() })
    .where(and(eq(campaignEmails.accountId, accountId), inArray(campaignEmails.enrolmentId, ids), inArray(campaignEmails.status, [...UNSENT_STATUSES])));
  await tx
    .update(outreachTasks)
    .set({ dueAt: REVIEW_HOLD_UNTIL, waitReason: REVIEW_HOLD_REASON, updatedAt: new Date() })
    .where(and(eq(outreachTasks.accountId, accountId), inArray(outreachTasks.enrolmentId, ids), inArray(outreachTasks.status, ['due', 'waiting'])));
  return ids;
}

/** Releases the hold: the held emails may go again from `until` (an out-of-office's return), or as scheduled (null). */
export async function releaseReviewHold(tx: Db, accountId: number, whom: Whom, until: Date | null): Promise<number[]> {
  const ids = await activeEnrolments(tx, accountId, whom);
  if (!ids.length) return [];
  const released = await tx
    .update(campaignEmails)
    .set({ sendAfter: until, updatedAt: new Date() })
    .where(
      and(
        eq(campaignEmails.accountId, accountId),
        inArray(campaignEmails.enrolmentId, ids),
        inArray(campaignEmails.status, [...UNSENT_STATUSES]),
        sql`${campaignEmails.sendAfter} >= ${REVIEW_HOLD_UNTIL.toISOString()}::timestamptz`,
      ),
    )
    .returning({ enrolmentId: campaignEmails.enrolmentId });
  const tasks = await tx
    .update(outreachTasks)
    .set({ dueAt: until ?? new Date(), waitReason: null, updatedAt: new Date() })
    .where(
      and(
        eq(outreachTasks.accountId, accountId),
        inArray(outreachTasks.enrolmentId, ids),
        inArray(outreachTasks.status, ['due', 'waiting']),
        sql`${outreachTasks.dueAt} >= ${REVIEW_HOLD_UNTIL.toISOString()}::timestamptz`,
      ),
    )
    .returning({ enrolmentId: outreachTasks.enrolmentId });
  return [...new Set([...released, ...tasks].map((r) => r.enrolmentId))];
}
