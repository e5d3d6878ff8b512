import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities, campaignEmails, campaignEnrolments, campaigns, prospects, userEmails } from '../../db/schema';
import type { Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { textProviderFor } from '../ai';
import { EXAMPLE_MESSAGE_MAX_TOKENS, EXAMPLE_MESSAGE_SYSTEM, exampleMessagePrompt } from '../ai/prompts';
import { shapeMessage } from '../messaging/generate';
import { heldForClaimsReason } from '@shared/claims/check';
import { claimFlagsForEmail, compositionBase } from './compose';

/**
 * A visit by the prospect or their company while their sequence runs (the `website_visited` activity, reaction
 * `interest-into-next-step`) gives the agent context for the next step: the next follow-up not yet sent, reviewed or
 * edited by anyone is written again with the topics read as its angle. The message may speak to the topic; the
 * prompt and the built-in composer never say that a visit was seen. A draft rewritten in review mode is what the
 * reviewer then sees; an email approved, edited, written from a variant, or already leaving is never touched.
 */
export type InterestOutcome = { rewritten: number | null; skipped?: string };

export async function reflectInterestInNextStep(deps: Deps, accountId: number, input: { prospectId: number; campaignId: number; topics: string[] }, now = new Date()): Promise<InterestOutcome> {
  const db: Db = deps.db;
  const topics = input.topics.map((t) => t.trim()).filter(Boolean).slice(0, 5);
  if (!topics.length) return { rewritten: null, skipped: 'no topic' };
  const [enrolment] = await db
    .select()
    .from(campaignEnrolments)
    .where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.campaignId, input.campaignId), eq(campaignEnrolments.prospectId, input.prospectId), eq(campaignEnrolments.status, 'active')));
  if (!enrolment) return { rewritten: null, skipped: 'no running sequence' };
  const [campaign] = await db.select().from(campaigns).where(and(eq(campaigns.accountId, accountId), eq(campaigns.id, enrolment.campaignId)));
  const [prospect] = await db.select().from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, enrolment.prospectId)));
  const [mailbox] = enrolment.userEmailId ? await db.select().from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, enrolment.userEmailId))) : [];
  if (!campaign || campaign.status !== 'running' || !prospect || !mailbox) return { rewritten: null, skipped: 'campaign not running' };

  const thread = await db
    .select()
    .from(campaignEmails)
    .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, enrolment.id)))
    .orderBy(asc(campaignEmails.stepPosition));
  // The next follow-up waiting (the first message is the cold email: its angle stays the offering's).
  const index = thread.findIndex((e, i) => i > 0 && (e.status === 'draft' || e.status === 'scheduled'));
  const next = thread[index];
  if (!next) return { rewritten: null, skipped: 'no follow-up waiting' };
  if (next.approvedAt || next.provider === 'variant' || next.sentAt) return { rewritten: null, skipped: 'the next step was reviewed or comes from a variant' };
  const [edited] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.accountId, accountId), eq(activities.verb, 'campaign_email_edited'), sql`${activities.payload}->>'campaign_email_id' = ${String(next.id)}`))
    .limit(1);
  if (edited) return { rewritten: null, skipped: 'the next step was edited by hand' };

  const { base, signatureHtml } = await compositionBase(db, accountId, { enrolment, campaign, prospect, mailbox }, now);
  const provider = textProviderFor(deps.config);
  const context = { ...base, category: 'follow_up', step: index + 1, steps: thread.length, earlier: thread.slice(0, index).map((e) => e.bodyText), interest: { topics } };
  const raw = await provider.generate({ system: EXAMPLE_MESSAGE_SYSTEM, prompt: exampleMessagePrompt(context), maxTokens: EXAMPLE_MESSAGE_MAX_TOKENS, timeoutMs: deps.config.ai.timeoutMs, context });
  const shaped = shapeMessage(raw, signatureHtml);
  // The rewrite passes the same claims check as the first draft: a flagged scheduled follow-up waits for review.
  const claimFlags = await claimFlagsForEmail(db, accountId, next, { subject: next.subject ?? '', bodyText: shaped.text });
  const held = next.status === 'scheduled' && claimFlags.length > 0;
  return db.transaction(async (tx) => {
    // Only if nobody touched it meanwhile (a review, an edit, the send): the same status, approval and text. (Not
    // updated_at: the database keeps microseconds, a JavaScript date milliseconds.)
    const [changed] = await tx
      .update(campaignEmails)
      .set({ bodyHtml: shaped.html, bodyText: shaped.text, claimFlags, ...(held ? { status: 'draft' as const, statusReason: heldForClaimsReason(claimFlags) } : {}), updatedAt: now })
      .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.id, next.id), eq(campaignEmails.status, next.status), isNull(campaignEmails.approvedAt), eq(campaignEmails.bodyText, next.bodyText)))
      .returning({ id: campaignEmails.id });
    if (!changed) return { rewritten: null, skipped: 'the next step changed meanwhile' };
    await recordActivity(tx, {
      accountId,
      actorType: 'virtual_employee',
      actorId: enrolment.virtualEmployeeId,
      verb: 'message_generated',
      channel: 'email',
      prospectId: prospect.id,
      personaId: campaign.personaId,
      payload: { kind: 'campaign', campaign_id: campaign.id, campaign_email_id: next.id, step: next.stepPosition, status: next.status, provider: provider.name, reason: 'website_visit', topics },
    });
    return { rewritten: next.id };
  });
}
