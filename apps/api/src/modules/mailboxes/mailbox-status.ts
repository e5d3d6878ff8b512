import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userEmails, type UserEmailRow } from '../../db/schema';
import { recordActivity } from '../activities/service';

/**
 * Pauses (or marks failing) a mailbox with the reason the user sees, and writes mailbox_paused /
 * mailbox_failing by the system, in one transaction; a mailbox already held is left as it is. `autoResumeAt`:
 * when the pause ends by itself (the deliverability rule's pauses only, auto-resume.ts). Answers whether it held it.
 */
export async function holdMailbox(
  db: Db,
  mailbox: Pick<UserEmailRow, 'id' | 'accountId' | 'email'>,
  status: 'paused' | 'failing',
  reason: string,
  serverReply: string | null,
  options: { autoResumeAt?: Date | null } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const autoResumeAt = status === 'paused' ? (options.autoResumeAt ?? null) : null;
    const [row] = await tx
      .update(userEmails)
      .set({ status, statusReason: reason, autoResumeAt, updatedAt: new Date() })
      .where(and(eq(userEmails.id, mailbox.id), eq(userEmails.accountId, mailbox.accountId), eq(userEmails.status, 'active')))
      .returning({ id: userEmails.id });
    if (!row) return false;
    await recordActivity(tx, {
      accountId: mailbox.accountId,
      actorType: 'system',
      verb: status === 'paused' ? 'mailbox_paused' : 'mailbox_failing',
      channel: 'email',
      payload: {
        user_email_id: mailbox.id,
        email: mailbox.email,
        reason,
        ...(serverReply ? { server_reply: serverReply.slice(0, 500) } : {}),
        ...(autoResumeAt ? { auto_resume_at: autoResumeAt.toISOString() } : {}),
      },
    });
    return true;
  });
}
