import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { isAutomaticReplyStatus, replyStatusSchema } from '@shared/schemas/inbox';
import type { Db } from '../../db/client';
import { prospects } from '../../db/schema';

/**
 * A prospect in conversation (issue 25): someone who answered as a person, by email, on LinkedIn or on a call,
 * or whose message the user marked as a person's. From then on no campaign enrols them automatically (the
 * enrolment skips them with the reason "in conversation since …", campaigns/enrolment.ts); the user may enrol them
 * on purpose. This replaces the blacklist's old "replied" entries: the blacklist means do-not-contact.
 */

/** Marks the prospect in conversation since `at` (the first answer's time stays). */
export async function markInConversation(tx: Db, accountId: number, prospectId: number, at: Date): Promise<void> {
  const iso = at.toISOString();
  await tx
    .update(prospects)
    .set({ inConversationSince: sql`${iso}::timestamptz` })
    .where(
      and(
        eq(prospects.accountId, accountId),
        eq(prospects.id, prospectId),
        or(isNull(prospects.inConversationSince), sql`${prospects.inConversationSince} > ${iso}::timestamptz`),
      ),
    );
}

/** A status the user set says a person wrote it (not an out-of-office, auto-reply or bounce). */
export function isPersonsStatus(status: string | null): boolean {
  const parsed = replyStatusSchema.safeParse(status);
  return parsed.success && !isAutomaticReplyStatus(parsed.data);
}
