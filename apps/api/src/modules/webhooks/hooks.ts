import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { WEBHOOKS_MAX, type CreatedWebhook, type Webhook, type WebhookDelivery, type createWebhookBodySchema, type webhookEventSchema } from '@shared/schemas/webhooks';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookSubscriptions, type WebhookDeliveryRow, type WebhookSubscriptionRow } from '../../db/schema';
import { blockedLiteralHost } from '../../lib/guarded-fetch';
import { notFound, unprocessable } from '../../lib/http-error';
import type { Deps } from '../../lib/route';
import { queueTest, toDeliveryJson } from './deliveries';
import { generateSecret, sealSecret } from './secrets';

/** The account's hooks: added by hand on the integrations page, or subscribed by Zapier with an API key. */

export const HOOK_MESSAGES = {
  notFound: 'Webhook not found',
  tooMany: `An account can have at most ${WEBHOOKS_MAX} webhooks; delete one first`,
  privateAddress: (host: string) => `Webhook URL must be a public address (${host} is private or reserved)`,
} as const;

const RECENT_IN_LIST = 5;

const toHookJson = (row: WebhookSubscriptionRow, recent: WebhookDeliveryRow[]): Webhook => ({
  id: row.id,
  source: row.source,
  url: row.targetUrl,
  events: row.events,
  description: row.description,
  created_at: row.createdAt.toISOString(),
  recent_deliveries: recent.map(toDeliveryJson),
});

/** The newest deliveries of each hook, at most `per` each, in one statement. */
async function recentDeliveries(db: Db, accountId: number, hookIds: number[], per: number): Promise<Map<number, WebhookDeliveryRow[]>> {
  const out = new Map<number, WebhookDeliveryRow[]>();
  if (!hookIds.length) return out;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.accountId, accountId),
        inArray(webhookDeliveries.subscriptionId, hookIds),
        sql`${webhookDeliveries.id} in (select d.id from ${webhookDeliveries} d where d.account_id = ${accountId} and d.subscription_id = ${webhookDeliveries.subscriptionId} order by d.id desc limit ${per})`,
      ),
    )
    .orderBy(desc(webhookDeliveries.id));
  for (const r of rows) out.set(r.subscriptionId, [...(out.get(r.subscriptionId) ?? []), r]);
  return out;
}

export async function listHooks(db: Db, accountId: number, source?: WebhookSubscriptionRow['source']): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.accountId, accountId), source ? eq(webhookSubscriptions.source, source) : undefined))
    .orderBy(desc(webhookSubscriptions.id));
  const recent = await recentDeliveries(
    db,
    accountId,
    rows.map((r) => r.id),
    RECENT_IN_LIST,
  );
  return rows.map((r) => toHookJson(r, recent.get(r.id) ?? []));
}

export async function hookRow(db: Db, accountId: number, id: number): Promise<WebhookSubscriptionRow> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.accountId, accountId), eq(webhookSubscriptions.id, id)));
  if (!row) throw notFound(HOOK_MESSAGES.notFound);
  return row;
}

type NewHook = { source: WebhookSubscriptionRow['source']; url: string; events: string[]; secret?: string; description?: string | null; apiKeyId?: number | null };

/** Writes a hook with its secret sealed to the row; answers it and the secret (the caller shows it once, or never). */
export async function insertHook(deps: Pick<Deps, 'db' | 'config'>, accountId: number, input: NewHook): Promise<{ row: WebhookSubscriptionRow; secret: string }> {
  const blocked = blockedLiteralHost(input.url, { allowHosts: deps.config.guardedFetch.allowHosts });
  if (blocked) throw unprocessable(HOOK_MESSAGES.privateAddress(blocked));
  const [{ n } = { n: 0 }] = await deps.db.select({ n: count() }).from(webhookSubscriptions).where(eq(webhookSubscriptions.accountId, accountId));
  if (Number(n) >= WEBHOOKS_MAX) throw unprocessable(HOOK_MESSAGES.tooMany);
  const secret = input.secret ?? generateSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(webhookSubscriptions)
      .values({ accountId, source: input.source, apiKeyId: input.apiKeyId ?? null, targetUrl: input.url, events: input.events, secretSealed: '', description: input.description ?? null })
      .returning();
    const [sealed] = await tx
      .update(webhookSubscriptions)
      .set({ secretSealed: sealSecret(deps.config as Config, accountId, inserted!.id, secret) })
      .where(and(eq(webhookSubscriptions.accountId, accountId), eq(webhookSubscriptions.id, inserted!.id)))
      .returning();
    return sealed!;
  });
  return { row, secret };
}

/** POST webhooks: a hook added by hand; its secret (given, or generated) is in this answer only. */
export async function createHook(deps: Deps, accountId: number, body: z.output<typeof createWebhookBodySchema>): Promise<CreatedWebhook> {
  const { row, secret } = await insertHook(deps, accountId, { source: 'manual', url: body.url, events: body.events, secret: body.secret, description: body.description || null });
  return { webhook: toHookJson(row, []), secret };
}

export async function deleteHook(db: Db, accountId: number, id: number, source?: WebhookSubscriptionRow['source'], apiKeyId?: number): Promise<{ id: number }> {
  const [row] = await db
    .delete(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.accountId, accountId),
        eq(webhookSubscriptions.id, id),
        source ? eq(webhookSubscriptions.source, source) : undefined,
        apiKeyId !== undefined ? eq(webhookSubscriptions.apiKeyId, apiKeyId) : undefined,
      ),
    )
    .returning({ id: webhookSubscriptions.id });
  if (!row) throw notFound(HOOK_MESSAGES.notFound);
  return row;
}

export async function deliveriesOf(db: Db, accountId: number, id: number, limit: number): Promise<WebhookDelivery[]> {
  await hookRow(db, accountId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.subscriptionId, id)))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map(toDeliveryJson);
}

/** POST webhooks/{id}/test: a test event queued for the hook (its delivery shows in the log). */
export async function testHook(deps: Deps, accountId: number, id: number): Promise<WebhookDelivery> {
  return toDeliveryJson(await queueTest(deps, await hookRow(deps.db, accountId, id)));
}

/** Zapier's REST hook subscribe: one hook per zap, with the key it came with (revoking the key removes it). */
export async function subscribe(deps: Deps, accountId: number, apiKeyId: number, body: { target_url: string; event: z.output<typeof webhookEventSchema> }): Promise<{ id: number }> {
  const { row } = await insertHook(deps, accountId, { source: 'zapier', url: body.target_url, events: [body.event], apiKeyId, description: 'Zapier' });
  return { id: row.id };
}
