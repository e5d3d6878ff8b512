import { and, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUTO_RESUME_COOL_DOWN_HOURS, AUTO_RESUME_RAMP_DAYS, AUTO_RESUME_REPEAT_DAYS, AUTO_RESUME_START_SHARE } from '@shared/constants';
import { dbId } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { userEmails, type UserEmailRow } from '../../db/schema';
import { kickSending } from '../../lib/jobs/kicks';
import { defineJob } from '../../lib/jobs/queue';
import { emitLiveEvent } from '../../lib/live-events';
import type { Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';

/**
 * The automatic end of a deliverability pause (issue 26; thresholds and sources in @shared/constants): a mailbox the
 * rule paused resumes by itself AUTO_RESUME_COOL_DOWN_HOURS later, when its "resume automatically" is on, at a
 * reduced daily limit that ramps back up (warmup.ts reads auto_resumed_at). A second trip within
 * AUTO_RESUME_REPEAT_DAYS of resuming by itself gets no automatic end: a human looks first. A pause by the user, a
 * failing sign-in and a rejection as unauthenticated never end by themselves (they never get an auto_resume_at).
 * Driven by job `mailbox-auto-resume`, one per pause, sent in the pause's transaction to start at its end.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const dateWords = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** When a pause of the rule at `now` ends by itself (null: a human decides), and what the reason adds to say so. */
export function autoResumeOf(mailbox: Pick<UserEmailRow, 'autoResumedAt'>, now: Date): { at: Date | null; note: string | null } {
  if (mailbox.autoResumedAt && now.getTime() - mailbox.autoResumedAt.getTime() < AUTO_RESUME_REPEAT_DAYS * DAY_MS)
    return {
      at: null,
      note: `It paused again within ${AUTO_RESUME_REPEAT_DAYS} days of resuming by itself (${dateWords(mailbox.autoResumedAt)}), so it stays paused until you resume it.`,
    };
  return { at: new Date(now.getTime() + AUTO_RESUME_COOL_DOWN_HOURS * HOUR_MS), note: null };
}

const payloadSchema = z.object({ account_id: dbId(), user_email_id: dbId() });
type Payload = z.output<typeof payloadSchema>;

/** The job that ends this pause at `at` (one per mailbox and end time, from any process). */
export async function scheduleAutoResume(deps: Pick<Deps, 'jobs'>, tx: Db, accountId: number, mailboxId: number, at: Date): Promise<void> {
  await deps.jobs.send(autoResumeJob, { account_id: accountId, user_email_id: mailboxId }, { tx, startAfter: at, key: `${mailboxId}:${at.toISOString()}` });
}

export type AutoResumeResult = { resumed: boolean; why: 'resumed' | 'not_paused' | 'not_due' | 'switched_off' | 'by_hand' };

/**
 * Resumes the mailbox if the rule paused it, its cool-down is over at `now` and its owner lets it resume by itself:
 * status active, auto_resumed_at = now (the reduced limit starts), `mailbox_resumed` by the system (the account is
 * notified as of the pause), and a sending tick for the emails it held.
 */
export async function resumeAutomatically(deps: Pick<Deps, 'db' | 'jobs'>, accountId: number, mailboxId: number, now: Date): Promise<AutoResumeResult> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(userEmails)
      .set({ status: 'active', statusReason: null, autoResumeAt: null, autoResumedAt: now, updatedAt: new Date() })
      .where(
        and(
          eq(userEmails.id, mailboxId),
          eq(userEmails.accountId, accountId),
          eq(userEmails.status, 'paused'),
          eq(userEmails.autoResume, true),
          lte(userEmails.autoResumeAt, now),
        ),
      )
      .returning();
    if (!row) {
      const [m] = await tx.select().from(userEmails).where(and(eq(userEmails.id, mailboxId), eq(userEmails.accountId, accountId)));
      if (!m || m.status !== 'paused') return { resumed: false, why: 'not_paused' };
      if (!m.autoResumeAt) return { resumed: false, why: 'by_hand' };
      if (!m.autoResume) return { resumed: false, why: 'switched_off' };
      return { resumed: false, why: 'not_due' };
    }
    const share = Math.round(AUTO_RESUME_START_SHARE * 100);
    await recordActivity(tx, {
      accountId,
      actorType: 'system',
      verb: 'mailbox_resumed',
      channel: 'email',
      payload: {
        user_email_id: row.id,
        email: row.email,
        automatic: true,
        reason: `Resumed by itself after a ${AUTO_RESUME_COOL_DOWN_HOURS}-hour cool-down, at ${share} % of its daily limit, back to the full limit over ${AUTO_RESUME_RAMP_DAYS} days`,
      },
      occurredAt: now,
    });
    await emitLiveEvent(tx, accountId, 'mailbox_changed', { user_email_id: row.id, status: 'active' });
    await kickSending(deps, accountId, tx);
    return { resumed: true, why: 'resumed' };
  });
}

export const autoResumeJob = defineJob<Payload, Deps>({
  name: 'mailbox-auto-resume',
  payload: payloadSchema,
  scope: (_deps, p) => p.account_id,
  retryLimit: 5,
  retryDelaySeconds: 60,
  concurrency: 1,
  handler: async (deps, p) => {
    const now = deps.clock ? deps.clock() : new Date();
    const result = await resumeAutomatically(deps, p.account_id, p.user_email_id, now);
    if (result.why === 'not_due') {
      // Started before its time (another process's clock): once more at the stored end, never a loop (same key).
      const [m] = await deps.db
        .select({ at: userEmails.autoResumeAt })
        .from(userEmails)
        .where(and(eq(userEmails.id, p.user_email_id), eq(userEmails.accountId, p.account_id), sql`${userEmails.autoResumeAt} is not null`));
      if (m?.at) await deps.jobs.send(autoResumeJob, p, { startAfter: m.at, key: `${p.user_email_id}:${m.at.toISOString()}:again` });
    }
    return result;
  },
});
