import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { NO_EMAIL_STEP_REASON } from '@shared/schemas/campaigns';
import type { Db } from '../../db/client';
import { accounts, campaignEmails, campaignEnrolments, campaigns, outreachTasks, prospects, userEmails, virtualEmployees, type CampaignEmailRow } from '../../db/schema';
import type { Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { unsubscribeLinks } from '../blacklist/unsubscribe-token';
import { lookUpSentMessage, type SentFolderAnswer } from '../sending/sent-folder';
import { buildFooter } from '../sending/footer';
import { sendFromMailbox, type OutgoingMessage, type SendOutcome } from '../sending/smtp-send';
import { stopEnrolmentsWhere } from './enrolment';
import { checkBounceRates } from './lifecycle';

/**
 * Where the sending engine plugs in. The outbox row (campaign_emails) is complete before anything is
 * sent: recipient, the mailbox that sends it (a follow-up: step 1's), subject, HTML and text, our
 * Message-ID, In-Reply-To and References. This module answers which rows are due and sends one
 * (sendDueCampaignEmail: claim scheduled → sending, suppression checked again, SMTP through
 * modules/sending, outcome → sent / scheduled again / failed / cancelled / uncertain); the job that
 * walks the due rows under every limit is send-job.ts.
 */

/**
 * Scheduled emails that may go now as far as the campaign is concerned: the campaign is running, the
 * enrolment active, and the email due (step 1: from composition or approval; a follow-up: `delay_days`
 * after the step before it was sent). Mailbox limits, windows and throttles are the scheduler's to apply.
 */
export async function dueCampaignEmails(db: Db, accountId: number, now: Date, limit = 100): Promise<CampaignEmailRow[]> {
  // The step before is an email (sent) or a LinkedIn / call task (done or skipped): its delay counts from then.
  const previous = sql`coalesce(
    (select p.sent_at from campaign_emails p where p.account_id = ${accountId} and p.enrolment_id = ${campaignEmails.enrolmentId} and p.step_position = ${campaignEmails.stepPosition} - 1),
    (select t.done_at from outreach_tasks t where t.account_id = ${accountId} and t.enrolment_id = ${campaignEmails.enrolmentId} and t.step_position = ${campaignEmails.stepPosition} - 1 and t.status in ('done', 'skipped')))`;
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
        or(isNull(campaignEmails.sendAfter), lte(campaignEmails.sendAfter, now)),
        sql`(case when ${campaignEmails.stepPosition} = 1 then ${campaignEmails.dueAt} <= ${now.toISOString()}::timestamptz
             else ${previous} is not null and ${previous} + make_interval(days => ${campaignEmails.delayDays}::int) <= ${now.toISOString()}::timestamptz end)`,
      ),
    )
    .orderBy(asc(campaignEmails.dueAt), asc(campaignEmails.id))
    .limit(limit);
  return rows.map((r) => r.email);
}

export type SendDueOutcome = { state: CampaignEmailRow['status'] | 'skipped'; reason: string };

/** A row still `sending` this long after its claim was left by a process that died mid-send. */
export const STALE_SENDING_MS = 5 * 60_000;

/**
 * THE call that sends one due campaign email, in the account's scope (a job's inAccount):
 * 1. claims the row scheduled → sending in one conditional update (so two processes never both claim it;
 *    the campaign must still be running, the enrolment active, any retry wait over), counting the attempt;
 * 2. sends through its mailbox (sendFromMailbox checks the suppression list again, then SMTP);
 * 3. stores the outcome in one transaction: sent (+ email_sent, the next step's due time); retry / a
 *    connection failure / a held mailbox → scheduled again with `send_after`; bounced → failed (the
 *    address suppressed, its enrolments stopped); suppressed → cancelled, its enrolment stopped;
 *    uncertain → uncertain (the Sent folder or the user decides). A row sending, sent or uncertain is never sent again.
 */
