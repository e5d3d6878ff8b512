import { and, eq } from 'drizzle-orm';
import { emailThreadMessages, integrations, type ActivityRow } from '../../db/schema';
import type { Deps } from '../../lib/route';
import { pushReply } from './hubspot/service';
import { settingsOf } from './service';

/**
 * The reaction `crm-push-on-reply` (src/reactions.ts, a durable job per activity): a reply, or a positive one, pushes
 * its prospect to the connected CRM when the user turned auto_push on, through the same ledger as a click (so a reply
 * pushed by hand and automatically is one write).
 */
export async function autoPushReply(deps: Deps, activity: ActivityRow): Promise<void> {
  const payload = activity.payload as { thread_id?: unknown; message_id?: unknown };
  if (typeof payload.thread_id !== 'number' || typeof payload.message_id !== 'string') return;
  const [hubspot] = await deps.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, activity.accountId), eq(integrations.provider, 'hubspot')));
  if (!hubspot || hubspot.status === 'needs_reconnect') return;
  const mode = settingsOf(hubspot).auto_push ?? 'off';
  const positive = activity.verb === 'reply_interested' || activity.verb === 'meeting_requested';
  if (mode === 'off' || (mode === 'positive' && !positive) || (mode === 'all' && activity.verb !== 'reply_received')) return;
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
  if (reply) await pushReply(deps, activity.accountId, hubspot, reply.id);
}
