import { and, eq, inArray } from 'drizzle-orm';
import { emailThreadMessages, integrations, type ActivityRow } from '../../db/schema';
import type { Deps } from '../../lib/route';
import { pushReply } from './hubspot/service';
import { pushReplyToSalesforce } from './salesforce/service';
import { settingsOf } from './service';

/**
 * The reaction `crm-push-on-reply` (src/reactions.ts, a durable job per activity): a reply, or a positive one, pushes
 * its prospect to the connected CRM when the user turned auto_push on, through the same ledger as a click (so a reply
 * pushed by hand and automatically is one write).
 */
export async function autoPushReply(deps: Deps, activity: ActivityRow): Promise<void> {
  const payload = activity.payload as { thread_id?: unknown; message_id?: unknown };
  if (typeof payload.thread_id !== 'number' || typeof payload.message_id !== 'string') return;
  const crms = await deps.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, activity.accountId), inArray(integrations.provider, ['hubspot', 'salesforce'])));
  const positive = activity.verb === 'reply_interested' || activity.verb === 'meeting_requested';
  const wanted = crms.filter((crm) => {
    const mode = settingsOf(crm).auto_push ?? 'off';
    return crm.status !== 'needs_reconnect' && mode !== 'off' && !(mode === 'positive' && !positive) && !(mode === 'all' && activity.verb !== 'reply_received');
  });
  if (!wanted.length) return;
  const [reply] = await deps.db
    .select({ id: emailThreadMessages.id })
    .from(emailThreadMessages)
    .where(
      and(
        eq(emailThreadMessages.accountId, activity.accountId),
        eq(emailThreadMessages.threadId, payload.thread_id),
        eq(emailThreadMessages.messageId, payload.message_id),
        eq(emailThreadMessages.direction, 'inbound'),
      ),
    );
  if (!reply) return;
  for (const crm of wanted) {
    if (crm.provider === 'hubspot') await pushReply(deps, activity.accountId, crm, reply.id);
    else await pushReplyToSalesforce(deps, activity.accountId, crm, reply.id, undefined);
  }
}