export async function sendDueCampaignEmail(deps: Deps, accountId: number, campaignEmailId: number, now = new Date()): Promise<SendDueOutcome> {
  const db = deps.db;
  const [claimed] = await db
    .update(campaignEmails)
    .set({ status: 'sending', attemptedAt: now, attempts: sql`${campaignEmails.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(campaignEmails.id, campaignEmailId),
        eq(campaignEmails.accountId, accountId),
        eq(campaignEmails.status, 'scheduled'),
        or(isNull(campaignEmails.sendAfter), lte(campaignEmails.sendAfter, now)),
        sql`exists (select 1 from campaign_enrolments e join campaigns c on c.id = e.campaign_id and c.account_id = ${accountId}
                    where e.id = ${campaignEmails.enrolmentId} and e.account_id = ${accountId} and e.status = 'active' and c.status = 'running')`,
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await db
      .select({ status: campaignEmails.status })
      .from(campaignEmails)
      .where(and(eq(campaignEmails.id, campaignEmailId), eq(campaignEmails.accountId, accountId)));
    return { state: row?.status ?? 'skipped', reason: 'Not claimed: not scheduled (or already claimed), not due yet, or its campaign is not running' };
  }
  const [mailbox] = claimed.userEmailId
    ? await db.select().from(userEmails).where(and(eq(userEmails.id, claimed.userEmailId), eq(userEmails.accountId, accountId)))
    : [];
  if (!mailbox) return finish(deps, claimed, { status: 'failed', code: null, response: null, reason: 'The sending mailbox was removed' }, now);
  const [account] = await db
    .select({
      holderId: accounts.holderId,
      name: accounts.name,
      complianceFooter: accounts.complianceFooter,
      postalAddress: accounts.postalAddress,
      gdprNotice: accounts.gdprNotice,
      // Read with the account (no extra round trip): a reply that committed after the claim stopped the enrolment.
      enrolmentStopReason: sql<string | null>`(select coalesce(e.stop_reason, 'The enrolment stopped') from ${campaignEnrolments} e where e.account_id = ${accountId} and e.id = ${claimed.enrolmentId} and e.status <> 'active')`,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (account?.enrolmentStopReason) {
    // The prospect answered (or was stopped) between the claim and now: nothing more goes to them (issue 25: a
    // reply no longer puts the address on the blacklist, so the send's own suppression check would not see it).
    const reason = account.enrolmentStopReason;
    await db
      .update(campaignEmails)
      .set({ status: 'cancelled', statusReason: reason, updatedAt: now })
      .where(and(eq(campaignEmails.id, claimed.id), eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, 'sending')));
    return { state: 'cancelled', reason };
  }
  const [prospect] = claimed.prospectId
    ? await db
        .select({ fullName: prospects.fullName, source: prospects.source })
        .from(prospects)
        .where(and(eq(prospects.id, claimed.prospectId), eq(prospects.accountId, accountId)))
    : [];
  const [employee] = claimed.virtualEmployeeId
    ? await db
        .select({ name: virtualEmployees.name })
        .from(virtualEmployees)
        .where(and(eq(virtualEmployees.id, claimed.virtualEmployeeId), eq(virtualEmployees.accountId, accountId)))
    : [];
  const links = unsubscribeLinks(deps.config, { holderId: account?.holderId ?? 0, accountId, email: claimed.toEmail, campaignEmailId: claimed.id, mailbox: mailbox.email });
  const message: OutgoingMessage = {
    to: claimed.toEmail,
    toName: prospect?.fullName || null,
    subject: claimed.subject,
    text: claimed.bodyText,
    html: claimed.bodyHtml,
    messageId: claimed.messageId,
    inReplyTo: claimed.inReplyTo,
    references: claimed.references ? claimed.references.split(/\s+/).filter(Boolean) : [],
    date: now,
    unsubscribe: { url: links.url, mailto: links.mailto },
    // Added here, at send time: the draft the user reviewed never holds it (the review page says it will be added).
    footer:
      account?.complianceFooter === false
        ? null
        : buildFooter({
            unsubscribeUrl: links.url,
            postalAddress: account?.postalAddress ?? null,
            gdpr: account?.gdprNotice ? { source: prospect?.source ?? null, accountName: account.name } : null,
          }),
  };
  // The virtual employee's name is the sender's name (as composed); the mailbox's when there is none.
  const sender = { ...mailbox, senderName: employee?.name || mailbox.senderName };
  let outcome: SendOutcome;
  try {
    outcome = await sendFromMailbox(deps, sender, message, { attempt: claimed.attempts, now, campaignEmailId: claimed.id });
  } catch (err) {
    // Something of ours threw around the SMTP call: it may or may not have gone out.
    outcome = { status: 'uncertain', reason: `The send failed unexpectedly: ${(err as Error).message}` };
  }
  return finish(deps, claimed, outcome, now);
}

/** Stores a send's outcome on its claimed row, in one transaction (only while the row is still `sending`). */
async function finish(deps: Pick<Deps, 'db'>, row: CampaignEmailRow, outcome: SendOutcome, now: Date): Promise<SendDueOutcome> {
  const accountId = row.accountId;
  const mine = and(eq(campaignEmails.id, row.id), eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, 'sending'));
  return deps.db.transaction(async (tx) => {
    switch (outcome.status) {
      case 'sent':
        await markSent(tx, row, now);
        return { state: 'sent', reason: outcome.response };
      case 'retry':
      case 'connection_failed':
      case 'mailbox_held': {
        // A mailbox's trouble is not the message's: it does not count against the message's attempts.
        const counts = outcome.status === 'retry';
        await tx
          .update(campaignEmails)
          .set({
            status: 'scheduled',
            statusReason: outcome.reason,
            sendAfter: outcome.retryAt,
            ...(counts ? {} : { attempts: sql`greatest(${campaignEmails.attempts} - 1, 0)` }),
            updatedAt: now,
          })
          .where(mine);
        return { state: 'scheduled', reason: outcome.reason };
      }
      case 'failed':
      case 'bounced': {
        // A bounce has suppressed the address already (sendFromMailbox), which stopped its enrolments.
        const [failed] = await tx.update(campaignEmails).set({ status: 'failed', statusReason: outcome.reason, updatedAt: now }).where(mine).returning({ id: campaignEmails.id });
        if (failed && outcome.status === 'bounced') {
          await recordBounce(tx, row, outcome.reason, outcome.code, now);
          await checkBounceRates(tx, accountId, [row.campaignId], now);
        }
        if (outcome.status === 'failed' && row.stepPosition === 1) {
          // Follow-ups would answer a message never sent.
          await stopEnrolmentsWhere(tx, accountId, and(eq(campaignEnrolments.id, row.enrolmentId)), 'first message failed');
        }
        return { state: 'failed', reason: outcome.reason };
      }
      case 'suppressed': {
        const reason = `The recipient is on the blacklist (${outcome.suppression.reason})`;
        await tx.update(campaignEmails).set({ status: 'cancelled', statusReason: reason, updatedAt: now }).where(mine);
        await stopEnrolmentsWhere(tx, accountId, and(eq(campaignEnrolments.id, row.enrolmentId)), reason);
        return { state: 'cancelled', reason };
      }
      case 'uncertain':
        await tx.update(campaignEmails).set({ status: 'uncertain', statusReason: outcome.reason, updatedAt: now }).where(mine);
        return { state: 'uncertain', reason: outcome.reason };
    }
  });
}

/** The email_bounced activity of a hard bounce (what the campaign's bounce rate counts), by the system. */
async function recordBounce(tx: Db, row: CampaignEmailRow, reason: string, code: number | null, at: Date): Promise<void> {
  const [campaign] = await tx
    .select({ personaId: campaigns.personaId })
    .from(campaigns)
    .where(and(eq(campaigns.id, row.campaignId), eq(campaigns.accountId, row.accountId)));
  await recordActivity(tx, {
    accountId: row.accountId,
    actorType: 'system',
    verb: 'email_bounced',
    channel: 'email',
    prospectId: row.prospectId,
    personaId: campaign?.personaId ?? null,
    payload: {
      kind: 'campaign',
      campaign_id: row.campaignId,
      enrolment_id: row.enrolmentId,
      campaign_email_id: row.id,
      step: row.stepPosition,
      user_email_id: row.userEmailId,
      message_id: row.messageId,
      email: row.toEmail,
      code,
      reason,
    },
    occurredAt: at,
  });
}

/** sending → sent, the email_sent activity (payload.user_email_id ends a mailbox's run of failures), the next step's due time. */
/** Records a campaign email as sent (the sender after SMTP accepted it; the Sent folder for a stale send). */
export async function markSent(tx: Db, row: CampaignEmailRow, sentAt: Date): Promise<void> {
  const accountId = row.accountId;
  const [updated] = await tx
    .update(campaignEmails)
    .set({ status: 'sent', statusReason: null, sentAt, sendAfter: null, updatedAt: sentAt })
    .where(and(eq(campaignEmails.id, row.id), eq(campaignEmails.accountId, accountId), inArray(campaignEmails.status, ['sending', 'uncertain'])))
    .returning({ id: campaignEmails.id });
  if (!updated) return;
  const [campaign] = await tx
    .select({ personaId: campaigns.personaId })
    .from(campaigns)
    .where(and(eq(campaigns.id, row.campaignId), eq(campaigns.accountId, accountId)));
  await recordActivity(tx, {
    accountId,
    actorType: row.virtualEmployeeId ? 'virtual_employee' : 'system',
    actorId: row.virtualEmployeeId,
    verb: 'email_sent',
    channel: 'email',
    prospectId: row.prospectId,
    personaId: campaign?.personaId ?? null,
    payload: {
      kind: 'campaign',
      campaign_id: row.campaignId,
      enrolment_id: row.enrolmentId,
      campaign_email_id: row.id,
      step: row.stepPosition,
      user_email_id: row.userEmailId,
      message_id: row.messageId,
    },
    occurredAt: sentAt,
  });
  await scheduleNextStep(tx, accountId, row, sentAt);
}

/**
 * A row left in `sending` (its process died mid-send: claimed more than STALE_SENDING_MS ago) or
 * `uncertain`: its mailbox's Sent folder decides. Found → sent; not found (or no answer) → uncertain,
 * for the user to send anyway or skip. Never resent by itself.
 */
export async function reconcileStaleSends(
  deps: Pick<Deps, 'db' | 'config' | 'mail'>,
  accountId: number,
  now = new Date(),
): Promise<Array<{ id: number; state: 'sent' | 'uncertain'; reason: string }>> {
  const db = deps.db;
  const stale = await db
    .select()
    .from(campaignEmails)
    .where(
      and(
        eq(campaignEmails.accountId, accountId),
        eq(campaignEmails.status, 'sending'),
        or(isNull(campaignEmails.attemptedAt), lte(campaignEmails.attemptedAt, new Date(now.getTime() - STALE_SENDING_MS))),
      ),
    )
    .limit(50);
  const results: Array<{ id: number; state: 'sent' | 'uncertain'; reason: string }> = [];
  for (const row of stale) {
    const [mailbox] = row.userEmailId
      ? await db.select().from(userEmails).where(and(eq(userEmails.id, row.userEmailId), eq(userEmails.accountId, accountId)))
      : [];
    const answer: SentFolderAnswer = mailbox ? await lookUpSentMessage(deps, mailbox, row.messageId) : { status: 'unavailable', reason: 'The sending mailbox was removed' };
    if (answer.status === 'found') {
      // The time it was handed over is unknown: the claim's time is the closest we know.
      await db.transaction((tx) => markSent(tx, row, row.attemptedAt ?? now));
      results.push({ id: row.id, state: 'sent', reason: `Found in ${answer.folder}` });
    } else {
      const reason =
        answer.status === 'not_found'
          ? `The send was interrupted and the message is not in ${answer.folder}: send it anyway or skip it`
          : `The send was interrupted and the Sent folder could not be checked (${answer.reason}): send it anyway or skip it`;
      await db
        .update(campaignEmails)
        .set({ status: 'uncertain', statusReason: reason, updatedAt: now })
        .where(and(eq(campaignEmails.id, row.id), eq(campaignEmails.accountId, accountId), eq(campaignEmails.status, 'sending')));
      results.push({ id: row.id, state: 'uncertain', reason });
    }
  }
  return results;
}

/**
 * The sequence moves on once a step is done (an email sent, a task done or skipped): the next step's email
 * gets its due time, or the next step's LinkedIn / call task becomes due, `delay_days` after `at` (the task
 * planner then fits it into the working hours and limits). Called in the transaction that closed the step;
 * answers what it reached, so the caller can wake the sender.
 */
export async function scheduleNextStep(tx: Db, accountId: number, sent: Pick<CampaignEmailRow, 'enrolmentId' | 'stepPosition'>, sentAt: Date): Promise<{ email: boolean; task: boolean }> {
  // Email steps skipped for want of an address (a LinkedIn-only prospect, compose.ts) are passed over.
  const passed = new Set(
    (
      await tx
        .select({ position: campaignEmails.stepPosition })
        .from(campaignEmails)
        .where(
          and(
            eq(campaignEmails.accountId, accountId),
            eq(campaignEmails.enrolmentId, sent.enrolmentId),
            eq(campaignEmails.status, 'skipped'),
            eq(campaignEmails.statusReason, NO_EMAIL_STEP_REASON),
            gt(campaignEmails.stepPosition, sent.stepPosition),
          ),
        )
    ).map((r) => r.position),
  );
  let next = sent.stepPosition + 1;
  while (passed.has(next)) next++;
  const tasks = await tx
    .update(outreachTasks)
    .set({ status: 'due', dueAt: sql`${sentAt.toISOString()}::timestamptz + make_interval(days => ${outreachTasks.delayDays}::int)`, updatedAt: new Date() })
    .where(
      and(
        eq(outreachTasks.accountId, accountId),
        eq(outreachTasks.enrolmentId, sent.enrolmentId),
        eq(outreachTasks.stepPosition, next),
        eq(outreachTasks.status, 'pending'),
      ),
    )
    .returning({ id: outreachTasks.id });
  const emails = await tx
    .update(campaignEmails)
    .set({ dueAt: sql`${sentAt.toISOString()}::timestamptz + make_interval(days => ${campaignEmails.delayDays}::int)`, updatedAt: new Date() })
    .where(
      and(
        eq(campaignEmails.accountId, accountId),
        eq(campaignEmails.enrolmentId, sent.enrolmentId),
        eq(campaignEmails.stepPosition, next),
      ),
    )
    .returning({ id: campaignEmails.id });
  return { email: emails.length > 0, task: tasks.length > 0 };
}
