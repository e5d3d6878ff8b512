import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userEmails, type UserEmailRow } from '../../db/schema';
import { recordActivity } from '../activities/service';

/**
 * Pauses (or marks failing) a mailbox with the reason the user sees, and writes mailbox_paused /
 * mailbox_failing by the system, in one transaction; a mailbox already held is left as it is.
 */
export async function holdMailbox(db: Db, mailbox: Pick<UserEmailRow, 'id' | 'accountId' | 'email'>, status: 'paused' | 'failing', reason: string, serverReply: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userEmails)
      .set({ status, statusReason: reason, updatedAt: new Date() })
      .where(and(eq(userEmails.id, mailbox.id), eq(userEmails.accountId, mailbox.accountId), eq(userEmails.status, 'active')))
      .returning({ id: userEmails.id });
    if (!row) return;
    await recordActivity(tx, {
      accountId: mailbox.accountId,
      actorType: 'system',
      verb: status === 'paused' ? 'mailbox_paused' : 'mailbox_failing',
      channel: 'email',
      payload: { user_email_id: mailbox.id, email: mailbox.email, reason, ...(serverReply ? { server_reply: serverReply.slice(0, 500) } : {}) },
    });
  });
}
